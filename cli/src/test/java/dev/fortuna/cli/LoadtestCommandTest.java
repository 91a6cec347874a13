package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LoadtestCommandTest {

    @Test
    void aShortRunPrintsEveryFigureOfTheReport() {
        MainTest.Run r = MainTest.run("loadtest", "--games", "2", "--rate", "20", "--warmup", "0.5", "--seconds", "1");
        assertEquals(0, r.code(), r.err());
        String[] labels = {"games           2 at once (two people each), the first ones played to plies spread over 0-69 "
                + "before the run; a game that ends is replaced",
                "load            open loop: 20 actions/s offered; a game acts every 100 ms on average (think times "
                        + "50-150 ms)",
                "period          0.5 s warm-up, then 1 s measured", "jvm             heap ", "database        H2 (file, ", "actions         ",
                "server          ", "ack             p50 ", "fan-out         p50 ", "send lag        p50 ",
                "late decisions  ", "CPU             ", "GC and JIT      ", "heap after GC   ", "at the end      ",
                "problems        0 throttled, 0 refused, 0 errors"};
        for (String label : labels) {
            assertTrue(r.out().contains(label), "missing '" + label + "' in:\n" + r.out());
        }
        assertTrue(Pattern.compile("games           [0-9]+ started, [0-9]+ finished during the run").matcher(r.out())
                .find(), r.out());
        assertTrue(!r.out().contains("verdict"), "no verdict without --soak");
    }

    @Test
    void theStoreAloneCommitsEveryGamesActionsAndReportsTheFile() {
        MainTest.Run r = MainTest.run("loadtest", "--store-only", "--games", "4", "--rate", "40", "--seconds", "10");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(2, lines.length, r.out());
        assertTrue(lines[0].startsWith("store only      4 games, 40 actions/s offered, on H2 (file, "), r.out());
        // 40 a second offered, each game waiting for its commit: some 30-40 commits a second, and nothing failed.
        java.util.regex.Matcher m = Pattern.compile("^ +10 s +([0-9]+) commits/s  p50 +[0-9.]+  p99 +[0-9.]+  max "
                + "+[0-9.]+ ms  file [0-9]+ MB$").matcher(lines[1]);
        assertTrue(m.matches(), lines[1]);
        int perSecond = Integer.parseInt(m.group(1));
        assertTrue(perSecond >= 25 && perSecond <= 45, lines[1]);
    }

    @Test
    void aRateTooHighForTheGamesIsAUsageError() {
        MainTest.Run r = MainTest.run("loadtest", "--games", "20", "--rate", "2000");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("2000 actions/s over 20 games is 50.0 actions/s per person, above the 10 the load "
                + "generator offers a person (the server throttles a connection above 20 messages/s); use at least 100 "
                + "games"), r.err());
    }

    @Test
    void exclusiveAndDependentOptionsAreUsageErrors() {
        assertUsage("--seconds and --minutes exclude each other", "loadtest", "--seconds", "10", "--minutes", "1");
        assertUsage("--rate and --closed-loop exclude each other", "loadtest", "--rate", "100", "--closed-loop");
        assertUsage("--window-minutes needs --soak", "loadtest", "--window-minutes", "1");
        assertUsage("--games must be at least 1, not 0", "loadtest", "--games", "0");
        assertUsage("a soak needs at least 3 windows to judge a trend, not 2", "loadtest", "--soak", "--minutes", "10");
        assertUsage("--soak does not go with --store-only", "loadtest", "--store-only", "--soak");
        assertUsage("--store-only needs --seconds of at least 10", "loadtest", "--store-only", "--seconds", "5");
    }

    private static void assertUsage(String message, String... args) {
        MainTest.Run r = MainTest.run(args);
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(message), r.err());
    }
}
