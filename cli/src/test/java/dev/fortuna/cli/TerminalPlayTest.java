package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.text.BoardText;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.RecordedAction;
import dev.fortuna.records.Replay;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Terminal play made comfortable (issue 14): undo, quitting asked, record and resume, a board that fits. */
class TerminalPlayTest {
    record Played(String out, GameState state) {
    }

    /** The base game on a forced pile: the person places U, the bot U, then E. */
    static final GameConfig FORCED = GameConfig.builder().players(2).seed(1).draws("U", "U", "E").build();

    static Played play(GameConfig c, String input, Path record) throws Exception {
        StringWriter buf = new StringWriter();
        GameState g = new TerminalGame(c, 0, BotSpec.parseList("greedy"), 3,
                new BufferedReader(new StringReader(input)), new PrintWriter(buf)).recordTo(record).play();
        // Sentences are wrapped to the terminal's width (continued lines indented): unwrapped to be checked.
        return new Played(buf.toString().replace("\n    ", " "), g);
    }

    /** Runs {@code play} through the command line with scripted input and an 80×24 screen. */
    static MainTest.Run playCommand(String input, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Main.commandLine(new PrintWriter(out), new PrintWriter(err));
        PlayCommand cmd = cl.getSubcommands().get("play").getCommand();
        cmd.input = new BufferedReader(new StringReader(input));
        cmd.screen = TerminalGame.Screen.DEFAULT;
        int code = cl.execute(args);
        return new MainTest.Run(code, out.toString(), err.toString());
    }

    @Test
    void aPlacementCanBeTakenBackBeforeTheFollowerStep(@TempDir Path dir) throws Exception {
        GameConfig c = FORCED;
        Path file = dir.resolve("g.json");
        // U east of the start tile, taken back, then west of it; pass; then quit (confirmed).
        Played p = play(c, "1 0 90\nundo\n-1 0 90\n4\nquit\ny\n", file);
        assertNull(p.state());
        assertTrue(p.out().contains("Deploy a follower (7 in your supply) or pass; 'undo' takes the tile back:"),
                p.out());
        assertTrue(p.out().contains("Taken back: the tile is in your hand again."), p.out());
        assertTrue(p.out().contains("Quit? The game so far is saved in " + file + " and can be resumed. (y/n) "));
        GameRecord r = GameRecords.read(file);
        // Only the placement that was kept is recorded, then the pass and the bot's turn.
        assertEquals(new RecordedAction.Place(0, -1, 0, 90), r.actions().get(0));
        assertEquals(new RecordedAction.Pass(0), r.actions().get(1));
        assertEquals(1, r.actions().get(2).seat());
        assertNull(r.scores());
        assertEquals(3, Replay.run(r).state().tilesPlaced() + 1 + Replay.run(r).state().tilesDiscarded(),
                "the start tile, the person's U and the bot's U");
    }

    @Test
    void undoOnlyWhereThereIsAPlacementToTakeBack() throws Exception {
        Played p = play(FORCED, "undo\n", null);
        assertTrue(p.out().contains("There is nothing to take back now: only your placement, before you decide on "
                + "a follower."), p.out());
    }

    @Test
    void typedCoordinatesAreCheckedExactlyAtTheExtremes() throws Exception {
        Played p = play(FORCED, "-2147483648 0 90\n2147483647 0 90\n", null);
        assertTrue(p.out().contains("Not a placement: (-2147483648,0) is beyond the landscape's limits (-2000 to "
                + "2000)."), p.out());
        assertTrue(p.out().contains("Not a placement: (2147483647,0) is beyond the landscape's limits"), p.out());
        assertFalse(p.out().contains("You placed"), "nothing was placed");
        // Numbers too big for an int are out of range, not "no whole numbers".
        Played big = play(FORCED, "99999999999 0 90\n0 -99999999999\n1 0 99999999999\n99999999999\n1 0 x\n", null);
        assertTrue(big.out().contains("Not a placement: (99999999999,0) is beyond the landscape's limits (-2000 to "
                + "2000)."), big.out());
        assertTrue(big.out().contains("Not a placement: (0,-99999999999) is beyond the landscape's limits"),
                big.out());
        assertTrue(big.out().contains("Not a placement: rotation must be 0, 90, 180 or 270 degrees, not 99999999999"),
                big.out());
        assertTrue(big.out().contains("There is no choice 99999999999: pick 1-3."), big.out());
        assertTrue(big.out().contains("Not a placement: x, y and rotation are whole numbers"), "'x' is none");
        assertEquals(1, big.out().split("whole numbers", -1).length - 1, big.out());
    }

