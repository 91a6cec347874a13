package dev.fortuna.engine.geometry;

/**
 * A point of a drawing. On a tile: the unit square, x growing east (right), y growing SOUTH (down, as in SVG);
 * the north edge is y = 0. On the wheel board: the same axes in a 4×4 box, one unit per square.
 */
public record Point(double x, double y) {
    /** This point turned clockwise (as seen on screen) by {@code quarterTurns} quarter turns about (cx, cy). */
    public Point turned(int quarterTurns, double cx, double cy) {
        double dx = x - cx, dy = y - cy;
        for (int i = 0; i < (quarterTurns & 3); i++) {
            // With y down, a clockwise quarter turn sends north (0,-1) to east (1,0): (dx, dy) -> (-dy, dx).
            double t = dx;
            dx = -dy;
            dy = t;
        }
        return new Point(cx + dx, cy + dy);
    }

    public Point plus(double dx, double dy) {
        return new Point(x + dx, y + dy);
    }

    public double distance(Point o) {
        return Math.hypot(x - o.x, y - o.y);
    }
}
