package dev.fortuna.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.ExpansionId;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Record conformance: many random games per mode and player count are recorded, written, read back and
 * replayed; the replay must give the same scores, board and followers. 7 modes × 4 player counts × GAMES.
 */
class RecordConformanceTest {
    static final int GAMES = 360; // 7 × 4 × 360 = 10,080 games

    static java.util.stream.Stream<Games.Mode> modes() {
        return Games.modes().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void recordedGamesReplayIdentically(Games.Mode mode) throws RecordException {
        int checked = 0;
        Set<String> kinds = new TreeSet<>();
        for (int players = 2; players <= 5; players++) {
            for (int i = 0; i < GAMES; i++) {
                long seed = 1_000_003L * players + i;
                GameConfig config = mode.with(players, seed);
                GameRecorder rec = new GameRecorder(config);
                GameState g = Games.playRandom(config, ~seed, rec);
                GameRecord r = rec.finish(g);
                r.actions().forEach(a -> kinds.add(a.name()));
                GameRecord back = GameRecords.fromJson(GameRecords.toJson(r));
                assertEquals(r, back);
                GameState replayed = Replay.run(back).state();
                String what = mode + ", " + players + " players, seed " + seed;
                assertTrue(replayed.isOver(), what);
                assertEquals(Arrays.toString(g.scores()), Arrays.toString(replayed.scores()), what);
                assertEquals(g.board(), replayed.board(), what);
                assertEquals(g.followers(), replayed.followers(), what);
                checked++;
            }
        }
        assertEquals(4 * GAMES, checked);
        // Every kind of action the mode allows was recorded and replayed.
        boolean wof = mode.config().has(ExpansionId.WHEEL_OF_FORTUNE), cc = mode.config().has(ExpansionId.CROP_CIRCLES);
        Set<String> expected = new TreeSet<>(Set.of("place", "deploy", "pass"));
        if (wof) {
            expected.addAll(Set.of("crown", "return"));
        }
        if (cc) {
            expected.addAll(Set.of("crop-choice", "add", "return"));
        }
        assertEquals(expected, kinds);
    }
}