    @Test
    void quittingIsAskedAndCanBeCancelled() throws Exception {
        Played p = play(FORCED, "quit\nn\n1 0 90\nquit\nyes\n", null);
        assertNull(p.state());
        assertTrue(p.out().contains("Quit? This game is not recorded and will be lost (play --record FILE keeps "
                + "games). (y/n) Playing on."), p.out());
        assertTrue(p.out().contains("You placed U at (1,0) turned 90°."), "played on after 'n'");
        assertTrue(p.out().endsWith("Game abandoned.\n"), p.out());
    }

    @Test
    void aRecordedGameIsResumedToTheEndAndReplays(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("saved.json");
        MainTest.Run first = playCommand("1\n1\nquit\ny\n", "play", "--seed", "4", "--expansions",
                "wheel-of-fortune,crop-circles", "--record", file.toString());
        assertEquals(0, first.code(), first.err());
        GameRecord saved = GameRecords.read(file);
        assertTrue(saved.actions().size() >= 2);
        assertNull(saved.scores());
        assertEquals(List.of(ExpansionId.WHEEL_OF_FORTUNE, ExpansionId.CROP_CIRCLES), saved.config().expansionList());

        MainTest.Run rest = playCommand("1\n".repeat(600), "play", "--resume", file.toString());
        assertEquals(0, rest.code(), rest.err());
        assertTrue(rest.out().startsWith("Fortuna: you are seat 0 ('a'), resuming after " + saved.actions().size()
                + " recorded actions."), rest.out());
        GameRecord done = GameRecords.read(file);
        assertEquals(saved.actions(), done.actions().subList(0, saved.actions().size()), "the start is kept");
        GameState end = Replay.run(done).state();
        assertTrue(end.isOver());
        assertEquals(List.of(end.score(0), end.score(1)), done.scores());
        // The end shows the breakdown per kind that replay prints.
        StringWriter table = new StringWriter();
        ReplayCommand.printBreakdown(new PrintWriter(table, true), end);
        assertTrue(rest.out().contains(table.toString()), rest.out());
        assertTrue(rest.out().contains("Game over. seat 0: " + end.score(0) + ", seat 1: " + end.score(1) + "."));
        // Rulebook words, not the engine's names.
        assertTrue(rest.out().contains("The pig moves "), rest.out());
        assertFalse(rest.out().contains("crown_scored") || rest.out().contains("CROP_CIRCLE"), rest.out());
        // Everything fits an 80-column terminal.
        for (String line : rest.out().split("\n")) {
            assertTrue(line.length() <= 80, line.length() + ": " + line);
        }
        // A new game does not overwrite a saved one.
        MainTest.Run over = playCommand("", "play", "--record", file.toString());
        assertEquals("fortuna play: --record " + file + ": exists; 'play --resume " + file + "' plays that game on, "
                + "or choose another name\n", over.err());
        assertEquals(2, over.code());
        // A finished game cannot be resumed.
        MainTest.Run again = playCommand("", "play", "--resume", file.toString());
        assertEquals("fortuna play: --resume " + file + ": actions: the game is over: there is nothing to resume\n",
                again.err());
        assertEquals(2, again.code());
    }

    @Test
    void aScenarioOnAnExactPileIsResumedOnThatPile(@TempDir Path dir) throws Exception {
        // The hand-made record without its last two actions: seat 1 is to place U, then the pile is empty.
        String start = MainTest.HAND_MADE.replace(",\n   {\"seat\": 1, \"action\": \"place\", \"x\": 1, \"y\": 0, "
                + "\"rotation\": 90},\n   {\"seat\": 1, \"action\": \"deploy\", \"feature\": \"R1\"}]", "]")
                .replace(",\n \"result\": {\"scores\": [4, 2]}", "");
        Path file = Files.writeString(dir.resolve("scenario.json"), start);
        assertEquals(2, GameRecords.read(file).actions().size(), start);
        MainTest.Run r = playCommand("1 0 90\n1\n", "play", "--resume", file.toString(), "--seat", "1");
        assertEquals(0, r.code(), r.err());
        GameRecord done = GameRecords.read(file);
        assertTrue(done.exactPile());
        assertEquals(List.of("E", "U"), done.draws());
        assertEquals(List.of(4, 2), done.scores());
        assertTrue(Replay.run(done).state().isOver(), "the saved scenario replays to its end");
    }

