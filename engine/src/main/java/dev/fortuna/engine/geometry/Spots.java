package dev.fortuna.engine.geometry;

import java.util.List;

/**
 * Finds a good point inside a region for a marker (a follower, a pennant, a wheel number): the point nearest
 * the region's centroid among those with {@code room} to spare (clear of the boundary by the marker's radius
 * plus {@code room}, and of the points to avoid by {@code gap}); where no point has that room, the roomiest
 * one (so a road's anchor lies on its centre line, at its middle). A fixed grid search refined three times:
 * deterministic, and the result is always a point the region contains.
 */
final class Spots {
    private static final int COARSE = 28, FINE = 9;
    private static final double PULL = 0.05;

    record Spot(Point point, double score) {
    }

    private Spots() {
    }

    /** The best spot in any of {@code regions}; {@code margin} is the marker's own radius. */
    static Spot best(List<Region> regions, List<Point> avoid, double gap, double margin, double room) {
        Spot best = null;
        for (Region r : regions) {
            Spot s = best(r, avoid, gap, margin, room);
            if (best == null || s.score() > best.score()) {
                best = s;
            }
        }
        if (best == null) {
            throw new IllegalStateException("no region to place a marker in");
        }
        return best;
    }

    private static Spot best(Region region, List<Point> avoid, double gap, double margin, double room) {
        double x0 = Double.POSITIVE_INFINITY, y0 = x0, x1 = Double.NEGATIVE_INFINITY, y1 = x1;
        for (List<Point> ring : region.rings()) {
            for (Point p : ring) {
                x0 = Math.min(x0, p.x());
                y0 = Math.min(y0, p.y());
                x1 = Math.max(x1, p.x());
                y1 = Math.max(y1, p.y());
            }
        }
        Point centroid = centroid(region);
        Spot best = null;
        for (int n = COARSE; best == null && n <= 8 * COARSE; n *= 2) {
            best = search(region, avoid, gap, margin, room, centroid, x0, y0, (x1 - x0) / n, (y1 - y0) / n, n, null);
        }
        if (best == null) {
            throw new IllegalStateException("region too thin for a marker");
        }
        double sx = (x1 - x0) / COARSE, sy = (y1 - y0) / COARSE;
        for (int round = 0; round < 3; round++) {
            double wx = 1.5 * sx, wy = 1.5 * sy;
            sx = 2 * wx / (FINE - 1);
            sy = 2 * wy / (FINE - 1);
            Point c = best.point();
            best = search(region, avoid, gap, margin, room, centroid, c.x() - wx, c.y() - wy, sx, sy, FINE - 1, best);
        }
        return best;
    }

    private static Spot search(Region region, List<Point> avoid, double gap, double margin, double room,
                               Point centroid,
                               double x0, double y0, double sx, double sy, int n, Spot best) {
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= n; j++) {
                // Half a step in, so the coarse grid never samples the bounding box's own edges.
                Point p = new Point(x0 + (i + (best == null ? 0.5 : 0)) * sx, y0 + (j + (best == null ? 0.5 : 0)) * sy);
                if (!region.contains(p)) {
                    continue;
                }
                double score = region.distanceToBoundary(p) - margin;
                for (Point a : avoid) {
                    score = Math.min(score, p.distance(a) - gap);
                }
                score = Math.min(score, room) - PULL * p.distance(centroid);
                if (best == null || score > best.score()) {
                    best = new Spot(p, score);
                }
            }
        }
        return best;
    }

    static Point centroid(Region region) {
        double a = 0, cx = 0, cy = 0;
        for (List<Point> ring : region.rings()) {
            int n = ring.size();
            for (int i = 0, j = n - 1; i < n; j = i++) {
                Point p = ring.get(j), q = ring.get(i);
                double cross = p.x() * q.y() - q.x() * p.y();
                a += cross;
                cx += (p.x() + q.x()) * cross;
                cy += (p.y() + q.y()) * cross;
            }
        }
        return Math.abs(a) < 1e-15 ? region.rings().get(0).get(0) : new Point(cx / (3 * a), cy / (3 * a));
    }
}
