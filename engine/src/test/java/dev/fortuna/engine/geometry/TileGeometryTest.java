package dev.fortuna.engine.geometry;

import static dev.fortuna.engine.geometry.GeometryChecks.BOUNDARY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.geometry.GeometryChecks.Labelled;
import dev.fortuna.engine.geometry.GeometryChecks.Stretch;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileNotation;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TileGeometryTest {
    private static final double HALF_ROAD = TileGeometry.ROAD_WIDTH / 2;

    private static TileType type(String id) {
        TileType t = TileCatalog.standard().type(id);
        assertNotNull(t, id);
        return t;
    }

    /**
     * The regions of a tile (its features' regions plus its areas: crop circle, junction) partition the unit
     * square: their areas add up to exactly 1, and each point of a 64×64 grid (offset so that it misses the
     * drawing's straight lines) lies in exactly one region, except points within 1e-6 of a region boundary.
     */
    @Test
    void regionsCoverEveryTileOnceInEveryRotation() {
        int n = 64, boundaryPoints = 0, checked = 0;
        for (TileGeometry g : GeometryChecks.allTiles()) {
            List<Labelled> regions = GeometryChecks.regions(g);
            double sum = regions.stream().mapToDouble(l -> l.region().area()).sum();
            assertEquals(1.0, sum, 1e-9, g.tileId() + " " + g.rotation());
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    Point p = new Point((i + 0.5 + 0.01 * Math.sqrt(2)) / n, (j + 0.5 + 0.01 * Math.sqrt(3)) / n);
                    List<String> hits = new ArrayList<>();
                    for (Labelled l : regions) {
                        if (l.region().contains(p)) {
                            hits.add(l.label());
                        }
                    }
                    if (hits.size() != 1) {
                        final Point q = p;
                        double near = regions.stream().mapToDouble(l -> l.region().distanceToBoundary(q)).min()
                                .orElseThrow();
                        assertTrue(near < BOUNDARY, g.tileId() + " " + g.rotation() + " at " + p + ": " + hits);
                        boundaryPoints++;
                    }
                    checked++;
                }
            }
        }
        assertEquals(74 * 4 * 64 * 64, checked); // 24 base + 38 Wheel of Fortune + 12 Crop Circles types
        assertEquals(0, boundaryPoints, "no grid point should need the boundary tolerance");
    }

    @Test
    void everyAnchorLiesInsideItsOwnRegionAndOutsideAllOthers() {
        for (TileGeometry g : GeometryChecks.allTiles()) {
            List<Labelled> regions = GeometryChecks.regions(g);
            for (FeatureShape f : g.features()) {
                for (Labelled l : regions) {
                    boolean own = l.label().equals(f.name());
                    assertEquals(own, l.region().contains(f.anchor()),
                            g.tileId() + " " + g.rotation() + " anchor of " + f.name() + " vs " + l.label());
                }
                // Clear of the boundary, so that a follower drawn there sits visibly on its feature.
                double clearance = f.kind() == FeatureKind.ROAD ? 0.9 * HALF_ROAD : 0.05;
                assertTrue(f.region().distanceToBoundary(f.anchor()) > clearance,
                        g.tileId() + " " + g.rotation() + " " + f.name());
            }
        }
    }

    /**
     * Two features of one kind on a tile (the two caps of H or I, the two roads of a junction, two fields) touch
     * at most at single points, never along a line: otherwise the drawing would show them as one.
     */
    @Test
    void separateFeaturesOfOneKindNeverShareABoundary() {
        int pairs = 0;
        for (TileGeometry g : GeometryChecks.allTiles()) {
            for (FeatureShape a : g.features()) {
                for (FeatureShape b : g.features()) {
                    if (a == b || a.kind() != b.kind() || a.name().compareTo(b.name()) > 0) {
                        continue;
                    }
                    pairs++;
                    for (List<Point> ring : a.region().rings()) {
                        for (int i = 0; i < ring.size(); i++) {
                            Point p = ring.get(i), q = ring.get((i + 1) % ring.size());
                            Point mid = new Point((p.x() + q.x()) / 2, (p.y() + q.y()) / 2);
                            assertTrue(b.region().distanceToBoundary(mid) > 1e-9,
                                    g.tileId() + " " + g.rotation() + ": " + a.name() + " and " + b.name() + " share " + mid);
                        }
                    }
                }
            }
        }
        assertTrue(pairs > 300, "pairs " + pairs);
    }

    @Test
    void featuresFollowTheNotation() {
        for (TileGeometry g : GeometryChecks.allTiles()) {
            TileType t = type(g.tileId());
            assertEquals(t.features().size(), g.features().size());
            for (int i = 0; i < t.features().size(); i++) {
                TileFeature tf = t.feature(i);
                FeatureShape f = g.features().get(i);
                assertEquals(tf.name(), f.name());
                assertEquals(tf.kind(), f.kind());
                assertEquals(tf.pennants(), f.pennants().size(), g.tileId() + " " + f.name());
                for (Pennant p : f.pennants()) {
                    assertTrue(f.region().distanceToBoundary(p.centre()) > p.radius() && f.region().contains(p.centre()),
                            g.tileId() + " pennant inside " + f.name());
                }
                assertEquals(tf.kind() == FeatureKind.ROAD, !f.path().isEmpty());
                assertEquals(tf.kind() == FeatureKind.ROAD ? TileGeometry.ROAD_WIDTH : 0, f.width());
                assertEquals(tf.inn(), f.inn());
            }
            boolean junction = g.areas().stream().anyMatch(a -> a.kind() == AreaKind.JUNCTION);
            boolean crop = g.areas().stream().anyMatch(a -> a.kind() == AreaKind.CROP_CIRCLE);
            assertEquals(t.cropSymbol() != null, crop, g.tileId());
            assertEquals(t.cropSymbol() != null, g.cropMark() != null, g.tileId());
            if (g.cropMark() != null) {
                assertEquals(t.cropSymbol(), g.cropMark().symbol());
                Region area = g.areas().stream().filter(a -> a.kind() == AreaKind.CROP_CIRCLE).findFirst()
                        .orElseThrow().region();
                assertTrue(area.contains(g.cropMark().centre()), g.tileId() + " crop mark in its circle");
            }
            assertEquals(t.wheel() > 0, g.wheelNumber() != null, g.tileId());
            if (g.wheelNumber() != null) {
                WheelNumber w = g.wheelNumber();
                assertEquals(t.wheel(), w.value());
                assertTrue(g.features().stream().anyMatch(f -> f.kind() == FeatureKind.FIELD
                        && f.region().contains(w.centre()) && f.region().distanceToBoundary(w.centre()) > w.radius()),
                        g.tileId() + " wheel number inside a field");
                for (FeatureShape f : g.features()) {
                    assertTrue(f.anchor().distance(w.centre()) > w.radius(), g.tileId() + " number over " + f.name());
                }
            }
            // Junctions only where two or more roads end with nothing else to end at.
            long ending = t.features().stream().filter(f -> f.kind() == FeatureKind.ROAD && f.edgeCount() == 1).count();
            assertEquals(ending >= 2 && !t.hasCloister() && t.cropSymbol() == null, junction, g.tileId());
        }
    }

    /**
     * Along every edge, a city edge is city from corner to corner, a road edge is field, road
     * [0.5 - w/2, 0.5 + w/2], field, with the road's centre line ending at the midpoint, and a field edge is
     * field; each field stretch is the field the notation puts on that half-edge.
     */
    @Test
    void edgesShowTheirEdgeTypeExactly() {
        for (TileGeometry g : GeometryChecks.allTiles()) {
            TileType t = type(g.tileId());
            int r = g.rotation().quarterTurns();
            List<Labelled> regions = GeometryChecks.regions(g);
            for (int d = 0; d < 4; d++) {
                List<Stretch> p = GeometryChecks.profile(regions, d, 0, 0);
                String at = g.tileId() + " " + g.rotation() + " edge " + d + ": " + p;
                EdgeType type = t.edgeAt(r, d);
                String lowHalf = half(t, r, d, 0), highHalf = half(t, r, d, 1);
                switch (type) {
                    case CITY -> {
                        assertEquals(1, p.size(), at);
                        assertEquals(t.feature(t.edgeFeature(r, d)).name(), p.get(0).label(), at);
                    }
                    case FIELD -> {
                        assertEquals(lowHalf.equals(highHalf) ? 1 : 2, p.size(), at);
                        assertEquals(lowHalf, p.get(0).label(), at);
                        assertEquals(highHalf, p.get(p.size() - 1).label(), at);
                        if (p.size() == 2) {
                            assertEquals(0.5, p.get(0).to(), 1e-12, at);
                        }
                    }
                    case ROAD -> {
                        assertEquals(3, p.size(), at);
                        assertEquals(lowHalf, p.get(0).label(), at);
                        Stretch road = p.get(1);
                        assertEquals(t.feature(t.edgeFeature(r, d)).name(), road.label(), at);
                        assertEquals(0.5 - HALF_ROAD, road.from(), 1e-12, at);
                        assertEquals(0.5 + HALF_ROAD, road.to(), 1e-12, at);
                        assertEquals(highHalf, p.get(2).label(), at);
                        List<Point> path = g.feature(road.label()).path();
                        Point mid = midpoint(d);
                        assertTrue(path.get(0).distance(mid) < 1e-12 || path.get(path.size() - 1).distance(mid) < 1e-12,
                                at + " path " + path);
                    }
                    default -> throw new AssertionError(at);
                }
            }
        }
    }

    /** The field the notation puts on the low (k = 0) or high (k = 1) half of edge d, as ordered along the edge. */
    private static String half(TileType t, int r, int d, int k) {
        // Half-edges run clockwise (Nw Ne En Es Se Sw Ws Wn); along the edge coordinate, N and E run clockwise
        // too, S and W the other way.
        int h = 2 * d + (d < 2 ? k : 1 - k);
        int f = t.halfFeature(r, h);
        return f < 0 ? null : t.feature(f).name();
    }

    static Point midpoint(int d) {
        return switch (d) {
            case 0 -> new Point(0.5, 0);
            case 1 -> new Point(1, 0.5);
            case 2 -> new Point(0.5, 1);
            default -> new Point(0, 0.5);
        };
    }

    /**
     * Every two tiles (any types, any rotations) whose touching edges the rules let match (equal edge types)
     * show the same stretches of the same kinds on both sides: roads meet over the same interval with the
     * same midpoint, cities over the whole edge, fields over the same halves.
     */
    @Test
    void neighboursMeetExactlyInEveryLegalAdjacency() {
        List<TileGeometry> all = GeometryChecks.allTiles();
        int n = all.size();
        List<List<List<Stretch>>> profiles = new ArrayList<>();
        List<int[]> edgeTypes = new ArrayList<>();
        for (TileGeometry g : all) {
            List<Labelled> regions = GeometryChecks.regions(g);
            List<List<Stretch>> ps = new ArrayList<>();
            int[] types = new int[4];
            for (int d = 0; d < 4; d++) {
                // By kind only: which field lies where is each tile's own business (checked above).
                ps.add(GeometryChecks.byKind(GeometryChecks.profile(regions, d, 0, 0)));
                types[d] = type(g.tileId()).edgeAt(g.rotation().quarterTurns(), d).ordinal();
            }
            profiles.add(ps);
            edgeTypes.add(types);
        }
        int pairs = 0;
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                // b east of a (a.E meets b.W), and b south of a (a.S meets b.N).
                for (int[] sides : new int[][] {{1, 3}, {2, 0}}) {
                    if (edgeTypes.get(a)[sides[0]] != edgeTypes.get(b)[sides[1]]) {
                        continue;
                    }
                    List<Stretch> pa = profiles.get(a).get(sides[0]), pb = profiles.get(b).get(sides[1]);
                    String at = all.get(a).tileId() + " " + all.get(a).rotation() + " next to "
                            + all.get(b).tileId() + " " + all.get(b).rotation();
                    assertEquals(pa.size(), pb.size(), at);
                    for (int i = 0; i < pa.size(); i++) {
                        assertEquals(pa.get(i).kind(), pb.get(i).kind(), at);
                        assertEquals(pa.get(i).from(), pb.get(i).from(), 1e-12, at);
                        assertEquals(pa.get(i).to(), pb.get(i).to(), 1e-12, at);
                    }
                    pairs++;
                }
            }
        }
        assertTrue(pairs > 40_000, "pairs checked: " + pairs);
    }

    @Test
    void startTileDHasACityCapARoadEastWestAndTwoFields() {
        TileGeometry d = TileGeometry.of(type("D"), Rotation.R0);
        assertEquals(List.of("C1", "R1", "F1", "F2"), d.features().stream().map(FeatureShape::name).toList());
        assertEquals(List.of(FeatureKind.CITY, FeatureKind.ROAD, FeatureKind.FIELD, FeatureKind.FIELD),
                d.features().stream().map(FeatureShape::kind).toList());
        assertEquals(List.of(), d.areas());
        assertNull(d.cropMark());
        assertNull(d.wheelNumber());
        List<Point> road = d.feature("R1").path();
        assertEquals(new Point(1, 0.5), road.get(0));
        assertEquals(new Point(0, 0.5), road.get(road.size() - 1));
        assertEquals(3, road.size()); // a straight line: east midpoint, centre, west midpoint
        // The cap is a single ring along the whole north edge, 0.25 deep in the middle.
        FeatureShape city = d.feature("C1");
        assertEquals(1, city.region().rings().size());
        assertTrue(city.region().contains(new Point(0.5, 0.249)));
        assertFalse(city.region().contains(new Point(0.5, 0.251)));
        // F1 lies between the cap and the road, F2 south of the road.
        assertTrue(d.feature("F1").region().contains(new Point(0.5, 0.35)));
        assertTrue(d.feature("F2").region().contains(new Point(0.5, 0.8)));
        assertEquals(TileGeometry.ROAD_WIDTH, d.feature("R1").region().area(), 1e-12);
        // Anchors are stable: clients and saved pictures may rely on them.
        assertAnchor(0.5, 0.0982, city.anchor());
        assertAnchor(0.5, 0.5, d.feature("R1").anchor());
        assertAnchor(0.4925, 0.3398, d.feature("F1").anchor());
        assertAnchor(0.5, 0.7775, d.feature("F2").anchor());
    }

    private static void assertAnchor(double x, double y, Point p) {
        assertEquals(x, p.x(), 1e-4, "anchor " + p);
        assertEquals(y, p.y(), 1e-4, "anchor " + p);
    }

    @Test
    void rotationTurnsEveryPointClockwiseAboutTheCentre() {
        TileGeometry d0 = TileGeometry.of(type("D"), Rotation.R0);
        TileGeometry d1 = TileGeometry.of(type("D"), Rotation.R90);
        assertEquals(Rotation.R90, d1.rotation());
        // The cap turns to the east edge, the road to north-south.
        assertTrue(d1.feature("C1").region().contains(new Point(0.9, 0.5)));
        assertEquals(new Point(0.5, 1), d1.feature("R1").path().get(0));
        Point a0 = d0.feature("C1").anchor(), a1 = d1.feature("C1").anchor();
        assertEquals(1 - a0.y(), a1.x(), 1e-12);
        assertEquals(a0.x(), a1.y(), 1e-12);
        TileGeometry back = d1.rotated(Rotation.R270);
        assertEquals(Rotation.R0, back.rotation());
        assertEquals(a0.x(), back.feature("C1").anchor().x(), 1e-12);
        assertEquals(a0.y(), back.feature("C1").anchor().y(), 1e-12);
    }

    @Test
    void specialTilesGetTheirShapes() {
        TileGeometry x = TileGeometry.of(type("X"), Rotation.R0);
        assertEquals(List.of(AreaKind.JUNCTION), x.areas().stream().map(Area::kind).toList());
        assertTrue(x.areas().get(0).region().contains(new Point(0.5, 0.5)));
        TileGeometry b = TileGeometry.of(type("B"), Rotation.R0);
        // The field round the cloister is one region with a hole.
        assertEquals(2, b.feature("F1").region().rings().size());
        assertFalse(b.feature("F1").region().contains(new Point(0.5, 0.5)));
        assertTrue(b.feature("M").region().contains(new Point(0.5, 0.5)));
        TileGeometry h = TileGeometry.of(type("H"), Rotation.R0);
        assertTrue(h.feature("C1").region().contains(new Point(0.5, 0.05)));
        assertTrue(h.feature("C2").region().contains(new Point(0.5, 0.95)));
        TileGeometry c = TileGeometry.of(type("C"), Rotation.R0);
        assertEquals(1.0, c.feature("C1").region().area(), 1e-12);
        assertEquals(1, c.feature("C1").pennants().size());
        TileGeometry ccf = TileGeometry.of(type("CC2-f"), Rotation.R0);
        assertEquals(CropSymbol.SHIELD, ccf.cropMark().symbol());
        assertEquals(List.of("C1", "C2"), ccf.features().stream().map(FeatureShape::name).toList());
        assertEquals(List.of(AreaKind.CROP_CIRCLE), ccf.areas().stream().map(Area::kind).toList());
        TileGeometry u3 = TileGeometry.of(type("wof:U/w3"), Rotation.R0);
        assertEquals(3, u3.wheelNumber().value());
        TileGeometry inn = TileGeometry.of(type("wof:IC-e"), Rotation.R0);
        assertTrue(inn.feature("R1").inn());
    }

    @Test
    void aTileWhoseFieldsCannotBeDrawnApartIsRefused() {
        // Two fields with nothing between them: no drawing can keep them apart.
        TileType bad = TileNotation.parse("two-fields", "FFFF; F1:Nw,Ne,En,Es; F2:Se,Sw,Ws,Wn", 0, null);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TileGeometry.of(bad, Rotation.R0));
        assertTrue(e.getMessage().startsWith("no layout of tile two-fields shows its notation's fields"),
                e.getMessage());
        assertTrue(e.getMessage().contains("one face joins fields [F1, F2]"), e.getMessage());
    }
}
