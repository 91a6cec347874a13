package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.text.BoardText;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Replay;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs the command line in-process with captured output. */
class MainTest {
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.commandLine(new PrintWriter(out), new PrintWriter(err)).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static JsonNode json(Run r) throws Exception {
        assertEquals(0, r.code(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void simulateJsonBaseGame() throws Exception {
        JsonNode j = json(run("simulate", "--games", "20", "--players", "3", "--seed", "5", "--json"));
        for (String key : List.of("games", "players", "games_per_second", "mean_score", "score_stddev", "tiles_placed",
                "tiles_discarded", "invariant_violations", "wins_by_seat", "expansions")) {
            assertTrue(j.has(key), key);
        }
        assertEquals(20, j.get("games").asInt());
        assertEquals(3, j.get("players").asInt());
        assertEquals(0, j.get("invariant_violations").asInt());
        // 71 tiles in the base pile (72 minus the start tile): each is placed or discarded.
        assertEquals(20 * 71, j.get("tiles_placed").asLong() + j.get("tiles_discarded").asLong());
        assertEquals(0, j.get("expansions").size());
        // Same seed, same games.
        JsonNode again = json(run("simulate", "--games", "20", "--players", "3", "--seed", "5", "--json"));
        assertEquals(j.get("mean_score"), again.get("mean_score"));
        assertEquals(j.get("tiles_placed"), again.get("tiles_placed"));
    }

    @Test
    void simulateJsonWheelAndCropCircles() throws Exception {
        JsonNode j = json(run("simulate", "--games", "10", "--players", "5", "--seed", "1", "--json",
                "--expansions", "wheel-of-fortune,crop-circles"));
        assertEquals(10, j.get("games").asInt());
        assertEquals(0, j.get("invariant_violations").asInt());
        assertEquals("wheel-of-fortune", j.get("expansions").get(0).asText());
        assertEquals("crop-circles", j.get("expansions").get(1).asText());
        // Standalone wheel game: 72 tiles (the board starts) plus the 12 crop-circle tiles.
        assertEquals(10 * (72 + 12), j.get("tiles_placed").asLong() + j.get("tiles_discarded").asLong());
    }

    @Test
    void simulateTextSummary() {
        Run r = run("simulate", "--games", "3", "--seed", "9");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("games                 3 (2 players, base, seeds 9..11)"), r.out());
        assertTrue(r.out().contains("invariant violations  0"), r.out());
        assertEquals("", r.err()); // no terminal in tests: no progress bar
    }

    @Test
    void recordedGamesReplay(@TempDir Path dir) throws Exception {
        Run sim = run("simulate", "--games", "3", "--players", "2", "--seed", "40", "--expansions", "wheel-of-fortune",
                "--record", dir.toString(), "--json");
        assertEquals(0, sim.code(), sim.err());
        for (int i = 0; i < 3; i++) {
            assertTrue(Files.exists(dir.resolve("game-" + i + ".json")));
        }
        Path file = dir.resolve("game-2.json");
        GameRecord rec = GameRecords.read(file);
        assertEquals(42, rec.config().seed());
        GameState g = Replay.run(rec).state();
        Run r = run("replay", file.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("final scores: seat 0 " + g.score(0) + ", seat 1 " + g.score(1)), r.out());
        assertTrue(r.out().contains("wheel event"), r.out());
        // The final board as the text renderer draws it, then its legend.
        assertTrue(r.out().contains(BoardText.render(g) + BoardText.LEGEND), r.out());
        assertTrue(r.out().contains(g.leaders().size() == 1 ? "winner: seat " + g.leaders().get(0).index()
                : "winners (tie): "), r.out());
        // The recorded scores are the simulation's: game 2 of seed 40 played again gives the same record.
        assertEquals(List.of(g.score(0), g.score(1)), rec.scores());
    }

    /** Seat 0 closes the start city with E (4 points), seat 1 extends the road with U (2 points at the end). */
    static final String HAND_MADE = """
            {"format": "fortuna-game-record", "version": 1,
             "config": {"players": 2, "seed": 7},
             "exactPile": true,
             "draws": ["E", "U"],
             "actions": [
               {"seat": 0, "action": "place", "x": 0, "y": -1, "rotation": 180},
               {"seat": 0, "action": "deploy", "feature": "C1"},
               {"seat": 1, "action": "place", "x": 1, "y": 0, "rotation": 90},
               {"seat": 1, "action": "deploy", "feature": "R1"}],
             "result": {"scores": [4, 2]}}
            """;

    @Test
    void replayPrintsTheBreakdownPerSeatAndKind(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hand.json");
        Files.writeString(file, HAND_MADE);
        Run r = run("replay", "--no-board", file.toString());
        assertEquals(0, r.code(), r.err());
        String n = System.lineSeparator();
        assertEquals(file + ": 2 players, base, 2 tiles drawn, 4 actions" + n
                + "tiles placed 2, discarded 0" + n
                + n
                + "seat  road  city  cloister  field  wheel event  crown  total" + n
                + "0        0     4         0      0            0      0      4" + n
                + "1        2     0         0      0            0      0      2" + n
                + n
                + "final scores: seat 0 4, seat 1 2" + n
                + "winner: seat 0" + n, r.out());
        assertEquals("", r.err());
    }

    @Test
    void brokenRecordExitsWithTwoAndNamesTheEntry(@TempDir Path dir) throws Exception {
        run("simulate", "--games", "1", "--seed", "3", "--record", dir.toString());
        Path file = dir.resolve("game-0.json");
        String text = Files.readString(file);
        // Turn the first placement of seat 1 into seat 0: wrong seat.
        int at = text.indexOf("{\"seat\":1,\"action\":\"place\"");
        String broken = text.substring(0, at) + "{\"seat\":0,\"action\":\"place\"" + text.substring(at + 26);
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, broken);
        Run r = run("replay", bad.toString());
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("fortuna replay: " + bad + ": actions["), r.err());
        assertTrue(r.err().contains("it is seat 1's turn to decide (place tile), not seat 0's"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertEquals(1, r.err().lines().count());

        Files.writeString(bad, "{\"format\": \"fortuna-game-record\", \"version\": 9}");
        r = run("replay", bad.toString());
        assertEquals(2, r.code());
        assertEquals("fortuna replay: " + bad + ": version: unsupported version 9 (this reader knows version 1)\n",
                r.err());

        r = run("replay", dir.resolve("missing.json").toString());
        assertEquals(2, r.code());
        assertEquals("fortuna replay: " + dir.resolve("missing.json") + ": cannot read the file: no such file\n",
                r.err());
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        assertBad("--players must be 2 to 5, not 7", "simulate", "--players", "7");
        assertBad("--expansions: unknown expansion 'river' (known: wheel-of-fortune, crop-circles)",
                "simulate", "--expansions", "river");
        assertBad("--famine must be all, majority or per-field, not 'none'",
                "simulate", "--expansions", "wheel-of-fortune", "--famine", "none");
        assertBad("--wheel-tiles must be standalone, base+numbered or base+all, not 'some'",
                "simulate", "--expansions", "wheel-of-fortune", "--wheel-tiles", "some");
        assertBad("--crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), not '1,2,3'",
                "simulate", "--expansions", "wheel-of-fortune", "--crowns", "1,2,3");
        assertBad("--crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), not 5 in "
                + "'1,2,1,2,1'", "simulate", "--expansions", "wheel-of-fortune", "--crowns", "1,2,1,2,1");
        assertBad("--farm-rule must be 3, 2 or 1 (the edition), not '4'", "simulate", "--farm-rule", "4");
        assertBad("--crop-sets must be I,II or I or II, not 'III'",
                "simulate", "--expansions", "crop-circles", "--crop-sets", "III");
        assertBad("--crop-sets needs --expansions crop-circles", "simulate", "--crop-sets", "I");
        assertBad("--wheel-beside needs --expansions wheel-of-fortune", "simulate", "--wheel-beside");
        assertBad("--famine needs --expansions wheel-of-fortune", "simulate", "--famine", "all");
        assertBad("--exclude-base-start-tile needs the base game's tiles (base+numbered or base+all) with the wheel as "
                + "the start", "simulate", "--expansions", "wheel-of-fortune", "--exclude-base-start-tile");
        assertBad("--exclude-base-start-tile needs the base game's tiles (base+numbered or base+all) with the wheel as "
                + "the start", "simulate", "--expansions", "wheel-of-fortune", "--wheel-tiles", "base+all",
                "--wheel-beside", "--exclude-base-start-tile");
        assertBad("--games must be at least 1, not 0", "simulate", "--games", "0");
        assertBad("--players needs a whole number, not 'two'", "simulate", "--players", "two");
    }

    static void assertBad(String message, String... args) {
        HardenedCliTest.assertUsage(args[0], message, args);
    }

    @Test
    void gameOptionsBuildTheConfiguration() {
        SimulateCommand cmd = new SimulateCommand();
        new CommandLine(cmd).parseArgs("--players", "4", "--seed", "-3", "--expansions", "wheel-of-fortune,crop-circles",
                "--wheel-tiles", "base+numbered", "--famine", "majority", "--crowns", "2,2,1,0,1,2",
                "--exclude-base-start-tile", "--crop-sets", "II", "--farm-rule", "1", "--two-tile-city");
        GameConfig c = cmd.game.toConfig();
        assertEquals(new GameConfig(4, -3, Set.of(ExpansionId.WHEEL_OF_FORTUNE, ExpansionId.CROP_CIRCLES),
                new RuleOptions(RuleOptions.FarmRule.FIRST_EDITION, true),
                new WheelOptions(WheelOptions.TileMode.BASE_PLUS_WHEEL_TILES, true, WheelOptions.FamineRule.MAJORITY,
                        List.of(2, 2, 1, 0, 1, 2), true, false),
                new CropCircleOptions(false, true), null), c);

        SimulateCommand beside = new SimulateCommand();
        new CommandLine(beside).parseArgs("--expansions", "wheel-of-fortune", "--wheel-beside");
        GameConfig b = beside.game.toConfig();
        assertEquals(WheelOptions.DEFAULT.withWheelIsStart(false), b.wheel());
        assertEquals(2, b.players());
        assertEquals(1, b.seed());

        SimulateCommand plain = new SimulateCommand();
        new CommandLine(plain).parseArgs();
        assertEquals(GameConfig.base(2, 1), plain.game.toConfig());
    }
}
