package dev.fortuna.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad record is refused with one exception type whose message names the entry. */
class BadRecordTest {
    static final String GOOD = RecordRoundTripTest.HAND_MADE_JSON;

    static String fails(String json) {
        return assertThrows(RecordException.class, () -> Replay.run(GameRecords.fromJson(json))).getMessage();
    }

    static String edit(String from, String to) {
        if (!GOOD.contains(from)) {
            throw new AssertionError("test text not found: " + from);
        }
        return GOOD.replace(from, to);
    }

    @Test
    void malformedJsonGivesLineAndColumn() {
        String msg = fails(edit("\"version\": 1,", "\"version\": 1,,"));
        assertEquals("malformed JSON at line 3, column 16: Unexpected character (',' (code 44)): was expecting "
                + "double-quote to start field name", msg);
        assertEquals("empty file: not a game record", fails(""));
        assertEquals("a game record is a JSON object, not array [1,2]", fails("[1,2]"));
        assertEquals("malformed JSON at line 1, column 4: more text after the end of the record", fails("{} {}"));
    }

    @Test
    void wrongFormatOrVersion() {
        assertEquals("format: expected \"fortuna-game-record\", found \"chess-pgn\" (not a Fortuna game record)",
                fails(edit("\"fortuna-game-record\"", "\"chess-pgn\"")));
        assertEquals("version: unsupported version 2 (this reader knows version 1)",
                fails(edit("\"version\": 1", "\"version\": 2")));
        assertEquals("version: expected a whole number, found string \"1\"",
                fails(edit("\"version\": 1", "\"version\": \"1\"")));
    }

    @Test
    void badConfiguration() {
        assertEquals("config.expansions[0]: unknown expansion 'river' (known: wheel-of-fortune, crop-circles)",
                fails(edit("\"expansions\":[]", "\"expansions\":[\"river\"]")));
        assertEquals("config.players: players must be 2 to 5, not 6",
                fails(edit("\"players\":2", "\"players\":6")));
        assertEquals("config.rules.farmRule: unknown farm rule 'fourth' (third-edition, second-edition, first-edition)",
                fails(edit("\"third-edition\"", "\"fourth\"")));
        assertEquals("config.wheel.famine: unknown famine rule 'none' (all, majority, per-field)",
                fails(edit("\"famine\":\"all\"", "\"famine\":\"none\"")));
        assertEquals("config.wheel.crownsPerSector[2]: a sector has 0, 1 or 2 crown spaces, not 3",
                fails(edit("\"crownsPerSector\":null", "\"crownsPerSector\":[1,2,3,2,1,2]")));
        assertEquals("config.colour: unknown field", fails(edit("\"players\":2", "\"players\":2,\"colour\":\"red\"")));
    }

    @Test
    void unknownTileOrTooManyCopies() {
        assertEquals("draws[1]: unknown tile 'ZZ' (not in this game's tile set)",
                fails(edit("\"draws\": [\"E\",\"U\"]", "\"draws\": [\"E\",\"ZZ\"]")));
        String full = fullPileRecordWithDraws(List.of("C", "E", "C"));
        assertEquals("draws[2]: tile 'C' is drawn more often than the tile set holds it (1 copy)", fails(full));
        assertEquals("draws[0]: unknown tile 'wof:A' (not in this game's tile set)",
                fails(fullPileRecordWithDraws(List.of("wof:A"))));
    }

    /** A base-game record on the full tile set (not an exact pile) with the given draws and no actions. */
    static String fullPileRecordWithDraws(List<String> draws) {
        GameRecord r = new GameRecord(GameConfig.base(2, 1), draws, List.of(), null);
        return GameRecords.toJson(r);
    }

    @Test
    void illegalActionIsNamedWithTheEnginesReason() {
        assertEquals("actions[0] (seat 0, place x=0 y=-1 rotation 0): tile E turned 0° does not match its "
                        + "neighbours at (0,-1)",
                fails(edit("\"x\":0,\"y\":-1,\"rotation\":180", "\"x\":0,\"y\":-1,\"rotation\":0")));
        assertEquals("actions[2] (seat 1, place x=5 y=5 rotation 90): square (5,5) does not share an edge with "
                        + "the landscape",
                fails(edit("\"x\":1,\"y\":0,\"rotation\":90", "\"x\":5,\"y\":5,\"rotation\":90")));
        assertEquals("actions[1] (seat 0, deploy R7): tile E has no feature R7 (its features: C1, F1)",
                fails(edit("\"feature\":\"C1\"", "\"feature\":\"R7\"")));
        assertEquals("actions[0].rotation: rotation must be 0, 90, 180 or 270, not 45",
                fails(edit("\"rotation\":180", "\"rotation\":45")));
        assertEquals("actions[3].action: unknown action 'jump' (place, deploy, crown, pass, return, crop-choice, add)",
                fails(edit("\"action\":\"deploy\",\"feature\":\"R1\"", "\"action\":\"jump\"")));
        assertEquals("actions[3] (seat 1, return x=9 y=9 F1): there is no tile at (9,9)",
                fails(edit("\"action\":\"deploy\",\"feature\":\"R1\"", "\"action\":\"return\",\"x\":9,\"y\":9,"
                        + "\"feature\":\"F1\"")));
    }

