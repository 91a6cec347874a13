package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Replay;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The arena and play commands, run in-process. */
class BotsCliTest {

    @Test
    void arenaJsonRotatesSeatsAndRecordsReplay(@TempDir Path dir) throws Exception {
        MainTest.Run r = MainTest.run("arena", "--bots", "greedy,random", "--games", "4", "--seed", "3",
                "--expansions", "wheel-of-fortune,crop-circles", "--json", "--record", dir.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(4, j.get("games").asInt());
        assertEquals(2, j.get("players").asInt());
        assertEquals(2, j.get("bots").size());
        JsonNode greedy = j.get("bots").get(0), random = j.get("bots").get(1);
        assertEquals("greedy", greedy.get("bot").asText());
        assertEquals(4, greedy.get("seat_games").asInt());
        assertEquals(4.0, greedy.get("wins").asDouble() + random.get("wins").asDouble(), 1e-9);
        // Margins of two players are opposite.
        assertEquals(0.0, greedy.get("mean_margin").asDouble() + random.get("mean_margin").asDouble(), 1e-9);
        for (String k : new String[] {"win_rate", "win_rate_ci95", "mean_score", "decisions", "mean_ms_per_decision"}) {
            assertTrue(greedy.has(k), k);
        }
        double lo = greedy.get("win_rate_ci95").get(0).asDouble(), hi = greedy.get("win_rate_ci95").get(1).asDouble();
        assertTrue(lo <= greedy.get("win_rate").asDouble() && greedy.get("win_rate").asDouble() <= hi);
        int total = 0;
        for (int i = 0; i < 4; i++) {
            GameRecord rec = GameRecords.read(dir.resolve("game-" + i + ".json"));
            Replay.Result res = Replay.run(rec);
            assertTrue(res.state().isOver());
            total += rec.scores().stream().mapToInt(Integer::intValue).sum();
            MainTest.Run replay = MainTest.run("replay", dir.resolve("game-" + i + ".json").toString());
            assertEquals(0, replay.code(), replay.err());
        }
        double meanScores = greedy.get("mean_score").asDouble() + random.get("mean_score").asDouble();
        assertEquals(total / 4.0, meanScores, 1e-6, "recorded scores agree with the summary");
    }

    @Test
    void arenaTextTableAndSameSeedSameResult() {
        MainTest.Run a = MainTest.run("arena", "--bots", "mcts:iters=8,random,greedy", "--games", "3",
                "--players", "3", "--seed", "9");
        assertEquals(0, a.code(), a.err());
        assertTrue(a.out().startsWith("3 games, 3 players, base, seed 9"), a.out());
        assertTrue(a.out().contains("mcts:iters=8"), a.out());
        assertTrue(a.out().contains("budgets: mcts:iters=8 = 8 iterations; random = no search; greedy = no search"),
                a.out());
        MainTest.Run b = MainTest.run("arena", "--bots", "mcts:iters=8,random,greedy", "--games", "3",
                "--players", "3", "--seed", "9");
        // Everything but the times is reproducible, also with games played side by side.
        assertEquals(strip(a.out()), strip(b.out()));
        MainTest.Run c = MainTest.run("arena", "--bots", "mcts:iters=8,random,greedy", "--games", "3",
                "--players", "3", "--seed", "9", "--parallel", "2");
        assertEquals(0, c.code(), c.err());
        assertEquals(strip(a.out()), strip(c.out()));
        MainTest.Run bad = MainTest.run("arena", "--bots", "greedy,random", "--parallel", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--parallel must be 1 to 64, not 0"), bad.err());
    }

    private static String strip(String table) {
        StringBuilder sb = new StringBuilder();
        for (String line : table.split("\n")) {
            if (line.startsWith("3 games")) {
                continue;
            }
            String[] cols = line.trim().split("\\s+");
            // Drop the last column (ms per decision) of the bot rows.
            sb.append(line.startsWith("budgets") ? line : String.join(" ", java.util.Arrays.copyOf(cols,
                    Math.max(1, cols.length - 1)))).append('\n');
        }
        return sb.toString();
    }

    @Test
    void arenaRefusesBadBots() {
        MainTest.Run r = MainTest.run("arena", "--bots", "greedy,chess", "--games", "2");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--bots: unknown bot 'chess'"), r.err());
        MainTest.Run t = MainTest.run("arena", "--bots", "greedy", "--games", "0");
        assertEquals(2, t.code());
        assertTrue(t.err().contains("--games must be at least 1"), t.err());
    }

    private static MainTest.Run play(String input, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Main.commandLine(new PrintWriter(out), new PrintWriter(err));
        ((PlayCommand) cl.getSubcommands().get("play").getCommand()).input =
                new BufferedReader(new StringReader(input));
        int code = cl.execute(args);
        return new MainTest.Run(code, out.toString(), err.toString());
    }

    @Test
    void playDrivenByScriptedInputReachesTheEnd() {
        MainTest.Run r = play("nonsense\n" + "1\n".repeat(300), "play", "--bots", "random", "--seat", "1",
                "--seed", "4", "--expansions", "crop-circles");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("'nonsense' is not a choice"), r.out());
        assertTrue(r.out().contains("Game over. seat 0: "), r.out());
    }

    @Test
    void playEndsCleanlyOnEndOfInputAndChecksItsOptions() {
        MainTest.Run r = play("", "play", "--bots", "greedy");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Input ended."), r.out());
        MainTest.Run bad = play("", "play", "--seat", "2");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--seat must be 0 to 1, not 2"), bad.err());
    }

    @Test
    void fitEvalPrintsCoefficientsAndATableLine() throws Exception {
        MainTest.Run r = MainTest.run("fit-eval", "--games", "2", "--seed", "5", "--expansions", "crop-circles",
                "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(2, j.get("games").asInt());
        assertEquals(30, j.get("coefficients").size());
        assertTrue(j.get("samples").asLong() > 0);
        String line = j.get("table_line").asText();
        assertTrue(line.startsWith("crop-circles 2 "), line);
        assertEquals(30, line.substring("crop-circles 2 ".length()).split(",").length, line);
        MainTest.Run again = MainTest.run("fit-eval", "--games", "2", "--seed", "5", "--expansions", "crop-circles",
                "--parallel", "2");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("table line: " + line), again.out());
        assertTrue(again.out().contains("farmers"), again.out());
        MainTest.Run bad = MainTest.run("fit-eval", "--epsilon", "2");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--epsilon must be between 0 and 1, not 2.0"), bad.err());
        MainTest.Run badPolicy = MainTest.run("fit-eval", "--policy", "clever");
        assertEquals(2, badPolicy.code());
        assertTrue(badPolicy.err().contains("--policy must be standard or fitted, not 'clever'"), badPolicy.err());
    }
}
