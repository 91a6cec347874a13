package dev.fortuna.engine.geometry;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Shared helpers of the geometry tests: the labelled regions of a drawing and the profile along an edge. */
final class GeometryChecks {
    /** Points this close to a region boundary may fall on either side (the documented tolerance). */
    static final double BOUNDARY = 1e-6;

    private GeometryChecks() {
    }

    /** One region of a drawing with its label: a feature's name and kind, or an area's kind. */
    record Labelled(String label, String kind, Region region) {
    }

    static List<Labelled> regions(List<FeatureShape> features, List<Area> areas) {
        List<Labelled> out = new ArrayList<>();
        for (FeatureShape f : features) {
            out.add(new Labelled(f.name(), f.kind().name(), f.region()));
        }
        for (Area a : areas) {
            out.add(new Labelled(a.kind().name(), a.kind().name(), a.region()));
        }
        return out;
    }

    static List<Labelled> regions(TileGeometry g) {
        return regions(g.features(), g.areas());
    }

    /** Every tile type of the catalog in every rotation. */
    static List<TileGeometry> allTiles() {
        List<TileGeometry> out = new ArrayList<>();
        for (TileType t : TileCatalog.standard().allTypes()) {
            for (Rotation r : Rotation.values()) {
                out.add(TileGeometry.of(t, r));
            }
        }
        return out;
    }

    /** One stretch of an edge and what lies just inside it: kind plus the feature name (or area kind). */
    record Stretch(double from, double to, String kind, String label) {
    }

    /**
     * What a drawing shows along edge {@code d} (0 N, 1 E, 2 S, 3 W) of the unit square at offset (ox, oy),
     * as stretches in the coordinate along the edge (x on N and S, y on E and W), measured just inside.
     * Breakpoints are the region vertices lying on the edge, so the stretches are exact.
     */
    static List<Stretch> profile(List<Labelled> regions, int d, double ox, double oy) {
        TreeSet<Double> cuts = new TreeSet<>(List.of(0.0, 1.0));
        for (Labelled l : regions) {
            for (List<Point> ring : l.region().rings()) {
                for (Point p : ring) {
                    double u = p.x() - ox, v = p.y() - oy;
                    double across = d == 0 ? v : d == 1 ? 1 - u : d == 2 ? 1 - v : u;
                    double along = d == 0 || d == 2 ? u : v;
                    if (Math.abs(across) < 1e-12 && along > 1e-12 && along < 1 - 1e-12) {
                        cuts.add(along);
                    }
                }
            }
        }
        List<Stretch> out = new ArrayList<>();
        Double prev = null;
        for (double c : cuts) {
            if (prev != null) {
                double mid = (prev + c) / 2, in = 1e-7;
                Point p = switch (d) {
                    case 0 -> new Point(ox + mid, oy + in);
                    case 1 -> new Point(ox + 1 - in, oy + mid);
                    case 2 -> new Point(ox + mid, oy + 1 - in);
                    default -> new Point(ox + in, oy + mid);
                };
                Labelled hit = null;
                for (Labelled l : regions) {
                    if (l.region().contains(p)) {
                        if (hit != null) {
                            throw new AssertionError("two regions at " + p + ": " + hit.label() + ", " + l.label());
                        }
                        hit = l;
                    }
                }
                if (hit == null) {
                    throw new AssertionError("no region at " + p);
                }
                Stretch last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null && last.label().equals(hit.label())) {
                    out.set(out.size() - 1, new Stretch(last.from(), c, last.kind(), last.label()));
                } else {
                    out.add(new Stretch(prev, c, hit.kind(), hit.label()));
                }
            }
            prev = c;
        }
        return out;
    }

    /** The profile with neighbouring stretches of one kind joined (two fields side by side read as field). */
    static List<Stretch> byKind(List<Stretch> profile) {
        List<Stretch> out = new ArrayList<>();
        for (Stretch s : profile) {
            Stretch last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.kind().equals(s.kind())) {
                out.set(out.size() - 1, new Stretch(last.from(), s.to(), s.kind(), s.kind()));
            } else {
                out.add(new Stretch(s.from(), s.to(), s.kind(), s.kind()));
            }
        }
        return out;
    }
}