    @Test
    void wrongSeat() {
        assertEquals("actions[2] (seat 0, place x=1 y=0 rotation 90): it is seat 1's turn to decide (place tile), "
                        + "not seat 0's",
                fails(edit("{\"seat\":1,\"action\":\"place\"", "{\"seat\":0,\"action\":\"place\"")));
        assertEquals("actions[2]: seat 4 does not exist in a 2-player game",
                fails(edit("{\"seat\":1,\"action\":\"place\"", "{\"seat\":4,\"action\":\"place\"")));
    }

    @Test
    void aMissingSeatIsNotChecked() throws RecordException {
        String json = edit("{\"seat\":1,\"action\":\"place\"", "{\"action\":\"place\"");
        assertEquals(4, Replay.run(GameRecords.fromJson(json)).state().score(0));
    }

    @Test
    void scoreMismatchAndResultOfAnUnfinishedGame() {
        assertEquals("result.scores: recorded [4, 3] but the replay scores [4, 2]",
                fails(edit("\"scores\":[4,2]", "\"scores\":[4,3]")));
        assertEquals("result.scores: 3 scores for 2 players", fails(edit("\"scores\":[4,2]", "\"scores\":[4,2,0]")));
        String unfinished = edit(",\n    {\"seat\":1,\"action\":\"deploy\",\"feature\":\"R1\"}", "");
        assertEquals("result: the record gives final scores but the game is not over after the last action "
                + "(deploy for seat 1)", fails(unfinished));
    }

    @Test
    void actionAfterTheEnd() {
        String json = edit("\"feature\":\"R1\"}", "\"feature\":\"R1\"},\n    {\"seat\":0,\"action\":\"pass\"}");
        assertEquals("actions[4] (seat 0, pass): the game is already over", fails(json));
    }

    @Test
    void drawsThatAreNeverUsedOrTooFew() throws RecordException {
        GameConfig config = GameConfig.base(2, 5);
        GameState g = GameState.newGame(config);
        GameRecorder rec = new GameRecorder(config);
        for (int i = 0; i < 4; i++) {
            int code = g.legalCode(0);
            rec.recordCode(g, code);
            g.applyCode(code, null);
        }
        GameRecord r = rec.finish(g);
        Replay.run(r); // the record itself is fine
        int n = r.draws().size();
        List<String> longer = new ArrayList<>(r.draws());
        longer.add(Replay.tileSet(config).stream().filter(t -> !r.draws().contains(t)).findFirst().orElseThrow());
        GameRecord trailing = new GameRecord(r.config(), longer, r.actions(), null);
        String msg = assertThrows(RecordException.class, () -> Replay.run(trailing)).getMessage();
        assertEquals("draws[" + n + "]: recorded but never drawn: the replay ends after " + n + " draws (unused: "
                + longer.get(n) + ")", msg);
        GameRecord shorter = new GameRecord(r.config(), r.draws().subList(0, n - 1), r.actions(), null);
        msg = assertThrows(RecordException.class, () -> Replay.run(shorter)).getMessage();
        RecordedAction last = r.actions().get(r.actions().size() - 1);
        assertEquals("actions[" + (r.actions().size() - 1) + "] (" + last.describe() + "): after this action the "
                + "game draws tile " + Replay.pileFor(r.config(), shorter.draws()).get(n - 1) + " as draw #" + n
                + ", but the record lists only " + (n - 1) + " draws", msg);
    }

    @Test
    void unreadableFileIsARecordException(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("nope.json");
        RecordException e = assertThrows(RecordException.class, () -> GameRecords.read(missing));
        assertEquals(null, e.entry());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, edit("\"draws\": [\"E\",\"U\"]", "\"draws\": \"E\""));
        e = assertThrows(RecordException.class, () -> GameRecords.read(bad));
        assertEquals("draws", e.entry());
        assertEquals("draws: expected an array of tile ids, found string \"E\"", e.getMessage());
    }
}
