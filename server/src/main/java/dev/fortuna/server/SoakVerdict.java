package dev.fortuna.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The soak's judgement of a long run cut into windows. A gauge is <b>flat</b> when its growth from the baseline (the
 * end of the warm-up) to the last window's end stays within its tolerance, where growth is the larger of the last
 * sample minus the first and the rise of the least-squares line through all samples over the run (so neither one
 * late spike nor a slow climb hidden by noise decides alone). Tolerances: heap after GC 5% of the baseline or
 * 16 MiB, whichever is larger; live threads outside Jetty's request pool 5 (that pool is bounded, and grows and
 * shrinks with the load); server WebSocket sessions and client sockets 2% of the people or 4;
 * pool connections open and lent out 2 each; open files 5% or 16; games in memory 5% or 10. The run is <b>within
 * target</b> when every window's acknowledgement and fan-out p99 are at most the target and, in open loop, every
 * window acknowledged at least {@link LoadTest#KEPT_UP} of the offered rate; and <b>clean</b> when no action was
 * refused and no error occurred.
 */
public final class SoakVerdict {
    /** Fewer windows cannot show a trend. */
    static final int MIN_WINDOWS = 3;

    private SoakVerdict() {
    }

    /** One criterion: its name, whether it holds, and the figures it rests on. */
    public record Check(String name, boolean holds, String detail) {
    }

    /** All criteria; flat (no leak), within target (latency, rate) and clean (no refusal or error). */
    public record Verdict(boolean flat, boolean withinTarget, boolean clean, List<Check> checks) {
        public boolean passed() {
            return flat && withinTarget && clean;
        }
    }

    static Verdict judge(LoadTest.Gauges start, List<LoadTest.Window> windows, LoadTest.Options o, long rejected,
                         long errors) {
        List<LoadTest.Gauges> series = new ArrayList<>();
        series.add(start);
        windows.forEach(w -> series.add(w.gauges()));
        int people = (o.games() - o.botGames()) * 2 + o.botGames();
        double connectionSlack = Math.max(4, 0.02 * people);
        List<Check> gauges = List.of(
                trend("heap after GC (MB)", series, g -> g.heapAfterGc() / 1048576.0,
                        Math.max(16, 0.05 * start.heapAfterGc() / 1048576.0)),
                trend("live threads outside Jetty's request pool", series, LoadTest.Gauges::otherThreads, 5),
                trend("server WebSocket sessions", series, LoadTest.Gauges::serverSessions, connectionSlack),
                trend("client sockets", series, LoadTest.Gauges::clientSockets, connectionSlack),
                trend("pool connections open", series, LoadTest.Gauges::poolTotal, 2),
                trend("pool connections lent out or awaited", series, g -> g.poolActive() + g.poolWaiting(), 2),
                trend("open files", series, g -> g.openFiles(), Math.max(16, 0.05 * start.openFiles())),
                trend("games in memory", series, LoadTest.Gauges::gamesInMemory,
                        Math.max(10, 0.05 * start.gamesInMemory())));
        List<Check> target = new ArrayList<>();
        for (LoadTest.Window w : windows) {
            String name = String.format(Locale.ROOT, "window %d (%.0f-%.0f s)", w.index() + 1, w.fromSecond(),
                    w.toSecond());
            boolean fanOutOk = w.fanOut().count() == 0 || w.fanOut().p99() <= o.p99TargetMs();
            boolean rateOk = o.closedLoop() || w.actionsPerSecond() >= LoadTest.KEPT_UP * o.rate();
            target.add(new Check(name, w.ack().p99() <= o.p99TargetMs() && fanOutOk && rateOk && w.ack().count() > 0,
                    String.format(Locale.ROOT, "ack p99 %.2f ms, fan-out p99 %.2f ms (target %.0f ms), %.0f of %s "
                                    + "actions/s", w.ack().p99(), w.fanOut().p99(), o.p99TargetMs(), w.actionsPerSecond(),
                            o.closedLoop() ? "closed-loop" : String.format(Locale.ROOT, "%.0f offered", o.rate()))));
        }
        Check clean = new Check("refusals and errors", rejected == 0 && errors == 0,
                rejected + " refused, " + errors + " errors");
        List<Check> all = new ArrayList<>(gauges);
        all.addAll(target);
        all.add(clean);
        return new Verdict(gauges.stream().allMatch(Check::holds), target.stream().allMatch(Check::holds),
                clean.holds(), all);
    }

    /** Whether a gauge stays within {@code tolerance} of its first sample (see the class comment). */
    static Check trend(String name, List<LoadTest.Gauges> series, ToDoubleFunction<LoadTest.Gauges> value,
                       double tolerance) {
        int n = series.size();
        double[] t = new double[n], x = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = series.get(i).atSecond();
            x[i] = value.applyAsDouble(series.get(i));
        }
        double growth = growth(t, x);
        return new Check(name, growth <= tolerance, String.format(Locale.ROOT, "first %.1f, last %.1f, max %.1f, "
                + "growth %.1f (tolerance %.1f)", x[0], x[n - 1], max(x), growth, tolerance));
    }

    /** The larger of last minus first and the least-squares line's rise from the first time to the last. */
    static double growth(double[] t, double[] x) {
        int n = t.length;
        if (n < 2) {
            throw new IllegalArgumentException("a trend needs at least two samples");
        }
        double mt = 0, mx = 0;
        for (int i = 0; i < n; i++) {
            mt += t[i] / n;
            mx += x[i] / n;
        }
        double stt = 0, stx = 0;
        for (int i = 0; i < n; i++) {
            stt += (t[i] - mt) * (t[i] - mt);
            stx += (t[i] - mt) * (x[i] - mx);
        }
        double slope = stt == 0 ? 0 : stx / stt;
        return Math.max(x[n - 1] - x[0], slope * (t[n - 1] - t[0]));
    }

    private static double max(double[] x) {
        double m = x[0];
        for (double v : x) {
            m = Math.max(m, v);
        }
        return m;
    }
}
