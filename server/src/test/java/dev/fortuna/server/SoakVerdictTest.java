package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class SoakVerdictTest {
    static final long MB = 1L << 20;
    /** 300 games, 75 of them against a bot: 525 people; 1500 actions/s offered; windows of 60 s. */
    static final LoadTest.Options OPTIONS = new LoadTest.Options(300, 75, "greedy", 1500, 60, 300, 60, null, 1, 0, 25, 0);

    @Test
    void growthIsTheLargerOfLastMinusFirstAndTheFittedRise() {
        double[] t = {0, 60, 120, 180};
        assertEquals(30, SoakVerdict.growth(t, new double[] {100, 110, 120, 130}), 1e-9);
        assertEquals(0, SoakVerdict.growth(t, new double[] {100, 100, 100, 100}), 1e-9);
        // A spike in the middle: the last equals the first, and the line through them is flat.
        assertEquals(0, SoakVerdict.growth(new double[] {0, 60, 120, 180, 240},
                new double[] {100, 100, 200, 100, 100}), 1e-9);
        // A climb that ends on a low sample: last minus first is 1, but the fitted line rises 4 over the run (a
        // slope of 1/60 per second).
        assertEquals(4.0, SoakVerdict.growth(new double[] {0, 60, 120, 180, 240},
                new double[] {100, 104, 108, 112, 101}), 1e-9);
        // Falling: negative growth.
        assertEquals(-20, SoakVerdict.growth(t, new double[] {120, 115, 105, 100}), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> SoakVerdict.growth(new double[] {0}, new double[] {1}));
    }

    @Test
    void aSteadyRunPasses() {
        SoakVerdict.Verdict v = judge(i -> gauges(60 + 60 * i, 400 + (i % 2) * 6, 40, 525), i -> 12.0);
        assertTrue(v.flat(), v.checks().toString());
        assertTrue(v.withinTarget(), v.checks().toString());
        assertTrue(v.clean());
        assertTrue(v.passed());
        // 8 gauges, 5 windows, refusals and errors.
        assertEquals(8 + 5 + 1, v.checks().size());
    }

    @Test
    void aGrowingHeapIsALeak() {
        // 400 MB baseline: the tolerance is 20 MB (5%); 6 MB a minute grows 30 MB over the run.
        SoakVerdict.Verdict v = judge(i -> gauges(60 + 60 * i, 400 + 6 * i, 40, 525), i -> 12.0);
        assertFalse(v.flat());
        assertTrue(v.withinTarget());
        assertFalse(v.passed());
        SoakVerdict.Check heap = v.checks().get(0);
        assertEquals("heap after GC (MB)", heap.name());
        assertFalse(heap.holds());
        assertEquals("first 400.0, last 430.0, max 430.0, growth 30.0 (tolerance 20.0)", heap.detail());
    }

    @Test
    void threadsAndSessionsThatPileUpAreLeaks() {
        SoakVerdict.Verdict threads = judge(i -> gauges(60 + 60 * i, 400, 40 + 2 * i, 525), i -> 12.0);
        assertFalse(threads.flat());
        assertEquals(List.of("live threads outside Jetty's request pool"), failed(threads));
        SoakVerdict.Verdict sessions = judge(i -> gauges(60 + 60 * i, 400, 40, 525 + 4 * i), i -> 12.0);
        // 2% of 525 people is 10.5: 20 more sessions and sockets are too many.
        assertEquals(List.of("server WebSocket sessions", "client sockets"), failed(sessions));
    }

    @Test
    void aWindowOverTheTargetOrBelowTheRateMissesTheTarget() {
        SoakVerdict.Verdict slow = judge(i -> gauges(60 + 60 * i, 400, 40, 525), i -> i == 3 ? 31.5 : 12.0);
        assertTrue(slow.flat());
        assertFalse(slow.withinTarget());
        assertEquals(List.of("window 3 (180-240 s)"), failed(slow));
        List<LoadTest.Window> windows = windows(i -> gauges(60 + 60 * i, 400, 40, 525), i -> 12.0);
        LoadTest.Window w = windows.get(1);
        windows.set(1, new LoadTest.Window(w.index(), w.fromSecond(), w.toSecond(), w.actions(), 1400, 1400, w.ack(),
                w.ackFromIntended(), w.fanOut(), w.fanOutFromIntended(), w.sendLag(), 0, w.cpu(), w.gauges()));
        SoakVerdict.Verdict behind = SoakVerdict.judge(gauges(60, 400, 40, 525), windows, OPTIONS, 0, 0);
        assertEquals(List.of("window 2 (120-180 s)"), failed(behind)); // 1400 < 95% of 1500
    }

    @Test
    void refusalsOrErrorsAreNotClean() {
        List<LoadTest.Window> windows = windows(i -> gauges(60 + 60 * i, 400, 40, 525), i -> 12.0);
        SoakVerdict.Verdict v = SoakVerdict.judge(gauges(60, 400, 40, 525), windows, OPTIONS, 1, 0);
        assertTrue(v.flat() && v.withinTarget());
        assertFalse(v.clean());
        assertFalse(v.passed());
        assertEquals("1 refused, 0 errors", v.checks().get(v.checks().size() - 1).detail());
    }

    private static List<String> failed(SoakVerdict.Verdict v) {
        return v.checks().stream().filter(c -> !c.holds()).map(SoakVerdict.Check::name).toList();
    }

    /** A baseline (sample 0) and five windows; sample i at {@code gauges.apply(i)}, window i's p99 given. */
    private static SoakVerdict.Verdict judge(IntFunction<LoadTest.Gauges> gauges, IntFunction<Double> p99) {
        return SoakVerdict.judge(gauges.apply(0), windows(gauges, p99), OPTIONS, 0, 0);
    }

    private static List<LoadTest.Window> windows(IntFunction<LoadTest.Gauges> gauges, IntFunction<Double> p99) {
        List<LoadTest.Window> out = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            LoadTest.Latency l = new LoadTest.Latency(90_000, 2.0, 6.0, p99.apply(i), 40.0, 80.0);
            LoadTest.CpuUse cpu = new LoadTest.CpuUse(300, 100, 120, 40, 10, 1.0, 30, 200, 50);
            out.add(new LoadTest.Window(i - 1, 60 * i, 60 * (i + 1), 90_000, 1500, 1800, l, l, l, l, l, 0, cpu,
                    gauges.apply(i)));
        }
        return out;
    }

    private static LoadTest.Gauges gauges(double at, long heapMb, int otherThreads, int sessions) {
        LoadTest.CpuTimes cpu = new LoadTest.CpuTimes(0, 0, 0, 0, 0, 0, 0, 0);
        return new LoadTest.Gauges(at, heapMb * MB, otherThreads + 30, 30, sessions, sessions, 8, 1, 0, 900, 0, 300,
                2000, 0, cpu);
    }
}
