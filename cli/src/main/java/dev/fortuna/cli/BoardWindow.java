package dev.fortuna.cli;

import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.text.BoardText;
import java.util.ArrayList;
import java.util.List;

/**
 * A part of the board as {@link BoardText} draws it, cut to a terminal: whole squares around a centre, with the
 * coordinate labels kept, so that a board of any size fits and does not wrap. The cut is made on the full
 * drawing (7×5 characters a square, one empty square of margin round the landscape), so it shows exactly what
 * {@code board} shows, only less of it.
 *
 * @param lines the x labels, then the rows of squares (trailing blanks trimmed)
 * @param x0    the first column of squares shown; {@code x1}, {@code y0}, {@code y1} likewise
 * @param minX  the first column of the whole drawing; {@code maxX}, {@code minY}, {@code maxY} likewise
 */
record BoardWindow(List<String> lines, int x0, int x1, int y0, int y1, int minX, int maxX, int minY, int maxY) {
    static final int SQUARE_WIDTH = 7, SQUARE_HEIGHT = 5;

    /** Whether part of the board is left out. */
    boolean cut() {
        return x0 > minX || x1 < maxX || y0 > minY || y1 < maxY;
    }

    /** The largest window of whole squares around {@code centre} within {@code columns} × {@code lines}. */
    static BoardWindow around(GameState g, Position centre, int columns, int lines) {
        int minX = Integer.MAX_VALUE, maxX = Integer.MIN_VALUE, minY = Integer.MAX_VALUE, maxY = Integer.MIN_VALUE;
        for (PlacedTile t : g.board()) {
            minX = Math.min(minX, t.position().x() - 1);
            maxX = Math.max(maxX, t.position().x() + 1);
            minY = Math.min(minY, t.position().y() - 1);
            maxY = Math.max(maxY, t.position().y() + 1);
        }
        int gutter = 1;
        for (int y = minY; y <= maxY; y++) {
            gutter = Math.max(gutter, Integer.toString(y).length());
        }
        String[] full = BoardText.render(g).split("\n", -1);
        int nx = Math.max(1, (columns - gutter - 1) / SQUARE_WIDTH), ny = Math.max(1, (lines - 1) / SQUARE_HEIGHT);
        int x0 = clamp(centre.x() - (nx - 1) / 2, minX, Math.max(minX, maxX - nx + 1));
        int y0 = clamp(centre.y() - (ny - 1) / 2, minY, Math.max(minY, maxY - ny + 1));
        int x1 = Math.min(maxX, x0 + nx - 1), y1 = Math.min(maxY, y0 + ny - 1);
        int from = gutter + 1 + (x0 - minX) * SQUARE_WIDTH, to = gutter + 1 + (x1 - minX + 1) * SQUARE_WIDTH;
        List<String> out = new ArrayList<>();
        out.add(cut(full[0], gutter, from, to));
        for (int y = y0; y <= y1; y++) {
            for (int r = 0; r < SQUARE_HEIGHT; r++) {
                out.add(cut(full[1 + (y - minY) * SQUARE_HEIGHT + r], gutter, from, to));
            }
        }
        return new BoardWindow(List.copyOf(out), x0, x1, y0, y1, minX, maxX, minY, maxY);
    }

    private static int clamp(int v, int lo, int hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    /** The label gutter and the columns {@code from..to} of one drawn line (which may be trimmed short). */
    private static String cut(String line, int gutter, int from, int to) {
        String head = line.substring(0, Math.min(line.length(), gutter + 1));
        String body = line.length() <= from ? "" : line.substring(from, Math.min(line.length(), to));
        return (head + " ".repeat(gutter + 1 - head.length()) + body).stripTrailing();
    }
}
