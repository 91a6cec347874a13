package dev.fortuna.engine.geometry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The planar subdivision cut by a set of segments: every crossing, touching and overlap becomes a vertex,
 * every piece between vertices an edge (shared pieces once), and the edges bound faces. Half-edge {@code h}
 * runs from {@link #from} to {@link #to}; its twin is {@code h ^ 1}; {@link #next} follows the face on the
 * half-edge's left (counter-clockwise in (x, y) as numbers), so bounded faces have positive area.
 *
 * <p>This is what keeps the regions of a tile an exact partition: each region's rings are made of these
 * edges, so neighbouring regions share their boundary point for point instead of approximating it twice.
 */
final class Arrangement {
    /** Points closer than this are one vertex. Far below any feature of a drawing, far above rounding noise. */
    private static final double SNAP = 1e-9;

    private final List<double[]> segments = new ArrayList<>();
    private final List<Point> vertices = new ArrayList<>();
    private final Map<Long, List<Integer>> grid = new HashMap<>();
    private int[] from, to, next;

    void add(Point a, Point b) {
        if (a.distance(b) > SNAP) {
            segments.add(new double[] {a.x(), a.y(), b.x(), b.y()});
        }
    }

    void addRing(List<Point> ring) {
        for (int i = 0; i < ring.size(); i++) {
            add(ring.get(i), ring.get((i + 1) % ring.size()));
        }
    }

    void build() {
        int n = segments.size();
        List<List<Double>> cuts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            cuts.add(new ArrayList<>(List.of(0.0, 1.0)));
        }
        for (int i = 0; i < n; i++) {
            double[] s = segments.get(i);
            for (int j = i + 1; j < n; j++) {
                intersect(s, segments.get(j), cuts.get(i), cuts.get(j));
            }
        }
        Map<Long, Boolean> seen = new HashMap<>();
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] s = segments.get(i);
            List<Double> ts = cuts.get(i);
            ts.sort(null);
            int prev = -1;
            for (double t : ts) {
                int v = vertex(s[0] + t * (s[2] - s[0]), s[1] + t * (s[3] - s[1]));
                if (prev >= 0 && v != prev) {
                    long key = (long) Math.min(v, prev) << 32 | Math.max(v, prev);
                    if (seen.putIfAbsent(key, Boolean.TRUE) == null) {
                        edges.add(new int[] {prev, v});
                    }
                }
                prev = v;
            }
        }
        int m = edges.size() * 2;
        from = new int[m];
        to = new int[m];
        next = new int[m];
        List<List<Integer>> out = new ArrayList<>();
        for (int v = 0; v < vertices.size(); v++) {
            out.add(new ArrayList<>());
        }
        for (int e = 0; e < edges.size(); e++) {
            int a = edges.get(e)[0], b = edges.get(e)[1];
            from[2 * e] = a;
            to[2 * e] = b;
            from[2 * e + 1] = b;
            to[2 * e + 1] = a;
            out.get(a).add(2 * e);
            out.get(b).add(2 * e + 1);
        }
        int[] position = new int[m];
        for (List<Integer> list : out) {
            list.sort((p, q) -> Double.compare(angle(p), angle(q)));
            for (int k = 0; k < list.size(); k++) {
                position[list.get(k)] = k;
            }
        }
        for (int h = 0; h < m; h++) {
            // Arriving at v along h, the face on h's left continues along the next edge clockwise from h's twin.
            int twin = h ^ 1;
            List<Integer> around = out.get(to[h]);
            next[h] = around.get(Math.floorMod(position[twin] - 1, around.size()));
        }
    }

    private double angle(int h) {
        Point a = vertices.get(from[h]), b = vertices.get(to[h]);
        return Math.atan2(b.y() - a.y(), b.x() - a.x());
    }

    private static void intersect(double[] s, double[] t, List<Double> cs, List<Double> ct) {
        double rx = s[2] - s[0], ry = s[3] - s[1], qx = t[2] - t[0], qy = t[3] - t[1];
        double den = rx * qy - ry * qx;
        double wx = t[0] - s[0], wy = t[1] - s[1];
        double lr = Math.hypot(rx, ry), lq = Math.hypot(qx, qy);
        if (Math.abs(den) > 1e-12 * lr * lq) {
            double u = (wx * qy - wy * qx) / den, v = (wx * ry - wy * rx) / den;
            double eu = SNAP / lr, ev = SNAP / lq;
            if (u >= -eu && u <= 1 + eu && v >= -ev && v <= 1 + ev) {
                cs.add(clamp(u));
                ct.add(clamp(v));
            }
            return;
        }
        // Parallel: only collinear overlaps matter; cut each at the other's ends that lie on it.
        if (Math.abs(wx * ry - wy * rx) > SNAP * lr) {
            return;
        }
        onSegment(s, t[0], t[1], cs);
        onSegment(s, t[2], t[3], cs);
        onSegment(t, s[0], s[1], ct);
        onSegment(t, s[2], s[3], ct);
    }

    private static void onSegment(double[] s, double x, double y, List<Double> cuts) {
        double rx = s[2] - s[0], ry = s[3] - s[1];
        double len2 = rx * rx + ry * ry;
        double u = ((x - s[0]) * rx + (y - s[1]) * ry) / len2;
        double eu = SNAP / Math.sqrt(len2);
        if (u >= -eu && u <= 1 + eu) {
            cuts.add(clamp(u));
        }
    }

    private static double clamp(double u) {
        return Math.max(0, Math.min(1, u));
    }

    private int vertex(double x, double y) {
        long gx = Math.round(x / (4 * SNAP)), gy = Math.round(y / (4 * SNAP));
        for (long dx = -1; dx <= 1; dx++) {
            for (long dy = -1; dy <= 1; dy++) {
                List<Integer> bucket = grid.get(key(gx + dx, gy + dy));
                if (bucket != null) {
                    for (int v : bucket) {
                        Point p = vertices.get(v);
                        if (Math.abs(p.x() - x) <= 2 * SNAP && Math.abs(p.y() - y) <= 2 * SNAP) {
                            return v;
                        }
                    }
                }
            }
        }
        vertices.add(new Point(x, y));
        grid.computeIfAbsent(key(gx, gy), k -> new ArrayList<>()).add(vertices.size() - 1);
        return vertices.size() - 1;
    }

    private static long key(long gx, long gy) {
        return gx * 0x9E3779B97F4A7C15L ^ gy;
    }

    int halfEdges() {
        return from.length;
    }

    Point from(int h) {
        return vertices.get(from[h]);
    }

    Point to(int h) {
        return vertices.get(to[h]);
    }

    int next(int h) {
        return next[h];
    }

    /** The boundary cycles: each a list of half-edges, the face on their left. */
    List<int[]> cycles() {
        boolean[] done = new boolean[from.length];
        List<int[]> cycles = new ArrayList<>();
        for (int h = 0; h < from.length; h++) {
            if (done[h]) {
                continue;
            }
            int k = 0;
            for (int e = h; !done[e]; e = next[e]) {
                done[e] = true;
                k++;
            }
            int[] cycle = new int[k];
            for (int i = 0, e = h; i < k; i++, e = next[e]) {
                cycle[i] = e;
            }
            cycles.add(cycle);
        }
        return cycles;
    }
}
