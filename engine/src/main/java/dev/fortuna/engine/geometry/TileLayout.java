package dev.fortuna.engine.geometry;

import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lays out one tile type in its canonical orientation (north up) from its notation alone.
 *
 * <p>The method is a painter's one made exact. Every feature but the fields gets a shape derived from the edges
 * it reaches: a city a cap, a corner, a band, a three-sided or a whole-tile shape; a road a strip round its
 * centre line; the cloister a square; the crop circle a disc; several roads ending together a junction; on the
 * wheel board, the wheel a disc. Shapes have a priority (wheel over city over cloister over junction over road
 * over crop circle). All their outlines and the tile square cut the square into faces ({@link Arrangement});
 * each face takes the top shape over it, and a face under no shape is field: the field whose half-edges it
 * touches. Regions are unions of faces, so together they cover the square exactly once.
 *
 * <p>The notation fixes the topology the drawing must show: which half-edges belong to one field. Some tiles
 * need the crop circle to touch a road (CC2-a) or to reach from city to city (CC2-e) and others need it clear
 * (CC2-b), so a few layout {@link Variant}s are tried in order and the first whose fields come out exactly as
 * the notation says is taken; if none does, the tile is refused (a new tile shape then needs a new variant).
 */
final class TileLayout {
    static final double ROAD_WIDTH = 0.11;
    static final double CAP_DEPTH = 0.25;
    /** Depth of the field caps beside a city band or three-sided city. */
    static final double FIELD_CAP_DEPTH = 0.3;
    /** Caps leave their corners at 40° (below 45°), so caps on adjacent edges touch only at the corner. */
    static final double CAP_TANGENT = Math.tan(Math.toRadians(40));
    /** A corner city's boundary crosses the diagonal at this fraction of the way from its corner to the centre. */
    static final double CORNER_REACH = 0.84;
    /** Bulge of a road bending round a corner: 0.276 is close to a quarter circle through the edge midpoints. */
    static final double BEND = 0.276;
    static final double CLOISTER_HALF = 0.19;
    static final double JUNCTION_RADIUS = 0.1;
    static final double PENNANT_RADIUS = 0.06;
    static final double WHEEL_NUMBER_RADIUS = 0.075;
    /** Room round an anchor for a follower figure; anchors sit as near their region's middle as allows it. */
    static final double ANCHOR_ROOM = 0.09;
    /** Road centre lines start this far outside the tile, so the strip crosses the edge square-on. */
    private static final double OUTSIDE = 0.05;
    private static final double STUB = 0.02;
    private static final int CURVE_STEPS = 24;
    private static final Point CENTRE = new Point(0.5, 0.5);
    private static final Point[] MID = {new Point(0.5, 0), new Point(1, 0.5), new Point(0.5, 1), new Point(0, 0.5)};
    private static final double[][] INWARD = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}};

    // Face labels: a feature index (>= 0) or one of these.
    private static final int FIELDISH = -1, CROP = -2, JUNCTION = -3, WHEEL = -4, OUT = -9;

    /** Layout choices tried in order (see the class comment). */
    record Variant(double cropRadius, double busyBend, boolean cropBands) {
    }

    static final List<Variant> VARIANTS = List.of(
            new Variant(0.14, 0.12, false), new Variant(0.19, BEND, false), new Variant(0.14, 0.12, true));

    record Result(List<FeatureShape> features, List<Area> areas, CropMark cropMark, WheelNumber wheelNumber) {
    }

    private record Shape(int priority, int label, List<Point> ring) {
    }

    private final TileType type;
    private final Point wheelCentre;
    private final double wheelRadius;
    private final Variant variant;
    private final List<Shape> shapes = new ArrayList<>();
    private final List<List<Point>> centreLines = new ArrayList<>();
    private Point cropCentre;

    private TileLayout(TileType type, Point wheelCentre, double wheelRadius, Variant variant) {
        this.type = type;
        this.wheelCentre = wheelCentre;
        this.wheelRadius = wheelRadius;
        this.variant = variant;
    }

    /**
     * Lays out {@code type}; {@code wheelCentre} (in the square's own coordinates) and {@code wheelRadius} give
     * the wheel for a square of the wheel board, or null and 0 for a land tile.
     */
    static Result build(TileType type, Point wheelCentre, double wheelRadius) {
        List<String> why = new ArrayList<>();
        for (Variant v : VARIANTS) {
            TileLayout layout = new TileLayout(type, wheelCentre, wheelRadius, v);
            try {
                return layout.run();
            } catch (LayoutMismatch e) {
                why.add(e.getMessage());
            }
        }
        throw new IllegalStateException("no layout of tile " + type.id() + " shows its notation's fields: " + why);
    }

    /** A variant whose faces disagree with the notation (tried next). */
    private static final class LayoutMismatch extends RuntimeException {
        LayoutMismatch(String message) {
            super(message, null, false, false);
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Shapes
    // ----------------------------------------------------------------------------------------------

    private Result run() {
        List<TileFeature> fs = type.features();
        boolean board = wheelCentre != null;
        boolean crop = type.cropSymbol() != null;
        int endingRoads = 0;
        boolean anyRoad = false, anyCity = false;
        for (TileFeature f : fs) {
            anyRoad |= f.kind() == FeatureKind.ROAD;
            anyCity |= f.kind() == FeatureKind.CITY;
            if (f.kind() == FeatureKind.ROAD && f.edgeCount() == 1) {
                endingRoads++;
            }
        }
        boolean junction = !board && !crop && !type.hasCloister()
                && (endingRoads >= 2 || (endingRoads == 1 && !anyCity));
        boolean busy = crop || junction || type.hasCloister();
        cropCentre = CENTRE;
        if (crop && !anyRoad) {
            // Without roads to meet, the circle moves away from the cities into the open field.
            double sx = 0, sy = 0;
            for (TileFeature f : fs) {
                if (f.kind() == FeatureKind.CITY) {
                    for (int d = 0; d < 4; d++) {
                        if ((f.edges() >> d & 1) != 0) {
                            sx += INWARD[d][0];
                            sy += INWARD[d][1];
                        }
                    }
                }
            }
            double len = Math.hypot(sx, sy);
            if (len > 1e-9) {
                cropCentre = new Point(0.5 + 0.06 * sx / len, 0.5 + 0.06 * sy / len);
            }
        }
        if (board) {
            shapes.add(new Shape(60, WHEEL, circle(wheelCentre, wheelRadius, 180)));
        }
        for (int i = 0; i < fs.size(); i++) {
            TileFeature f = fs.get(i);
            switch (f.kind()) {
                case CITY -> shapes.add(new Shape(50, i, cityRing(f.edges())));
                case CLOISTER -> shapes.add(new Shape(40, i, rect(0.5 - CLOISTER_HALF, 0.5 - CLOISTER_HALF,
                        0.5 + CLOISTER_HALF, 0.5 + CLOISTER_HALF)));
                default -> {
                }
            }
        }
        if (junction) {
            shapes.add(new Shape(35, JUNCTION, circle(CENTRE, JUNCTION_RADIUS, 40)));
        }
        for (int i = 0; i < fs.size(); i++) {
            TileFeature f = fs.get(i);
            if (f.kind() != FeatureKind.ROAD) {
                centreLines.add(List.of());
                continue;
            }
            List<List<Point>> lines = roadLines(f, busy ? variant.busyBend() : BEND, board, crop);
            List<Point> main = lines.get(0);
            centreLines.add(main);
            for (List<Point> line : lines) {
                shapes.add(new Shape(30, i, strip(line, ROAD_WIDTH / 2)));
            }
        }
        if (crop) {
            shapes.add(new Shape(20, CROP, circle(cropCentre, variant.cropRadius(), 72)));
            if (variant.cropBands()) {
                double h = 0.08;
                if (separateCities(0, 2)) {
                    shapes.add(new Shape(20, CROP, rect(0.5 - h, 0, 0.5 + h, 1)));
                }
                if (separateCities(1, 3)) {
                    shapes.add(new Shape(20, CROP, rect(0, 0.5 - h, 1, 0.5 + h)));
                }
            }
        }
        shapes.sort(Comparator.comparingInt(Shape::priority).reversed()); // stable: roads keep feature order
        return assemble();
    }

    private boolean separateCities(int a, int b) {
        int fa = type.edgeFeature(0, a), fb = type.edgeFeature(0, b);
        return fa >= 0 && fb >= 0 && fa != fb && type.feature(fa).kind() == FeatureKind.CITY
                && type.feature(fb).kind() == FeatureKind.CITY;
    }

    /** The cap on the north edge: a curve from corner (0,0) to corner (1,0) reaching {@code depth} into the tile. */
    private static List<Point> capCurve(double depth) {
        double a = depth / (0.75 * CAP_TANGENT);
        double h = a * CAP_TANGENT;
        return cubic(new Point(0, 0), new Point(a, h), new Point(1 - a, h), new Point(1, 0));
    }

    private static List<Point> cityRing(int mask) {
        int count = Integer.bitCount(mask);
        if (count == 4) {
            return rect(0, 0, 1, 1);
        }
        if (count == 1) {
            return turn(capCurve(CAP_DEPTH), Integer.numberOfTrailingZeros(mask));
        }
        if (count == 3) {
            int missing = Integer.numberOfTrailingZeros(~mask & 15);
            List<Point> ring = new ArrayList<>(List.of(new Point(0, 0), new Point(1, 0)));
            ring.addAll(turn(capCurve(FIELD_CAP_DEPTH), 2)); // (1,1) round to (0,1): the field cap on the south
            return turn(ring, missing - 2);
        }
        if (mask == 5 || mask == 10) {
            // A band between two opposite edges: the square less the two field caps (east-west, then turned).
            List<Point> ring = new ArrayList<>(capCurve(FIELD_CAP_DEPTH));
            ring.addAll(turn(capCurve(FIELD_CAP_DEPTH), 2));
            return mask == 10 ? ring : turn(ring, 1);
        }
        int first = 0;
        while ((mask >> first & 1) == 0 || (mask >> ((first + 1) & 3) & 1) == 0) {
            first++;
        }
        // North-east corner city: from (0,0) to (1,1) round the corner (1,0), then turned to its corner.
        double m = CORNER_REACH / 2;
        Point q = new Point(2 * (1 - m) - 0.5, 2 * m - 0.5);
        List<Point> ring = new ArrayList<>(quad(new Point(0, 0), q, new Point(1, 1)));
        ring.add(new Point(1, 0));
        return turn(ring, first);
    }

    /**
     * The centre lines of a road feature: the first is the drawn path; a road joining three or four edges gets
     * one line per further arm.
     */
    private List<List<Point>> roadLines(TileFeature f, double bend, boolean board, boolean crop) {
        List<Integer> edges = new ArrayList<>();
        for (int d = 0; d < 4; d++) {
            if ((f.edges() >> d & 1) != 0) {
                edges.add(d);
            }
        }
        if (edges.size() == 2) {
            int a = edges.get(0), b = edges.get(1);
            List<Point> line = new ArrayList<>(entry(a));
            if (b - a == 2) {
                line.add(CENTRE);
            } else {
                Point p = stub(a), q = stub(b);
                line.addAll(cubic(p, p.plus(bend * INWARD[a][0], bend * INWARD[a][1]),
                        q.plus(bend * INWARD[b][0], bend * INWARD[b][1]), q));
            }
            List<Point> exit = new ArrayList<>(entry(b));
            java.util.Collections.reverse(exit);
            line.addAll(exit);
            return List.of(dedupe(line));
        }
        if (edges.size() == 1) {
            int d = edges.get(0);
            List<Point> line = new ArrayList<>(entry(d));
            if (board) {
                Point p = stub(d);
                double dx = wheelCentre.x() - p.x(), dy = wheelCentre.y() - p.y(), len = Math.hypot(dx, dy);
                double reach = len - wheelRadius + 0.08;
                line.add(p);
                line.add(p.plus(dx / len * reach, dy / len * reach));
            } else if (crop) {
                double r = variant.cropRadius() - 0.03;
                line.add(cropCentre.plus(-INWARD[d][0] * r, -INWARD[d][1] * r));
            } else if (type.hasCloister() || endsAtJunction()) {
                line.add(CENTRE);
            } else {
                Point gate = gate(d);
                line.addAll(quad(stub(d), CENTRE, gate));
            }
            return List.of(dedupe(line));
        }
        List<List<Point>> arms = new ArrayList<>();
        for (int d : edges) {
            List<Point> line = new ArrayList<>(entry(d));
            line.add(CENTRE);
            arms.add(line);
        }
        return arms;
    }

    private boolean endsAtJunction() {
        return shapes.stream().anyMatch(s -> s.label() == JUNCTION);
    }

    /** Where a road ending at a city enters it: from the centre towards the city of the tile most ahead. */
    private Point gate(int d) {
        double best = Double.NEGATIVE_INFINITY;
        double[] dir = null;
        for (TileFeature f : type.features()) {
            if (f.kind() != FeatureKind.CITY) {
                continue;
            }
            double sx = 0, sy = 0;
            for (int e = 0; e < 4; e++) {
                if ((f.edges() >> e & 1) != 0) {
                    sx -= INWARD[e][0];
                    sy -= INWARD[e][1];
                }
            }
            double len = Math.hypot(sx, sy);
            if (len < 1e-9) {
                continue;
            }
            double score = (sx * INWARD[d][0] + sy * INWARD[d][1]) / len;
            if (score > best) {
                best = score;
                dir = new double[] {sx / len, sy / len};
            }
        }
        if (dir == null) {
            return CENTRE;
        }
        return CENTRE.plus(0.38 * dir[0], 0.38 * dir[1]);
    }

    /** The start of a road at edge d: from outside the tile, square-on through the edge midpoint. */
    private static List<Point> entry(int d) {
        Point m = MID[d];
        return List.of(m.plus(-OUTSIDE * INWARD[d][0], -OUTSIDE * INWARD[d][1]), m, stub(d));
    }

    private static Point stub(int d) {
        return MID[d].plus(STUB * INWARD[d][0], STUB * INWARD[d][1]);
    }

    // ----------------------------------------------------------------------------------------------
    // Faces, labels and regions
    // ----------------------------------------------------------------------------------------------

    private int labelAt(Point p) {
        if (p.x() < 0 || p.x() > 1 || p.y() < 0 || p.y() > 1) {
            return OUT;
        }
        for (Shape s : shapes) {
            if (Region.inRing(s.ring(), p)) {
                return s.label();
            }
        }
        return FIELDISH;
    }

    private Result assemble() {
        Arrangement arr = new Arrangement();
        arr.addRing(List.of(new Point(0, 0), MID[0], new Point(1, 0), MID[1], new Point(1, 1), MID[2],
                new Point(0, 1), MID[3]));
        for (Shape s : shapes) {
            arr.addRing(s.ring());
        }
        arr.build();
        List<int[]> cycles = arr.cycles();
        int nc = cycles.size();
        double[] area = new double[nc];
        Point[] sample = new Point[nc];
        for (int c = 0; c < nc; c++) {
            int[] cyc = cycles.get(c);
            double s = 0, longest = -1;
            for (int h : cyc) {
                Point a = arr.from(h), b = arr.to(h);
                s += a.x() * b.y() - b.x() * a.y();
                double len = a.distance(b);
                if (len > longest) {
                    longest = len;
                    double ux = (b.x() - a.x()) / len, uy = (b.y() - a.y()) / len;
                    // Just left of the longest edge's middle: inside this cycle's face.
                    sample[c] = new Point((a.x() + b.x()) / 2 - 1e-7 * uy, (a.y() + b.y()) / 2 + 1e-7 * ux);
                }
            }
            area[c] = s / 2;
        }
        // Each cycle's face: a positive cycle is a face's outer boundary; a negative one is a hole of the
        // smallest positive cycle round it (or the outside of everything).
        int[] face = new int[nc];
        for (int c = 0; c < nc; c++) {
            face[c] = c;
            if (area[c] < 0) {
                face[c] = -1;
                double best = Double.POSITIVE_INFINITY;
                for (int o = 0; o < nc; o++) {
                    if (area[o] > 0 && area[o] < best && Region.inRing(ring(arr, cycles.get(o)), sample[c])) {
                        best = area[o];
                        face[c] = o;
                    }
                }
            }
        }
        Map<Integer, Integer> faceLabel = new HashMap<>();
        Map<Integer, Set<Integer>> touched = new HashMap<>();
        for (int c = 0; c < nc; c++) {
            if (face[c] < 0) {
                continue;
            }
            Set<Integer> halves = touched.computeIfAbsent(face[c], k -> new LinkedHashSet<>());
            for (int h : cycles.get(c)) {
                int he = boundaryHalf(arr.from(h), arr.to(h));
                if (he >= 0) {
                    halves.add(he);
                }
            }
        }
        int fieldCount = 0, cityCount = 0, lastCity = -1;
        for (int i = 0; i < type.features().size(); i++) {
            FeatureKind k = type.feature(i).kind();
            fieldCount += k == FeatureKind.FIELD ? 1 : 0;
            if (k == FeatureKind.CITY) {
                cityCount++;
                lastCity = i;
            }
        }
        Map<Integer, Integer> fieldFaces = new HashMap<>();
        for (int c = 0; c < nc; c++) {
            if (area[c] <= 0) {
                continue;
            }
            int label = labelAt(sample[c]);
            if (label == FIELDISH) {
                Set<Integer> fields = new LinkedHashSet<>();
                for (int he : touched.getOrDefault(c, Set.of())) {
                    int f = type.halfFeature(0, he);
                    if (f >= 0) {
                        fields.add(f);
                    }
                }
                if (fields.size() > 1) {
                    throw new LayoutMismatch(variant + ": one face joins fields " + names(fields));
                }
                if (fields.size() == 1) {
                    label = fields.iterator().next();
                    fieldFaces.merge(label, 1, Integer::sum);
                } else if (type.cropSymbol() != null) {
                    label = CROP; // pockets between cities and the circle are crop too
                } else if (wheelCentre != null && fieldCount == 0 && cityCount == 1) {
                    label = lastCity; // a board city fills its square's landscape
                } else {
                    throw new LayoutMismatch(variant + ": a pocket of field touches no field half-edge");
                }
            }
            faceLabel.put(c, label);
        }
        for (int i = 0; i < type.features().size(); i++) {
            TileFeature f = type.feature(i);
            if (f.kind() == FeatureKind.FIELD && fieldFaces.getOrDefault(i, 0) != 1) {
                throw new LayoutMismatch(variant + ": field " + f.name() + " is drawn in "
                        + fieldFaces.getOrDefault(i, 0) + " pieces");
            }
        }
        // Every field half-edge must open onto its own field.
        for (Map.Entry<Integer, Set<Integer>> e : touched.entrySet()) {
            Integer label = faceLabel.get(e.getKey());
            for (int he : e.getValue()) {
                int f = type.halfFeature(0, he);
                if (f >= 0 && label != null && label >= 0 && type.feature(label).kind() == FeatureKind.FIELD
                        && label != f) {
                    throw new LayoutMismatch(variant + ": half-edge " + HalfEdge.of(he) + " opens onto "
                            + type.feature(label).name());
                }
            }
        }
        int m = arr.halfEdges();
        int[] halfLabel = new int[m];
        for (int c = 0; c < nc; c++) {
            int lbl = face[c] < 0 ? OUT : faceLabel.getOrDefault(face[c], OUT);
            for (int h : cycles.get(c)) {
                halfLabel[h] = lbl;
            }
        }
        Map<Integer, Region> regions = new HashMap<>();
        boolean[] used = new boolean[m];
        Map<Integer, List<List<Point>>> rings = new HashMap<>();
        for (int h = 0; h < m; h++) {
            int lbl = halfLabel[h];
            if (used[h] || lbl == OUT || halfLabel[h ^ 1] == lbl) {
                continue;
            }
            List<Point> ring = new ArrayList<>();
            int e = h;
            int guard = 0;
            do {
                used[e] = true;
                ring.add(arr.from(e));
                int nx = arr.next(e);
                while (halfLabel[nx ^ 1] == lbl) {
                    nx = arr.next(nx ^ 1);
                    if (++guard > 4 * m) {
                        throw new IllegalStateException("tile " + type.id() + ": open region boundary");
                    }
                }
                e = nx;
            } while (e != h);
            rings.computeIfAbsent(lbl, k -> new ArrayList<>()).add(simplify(ring));
        }
        rings.forEach((lbl, rs) -> regions.put(lbl, new Region(rs)));
        return describe(regions);
    }

    private Result describe(Map<Integer, Region> regions) {
        List<TileFeature> fs = type.features();
        List<FeatureShape> out = new ArrayList<>();
        List<Point> anchors = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            TileFeature f = fs.get(i);
            Region r = regions.get(i);
            if (r == null) {
                throw new LayoutMismatch(variant + ": feature " + f.name() + " is hidden");
            }
            Point anchor = Spots.best(List.of(r), List.of(), 0, 0, ANCHOR_ROOM).point();
            anchors.add(anchor);
            List<Point> path = f.kind() == FeatureKind.ROAD ? visiblePath(i) : List.of();
            List<Pennant> pennants = new ArrayList<>();
            List<Point> avoid = new ArrayList<>(List.of(anchor));
            for (int p = 0; p < f.pennants(); p++) {
                Point at = Spots.best(List.of(r), avoid, 0.12 + PENNANT_RADIUS, PENNANT_RADIUS, 0.05).point();
                pennants.add(new Pennant(at, PENNANT_RADIUS));
                avoid.add(at);
            }
            out.add(new FeatureShape(f.name(), f.kind(), r, anchor, path,
                    f.kind() == FeatureKind.ROAD ? ROAD_WIDTH : 0, pennants, f.inn()));
        }
        List<Area> areas = new ArrayList<>();
        for (AreaKind kind : AreaKind.values()) {
            Region r = regions.get(areaLabel(kind));
            if (r != null) {
                areas.add(new Area(kind, r));
            }
        }
        CropMark crop = type.cropSymbol() == null ? null
                : new CropMark(type.cropSymbol(), cropCentre, variant.cropRadius() * 0.75);
        WheelNumber wheel = null;
        if (type.wheel() > 0) {
            List<Region> fields = new ArrayList<>();
            for (int i = 0; i < fs.size(); i++) {
                if (fs.get(i).kind() == FeatureKind.FIELD) {
                    fields.add(regions.get(i));
                }
            }
            Point at = Spots.best(fields, anchors, 0.1 + WHEEL_NUMBER_RADIUS, WHEEL_NUMBER_RADIUS, 0.03).point();
            wheel = new WheelNumber(type.wheel(), at, WHEEL_NUMBER_RADIUS);
        }
        return new Result(out, areas, crop, wheel);
    }

    private static int areaLabel(AreaKind kind) {
        return switch (kind) {
            case CROP_CIRCLE -> CROP;
            case JUNCTION -> JUNCTION;
            case WHEEL -> WHEEL;
        };
    }

    /** The part of road {@code f}'s centre line that shows: from the tile edge to where it meets what ends it. */
    private List<Point> visiblePath(int f) {
        List<Point> line = centreLines.get(f);
        List<Point> best = List.of(), run = new ArrayList<>();
        for (int i = 0; i + 1 < line.size(); i++) {
            Point a = line.get(i), b = line.get(i + 1);
            int steps = 16;
            for (int s = i == 0 ? 0 : 1; s <= steps; s++) {
                Point p = new Point(a.x() + (b.x() - a.x()) * s / steps, a.y() + (b.y() - a.y()) * s / steps);
                if (labelAt(p) == f) {
                    run.add(p);
                } else {
                    if (run.size() > best.size()) {
                        best = run;
                    }
                    run = new ArrayList<>();
                }
            }
        }
        if (run.size() > best.size()) {
            best = run;
        }
        return simplify(best, false);
    }

    private static List<Point> ring(Arrangement arr, int[] cycle) {
        List<Point> pts = new ArrayList<>();
        for (int h : cycle) {
            pts.add(arr.from(h));
        }
        return pts;
    }

    /** The half-edge (0–7) a boundary piece from a to b lies on, or -1 when it is not on the tile's edge. */
    private static int boundaryHalf(Point a, Point b) {
        double mx = (a.x() + b.x()) / 2, my = (a.y() + b.y()) / 2;
        double eps = 1e-9;
        if (Math.abs(a.y()) < eps && Math.abs(b.y()) < eps) {
            return mx < 0.5 ? 0 : 1;
        }
        if (Math.abs(a.x() - 1) < eps && Math.abs(b.x() - 1) < eps) {
            return my < 0.5 ? 2 : 3;
        }
        if (Math.abs(a.y() - 1) < eps && Math.abs(b.y() - 1) < eps) {
            return mx > 0.5 ? 4 : 5;
        }
        if (Math.abs(a.x()) < eps && Math.abs(b.x()) < eps) {
            return my > 0.5 ? 6 : 7;
        }
        return -1;
    }

    private String names(Set<Integer> features) {
        return features.stream().map(i -> type.feature(i).name()).toList().toString();
    }

    // ----------------------------------------------------------------------------------------------
    // Small geometry
    // ----------------------------------------------------------------------------------------------

    static List<Point> circle(Point c, double r, int n) {
        List<Point> pts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            pts.add(new Point(c.x() + r * Math.cos(a), c.y() + r * Math.sin(a)));
        }
        return pts;
    }

    private static List<Point> rect(double x0, double y0, double x1, double y1) {
        return List.of(new Point(x0, y0), new Point(x1, y0), new Point(x1, y1), new Point(x0, y1));
    }

    private static List<Point> turn(List<Point> pts, int quarterTurns) {
        return pts.stream().map(p -> p.turned(quarterTurns, 0.5, 0.5)).toList();
    }

    private static List<Point> cubic(Point a, Point b, Point c, Point d) {
        List<Point> pts = new ArrayList<>();
        for (int i = 0; i <= CURVE_STEPS; i++) {
            double t = (double) i / CURVE_STEPS, u = 1 - t;
            double w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
            pts.add(i == 0 ? a : i == CURVE_STEPS ? d : new Point(
                    w0 * a.x() + w1 * b.x() + w2 * c.x() + w3 * d.x(),
                    w0 * a.y() + w1 * b.y() + w2 * c.y() + w3 * d.y()));
        }
        return pts;
    }

    private static List<Point> quad(Point a, Point q, Point b) {
        List<Point> pts = new ArrayList<>();
        for (int i = 0; i <= CURVE_STEPS; i++) {
            double t = (double) i / CURVE_STEPS, u = 1 - t;
            pts.add(i == 0 ? a : i == CURVE_STEPS ? b : new Point(
                    u * u * a.x() + 2 * u * t * q.x() + t * t * b.x(),
                    u * u * a.y() + 2 * u * t * q.y() + t * t * b.y()));
        }
        return pts;
    }

    /**
     * The outline of a strip {@code half} to each side of a polyline, mitred at the joints. Where the line is
     * straight (as it is where it crosses a tile edge) the outline is exactly {@code half} off the line.
     */
    private static List<Point> strip(List<Point> line, double half) {
        int n = line.size();
        List<Point> left = new ArrayList<>(), right = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] n1 = i > 0 ? normal(line.get(i - 1), line.get(i)) : null;
            double[] n2 = i + 1 < n ? normal(line.get(i), line.get(i + 1)) : null;
            double nx, ny, scale = half;
            if (n1 == null) {
                nx = n2[0];
                ny = n2[1];
            } else if (n2 == null) {
                nx = n1[0];
                ny = n1[1];
            } else {
                nx = n1[0] + n2[0];
                ny = n1[1] + n2[1];
                double len = Math.hypot(nx, ny);
                nx /= len;
                ny /= len;
                scale = half / (nx * n1[0] + ny * n1[1]);
            }
            Point p = line.get(i);
            left.add(p.plus(nx * scale, ny * scale));
            right.add(p.plus(-nx * scale, -ny * scale));
        }
        List<Point> ring = new ArrayList<>(left);
        for (int i = n - 1; i >= 0; i--) {
            ring.add(right.get(i));
        }
        return ring;
    }

    private static double[] normal(Point a, Point b) {
        double dx = b.x() - a.x(), dy = b.y() - a.y(), len = Math.hypot(dx, dy);
        return new double[] {-dy / len, dx / len};
    }

    private static List<Point> dedupe(List<Point> pts) {
        List<Point> out = new ArrayList<>();
        for (Point p : pts) {
            if (out.isEmpty() || out.get(out.size() - 1).distance(p) > 1e-12) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<Point> simplify(List<Point> ring) {
        return simplify(ring, true);
    }

    /** Drops points that lie on the straight line between their neighbours (they change nothing drawn). */
    private static List<Point> simplify(List<Point> pts, boolean closed) {
        List<Point> cur = dedupe(pts);
        if (closed && cur.size() > 1 && cur.get(0).distance(cur.get(cur.size() - 1)) <= 1e-12) {
            cur.remove(cur.size() - 1);
        }
        boolean changed = true;
        while (changed && cur.size() > 3) {
            changed = false;
            int n = cur.size();
            for (int i = closed ? 0 : 1; i < (closed ? n : n - 1); i++) {
                Point a = cur.get((i - 1 + n) % n), b = cur.get(i), c = cur.get((i + 1) % n);
                double cross = (b.x() - a.x()) * (c.y() - b.y()) - (b.y() - a.y()) * (c.x() - b.x());
                double dot = (b.x() - a.x()) * (c.x() - b.x()) + (b.y() - a.y()) * (c.y() - b.y());
                if (Math.abs(cross) < 1e-13 && dot > 0) {
                    cur.remove(i);
                    changed = true;
                    break;
                }
            }
        }
        return List.copyOf(cur);
    }
}
