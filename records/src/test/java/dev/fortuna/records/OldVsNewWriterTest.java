package dev.fortuna.records;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TEMPORARY: the Jackson writer against the hand-written one, game by game and on random strings. */
class OldVsNewWriterTest {
    @Test
    void sameTextForEveryGame() {
        int n = 0;
        for (GameRecord r : RecordWritingTest.corpus()) {
            assertEquals(OldWriter.toJson(r), GameRecords.toJson(r));
            n++;
        }
        for (Games.Mode mode : Games.modes()) {
            for (int players = 2; players <= 5; players++) {
                for (int seed = 100; seed < 110; seed++) {
                    GameRecord r = RecordWritingTest.played(mode.with(players, seed * 7919L), seed);
                    assertEquals(OldWriter.toJson(r), GameRecords.toJson(r));
                    n++;
                }
            }
        }
        System.out.println("COMPARED " + n);
    }

    @Test
    void sameTextForRandomStrings() {
        SplitMix64 rng = new SplitMix64(99);
        for (int i = 0; i < 2000; i++) {
            List<String> draws = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                StringBuilder sb = new StringBuilder();
                int len = rng.nextInt(12);
                for (int j = 0; j < len; j++) {
                    int kind = rng.nextInt(4);
                    sb.append((char) (kind == 0 ? rng.nextInt(0x80) : kind == 1 ? rng.nextInt(0x10000)
                            : kind == 2 ? "\"\\/\u007f\u2028".charAt(rng.nextInt(5)) : rng.nextInt(0x20)));
                }
                draws.add(sb.toString());
            }
            GameRecord r = new GameRecord(GameConfig.base(2, rng.nextInt(1000) - 500), draws,
                    List.of(new RecordedAction.Deploy(rng.nextInt(2) - 1, draws.get(0)),
                            new RecordedAction.Return(0, 1, 2, draws.get(1))), rng.nextInt(2) == 0 ? null : List.of(1, 2));
            assertEquals(OldWriter.toJson(r), GameRecords.toJson(r));
        }
    }
}