    @Test
    void theCropCirclePromptNamesTheSymbolAndWhomItConcerns() throws Exception {
        // Seed 4, always the first choice: the person places crop circles and chooses for everybody.
        Played p = play(TerminalFitTest.wheelAndCircles(2, 4), "1\n".repeat(800), null);
        assertTrue(p.state().isOver());
        Matcher m = Pattern.compile("\nCrop circle with the (\\w+) \\((\\w+)\\): everybody adds or everybody "
                + "removes one:\n").matcher(p.out());
        Map<String, String> seen = new TreeMap<>();
        while (m.find()) {
            seen.put(m.group(1), m.group(2));
        }
        assertFalse(seen.isEmpty(), p.out());
        Map<String, String> affected = Map.of("shield", "knights", "club", "thieves", "pitchfork", "farmers");
        seen.forEach((symbol, role) -> assertEquals(affected.get(symbol), role, symbol));
        assertFalse(p.out().contains("Crop circle: everybody adds"), "never without its symbol");
    }

    @Test
    void boardShowsTheWholeBoardAndTheWindowSaysWhenItIsCut(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("g.json");
        Played p = play(TerminalFitTest.wheelAndCircles(2, 4), "1\n".repeat(60) + "board\nquit\ny\n", file);
        assertNull(p.state());
        // A board that fits whole (the start tile's 3x3 squares, three choices) has no note.
        String small = play(FORCED, "", null).out();
        assertTrue(small.contains("\n 0 "), small);
        assertFalse(small.contains("(showing"), small);
        // Later the window shows part of the board, and says which part of what.
        Matcher note = Pattern.compile("\\(showing x (-?\\d+)\\.\\.(-?\\d+), y (-?\\d+)\\.\\.(-?\\d+) of x (-?\\d+)\\.\\."
                + "(-?\\d+), y (-?\\d+)\\.\\.(-?\\d+); 'board' shows all\\)").matcher(p.out());
        int notes = 0;
        int[] last = null;
        while (note.find()) {
            notes++;
            last = new int[8];
            for (int i = 0; i < 8; i++) {
                last[i] = Integer.parseInt(note.group(i + 1));
            }
            assertTrue(last[4] <= last[0] && last[1] <= last[5] && last[6] <= last[2] && last[3] <= last[7]);
            assertTrue(last[4] < last[0] || last[1] < last[5] || last[6] < last[2] || last[3] < last[7], "a cut");
        }
        assertTrue(notes > 0, p.out());
        // 'board' printed the whole board as it was then: the state the record saved on quitting.
        GameState then = Replay.run(GameRecords.read(file)).state();
        String whole = BoardText.render(then);
        assertTrue(p.out().contains(whole.replace("\n    ", " ")), whole); // as play() unwraps the output
        // It shows squares the last window did not: its rows of y beyond the window's.
        int northmost = Integer.MAX_VALUE;
        for (var t : then.board()) {
            northmost = Math.min(northmost, t.position().y());
        }
        int southmost = Integer.MIN_VALUE;
        for (var t : then.board()) {
            southmost = Math.max(southmost, t.position().y());
        }
        assertTrue(northmost < last[2] || southmost > last[3], "a row outside the last window");
        String farRow = Integer.toString(northmost < last[2] ? northmost : southmost);
        assertTrue(whole.lines().anyMatch(l -> l.trim().startsWith(farRow + " ")), whole);
    }

    @Test
    void resumeTakesTheGameFromTheRecord(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("x.json"), MainTest.HAND_MADE);
        MainTest.Run r = playCommand("", "play", "--resume", file.toString(), "--players", "3");
        assertEquals("fortuna play: --resume plays the game of the record: --players cannot change it\n"
                + "Try 'fortuna help play' for its options.\n", r.err());
        assertEquals(2, r.code());
    }
}
