package dev.fortuna.records;

import static dev.fortuna.records.BadRecordTest.edit;
import static dev.fortuna.records.BadRecordTest.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The defects of issue 14 that concern records: each test failed before its fix. */
class HardenedRecordTest {
    static final String GOOD = BadRecordTest.GOOD;

    /** The good record with {@code from} replaced by {@code to} is refused with exactly {@code message}. */
    static void refused(String message, String from, String to) {
        assertEquals(message, fails(edit(from, to)));
    }

    @Test
    void coordinatesAreCheckedExactlyAtTheExtremes() {
        // Math.abs(Integer.MIN_VALUE) is negative: the old check let it through and the tile landed at x = 0.
        refused("actions[2] (seat 1, place x=-2147483648 y=0 rotation 90): position (-2147483648,0) is "
                        + "out of range (-2000 to 2000)", "\"x\":1,\"y\":0,\"rotation\":90", "\"x\":-2147483648,\"y\":0,\"rotation\":90");
        refused("actions[2] (seat 1, place x=1 y=-2147483648 rotation 90): position (1,-2147483648) is "
                        + "out of range (-2000 to 2000)", "\"x\":1,\"y\":0,\"rotation\":90", "\"x\":1,\"y\":-2147483648,\"rotation\":90");
        refused("actions[2] (seat 1, place x=2001 y=0 rotation 90): position (2001,0) is out of range "
                        + "(-2000 to 2000)", "\"x\":1,\"y\":0,\"rotation\":90", "\"x\":2001,\"y\":0,\"rotation\":90");
        // The limit itself is a position (not next to the landscape, so the engine refuses it for that).
        refused("actions[2] (seat 1, place x=-2000 y=0 rotation 90): square (-2000,0) does not share an edge "
                        + "with the landscape", "\"x\":1,\"y\":0,\"rotation\":90", "\"x\":-2000,\"y\":0,\"rotation\":90");
    }

    @Test
    void recordsBeyondTheSizeLimitAreRefusedBeforeReading(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.json");
        // A valid record padded with spaces just past the limit: refused by its size alone.
        byte[] text = GOOD.getBytes(StandardCharsets.UTF_8);
        byte[] padded = new byte[GameRecords.MAX_BYTES + 1];
        java.util.Arrays.fill(padded, (byte) ' ');
        System.arraycopy(text, 0, padded, 0, text.length);
        Files.write(big, padded);
        RecordException e = assertThrows(RecordException.class, () -> GameRecords.read(big));
        assertEquals("the file has 8388609 bytes; a game record has at most 8388608 (8 MiB)", e.getMessage());
        // The same limit holds for records read from a stream, whose size is not known in advance.
        Reader endless = new Reader() {
            boolean first = true;

            @Override
            public int read(char[] buf, int off, int len) {
                if (first) {
                    first = false;
                    buf[off] = '[';
                    return 1;
                }
                java.util.Arrays.fill(buf, off, off + len, ' ');
                return len;
            }

            @Override
            public void close() {
            }
        };
        e = assertThrows(RecordException.class, () -> GameRecords.read(endless));
        assertEquals("the record is longer than 8388608 characters (8 MiB), the most a game record may have",
                e.getMessage());
        // Exactly at the limit is fine.
        Files.write(big, java.util.Arrays.copyOf(padded, GameRecords.MAX_BYTES));
        assertEquals(2, GameRecords.read(big).draws().size());
    }

    @Test
    void controlCharactersFromTheRecordAreEscapedInMessages() {
        // ESC [2J clears the screen, ESC ]0;…BEL sets the terminal title.
        String msg = fails(edit("\"draws\": [\"E\",\"U\"]", "\"draws\": [\"E\",\"\\u001b[2J\\u001b]0;pwned\\u0007\"]"));
        assertEquals("draws[1]: unknown tile '\\e[2J\\e]0;pwned\\a' (not in this game's tile set)", msg);
        msg = fails(edit("\"action\":\"deploy\",\"feature\":\"R1\"", "\"action\":\"jump\\u009b2J\\r\""));
        assertEquals("actions[3].action: unknown action 'jump\\x9b2J\\r' (place, deploy, crown, pass, return, "
                + "crop-choice, add)", msg);
        refused("config.tab\\tkey: unknown field", "\"players\":2", "\"players\":2,\"tab\\tkey\":1");
    }

