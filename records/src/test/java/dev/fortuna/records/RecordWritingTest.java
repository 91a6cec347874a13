package dev.fortuna.records;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Pins the exact text the writer produces (key order, layout, escaping), so that a change of how records are
 * written cannot change a record file by a single byte. The golden files and the digest were made by the
 * hand-written writer that came before the Jackson one.
 */
class RecordWritingTest {

    /** Base game, 3 players, seed 2026, random choices from SplitMix64(11). */
    static GameRecord seededBaseGame() {
        return played(GameConfig.base(3, 2026), 11);
    }

    /** Wheel of Fortune with both Crop Circles sets, 3 players, seed 1, choices from SplitMix64(7). */
    static GameRecord wheelAndCropCirclesGame() {
        return played(GameConfig.builder().players(3).seed(1).wheel(WheelOptions.DEFAULT)
                .cropCircles(CropCircleOptions.DEFAULT).build(), 7);
    }

    static GameRecord played(GameConfig config, long choiceSeed) {
        GameRecorder rec = new GameRecorder(config);
        GameState g = Games.playRandom(config, choiceSeed, rec);
        return rec.finish(g);
    }

    static String golden(String name) throws IOException {
        try (InputStream in = RecordWritingTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void seededBaseGameIsWrittenExactly() throws Exception {
        GameRecord r = seededBaseGame();
        assertEquals(golden("base-3p-seed2026.json"), GameRecords.toJson(r));
        assertEquals(r, GameRecords.fromJson(golden("base-3p-seed2026.json")));
    }

    @Test
    void wheelAndCropCirclesGameWithEveryActionKindIsWrittenExactly() throws Exception {
        GameRecord r = wheelAndCropCirclesGame();
        Set<String> kinds = new TreeSet<>();
        r.actions().forEach(a -> kinds.add(a.name()));
        assertEquals(Set.of("place", "deploy", "crown", "pass", "return", "crop-choice", "add"), kinds);
        assertEquals(golden("wof-cc-3p-seed1.json"), GameRecords.toJson(r));
        StringWriter out = new StringWriter();
        GameRecords.write(r, out);
        assertEquals(golden("wof-cc-3p-seed1.json"), out.toString());
        assertEquals(r, GameRecords.fromJson(out.toString()));
    }

    /**
     * Strings a record read from a hand-written file may carry: every control character (escaped as
     * lower-case {@code \\u00xx}, never as {@code \\n}), quotes, backslashes, DEL, a slash, non-ASCII letters,
     * a surrogate pair and U+2028, which stay as they are. No actions, a seat left out, no result.
     */
    @Test
    void oddStringsAndEmptyListsAreWrittenExactly() throws RecordException {
        StringBuilder controls = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            controls.append(c);
        }
        GameRecord noActions = new GameRecord(GameConfig.base(2, -5), List.of(), List.of(), null);
        assertEquals("""
                {
                  "format": "fortuna-game-record",
                  "version": 1,
                  "config": {"players":2,"seed":-5,"expansions":[],"rules":{"farmRule":"third-edition",\
                "twoTileCityScoresTwo":false},"wheel":{"tiles":"standalone","wheelIsStart":true,"famine":"all",\
                "crownsPerSector":null,"excludeBaseStartTile":false,"boardIsOneTileForCloisters":false},\
                "cropCircles":{"setI":true,"setII":true}},
                  "draws": [],
                  "actions": []
                }
                """, GameRecords.toJson(noActions));
        GameRecord odd = new GameRecord(GameConfig.base(2, 1), List.of(controls.toString(), "a\"b\\c/d\u007fé\uD83C\uDFB2\u2028"),
                List.of(new RecordedAction.Deploy(RecordedAction.ANY_SEAT, "F\"1\t"),
                        new RecordedAction.Return(1, -3, 4, "\\"), new RecordedAction.Add(0, 0, 0, "\u001f"),
                        new RecordedAction.Crown(1, Sector.PLAGUE),
                        new RecordedAction.CropChoice(0, CropCircleOption.REMOVE)), List.of(0, 12));
        String json = GameRecords.toJson(odd);
        assertEquals("""
                {
                  "format": "fortuna-game-record",
                  "version": 1,
                  "config": {"players":2,"seed":1,"expansions":[],"rules":{"farmRule":"third-edition",\
                "twoTileCityScoresTwo":false},"wheel":{"tiles":"standalone","wheelIsStart":true,"famine":"all",\
                "crownsPerSector":null,"excludeBaseStartTile":false,"boardIsOneTileForCloisters":false},\
                "cropCircles":{"setI":true,"setII":true}},
                  "draws": ["\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\u0008\\u0009\\u000a\\u000b\
                \\u000c\\u000d\\u000e\\u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\
                \\u001a\\u001b\\u001c\\u001d\\u001e\\u001f","a\\"b\\\\c/d\u007fé\uD83C\uDFB2\u2028"],
                  "actions": [
                    {"action":"deploy","feature":"F\\"1\\u0009"},
                    {"seat":1,"action":"return","x":-3,"y":4,"feature":"\\\\"},
                    {"seat":0,"action":"add","x":0,"y":0,"feature":"\\u001f"},
                    {"seat":1,"action":"crown","sector":"Plague"},
                    {"seat":0,"action":"crop-choice","option":"remove"}
                  ],
                  "result": {"scores":[0,12]}
                }
                """, json);
        assertEquals(odd, GameRecords.fromJson(json));
    }

    /** Configuration settings away from their defaults, including crown spaces per sector. */
    @Test
    void configurationAwayFromTheDefaultsIsWrittenExactly() throws RecordException {
        WheelOptions wheel = WheelOptions.DEFAULT.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL)
                .withFamine(WheelOptions.FamineRule.PER_FIELD)
                .withCrownsPerSector(List.of(2, 1, 0, 2, 1, 1)).withExcludeBaseStartTile(true)
                .withBoardIsOneTileForCloisters(true);
        GameConfig config = GameConfig.builder().players(5).seed(Long.MIN_VALUE)
                .rules(new RuleOptions(RuleOptions.FarmRule.SECOND_EDITION, true)).wheel(wheel)
                .cropCircles(new CropCircleOptions(false, true)).build();
        GameRecord r = new GameRecord(config, List.of("A"), List.of(new RecordedAction.Pass(4)), null);
        String json = GameRecords.toJson(r);
        assertEquals("""
                {
                  "format": "fortuna-game-record",
                  "version": 1,
                  "config": %s,
                  "draws": ["A"],
                  "actions": [
                    {"seat":4,"action":"pass"}
                  ]
                }
                """.formatted(CONFIG_AWAY_FROM_DEFAULTS), json);
        assertEquals(r, GameRecords.fromJson(json));
    }

