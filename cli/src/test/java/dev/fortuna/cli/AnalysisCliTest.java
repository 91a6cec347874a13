package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fortuna.bots.GreedyBot;
import dev.fortuna.bots.Budget;
import dev.fortuna.bots.Hints;
import dev.fortuna.bots.WinProbability;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Seat;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Replay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** analyse, hint and fit-win, run in-process. */
class AnalysisCliTest {
    static final String N = System.lineSeparator();

    private static Path handMade(Path dir) throws Exception {
        Path file = dir.resolve("hand.json");
        Files.writeString(file, MainTest.HAND_MADE);
        return file;
    }

    /** A finished 2-player Wheel of Fortune game of the greedy bot against itself. */
    private static Path greedyGame(Path dir) {
        MainTest.Run r = MainTest.run("arena", "--bots", "greedy", "--games", "1", "--seed", "3",
                "--expansions", "wheel-of-fortune", "--record", dir.toString());
        assertEquals(0, r.code(), r.err());
        return dir.resolve("game-0.json");
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, "%6.1f%%", 100 * p);
    }

    @Test
    void analyseTheHandMadeGame(@TempDir Path dir) throws Exception {
        Path file = handMade(dir);
        MainTest.Run r = MainTest.run("analyse", file.toString());
        assertEquals(0, r.code(), r.err());
        // After turn 1 seat 0 has closed a city for 4 points; the estimate is the model's (checked against it).
        GameState afterTurn1 = Replay.run(GameRecords.read(file)).state();
        GameRecord rec = GameRecords.read(file);
        GameState g = GameState.newGame(rec.config().withDraws(Replay.pile(rec)));
        g.apply(Replay.run(rec).steps().get(0).action());
        g.apply(Replay.run(rec).steps().get(1).action());
        double[] mid = WinProbability.estimate(g.viewFor(Seat.of(0)).sortedPileState());
        assertTrue(afterTurn1.isOver());
        assertEquals(file + ": 2 players, base, 4 actions" + N
                + "win probability after each turn (fitted evaluation and tiles left; docs/bots.md)" + N
                + "turn   ply seat tile   seat 0  seat 1" + N
                + "   0     0    - -       50.0%   50.0%" + N
                + "   1     2    0 E     " + pct(mid[0]) + " " + pct(mid[1]) + N
                + "   2     4    1 U      100.0%    0.0%" + N, r.out());
        assertTrue(mid[0] > 0.5, "seat 0 is ahead after closing its city");
    }

    @Test
    void analyseJsonHasARowPerTurnSummingToOne(@TempDir Path dir) throws Exception {
        Path file = greedyGame(dir);
        GameRecord rec = GameRecords.read(file);
        GameState end = Replay.run(rec).state();
        JsonNode j = MainTest.json(MainTest.run("analyse", file.toString(), "--json"));
        assertEquals(2, j.get("players").asInt());
        assertTrue(j.get("finished").asBoolean());
        JsonNode turns = j.get("turns");
        assertEquals(0, turns.get(0).get("ply").asInt());
        assertTrue(turns.get(0).get("seat").isNull());
        int lastPly = -1;
        for (int i = 0; i < turns.size(); i++) {
            JsonNode t = turns.get(i);
            assertEquals(i, t.get("turn").asInt());
            assertTrue(t.get("ply").asInt() > lastPly);
            lastPly = t.get("ply").asInt();
            double sum = 0;
            for (JsonNode p : t.get("win_probability")) {
                sum += p.asDouble();
            }
            assertEquals(1.0, sum, 2e-4, t.toString());
            if (i > 0) {
                assertEquals((i - 1) % 2, t.get("seat").asInt(), "seats alternate: " + t);
            }
        }
        assertEquals(rec.actions().size(), lastPly);
        JsonNode last = turns.get(turns.size() - 1).get("win_probability");
        int winner = end.leaders().get(0).index();
        assertEquals(end.leaders().size() == 1 ? 1.0 : 0.5, last.get(winner).asDouble(), 0);
    }

    @Test
    void analyseRefusesABadRecordLikeReplay(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, MainTest.HAND_MADE.replace("\"rotation\": 90", "\"rotation\": 0"));
        MainTest.Run replay = MainTest.run("replay", bad.toString());
        MainTest.Run r = MainTest.run("analyse", bad.toString());
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(replay.err().replace("fortuna replay:", "fortuna analyse:"), r.err());
        assertTrue(r.err().startsWith("fortuna analyse: " + bad + ": actions[2]"), r.err());
        MainTest.Run missing = MainTest.run("hint", dir.resolve("missing.json").toString());
        assertEquals(2, missing.code());
        assertEquals("fortuna hint: " + dir.resolve("missing.json") + ": cannot read the file: no such file" + N,
                missing.err());
    }

    @Test
    void hintSuggestsTheBotsChoiceAndJudgesThePlayedAction(@TempDir Path dir) throws Exception {
        Path file = greedyGame(dir);
        GameRecord rec = GameRecords.read(file);
        Replay.Result res = Replay.run(rec);
        GameState g = GameState.newGame(rec.config().withDraws(Replay.pile(rec)));
        for (int i = 0; i < 10; i++) {
            g.apply(res.steps().get(i).action());
        }
        int seat = g.decidingSeat();
        long seed = 0x9E3779B97F4A7C15L * 11;
        Hints.Suggestion s = Hints.suggest(new GreedyBot(), g.viewFor(Seat.of(seat)), Budget.iterations(1), seed);
        Hints.Suggestion played = Hints.judge(g.viewFor(Seat.of(seat)), res.steps().get(10).action().code(), seed);
        MainTest.Run r = MainTest.run("hint", file.toString(), "--ply", "10", "--bot", "greedy");
        assertEquals(0, r.code(), r.err());
        String decision = g.decisionKind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        assertEquals(String.format(Locale.ROOT, "after 10 actions: seat %d decides (%s%s), %d tiles left", seat,
                decision, g.decisionKind() == dev.fortuna.engine.DecisionKind.PLACE_TILE ? " " + g.drawnTile().id() : "",
                g.pileSize()) + N
                + "suggestion of greedy (no search): " + HintCommand.describe(g, s.code()) + N
                + String.format(Locale.ROOT, "  expected margin %+.1f (expected final scores: seat 0 %.1f, seat 1 %.1f)",
                s.expectedMargin(), s.expectedScores()[0], s.expectedScores()[1]) + N
                + "played in the record: " + HintCommand.describe(g, played.code()) + N
                + String.format(Locale.ROOT, "  expected margin %+.1f (expected final scores: seat 0 %.1f, seat 1 %.1f)",
                played.expectedMargin(), played.expectedScores()[0], played.expectedScores()[1]) + N, r.out());
        // The record was played by the same greedy bot, but on another sample of the pile: not always the same.
        JsonNode j = MainTest.json(MainTest.run("hint", file.toString(), "--ply", "10", "--bot", "greedy", "--json"));
        assertEquals(10, j.get("ply").asInt());
        assertEquals(seat, j.get("seat").asInt());
        assertEquals(Math.round(s.expectedMargin() * 100) / 100.0, j.get("suggestion").get("expected_margin")
                .asDouble(), 0);
        assertTrue(j.get("suggestion").get("action").has("type"), j.toString());
        assertTrue(j.has("played"));
    }

    @Test
    void hintForASeatMovesToItsNextDecision(@TempDir Path dir) throws Exception {
        Path file = handMade(dir);
        MainTest.Run r = MainTest.run("hint", file.toString(), "--ply", "0", "--seat", "1", "--bot", "greedy");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("after 2 actions: seat 1 decides (place tile U), 0 tiles left" + N), r.out());
        assertTrue(r.out().contains(N + "played in the record: place x=1 y=0 rotation 90" + N), r.out());
        // A finished game has nothing to decide at its end.
        MainTest.Run over = MainTest.run("hint", file.toString());
        assertEquals(2, over.code());
        assertEquals("fortuna hint: the game is over after action 4: nothing to decide (give --ply N below 4)" + N,
                over.err());
        MainTest.Run gone = MainTest.run("hint", file.toString(), "--ply", "3", "--seat", "0");
        assertEquals(2, gone.code());
        assertEquals("fortuna hint: the game is over after action 4: nothing to decide (give --ply before seat 0's "
                + "last decision)" + N, gone.err());
    }

    @Test
    void hintUsageErrorsAreOneLine(@TempDir Path dir) throws Exception {
        Path file = handMade(dir);
        assertUsage("hint: --ply must be 0 to 4 (the record's actions), not 5", "hint", file.toString(), "--ply", "5");
        assertUsage("hint: --seat must be 0 to 1, not 2", "hint", file.toString(), "--seat", "2");
        assertUsage("hint: --bot: unknown bot 'chess' (random, greedy, mcts:easy|medium|hard, mcts:iters=N, mcts:ms=N)",
                "hint", file.toString(), "--bot", "chess");
        assertUsage("hint: --ms must be 1 to 600000, not 0", "hint", file.toString(), "--ms", "0");
        MainTest.Run help = MainTest.run("help", "hint");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("--seat=S"), help.out());
        MainTest.Run helpA = MainTest.run("help", "analyse");
        assertTrue(helpA.out().startsWith("Usage: fortuna analyse"), helpA.out());
    }

    private static void assertUsage(String line, String... args) {
        MainTest.Run r = MainTest.run(args);
        assertEquals(2, r.code(), r.out());
        assertEquals("fortuna " + line + N + "Try 'fortuna help " + args[0] + "' for its options." + N, r.err());
    }

    @Test
    void fitWinFitsAndCalibrates() throws Exception {
        JsonNode a = MainTest.json(MainTest.run("fit-win", "--games", "4", "--seed", "2", "--json"));
        assertEquals(WinProbability.KNOTS, a.get("kappa").size());
        assertTrue(a.get("table_line").asText().startsWith("base 2 "), a.toString());
        assertEquals(10, a.get("calibration").size());
        long predictions = 0;
        for (JsonNode b : a.get("calibration")) {
            predictions += b.get("count").asLong();
        }
        assertEquals(2L * a.get("positions").asLong(), predictions);
        // Games side by side give the same fit.
        JsonNode b = MainTest.json(MainTest.run("fit-win", "--games", "4", "--seed", "2", "--json", "--parallel", "2"));
        assertEquals(a.get("table_line"), b.get("table_line"));
        MainTest.Run c = MainTest.run("fit-win", "--games", "2", "--seed", "2", "--calibrate", "--buckets", "5");
        assertEquals(0, c.code(), c.err());
        assertTrue(c.out().contains(N + "the table's line: base 2 "), c.out());
        assertTrue(c.out().contains(N + "80-100%"), c.out());
        assertUsage("fit-win: --buckets must be 1 to 100, not 0", "fit-win", "--buckets", "0");
    }
}
