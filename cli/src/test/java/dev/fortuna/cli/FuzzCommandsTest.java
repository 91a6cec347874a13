package dev.fortuna.cli;

import static dev.fortuna.cli.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record fuzzer (a short run; the long one is {@code fortuna fuzz --records}) and the fuzz commands' usage. */
class FuzzCommandsTest {
    @Test
    void everyMutatedRecordReplaysOrIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        RecordFuzz.Result r = RecordFuzz.run(1000, 1, dir, line -> { });
        assertEquals(0, r.failures(), String.join("\n", r.failureSamples()));
        assertEquals(1000, r.cases());
        Map<String, Integer> outcomes = r.byOutcome();
        assertTrue(outcomes.getOrDefault("refused", 0) > 0, outcomes.toString());
        assertTrue(outcomes.getOrDefault("replayed", 0) > 0, "some mutations leave a valid record: " + outcomes);
        assertTrue(r.counts().size() >= 12, r.counts().keySet().toString());
    }

    @Test
    void theFuzzCommandsCheckTheirCounts() {
        HardenedCliTest.assertUsage("fuzz", "--cases must be at least 1000, not 5", "fuzz", "--cases", "5");
        HardenedCliTest.assertUsage("fuzz", "--games must be 1 to 100, not 0", "fuzz", "--games", "0");
        HardenedCliTest.assertUsage("fuzz", "--cases must be at least 1, not 0", "fuzz", "--records", "--cases", "0");
        HardenedCliTest.assertUsage("fuzz", "--db is for a server, not with --records", "fuzz", "--records", "--db",
                "jdbc:h2:mem:x");
    }

    @Test
    void fuzzOfRecordsReportsItsOutcomesAndPasses() {
        MainTest.Run r = run("fuzz", "--records", "--cases", "40", "--seed", "3");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("by outcome"), r.out());
        assertTrue(r.out().contains("verdict         PASS"), r.out());
    }
}
