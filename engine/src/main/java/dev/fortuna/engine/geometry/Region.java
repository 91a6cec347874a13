package dev.fortuna.engine.geometry;

import java.util.ArrayList;
import java.util.List;

/**
 * An area made of closed rings of points (the last point joins the first; it is not repeated). A point lies
 * inside the region when it lies inside an odd number of rings (SVG {@code fill-rule="evenodd"}): a field
 * round a cloister is one outer ring and one hole ring. Outer rings run counter-clockwise in (x, y) as
 * numbers (clockwise on screen, where y grows down), holes the other way.
 */
public record Region(List<List<Point>> rings) {
    public Region {
        List<List<Point>> copy = new ArrayList<>();
        for (List<Point> r : rings) {
            copy.add(List.copyOf(r));
        }
        rings = List.copyOf(copy);
    }

    /** Even-odd containment; a point exactly on a ring may go either way (callers keep clear of boundaries). */
    public boolean contains(Point p) {
        boolean inside = false;
        for (List<Point> ring : rings) {
            inside ^= inRing(ring, p);
        }
        return inside;
    }

    /** Whether {@code p} lies inside one closed ring (crossing count; either way on the ring itself). */
    static boolean inRing(List<Point> ring, Point p) {
        boolean inside = false;
        int n = ring.size();
        for (int i = 0, j = n - 1; i < n; j = i++) {
            Point a = ring.get(i), b = ring.get(j);
            if ((a.y() > p.y()) != (b.y() > p.y())
                    && p.x() < (b.x() - a.x()) * (p.y() - a.y()) / (b.y() - a.y()) + a.x()) {
                inside = !inside;
            }
        }
        return inside;
    }

    /** The area enclosed (holes subtracted). */
    public double area() {
        double sum = 0;
        for (List<Point> ring : rings) {
            sum += signedArea(ring);
        }
        return Math.abs(sum);
    }

    /** The distance from {@code p} to the nearest ring (the region's boundary). */
    public double distanceToBoundary(Point p) {
        double best = Double.POSITIVE_INFINITY;
        for (List<Point> ring : rings) {
            int n = ring.size();
            for (int i = 0, j = n - 1; i < n; j = i++) {
                best = Math.min(best, segmentDistance(p, ring.get(j), ring.get(i)));
            }
        }
        return best;
    }

    /** The region turned clockwise on screen by quarter turns about (cx, cy). */
    public Region turned(int quarterTurns, double cx, double cy) {
        List<List<Point>> out = new ArrayList<>();
        for (List<Point> ring : rings) {
            out.add(ring.stream().map(q -> q.turned(quarterTurns, cx, cy)).toList());
        }
        return new Region(out);
    }

    public Region moved(double dx, double dy) {
        List<List<Point>> out = new ArrayList<>();
        for (List<Point> ring : rings) {
            out.add(ring.stream().map(q -> q.plus(dx, dy)).toList());
        }
        return new Region(out);
    }

    static double signedArea(List<Point> ring) {
        double s = 0;
        int n = ring.size();
        for (int i = 0, j = n - 1; i < n; j = i++) {
            s += ring.get(j).x() * ring.get(i).y() - ring.get(i).x() * ring.get(j).y();
        }
        return s / 2;
    }

    static double segmentDistance(Point p, Point a, Point b) {
        double dx = b.x() - a.x(), dy = b.y() - a.y();
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / len2;
        t = Math.max(0, Math.min(1, t));
        return Math.hypot(p.x() - a.x() - t * dx, p.y() - a.y() - t * dy);
    }
}
