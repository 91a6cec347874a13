package dev.fortuna.engine.text;

import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.Seat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The landscape of a game as text: one {@link TileArt} block per square, with x labels above the columns
 * and y labels left of the rows (x grows east, y grows south), one empty square of margin all round so the
 * labels also name the squares where the next tile can go; then the wheel (Wheel of Fortune), and per seat
 * its score and followers in supply. Followers are drawn as their seat's letter on the feature they stand
 * on: seat 0 = 'a', 1 = 'b', … 4 = 'e'. Trailing blanks are trimmed from every line.
 */
public final class BoardText {
    /** What the characters mean; clients print it once, the board does not repeat it. */
    public static final String LEGEND = "# city  * pennant  = | / \\ road  + road crossing  . field  M cloister  "
            + "@ crop circle  ~ wheel  a-e followers of seats 0-4";

    private static final int MARGIN = 1;

    private BoardText() {
    }

    public static char seatChar(int seat) {
        return (char) ('a' + seat);
    }

    public static char seatChar(Seat seat) {
        return seatChar(seat.index());
    }

    public static String render(GameState state) {
        List<PlacedTile> board = state.board();
        int minX = Integer.MAX_VALUE, maxX = Integer.MIN_VALUE, minY = Integer.MAX_VALUE, maxY = Integer.MIN_VALUE;
        for (PlacedTile t : board) {
            minX = Math.min(minX, t.position().x());
            maxX = Math.max(maxX, t.position().x());
            minY = Math.min(minY, t.position().y());
            maxY = Math.max(maxY, t.position().y());
        }
        StringBuilder out = new StringBuilder();
        if (!board.isEmpty()) {
            minX -= MARGIN;
            minY -= MARGIN;
            maxX += MARGIN;
            maxY += MARGIN;
            drawGrid(state, board, minX, maxX, minY, maxY, out);
        }
        Sector pig = state.pig();
        if (pig != null) {
            out.append("Wheel: pig on ").append(pig.label);
            for (Sector s : Sector.values()) {
                out.append(" | ").append(s.label).append(" [");
                List<Seat> crowns = state.crowns(s);
                for (int i = 0; i < crowns.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    out.append(crowns.get(i) == null ? ' ' : seatChar(crowns.get(i)));
                }
                out.append(']');
            }
            out.append('\n');
        }
        int decider = state.decidingSeat();
        for (int s = 0; s < state.players(); s++) {
            out.append(seatChar(s)).append(" (seat ").append(s).append("): score ").append(state.score(s))
                    .append(", supply ").append(state.supply(s));
            if (s == decider) {
                out.append("  <- to decide");
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static void drawGrid(GameState state, List<PlacedTile> board, int minX, int maxX, int minY, int maxY,
                                 StringBuilder out) {
        int cols = (maxX - minX + 1) * TileArt.WIDTH, rows = (maxY - minY + 1) * TileArt.HEIGHT;
        char[][] grid = new char[rows][cols];
        for (char[] row : grid) {
            Arrays.fill(row, ' ');
        }
        Map<Position, List<FollowerPlacement>> followers = new HashMap<>();
        for (FollowerPlacement f : state.followers()) {
            if (!f.onCrown()) {
                followers.computeIfAbsent(f.position(), p -> new ArrayList<>()).add(f);
            }
        }
        for (PlacedTile t : board) {
            List<FollowerPlacement> here = followers.getOrDefault(t.position(), List.of());
            int[] features = new int[here.size()];
            char[] marks = new char[here.size()];
            for (int i = 0; i < here.size(); i++) {
                features[i] = here.get(i).feature();
                marks[i] = seatChar(here.get(i).seat());
            }
            char[][] block = TileArt.of(t.type(), t.rotation(), t.boardSquare()).draw(t.type(), features, marks);
            int x0 = (t.position().x() - minX) * TileArt.WIDTH, y0 = (t.position().y() - minY) * TileArt.HEIGHT;
            for (int r = 0; r < TileArt.HEIGHT; r++) {
                System.arraycopy(block[r], 0, grid[y0 + r], x0, TileArt.WIDTH);
            }
        }
        int gutter = 1;
        for (int y = minY; y <= maxY; y++) {
            gutter = Math.max(gutter, Integer.toString(y).length());
        }
        StringBuilder header = new StringBuilder(" ".repeat(gutter + 1));
        for (int x = minX; x <= maxX; x++) {
            String label = Integer.toString(x);
            int left = (TileArt.WIDTH - label.length()) / 2;
            header.append(" ".repeat(left)).append(label).append(" ".repeat(TileArt.WIDTH - left - label.length()));
        }
        line(out, header);
        for (int r = 0; r < rows; r++) {
            StringBuilder sb = new StringBuilder();
            String label = r % TileArt.HEIGHT == TileArt.HEIGHT / 2 ? Integer.toString(minY + r / TileArt.HEIGHT) : "";
            sb.append(" ".repeat(gutter - label.length())).append(label).append(' ').append(grid[r]);
            line(out, sb);
        }
    }

    private static void line(StringBuilder out, CharSequence text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == ' ') {
            end--;
        }
        out.append(text, 0, end).append('\n');
    }
}
