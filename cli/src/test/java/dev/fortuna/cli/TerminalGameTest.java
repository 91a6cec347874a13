package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.FeatureKind;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TerminalGameTest {

    private static String run(GameConfig c, int seat, String bots, String input, GameState[] result) throws Exception {
        StringWriter buf = new StringWriter();
        PrintWriter out = new PrintWriter(buf);
        TerminalGame t = new TerminalGame(c, seat, BotSpec.parseList(bots), 3,
                new BufferedReader(new StringReader(input)), out);
        result[0] = t.play();
        return buf.toString();
    }

    @Test
    void aScriptedPersonPlaysAWholeGameAndBadInputIsExplained() throws Exception {
        GameConfig c = GameConfig.builder().players(3).seed(8).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(ExpansionId.CROP_CIRCLES).build();
        // Bad inputs first, then always the first choice.
        String input = "banana\n0\n999\n\n7 7 45\n40 40 90\nboard\nhelp\nlist\n" + "1\n".repeat(400);
        GameState[] g = new GameState[1];
        String out = run(c, 1, "random,greedy", input, g);
        assertNotNull(g[0], out.substring(Math.max(0, out.length() - 2000)));
        assertTrue(g[0].isOver());
        assertTrue(out.contains("'banana' is not a choice: type a number 1-"), "non-number explained");
        assertTrue(out.contains("There is no choice 0: pick 1-"), "0 explained");
        assertTrue(out.contains("There is no choice 999: pick 1-"), "999 explained");
        assertTrue(out.contains("Type the number of your choice"), "empty line explained");
        assertTrue(out.contains("Not a placement: rotation must be 0, 90, 180 or 270 degrees, not 45"), out);
        assertTrue(out.contains("Not possible: square (40,40) does not share an edge with the landscape."), out);
        assertTrue(out.contains("Commands: a number from the list"), "help shown");
        assertTrue(out.contains("Seat 0 (random): places "), "bot moves reported");
        assertTrue(out.contains("Seat 2 (greedy): "), "second bot reported");
        assertTrue(out.contains("Game over. seat 0: " + g[0].score(0) + ", seat 1: " + g[0].score(1)
                + ", seat 2: " + g[0].score(2) + "."), "final scores");
    }

    @Test
    void aPlacementCanBeTypedAsCoordinatesAndEndOfInputEndsCleanly() throws Exception {
        // Base game, forced pile: the person (seat 0) places U east of the start tile by coordinates.
        GameConfig c = GameConfig.builder().players(2).seed(1).draws("U", "U", "E").build();
        GameState[] g = new GameState[1];
        String out = run(c, 0, "greedy", "1 0 90\n", g);
        assertNull(g[0]);
        assertTrue(out.contains("You placed U at (1,0) turned 90°. Its features:"), out);
        assertTrue(out.contains("[1] puts a thief (road R1, feature 0) on U at (1,0)"), out);
        assertTrue(out.contains("Input ended."), out);
        assertTrue(out.contains("Game abandoned."), out);
    }

    @Test
    void quitEndsTheGame() throws Exception {
        GameConfig c = GameConfig.builder().players(2).seed(1).build();
        GameState[] g = new GameState[1];
        String out = run(c, 1, "random", "quit\n", g);
        assertNull(g[0]);
        assertTrue(out.contains("Game abandoned."));
        assertEquals(1, out.split("Your tile: ", -1).length - 1, "asked once");
        assertTrue(out.contains("Quit? This game is not recorded and will be lost"), out);
    }

    @Test
    void aSkippedSeatIsToldWhatItLacked() {
        assertEquals("Seat 1 is skipped: no follower on the landscape.",
                TerminalGame.event(new Event.Skipped(Seat.of(1), DecisionKind.PLAGUE_RETURN, null)));
        assertEquals("Seat 0 is skipped: no thief on the landscape.",
                TerminalGame.event(new Event.Skipped(Seat.of(0), DecisionKind.CROP_CIRCLE_REMOVE, FeatureKind.ROAD)));
    }
}
