package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every decision of {@code play} fits the terminal: whole scripted games at 80×24 and 60×20. A screen is what is
 * printed for one decision: from its first line (the rule that starts the person's turn, after the others'
 * moves) or from the previous prompt, to its own prompt, the prompt's line included.
 */
class TerminalFitTest {
    private static final Pattern RANGE = Pattern.compile("^Choices (\\d+)-(\\d+) of (\\d+); 'm' shows");
    private static final Pattern NUMBER = Pattern.compile("(?:\\[(\\d+)]|\\b(\\d+):\\d+)");

    record Measured(int screens, int over, int tallest, int widest, int paged, GameState end, String out,
                    String tallestScreen) {
    }

    static String play(GameConfig c, TerminalGame.Screen size, String input, GameState[] end) throws Exception {
        StringWriter buf = new StringWriter();
        end[0] = new TerminalGame(c, 0, BotSpec.parseList("greedy"), 3, new BufferedReader(new StringReader(input)),
                new PrintWriter(buf)).screen(size).play();
        return buf.toString();
    }

    /**
     * Plays a whole game, asking for more choices once at every prompt and then choosing 1, and measures every
     * screen; checks that the pages of a decision show each of its numbers once, in order.
     */
    static Measured measure(GameConfig c, TerminalGame.Screen size) throws Exception {
        return measure(c, size, "m\n1\n");
    }

    static Measured measure(GameConfig c, TerminalGame.Screen size, String answer) throws Exception {
        GameState[] end = new GameState[1];
        String out = play(c, size, answer.repeat(800), end);
        int screens = 0, over = 0, tallest = 0, widest = 0, paged = 0;
        String tallestScreen = "";
        List<String> screen = new ArrayList<>();
        int next = 1; // the first number the next page of the decision being paged must show
        for (String raw : out.split("\n", -1)) {
            String line = raw;
            if (line.startsWith("> ")) { // a prompt: the screen before it ends here, the prompt's line included
                int start = screen.lastIndexOf(TerminalGame.RULE);
                int height = screen.size() - Math.max(0, start) + 1;
                screens++;
                if (height > tallest) {
                    tallest = height;
                    tallestScreen = String.join("\n", screen.subList(Math.max(0, start), screen.size())) + "\n> ";
                }
                over += height > size.lines() ? 1 : 0;
                line = line.substring(2); // what follows the prompt starts a line of its own after the answer
                screen.clear();
            }
            widest = Math.max(widest, line.length());
            Matcher m = RANGE.matcher(line);
            if (m.find()) {
                paged++;
                int from = Integer.parseInt(m.group(1)), to = Integer.parseInt(m.group(2));
                int start = screen.lastIndexOf(TerminalGame.RULE);
                List<Integer> shown = new ArrayList<>();
                for (String l : screen.subList(start, screen.size())) {
                    if (l.startsWith(" ")) {
                        Matcher n = NUMBER.matcher(l);
                        while (n.find()) {
                            shown.add(Integer.parseInt(n.group(1) != null ? n.group(1) : n.group(2)));
                        }
                    }
                }
                List<Integer> expected = new ArrayList<>();
                for (int k = from; k <= to; k++) {
                    expected.add(k);
                }
                if (from != 1) { // a first page, or the next of the one shown before
                    assertEquals(next, from, "the pages follow each other: " + line);
                }
                assertEquals(expected, shown, "the page shows its numbers: " + String.join("\n", screen));
                next = to == Integer.parseInt(m.group(3)) ? 1 : to + 1;
            }
            screen.add(line);
        }
        return new Measured(screens, over, tallest, widest, paged, end[0], out, tallestScreen);
    }

    /** Plays {@code c} at 80×24 and at 60×20: every screen fits. */
    static void assertFits(GameConfig c) throws Exception {
        List<TerminalGame.Screen> sizes = List.of(TerminalGame.Screen.DEFAULT, new TerminalGame.Screen(60, 20));
        List<Measured> all = new ArrayList<>();
        for (TerminalGame.Screen size : sizes) {
            Measured m = measure(c, size);
            all.add(m);
            System.out.printf("%d players %s at %dx%d: %d screens, %d too tall, tallest %d, widest %d, %d paged%n",
                    c.players(), c.expansionList(), size.columns(), size.lines(), m.screens(), m.over(),
                    m.tallest(), m.widest(), m.paged());
        }
        for (int i = 0; i < sizes.size(); i++) {
            Measured m = all.get(i);
            TerminalGame.Screen size = sizes.get(i);
            assertNotNull(m.end(), m.out().substring(Math.max(0, m.out().length() - 3000)));
            assertTrue(m.end().isOver());
            assertTrue(m.tallest() <= size.lines(), "a screen of " + m.tallest() + " lines at " + size
                    + ":\n" + m.tallestScreen());
            assertTrue(m.widest() <= size.columns(), "a line of " + m.widest() + " characters at " + size);
        }
    }

    static GameConfig wheelAndCircles(int players, long seed) {
        return GameConfig.builder().players(players).seed(seed).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(ExpansionId.CROP_CIRCLES).build();
    }

    @Test
    void theBaseGameFits() throws Exception {
        assertFits(GameConfig.builder().players(2).seed(2).build());
    }

    @Test
    void wheelOfFortuneAndCropCirclesFitWithTwoPlayers() throws Exception {
        assertFits(wheelAndCircles(2, 4));
    }

    @Test
    void wheelOfFortuneAndCropCirclesFitWithFivePlayers() throws Exception {
        assertFits(wheelAndCircles(5, 4));
    }

    @Test
    void longListsArePagedAndEveryNumberWorksOnAnyPage() throws Exception {
        // Every page is shown in turn (five times 'm'), each with its numbers, then back to the first.
        Measured m = measure(wheelAndCircles(2, 4), new TerminalGame.Screen(60, 20), "m\n".repeat(5) + "1\n");
        assertTrue(m.end().isOver());
        assertTrue(m.paged() > 0, "some decision has more choices than fit");
        assertTrue(m.out().contains("; 'm' shows more."), m.out());
        assertTrue(m.out().contains("; 'm' shows the first ones again."), m.out());
        // A number that is not on the page shown is taken all the same: the game again, with the last number
        // typed at the first decision whose list is paged.
        GameConfig c = GameConfig.builder().players(2).seed(2).build();
        TerminalGame.Screen small = new TerminalGame.Screen(40, 16);
        GameState[] end = new GameState[1];
        String[] firstRun = play(c, small, "1\n".repeat(800), end).split("\n> ", -1);
        int asked = 0;
        Matcher more = null;
        while (more == null || !more.find()) {
            more = Pattern.compile("\nChoices 1-(\\d+) of (\\d+); 'm' shows more.$").matcher(firstRun[asked++]);
        }
        String last = more.group(2);
        String input = "1\n".repeat(asked - 1) + last + "\n" + "1\n".repeat(800);
        String[] secondRun = play(c, small, input, end).split("\n> ", -1);
        assertEquals(firstRun[asked - 1], secondRun[asked - 1], "the same decision");
        assertFalse(secondRun[asked].startsWith("There is no choice"), secondRun[asked]);
        assertNotEquals(firstRun[asked], secondRun[asked], "another choice than 1 was made");
        assertTrue(end[0].isOver());
    }
}