    @Test
    void duplicateKeysAreRefused() {
        refused("malformed JSON at line 13, column 39: the key \"result\" appears twice", "\"result\": {\"scores\":[4,2]}", "\"result\": {\"scores\":[4,2]}, \"result\": "
                        + "{\"scores\":[0,0]}");
        refused("malformed JSON at line 4, column 35: the key \"players\" appears twice", "\"players\":2", "\"players\":2,\"players\":3");
    }

    @Test
    void aRecordWithoutResultSaysThatTheScoresWereNotChecked() throws RecordException {
        Replay.Result checked = Replay.run(GameRecords.fromJson(GOOD));
        assertTrue(checked.scoresChecked());
        String noResult = edit(",\n  \"result\": {\"scores\":[4,2]}", "");
        Replay.Result r = Replay.run(GameRecords.fromJson(noResult));
        assertFalse(r.scoresChecked());
        assertEquals(4, r.state().score(0));
    }

    @Test
    void configurationsTheCommandLineRefusesAreRefusedToo() {
        refused("config.wheel.tiles: needs \"wheel-of-fortune\" in config.expansions", "\"tiles\":\"standalone\"", "\"tiles\":\"base+numbered\"");
        refused("config.wheel.famine: needs \"wheel-of-fortune\" in config.expansions", "\"famine\":\"all\"", "\"famine\":\"majority\"");
        refused("config.wheel.crownsPerSector: needs \"wheel-of-fortune\" in config.expansions", "\"crownsPerSector\":null", "\"crownsPerSector\":[1,1,1,1,1,1]");
        refused("config.cropCircles.setI: needs \"crop-circles\" in config.expansions", "\"setI\":true", "\"setI\":false");
        String standalone = edit("\"expansions\":[]", "\"expansions\":[\"wheel-of-fortune\"]");
        assertEquals("config.wheel.excludeBaseStartTile: needs the base game's tiles (base+numbered or base+all) "
                        + "with the wheel as the start",
                fails(standalone.replace("\"excludeBaseStartTile\":false", "\"excludeBaseStartTile\":true")));
    }

    @Test
    void aByteOrderMarkIsAccepted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bom.json");
        Files.writeString(file, "\uFEFF" + GOOD, StandardCharsets.UTF_8);
        assertEquals(4, Replay.run(GameRecords.read(file)).state().score(0));
    }

    @Test
    void messagesSpeakTheRecordsLanguage(@TempDir Path dir) throws Exception {
        // The engine's reason used to end in the action's Java form ("not Pass[]").
        refused("actions[0] (seat 0, pass): seat 0 must place tile E, not pass", "{\"seat\":0,\"action\":\"place\",\"x\":0,\"y\":-1,\"rotation\":180}",
                        "{\"seat\":0,\"action\":\"pass\"}");
        refused("actions[1] (seat 0, place x=1 y=0 rotation 90): seat 0 must deploy a follower or pass, not "
                        + "place a tile at (1,0) turned 90°", "{\"seat\":0,\"action\":\"deploy\",\"feature\":\"C1\"}",
                        "{\"seat\":0,\"action\":\"place\",\"x\":1,\"y\":0,\"rotation\":90}");
        Path missing = dir.resolve("nope.json");
        assertEquals("cannot read the file: no such file",
                assertThrows(RecordException.class, () -> GameRecords.read(missing)).getMessage());
        assertEquals("cannot read the file: it is a directory",
                assertThrows(RecordException.class, () -> GameRecords.read(dir)).getMessage());
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"format\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("the file is not UTF-8 text (invalid byte at offset 15)",
                assertThrows(RecordException.class, () -> GameRecords.read(latin1)).getMessage());
        String longNumber = edit("\"seed\":7", "\"seed\":" + "9".repeat(1200));
        String msg = fails(longNumber);
        assertEquals("malformed JSON: a number longer than 1000 digits", msg);
        assertEquals("malformed JSON at line 1, column 4: more text after the end of the record", fails("{} {}"));
        assertEquals("malformed JSON at line 3, column 15: Unexpected character ('+' (code 43)) in numeric value: "
                + "JSON spec does not allow numbers to have plus signs", fails(GOOD.replace("\"version\": 1", "\"version\": +1")));
        assertEquals("malformed JSON at line 1, column 3: Unexpected character ('/' (code 47)): maybe a (non-standard) "
                + "comment?", fails("{ // note\n}"));
        assertEquals("config: unknown field \"\"", fails(GOOD.replace("\"players\":2", "\"players\":2,\"\":1")));
    }
}
