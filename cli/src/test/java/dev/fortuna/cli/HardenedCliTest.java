package dev.fortuna.cli;

import static dev.fortuna.cli.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line defects of issue 14: each test failed before its fix. */
class HardenedCliTest {
    static final String N = System.lineSeparator();

    /** A failure: exit 2, nothing on stdout, exactly this one line on stderr. */
    static void assertFails(String line, String... args) {
        MainTest.Run r = run(args);
        assertEquals(line + N, r.err());
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
    }

    /** A usage error: the message and one line on how to get help, no usage text. */
    static void assertUsage(String command, String message, String... args) {
        MainTest.Run r = run(args);
        assertEquals("fortuna " + command + ": " + message + N + "Try 'fortuna help " + command
                + "' for its options." + N, r.err());
        assertEquals(2, r.code());
        assertEquals("", r.out());
    }

    @Test
    void recordPathsThatCannotBeUsedAreOneLineBeforeTheFirstGame(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        assertFails("fortuna simulate: --record " + file + ": exists and is not a directory",
                "simulate", "--games", "2", "--record", file.toString());
        assertFails("fortuna arena: --record " + file + "/sub: cannot create the directory: " + file
                        + " is not a directory",
                "arena", "--bots", "random", "--games", "2", "--record", file.resolve("sub").toString());
        assertUsage("simulate", "--record needs a directory name", "simulate", "--games", "2", "--record=");
        assertEquals("x", Files.readString(file));
    }

    @Test
    void aDirectoryThatTakesNoNewFilesIsNamedAsTheReason() {
        // /proc answers "no such file" to every new name, whatever its permissions say (even to root).
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a Linux /proc");
        assertFails("fortuna simulate: --record /proc/x: cannot create the directory: /proc takes no new files "
                + "(a proc file system)", "simulate", "--games", "2", "--record", "/proc/x");
        assertFails("fortuna arena: --record /proc/x/y: cannot create the directory: /proc takes no new files "
                + "(a proc file system)", "arena", "--bots", "random", "--games", "2", "--record", "/proc/x/y");
        assertFails("fortuna play: --record /proc/x: cannot create the file: /proc takes no new files (a proc file "
                + "system)", "play", "--record", "/proc/x");
    }

