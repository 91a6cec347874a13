package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.text.BoardText;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoardWindowTest {
    /** A base game after {@code actions} decisions, each the first legal action. */
    static GameState after(int actions) {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(2).build());
        for (int i = 0; i < actions && !g.isOver(); i++) {
            g.apply(g.legalActions().get(0));
        }
        return g;
    }

    @Test
    void aBoardThatFitsIsShownWholeAsBoardTextDrawsIt() {
        GameState g = after(2);
        BoardWindow w = BoardWindow.around(g, new Position(0, 0), 200, 100);
        assertFalse(w.cut());
        assertEquals(List.of(w.minX(), w.maxX(), w.minY(), w.maxY()), List.of(w.x0(), w.x1(), w.y0(), w.y1()));
        String[] full = BoardText.render(g).split("\n");
        assertEquals(List.of(full).subList(0, w.lines().size()), w.lines());
        assertEquals(1 + (w.maxY() - w.minY() + 1) * BoardWindow.SQUARE_HEIGHT, w.lines().size());
    }

    @Test
    void aLargerBoardIsCutToWholeSquaresAroundTheCentreWithinTheSize() {
        GameState g = after(60);
        BoardWindow whole = BoardWindow.around(g, new Position(0, 0), 10_000, 10_000);
        for (int[] size : new int[][] {{80, 24}, {60, 20}, {40, 16}, {20, 6}}) {
            Position centre = g.board().get(g.board().size() - 1).position();
            BoardWindow w = BoardWindow.around(g, centre, size[0], size[1]);
            assertTrue(w.cut(), "the board of 60 decisions is larger than " + size[0] + "x" + size[1]);
            assertTrue(w.lines().size() <= Math.max(size[1], 1 + BoardWindow.SQUARE_HEIGHT), "at most the lines");
            assertEquals(1 + (w.y1() - w.y0() + 1) * BoardWindow.SQUARE_HEIGHT, w.lines().size(), "whole squares");
            for (String line : w.lines()) {
                assertTrue(line.length() <= size[0] || w.x0() == w.x1(), line);
            }
            assertTrue(w.x0() <= centre.x() && centre.x() <= w.x1(), "the centre is shown");
            assertTrue(w.y0() <= centre.y() && centre.y() <= w.y1(), "the centre is shown");
            assertTrue(w.minX() <= w.x0() && w.x1() <= w.maxX() && w.minY() <= w.y0() && w.y1() <= w.maxY());
            assertEquals(List.of(whole.minX(), whole.maxX(), whole.minY(), whole.maxY()),
                    List.of(w.minX(), w.maxX(), w.minY(), w.maxY()));
            // The row of the centre shows the same squares as the whole drawing, its label first.
            int row = 1 + (centre.y() - w.y0()) * BoardWindow.SQUARE_HEIGHT + BoardWindow.SQUARE_HEIGHT / 2;
            int wholeRow = 1 + (centre.y() - whole.y0()) * BoardWindow.SQUARE_HEIGHT + BoardWindow.SQUARE_HEIGHT / 2;
            String label = Integer.toString(centre.y());
            assertTrue(w.lines().get(row).trim().startsWith(label), w.lines().get(row));
            String squares = w.lines().get(row).substring(w.lines().get(row).indexOf(label) + label.length()).trim();
            assertTrue(whole.lines().get(wholeRow).contains(squares), squares);
        }
    }

    @Test
    void aCentreAtTheEdgeKeepsTheWindowOnTheBoard() {
        GameState g = after(60);
        BoardWindow w = BoardWindow.around(g, new Position(-1000, 1000), 40, 11);
        assertEquals(w.minX(), w.x0(), "pushed against the west edge");
        assertEquals(w.maxY(), w.y1(), "pushed against the south edge");
        assertEquals(2, w.y1() - w.y0() + 1, "two rows in 11 lines");
    }
}
