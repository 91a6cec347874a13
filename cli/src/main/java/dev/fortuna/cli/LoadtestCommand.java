package dev.fortuna.cli;

import dev.fortuna.server.LoadTest;
import dev.fortuna.server.SoakVerdict;
import dev.fortuna.server.StoreLoad;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "loadtest", mixinStandardHelpOptions = true,
        description = {"Load generator: measures the game server with many games at once.",
                "Starts a server on loopback and keeps N games running at once (a game that ends is replaced), each",
                "of two scripted people on real WebSocket clients, or of one person against a server bot",
                "(--bot-games). Open loop: the people offer --rate actions per second with think times, whether or",
                "not the server keeps up; latency is measured from the send and from the intended send time. Prints",
                "actions per second, p50/p90/p99 latency to the acknowledgement and to the other seat's update, CPU",
                "per action and heap per game. --soak cuts a long run into windows, reports heap after GC, threads,",
                "WebSocket sessions, pool connections and open files at each window's end, and ends with a verdict",
                "(exit code 1 when the run leaked, missed the target or had errors). --store-only measures the",
                "database alone under the same writes (no server, sockets or clients), with the file's size."})
final class LoadtestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--games", paramLabel = "N", defaultValue = "200",
            description = "Games at once (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--rate", paramLabel = "R", defaultValue = "2000",
            description = "Actions per second offered by all people together (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--closed-loop",
            description = "Instead of a rate, every person acts the moment it can (latency is then mostly queueing).")
    boolean closedLoop;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "10",
            description = "Seconds played before measuring (default: ${DEFAULT-VALUE}; 120 with --soak).")
    double warmup;

    @Option(names = "--seconds", paramLabel = "S", description = "Seconds measured (default: 30).")
    Double seconds;

    @Option(names = "--minutes", paramLabel = "M", description = "Minutes measured, instead of --seconds.")
    Double minutes;

    @Option(names = "--soak", description = "Cut the run into windows and judge it (see above).")
    boolean soak;

    @Option(names = "--window-minutes", paramLabel = "W", defaultValue = "5",
            description = "With --soak: the length of one window (default: ${DEFAULT-VALUE}).")
    double windowMinutes;

    @Option(names = "--bot-games", paramLabel = "K",
            description = "How many of the games are one person against a server bot (default: 0; a quarter with "
                    + "--soak).")
    Integer botGames;

    @Option(names = "--bot", paramLabel = "BOT", defaultValue = "greedy",
            description = "The bot of those games (default: ${DEFAULT-VALUE}).")
    String bot;

    @Option(names = "--p99-target", paramLabel = "MS", defaultValue = "25",
            description = "With --soak: every window's p99 must be at most this (default: ${DEFAULT-VALUE}).")
    double p99Target;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the think times (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--db", paramLabel = "JDBC-URL",
            description = "A PostgreSQL database (default: H2 in a temporary directory, deleted afterwards).")
    String db;

    @Option(names = "--store-only",
            description = "Only the database: --games games append actions at --rate for --seconds (at least 10), "
                    + "each game a think time after its last commit; prints commits/s, commit latency and the H2 "
                    + "file's size every 10 s.")
    boolean storeOnly;

    @Override
    public Integer call() throws Exception {
        // The report goes to stdout; the libraries' start-up chatter (Jetty, Javalin, Hikari, Flyway) would mix
        // into it on stderr. Warnings and errors still show. Set before the server's first logger is made.
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (storeOnly) {
            return storeOnly(out);
        }
        LoadTest.Options o = options();
        out.println(describe(o));
        out.flush();
        LoadTest.Result r = LoadTest.run(o, line -> {
            out.println(line);
            out.flush();
        });
        print(out, r);
        out.flush();
        return r.verdict() != null && !r.verdict().passed() ? 1 : 0;
    }

    private int storeOnly(PrintWriter out) throws Exception {
        var parsed = spec.commandLine().getParseResult();
        for (String other : new String[] {"--closed-loop", "--soak", "--window-minutes", "--bot-games", "--bot",
                "--p99-target", "--warmup", "--minutes", "--seed"}) {
            if (parsed.hasMatchedOption(other)) {
                throw new ParameterException(spec.commandLine(), other + " does not go with --store-only");
            }
        }
        Main.requireAtLeastOne(spec, "--games", games);
        int measured = seconds != null ? (int) Math.round(seconds) : 30;
        if (measured < 10 || !(rate > 0)) {
            throw new ParameterException(spec.commandLine(), "--store-only needs --seconds of at least 10 and a "
                    + "positive --rate");
        }
        StoreLoad.run(db, games, rate, measured, line -> {
            out.println(line);
            out.flush();
        });
        return 0;
    }

    private LoadTest.Options options() {
        Main.requireAtLeastOne(spec, "--games", games);
        if (seconds != null && minutes != null) {
            throw new ParameterException(spec.commandLine(), "--seconds and --minutes exclude each other");
        }
        if (closedLoop && spec.commandLine().getParseResult().hasMatchedOption("--rate")) {
            throw new ParameterException(spec.commandLine(), "--rate and --closed-loop exclude each other");
        }
        if (!soak && spec.commandLine().getParseResult().hasMatchedOption("--window-minutes")) {
            throw new ParameterException(spec.commandLine(), "--window-minutes needs --soak");
        }
        double measured = minutes != null ? minutes * 60 : seconds != null ? seconds : 30;
        // A soak's baseline is the end of the warm-up: by then finished games have come and gone from memory
        // (one minute after their end) for a while.
        double warm = soak && !spec.commandLine().getParseResult().hasMatchedOption("--warmup") ? 120 : warmup;
        int bots = botGames != null ? botGames : soak ? games / 4 : 0;
        try {
            return new LoadTest.Options(games, bots, bot, closedLoop ? 0 : rate, warm, measured,
                    soak ? windowMinutes * 60 : 0, db, seed, 0, p99Target, LoadTest.MAX_START_PLIES);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static String describe(LoadTest.Options o) {
        String who = o.botGames() == 0 ? "two people each" : o.botGames() == o.games() ? "a person and a " + o.bot()
                + " bot each" : (o.games() - o.botGames()) + " of two people, " + o.botGames() + " of a person and a "
                + o.bot() + " bot";
        String load = o.closedLoop() ? "closed loop: every person acts the moment it can"
                : String.format(Locale.ROOT, "open loop: %.0f actions/s offered; a game acts every %.0f ms on "
                + "average (think times %.0f-%.0f ms)", o.rate(), o.games() * 1000 / o.rate(),
                o.games() * 500 / o.rate(), o.games() * 1500 / o.rate());
        return String.format(Locale.ROOT, "games           %d at once (%s), the first ones played to plies spread "
                        + "over 0-" + (LoadTest.MAX_START_PLIES - 1) + " before the run; a game that ends is replaced%n"
                        + "load            %s%n"
                        + "period          %s s warm-up, then %s s measured%s%n"
                        + "jvm             %s",
                o.games(), who, load, seconds(o.warmupSeconds()), seconds(o.seconds()), o.windows() > 1
                        ? " in " + o.windows() + " windows of " + seconds(o.windowSeconds()) + " s" : "", jvm());
    }

    /**
     * The heap and the JVM's -X flags: the figures depend on them (a heap left to G1's own sizing collected about
     * seven times as often as a fixed one, README, Speed), so a report says which it had.
     */
    static String jvm() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-X")).toList();
        return String.format(Locale.ROOT, "heap %d MB committed of at most %d MB; %s", heap.getCommitted() >> 20,
                heap.getMax() >> 20, flags.isEmpty() ? "no -X flags" : String.join(" ", flags));
    }

    /** Seconds as given: whole ones without a fraction, else to a tenth. */
    private static String seconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f", s) : String.format(Locale.ROOT, "%.1f", s);
    }

    static void print(PrintWriter out, LoadTest.Result r) {
        LoadTest.Options o = r.options();
        LoadTest.Window t = r.total();
        double seconds = t.toSecond() - t.fromSecond();
        out.printf(Locale.ROOT, "database        %s%n", r.database());
        String kept = o.closedLoop() ? "" : String.format(Locale.ROOT, " (%.1f%% of the %.0f offered): %s",
                100 * t.actionsPerSecond() / o.rate(), o.rate(), r.keptUp() ? "kept up"
                        : "the server did NOT keep up");
        out.printf(Locale.ROOT, "actions         %d acknowledged in %.1f s: %.0f actions/s%s%n", t.actions(), seconds,
                t.actionsPerSecond(), kept);
        out.printf(Locale.ROOT, "server          %.0f actions/s applied (people and bots)%n",
                t.serverActionsPerSecond());
        latency(out, "ack", "send to acknowledgement", t.ack());
        // The server's own share: from a request's receipt to its answer, storage included, without the clients'
        // and the sockets' time; over the server's last actions.
        out.printf(Locale.ROOT, "in the server   p50 %.2f, p99 %.2f ms (receipt to acknowledgement, storage included; "
                + "its last %d actions)%n", r.serverP50Ms(), r.serverP99Ms(), LoadTest.SERVER_WINDOW);
        latency(out, "fan-out", "send to the other seat's update", t.fanOut());
        if (!o.closedLoop()) {
            latency(out, "ack", "intended send to acknowledgement", t.ackFromIntended());
            latency(out, "fan-out", "intended send to the other seat's update", t.fanOutFromIntended());
            latency(out, "send lag", "intended to actual send", t.sendLag());
            out.printf(Locale.ROOT, "late decisions  %d (%.2f%%) reached their person after the intended send time; "
                            + "%d actions behind schedule at the end%n", t.lateDecisions(),
                    t.sendLag().count() == 0 ? 0 : 100.0 * t.lateDecisions() / t.sendLag().count(), r.behindAtEnd());
        }
        LoadTest.CpuUse cpu = t.cpu();
        out.printf(Locale.ROOT, "CPU             %.0f us per applied action: load generator %.0f, server requests %.0f, "
                        + "database writer %.0f, bots %.0f, other (GC, JIT, ended threads) %.0f; %.2f cores busy%n"
                        + "GC and JIT      %d collections taking %d ms; %d ms compiling%n",
                cpu.process(), cpu.generator(), cpu.requests(), cpu.writer(), cpu.bots(),
                cpu.process() - cpu.generator() - cpu.requests() - cpu.writer() - cpu.bots(), cpu.cores(),
                cpu.gcCount(), cpu.gcMillis(), cpu.jitMillis());
        LoadTest.Gauges e = r.empty(), c = r.created(), g = t.gauges();
        out.printf(Locale.ROOT, "games           %d started, %d finished during the run%n", r.gamesStarted(),
                r.gamesFinished());
        out.printf(Locale.ROOT, "heap after GC   %d MB with no game; %d MB with the %d games at their starting plies "
                        + "(%d KB per game, server and clients); %d MB at the end with %d running and %d finished games "
                        + "in memory (%d KB per game)%n", e.heapAfterGc() >> 20, c.heapAfterGc() >> 20, o.games(),
                r.heapPerNewGame() >> 10, g.heapAfterGc() >> 20, g.gamesRunning(), g.gamesFinished(),
                r.heapPerGameAtEnd() >> 10);
        out.printf(Locale.ROOT, "max heap        %d MB (-Xmx)%n", Runtime.getRuntime().maxMemory() >> 20);
        out.printf(Locale.ROOT, "at the end      %d threads (%d of them Jetty's request pool), %d server WebSocket "
                        + "sessions, %d client sockets, pool %d open / %d lent out, %d open files%n", g.threads(),
                g.requestThreads(), g.serverSessions(), g.clientSockets(), g.poolTotal(), g.poolActive(),
                g.openFiles());
        out.printf(Locale.ROOT, "problems        %d throttled, %d refused, %d errors%n", r.throttled(), r.rejected(),
                r.errors());
        SoakVerdict.Verdict v = r.verdict();
        if (v != null) {
            for (SoakVerdict.Check check : v.checks()) {
                out.printf(Locale.ROOT, "%-4s %-38s %s%n", check.holds() ? "ok" : "FAIL", check.name(), check.detail());
            }
            out.printf(Locale.ROOT, "verdict         %s: %s, %s, %s%n", v.passed() ? "PASS" : "FAIL",
                    v.flat() ? "flat (no leak)" : "NOT flat", v.withinTarget() ? "within target" : "NOT within target",
                    v.clean() ? "clean" : "refusals or errors");
        }
    }

    private static void latency(PrintWriter out, String label, String what, LoadTest.Latency l) {
        out.printf(Locale.ROOT, "%-15s p50 %.2f, p90 %.2f, p99 %.2f, p99.9 %.2f, max %.2f ms (%s; %d samples)%n",
                label, l.p50(), l.p90(), l.p99(), l.p999(), l.max(), what, l.count());
    }
}
