package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.DecisionKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance harness: many random games in every mode (see {@link Mode#all()}), 2 to 5 players in
 * rotation, every step checked by {@link GameChecker} (its javadoc lists the checks and the sampling). Each mode is
 * one dynamic test; a failure message names the mode, players, seed and step, and how to replay it.
 */
class ConformanceTest {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** The seed of game {@code i} of mode number {@code m}: distinct across modes, stable across runs. */
    static long seed(int m, int i) {
        return (m + 1) * 1_000_003L + i;
    }

    @Test
    void theSuitePlaysAtLeastTenThousandGamesInEveryMode() {
        List<Mode> modes = Mode.all();
        assertEquals(20, modes.size());
        assertTrue(modes.stream().mapToInt(Mode::games).sum() >= 10_000);
        assertTrue(modes.stream().allMatch(m -> m.games() >= 200));
    }

    @TestFactory
    Stream<DynamicTest> randomGames() {
        List<Mode> modes = Mode.all();
        // -Dconformance.only=<substring> plays only the matching modes (for reproducing a failure).
        String only = System.getProperty("conformance.only", "");
        return IntStream.range(0, modes.size()).filter(m -> modes.get(m).name().contains(only)).mapToObj(m -> DynamicTest.dynamicTest(modes.get(m).name(), () -> {
            Mode mode = modes.get(m);
            Stats stats = new Stats();
            long t0 = System.nanoTime(), cpu0 = CPU.getCurrentThreadCpuTime();
            for (int i = 0; i < mode.games(); i++) {
                GameChecker.play(mode, 2 + i % 4, seed(m, i), stats);
            }
            System.out.printf("[conformance] %s: %.1f s (thread CPU %.1f s), %s%n", mode.name(),
                    (System.nanoTime() - t0) / 1e9, (CPU.getCurrentThreadCpuTime() - cpu0) / 1e9, stats);
            // The checks must actually have run, and the mode's own decisions must have come up.
            assertEquals(mode.games(), stats.games);
            assertTrue(stats.illegalTried > 0 && stats.aliasTried > 0, "illegal actions tried");
            assertTrue(stats.copyChecks > 0 && stats.frozenCopies > 0, "copies checked");
            assertTrue(stats.viewChecks > 0, "views checked");
            assertTrue(stats.oracleChecks > mode.games() / 3, "feature oracle run");
            assertTrue(stats.deadOpeningChecks > mode.games(), "dead openings checked");
            assertTrue(stats.allLegalSteps > 0 && stats.symmetricPlacements > 0, "all legal actions applied");
            assertTrue(stats.actionSteps > 0 && stats.codeSteps > 0 && stats.fastSteps > 0, "all three apply paths");
            assertEquals(mode.games(), stats.gameEndedEvents, "every game's last step checked with its events");
            assertTrue(stats.seen(DecisionKind.PLACE_TILE) > 0 && stats.seen(DecisionKind.DEPLOY) > 0);
            assertEquals(mode.games(), stats.seen(DecisionKind.GAME_OVER));
            assertEquals(mode.wheel(), stats.seen(DecisionKind.PLAGUE_RETURN) > 0, "Plague decisions iff WoF");
            assertEquals(mode.wheel(), stats.sectorChecks > 0 && stats.crownChecks > 0,
                    "sector events and crown scorings recomputed iff WoF");
            for (DecisionKind k : List.of(DecisionKind.CROP_CIRCLE_CHOICE, DecisionKind.CROP_CIRCLE_ADD,
                    DecisionKind.CROP_CIRCLE_REMOVE)) {
                assertEquals(mode.crop(), stats.seen(k) > 0, k + " decisions iff crop circles");
            }
        }));
    }
}