    @Test
    void aWriteThatFailsInTheMiddleOfARunIsOneLine(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("game-1.json"));
        assertFails("fortuna simulate: cannot write " + dir.resolve("game-1.json") + ": it is a directory",
                "simulate", "--games", "3", "--record", dir.toString());
        assertTrue(Files.isRegularFile(dir.resolve("game-0.json")), "game 0 was written before the failure");
        // The last game fails, so no game is still running (and writing) when the command has ended.
        Path other = Files.createDirectories(dir.resolve("arena"));
        Files.createDirectories(other.resolve("game-2.json"));
        assertFails("fortuna arena: cannot write " + other.resolve("game-2.json") + ": it is a directory",
                "arena", "--bots", "random", "--games", "3", "--parallel", "2", "--record", other.toString());
    }

    @Test
    void emptyBotListsAndBotsThatWouldNeverPlay() {
        assertUsage("arena", "--bots: empty bot name in ','", "arena", "--bots", ",");
        assertUsage("play", "--bots: empty bot name in ','", "play", "--bots", ",");
        assertUsage("arena", "--bots: 2 games of 2 players seat only 3 of the 5 bots; play at least 4 games",
                "arena", "--bots", "random,random,greedy,random,greedy", "--games", "2");
        assertUsage("play", "--bots: 3 bots for 2 other seats", "play", "--players", "3", "--bots",
                "random,greedy,random");
    }

    @Test
    void threadCountsHaveALimit() {
        assertUsage("arena", "--threads must be 1 to 64, not 10000", "arena", "--bots", "random", "--threads",
                "10000");
        assertUsage("arena", "--parallel must be 1 to 64, not 65", "arena", "--bots", "random", "--parallel", "65");
        assertUsage("fit-eval", "--parallel must be 1 to 64, not 1000", "fit-eval", "--parallel", "1000");
        assertUsage("arena", "--threads must be 1 to 64, not 0", "arena", "--bots", "random", "--threads", "0");
        assertUsage("arena", "--threads 64 times --parallel 64 is 4096 search threads: at most 64", "arena", "--bots",
                "random", "--threads", "64", "--parallel", "64");
        assertUsage("arena", "--threads 8 times --parallel 9 is 72 search threads: at most 64", "arena", "--bots",
                "random", "--threads", "8", "--parallel", "9");
    }

    @Test
    void usageErrorsAreShortAndSayHowToGetHelp() {
        assertUsage("simulate", "--players must be 2 to 5, not 7", "simulate", "--players", "7");
        assertUsage("simulate", "--games needs a whole number, not 'x'", "simulate", "--games", "x");
        assertUsage("simulate", "--seed must be between -9223372036854775808 and 9223372036854775807, not "
                + "99999999999999999999", "simulate", "--seed", "99999999999999999999");
        assertUsage("fit-eval", "--epsilon needs a number, not 'lots'", "fit-eval", "--epsilon", "lots");
        assertUsage("arena", "--bots: 99999999999 is too many iterations (at most 2147483647) in "
                + "'mcts:iters=99999999999'", "arena", "--bots", "mcts:iters=99999999999");
        assertUsage("arena", "--bots: 99999999999 is too big (at most 2147483647) in 'mcts:easy/top=99999999999'",
                "arena", "--bots", "mcts:easy/top=99999999999");
        assertUsage("play", "--bots: 99999999999 is too big (at most 2147483647) in 'mcts:iters=9/pool=99999999999'",
                "play", "--bots", "mcts:iters=9/pool=99999999999");
        assertUsage("arena", "--bots: expected a number in 'mcts:easy/top=-1'", "arena", "--bots", "mcts:easy/top=-1");
        MainTest.Run r = run("--bogus");
        assertEquals("fortuna: Unknown option: '--bogus'" + N + "Try 'fortuna help' for the commands." + N, r.err());
        assertEquals(2, r.code());
    }

    @Test
    void theTopLevelHelpSummarisesEachCommandInWholeSentences() {
        MainTest.Run r = run("--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("  arena     Bots play each other, seats rotated, and the results are compared.\n"),
                r.out());
        assertTrue(r.out().contains("  fit-eval  Fits the bots' linear evaluation to self-play of one game mode.\n"),
                r.out());
        assertTrue(r.out().contains("  play      Play against bots in the terminal.\n"), r.out());
        assertTrue(r.out().contains("  serve     Runs the game server: play in the browser with friends and bots.\n"),
                r.out());
        // Every command's summary is one whole sentence: the first line of its description, ending with a full stop.
        String commands = r.out().substring(r.out().indexOf("Commands:"));
        Matcher m = Pattern.compile("\n  ([a-z-]+) +(.*)((?:\n {14}.*)*)").matcher(commands);
        int seen = 0;
        while (m.find()) {
            String summary = (m.group(2) + m.group(3).replaceAll("\n {14}", " ")).trim();
            assertTrue(summary.endsWith("."), "summary of " + m.group(1) + " stops mid-sentence: " + summary);
            seen++;
        }
        assertTrue(seen >= 8, commands); // simulate, replay, arena, play, fit-eval, serve, loadtest, help and any newer
    }

    @Test
    void inputQuotedInMessagesCannotControlTheTerminal(@TempDir Path dir) throws Exception {
        assertUsage("simulate", "--expansions: unknown expansion '\\e[2J\\e]0;x\\a' (known: wheel-of-fortune, "
                + "crop-circles)", "simulate", "--expansions", "\u001b[2J\u001b]0;x\u0007");
        Path bad = dir.resolve("bad\u001b[2J.json");
        Files.writeString(bad, MainTest.HAND_MADE.replace("\"E\", \"U\"", "\"E\", \"\\u001b]0;title\\u0007\""));
        assertFails("fortuna replay: " + dir + "/bad\\e[2J.json: draws[1]: unknown tile '\\e]0;title\\a' (not in "
                + "this game's tile set)", "replay", bad.toString());
    }

    @Test
    void replayMessagesSpeakTheRecordsLanguageAndSayWhenScoresWereNotChecked(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.json");
        assertFails("fortuna replay: " + missing + ": cannot read the file: no such file", "replay",
                missing.toString());
        Path noResult = Files.writeString(dir.resolve("noresult.json"),
                MainTest.HAND_MADE.replace(",\n \"result\": {\"scores\": [4, 2]}", ""));
        MainTest.Run r = run("replay", "--no-board", noResult.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("final scores: seat 0 4, seat 1 2" + N), r.out());
        assertEquals("fortuna replay: note: the record has no result, so its final scores were not checked" + N,
                r.err());
        Path withResult = Files.writeString(dir.resolve("result.json"), MainTest.HAND_MADE);
        assertEquals("", run("replay", "--no-board", withResult.toString()).err());
        assertFalse(MainTest.HAND_MADE.equals(Files.readString(noResult)), "the edit took");
    }
}
