package dev.fortuna.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.tile.Rotation;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordRoundTripTest {

    /** Base game, two players, the exact pile E, U: seat 0 closes the start city, seat 1 extends the road. */
    static GameRecord handMade() {
        GameConfig config = GameConfig.builder().players(2).seed(7).draws("E", "U").build();
        GameState g = GameState.newGame(config);
        GameRecorder rec = new GameRecorder(config);
        apply(g, rec, new Action.PlaceTile(new Position(0, -1), Rotation.R180));
        apply(g, rec, new Action.Deploy(0)); // C1 of E
        apply(g, rec, new Action.PlaceTile(new Position(1, 0), Rotation.R90));
        apply(g, rec, new Action.Deploy(0)); // R1 of U
        assertTrue(g.isOver());
        return rec.finish(g);
    }

    static void apply(GameState g, GameRecorder rec, Action a) {
        rec.record(g, a);
        ApplyResult r = g.apply(a);
        assertTrue(r.ok(), () -> r.toString());
    }

    static final String HAND_MADE_JSON = """
            {
              "format": "fortuna-game-record",
              "version": 1,
              "config": {"players":2,"seed":7,"expansions":[],"rules":{"farmRule":"third-edition","twoTileCityScoresTwo":false},\
            "wheel":{"tiles":"standalone","wheelIsStart":true,"famine":"all","crownsPerSector":null,\
            "excludeBaseStartTile":false,"boardIsOneTileForCloisters":false},"cropCircles":{"setI":true,"setII":true}},
              "exactPile": true,
              "draws": ["E","U"],
              "actions": [
                {"seat":0,"action":"place","x":0,"y":-1,"rotation":180},
                {"seat":0,"action":"deploy","feature":"C1"},
                {"seat":1,"action":"place","x":1,"y":0,"rotation":90},
                {"seat":1,"action":"deploy","feature":"R1"}
              ],
              "result": {"scores":[4,2]}
            }
            """;

    @Test
    void handMadeGameIsWrittenExactly() {
        assertEquals(HAND_MADE_JSON, GameRecords.toJson(handMade()));
    }

    @Test
    void handMadeGameReadsAndReplaysWithScoreBreakdown() throws RecordException {
        GameRecord r = GameRecords.fromJson(HAND_MADE_JSON);
        assertEquals(handMade(), r);
        Replay.Result res = Replay.run(r);
        GameState g = res.state();
        assertTrue(g.isOver());
        assertEquals(4, g.score(0, ScoreKind.CITY));
        assertEquals(2, g.score(1, ScoreKind.ROAD));
        assertEquals(0, g.score(1, ScoreKind.CITY));
        assertEquals(4, res.steps().size());
        assertEquals(1, res.steps().get(2).seat());
        // Opening draw, then: placed, deployed+scored+returned, drawn; placed, deployed, end scoring, ended.
        assertTrue(res.events().get(0) instanceof Event.TileDrawn d && d.tile().equals("E"));
        assertTrue(res.events().get(res.events().size() - 1) instanceof Event.GameEnded e
                && e.scores().equals(List.of(4, 2)));
        assertEquals(3, g.board().size());
    }

    @Test
    void unfinishedGameOnTheFullPileHasNoResultAndReplays() throws RecordException {
        GameConfig config = GameConfig.base(3, 42);
        GameState g = GameState.newGame(config);
        GameRecorder rec = new GameRecorder(config);
        for (int i = 0; i < 9; i++) {
            int code = g.legalCode(0);
            rec.recordCode(g, code);
            g.applyCode(code, null);
        }
        GameRecord r = rec.finish(g);
        assertNull(r.scores());
        assertFalse(r.exactPile());
        assertEquals(g.drawnTiles(), r.draws());
        GameRecord back = GameRecords.fromJson(GameRecords.toJson(r));
        assertEquals(r, back);
        GameState replayed = Replay.run(back).state();
        assertEquals(g.board(), replayed.board());
        assertEquals(g.decision(), replayed.decision());
        assertEquals(g.drawnTile(), replayed.drawnTile());
    }

    @Test
    void randomGamesOfEveryModeAndPlayerCountRoundTripThroughFiles(@TempDir Path dir) throws Exception {
        int n = 0;
        for (Games.Mode mode : Games.modes()) {
            for (int players = 2; players <= 5; players++) {
                GameConfig config = mode.with(players, 1000L * players + 17);
                GameRecorder rec = new GameRecorder(config);
                GameState g = Games.playRandom(config, players * 31L, rec);
                GameRecord r = rec.finish(g);
                assertEquals(players, r.scores().size());
                Path file = dir.resolve("game-" + n++ + ".json");
                GameRecords.write(r, file);
                GameRecord back = GameRecords.read(file);
                assertEquals(r, back, mode + " " + players);
                Replay.Result res = Replay.run(back);
                assertSameGame(g, res.state(), mode + " " + players);
                assertEquals(r.actions().size(), res.steps().size());
                assertTrue(res.events().get(res.events().size() - 1) instanceof Event.GameEnded);
            }
        }
        assertEquals(28, n);
    }

    static void assertSameGame(GameState expected, GameState actual, String what) {
        assertTrue(actual.isOver(), what);
        assertEquals(Arrays.toString(expected.scores()), Arrays.toString(actual.scores()), what);
        for (int s = 0; s < expected.players(); s++) {
            for (ScoreKind k : ScoreKind.values()) {
                assertEquals(expected.score(s, k), actual.score(s, k), what + " seat " + s + " " + k);
            }
        }
        assertEquals(expected.board(), actual.board(), what);
        assertEquals(expected.followers(), actual.followers(), what);
        assertEquals(expected.drawnTiles(), actual.drawnTiles(), what);
        assertEquals(expected.tilesPlaced(), actual.tilesPlaced(), what);
        assertEquals(expected.tilesDiscarded(), actual.tilesDiscarded(), what);
        assertEquals(expected.pig(), actual.pig(), what);
    }

    @Test
    void stringsAreEscaped() throws RecordException {
        GameRecord odd = new GameRecord(GameConfig.base(2, 1), List.of("a\"b\\c\n\u0001é"),
                List.of(new RecordedAction.Deploy(1, "F\"1"), new RecordedAction.Pass(RecordedAction.ANY_SEAT)), null);
        String json = GameRecords.toJson(odd);
        assertTrue(json.contains("[\"a\\\"b\\\\c\\u000a\\u0001é\"]"), json);
        assertTrue(json.contains("{\"action\":\"pass\"}"), json);
        assertEquals(odd, GameRecords.fromJson(json));
    }

    @Test
    void tileSetIsTheConfigurationsMultiset() {
        List<String> base = Replay.tileSet(GameConfig.base(2, 1));
        assertEquals(71, base.size()); // 72 minus the start tile
        assertEquals(8, base.stream().filter("U"::equals).count());
        assertEquals(3, base.stream().filter("D"::equals).count());
        assertEquals(base, Replay.tileSet(GameConfig.base(4, 99)));
    }
}