    static final String CONFIG_AWAY_FROM_DEFAULTS = "{\"players\":5,\"seed\":-9223372036854775808,"
            + "\"expansions\":[\"wheel-of-fortune\",\"crop-circles\"],\"rules\":{\"farmRule\":\"second-edition\","
            + "\"twoTileCityScoresTwo\":true},\"wheel\":{\"tiles\":\"base+all\",\"wheelIsStart\":true,"
            + "\"famine\":\"per-field\",\"crownsPerSector\":[2,1,0,2,1,1],\"excludeBaseStartTile\":true,"
            + "\"boardIsOneTileForCloisters\":true},\"cropCircles\":{\"setI\":false,\"setII\":true}}";

    /**
     * 280 finished random games (every mode, 2 to 5 players, ten seeds each) and 28 unfinished ones, written
     * one after the other: the SHA-256 of all that text is the one the hand-written writer produced.
     */
    @Test
    void manyRandomGamesOfEveryModeAreWrittenAsBefore() throws NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (GameRecord r : corpus()) {
            sha.update(GameRecords.toJson(r).getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(CORPUS_SHA256, HexFormat.of().formatHex(sha.digest()));
    }

    static final String CORPUS_SHA256 = "89a87417abaa1951707700998f48be19d94337d356a1d7696b6b15c432f2de5d";

    static List<GameRecord> corpus() {
        List<GameRecord> records = new ArrayList<>();
        for (Games.Mode mode : Games.modes()) {
            for (int players = 2; players <= 5; players++) {
                for (int seed = 0; seed < 10; seed++) {
                    records.add(played(mode.with(players, 97L * seed + players), 13L * seed + 5));
                }
                GameConfig config = mode.with(players, 4242);
                GameState g = GameState.newGame(config);
                GameRecorder rec = new GameRecorder(config);
                for (int i = 0; i < 25 && !g.isOver(); i++) {
                    int code = g.legalCode(i % g.legalCount());
                    rec.recordCode(g, code);
                    g.applyCode(code, null);
                }
                records.add(rec.finish(g));
            }
        }
        return records;
    }
}
