package dev.fortuna.engine.geometry;

import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.List;

/**
 * The Wheel of Fortune board drawn in a 4×4 box (x right, y down, one unit per square, square (x, y) spanning
 * x..x+1, y..y+1 as in RULES.md §3.2): the landscape of its squares, derived from the board data like any
 * tile, and the wheel on top, whose disc is exactly the union of the squares' {@link AreaKind#WHEEL} areas.
 * The board is never rotated.
 */
public record WheelBoardGeometry(double size, List<BoardSquareGeometry> squares, WheelGeometry wheel) {
    /** The board's side in squares. */
    public static final double SIZE = 4;
    /** The wheel's rim: it leaves a band of landscape at least 0.3 deep along the board's edges. */
    public static final double WHEEL_RADIUS = 1.7;
    public static final double HUB_RADIUS = 0.32;

    public WheelBoardGeometry {
        squares = List.copyOf(squares);
    }

    /** The geometry of a wheel board (its squares in the data's order). */
    public static WheelBoardGeometry of(WheelBoard board) {
        Point centre = new Point(SIZE / 2, SIZE / 2);
        List<BoardSquareGeometry> squares = new ArrayList<>();
        for (WheelBoard.Square s : board.squares()) {
            Point local = new Point(centre.x() - s.x(), centre.y() - s.y());
            TileLayout.Result r = TileLayout.build(s.type(), local, WHEEL_RADIUS);
            squares.add(new BoardSquareGeometry(s.x(), s.y(),
                    r.features().stream().map(f -> f.moved(s.x(), s.y())).toList(),
                    r.areas().stream().map(a -> new Area(a.kind(), a.region().moved(s.x(), s.y()))).toList()));
        }
        List<SectorGeometry> sectors = new ArrayList<>();
        int n = Sector.values().length;
        double span = 360.0 / n;
        for (Sector sector : Sector.values()) {
            // Sector 0 (Fortune) is centred on the top; the others follow clockwise.
            double mid = -90 + span * sector.ordinal(), start = mid - span / 2, end = mid + span / 2;
            List<Point> ring = new ArrayList<>();
            int steps = 24;
            for (int i = 0; i <= steps; i++) {
                ring.add(polar(centre, WHEEL_RADIUS, start + span * i / steps));
            }
            for (int i = steps; i >= 0; i--) {
                ring.add(polar(centre, HUB_RADIUS, start + span * i / steps));
            }
            int crowns = board.crowns(sector);
            List<Point> crownSpaces = new ArrayList<>();
            for (int c = 0; c < crowns; c++) {
                // One crown sits on the sector's middle line, two sit side by side across it.
                double offset = crowns == 1 ? 0 : (c == 0 ? -1 : 1) * span * 0.22;
                crownSpaces.add(polar(centre, WHEEL_RADIUS * 0.8, mid + offset));
            }
            sectors.add(new SectorGeometry(sector, new Region(List.of(ring)), start, end,
                    polar(centre, WHEEL_RADIUS * 0.58, mid), polar(centre, WHEEL_RADIUS * 0.37, mid), crownSpaces));
        }
        return new WheelBoardGeometry(SIZE, squares, new WheelGeometry(centre, WHEEL_RADIUS, HUB_RADIUS, sectors));
    }

    private static Point polar(Point c, double r, double degrees) {
        double a = Math.toRadians(degrees);
        return new Point(c.x() + r * Math.cos(a), c.y() + r * Math.sin(a));
    }

    public BoardSquareGeometry square(int x, int y) {
        for (BoardSquareGeometry s : squares) {
            if (s.x() == x && s.y() == y) {
                return s;
            }
        }
        return null;
    }
}
