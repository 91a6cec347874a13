package dev.fortuna.engine.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Sector;
import dev.fortuna.engine.geometry.GeometryChecks.Labelled;
import dev.fortuna.engine.geometry.GeometryChecks.Stretch;
import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WheelBoardGeometryTest {
    private static final WheelBoard BOARD = TileCatalog.standard().wheelBoard();
    private static final WheelBoardGeometry G = WheelBoardGeometry.of(BOARD);

    @Test
    void squaresPartitionTheirUnitAndTheWheelIsOneDisc() {
        assertEquals(16, G.squares().size());
        double wheel = 0;
        for (BoardSquareGeometry s : G.squares()) {
            List<Labelled> regions = GeometryChecks.regions(s.features(), s.areas());
            assertEquals(1.0, regions.stream().mapToDouble(l -> l.region().area()).sum(), 1e-9, s.x() + "," + s.y());
            int n = 40;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    Point p = new Point(s.x() + (i + 0.5 + 0.01 * Math.sqrt(2)) / n, s.y() + (j + 0.5 + 0.01 * Math.sqrt(3)) / n);
                    assertEquals(1, regions.stream().filter(l -> l.region().contains(p)).count(), "at " + p);
                }
            }
            for (Area a : s.areas()) {
                assertEquals(AreaKind.WHEEL, a.kind());
                wheel += a.region().area();
            }
            for (FeatureShape f : s.features()) {
                for (Labelled l : regions) {
                    assertEquals(l.label().equals(f.name()), l.region().contains(f.anchor()),
                            s.x() + "," + s.y() + " anchor " + f.name() + " vs " + l.label());
                }
            }
        }
        // The squares' wheel areas together are the wheel's disc (a 180-gon of the wheel's radius).
        double r = WheelBoardGeometry.WHEEL_RADIUS;
        assertEquals(90 * r * r * Math.sin(2 * Math.PI / 180), wheel, 1e-9);
        // The four middle squares are wheel only.
        for (int[] xy : new int[][] {{1, 1}, {2, 1}, {1, 2}, {2, 2}}) {
            BoardSquareGeometry s = G.square(xy[0], xy[1]);
            assertEquals(List.of(), s.features());
            assertEquals(1.0, s.areas().get(0).region().area(), 1e-12);
        }
    }

    @Test
    void boardLandscapeFollowsTheData() {
        // RULES.md §3.2: cities on (0,0) north, (3,2) east and (0,3) south-west; roads from (2,0) north,
        // (0,1) west and (3,3) south, each ending at the wheel.
        assertTrue(G.square(0, 0).feature("C1").region().contains(new Point(0.5, 0.05)));
        assertTrue(G.square(3, 2).feature("C1").region().contains(new Point(3.95, 2.5)));
        assertTrue(G.square(0, 3).feature("C1").region().contains(new Point(0.05, 3.95)));
        Point centre = G.wheel().centre();
        double r = G.wheel().radius();
        int[][] roads = {{2, 0}, {0, 1}, {3, 3}};
        Point[] starts = {new Point(2.5, 0), new Point(0, 1.5), new Point(3.5, 4)};
        for (int i = 0; i < 3; i++) {
            FeatureShape road = G.square(roads[i][0], roads[i][1]).feature("R1");
            assertEquals(FeatureKind.ROAD, road.kind());
            List<Point> path = road.path();
            assertTrue(path.get(0).distance(starts[i]) < 1e-12, "road starts at the board edge: " + path.get(0));
            double end = path.get(path.size() - 1).distance(centre);
            assertTrue(end > r - 0.01 && end < r + 0.03, "road ends at the wheel: " + end);
        }
        int features = 0;
        for (WheelBoard.Square s : BOARD.squares()) {
            features += s.type().features().size();
            assertEquals(s.type().features().size(), G.square(s.x(), s.y()).features().size());
        }
        assertEquals(19, features); // 3 cities, 3 roads, 13 square fields
    }

    /** The board's outer edges show the same stretches as any tile edge of their type, so tiles fit against it. */
    @Test
    void outerEdgesMeetTilesExactly() {
        List<TileGeometry> tiles = GeometryChecks.allTiles();
        int checked = 0;
        for (BoardSquareGeometry s : G.squares()) {
            WheelBoard.Square data = BOARD.squares().stream().filter(q -> q.x() == s.x() && q.y() == s.y())
                    .findFirst().orElseThrow();
            List<Labelled> regions = GeometryChecks.regions(s.features(), s.areas());
            for (int d = 0; d < 4; d++) {
                EdgeType type = data.type().edgeAt(0, d);
                if (type == EdgeType.NONE) {
                    continue;
                }
                List<Stretch> board = GeometryChecks.byKind(GeometryChecks.profile(regions, d, s.x(), s.y()));
                int opposite = (d + 2) & 3;
                boolean found = false;
                for (TileGeometry t : tiles) {
                    if (TileCatalog.standard().type(t.tileId()).edgeAt(t.rotation().quarterTurns(), opposite) != type) {
                        continue;
                    }
                    List<Stretch> tile = GeometryChecks.byKind(GeometryChecks.profile(GeometryChecks.regions(t), opposite, 0, 0));
                    String at = "board " + s.x() + "," + s.y() + " edge " + d + " vs " + t.tileId() + " " + t.rotation();
                    assertEquals(kinds(board), kinds(tile), at);
                    for (int i = 0; i < board.size(); i++) {
                        assertEquals(board.get(i).from(), tile.get(i).from(), 1e-12, at);
                        assertEquals(board.get(i).to(), tile.get(i).to(), 1e-12, at);
                    }
                    found = true;
                    checked++;
                }
                assertTrue(found);
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }

    private static List<String> kinds(List<Stretch> p) {
        List<String> out = new ArrayList<>();
        p.forEach(s -> out.add(s.kind()));
        return out;
    }

    @Test
    void wheelHasSixSectorsClockwiseFromTheTopWithTheirCrownSpaces() {
        WheelGeometry w = G.wheel();
        assertEquals(new Point(2, 2), w.centre());
        assertEquals(List.of(Sector.values()), w.sectors().stream().map(SectorGeometry::sector).toList());
        assertEquals(List.of(1, 2, 1, 2, 1, 2), w.sectors().stream().map(s -> s.crownSpaces().size()).toList());
        double area = 0;
        for (SectorGeometry s : w.sectors()) {
            assertEquals(60, s.endDegrees() - s.startDegrees(), 1e-12);
            assertEquals(-120 + 60 * s.sector().ordinal(), s.startDegrees(), 1e-12);
            area += s.region().area();
            assertTrue(s.region().contains(s.pigPosition()), s.sector() + " pig");
            assertTrue(s.region().contains(s.labelPosition()), s.sector() + " label");
            for (Point c : s.crownSpaces()) {
                assertTrue(s.region().contains(c), s.sector() + " crown " + c);
                for (SectorGeometry o : w.sectors()) {
                    assertEquals(o == s, o.region().contains(c));
                }
            }
        }
        // Fortune is at the top, Storm at the bottom (RULES.md §3.2 table).
        Point fortune = w.sectors().get(0).pigPosition(), storm = w.sectors().get(3).pigPosition();
        assertEquals(2, fortune.x(), 1e-12);
        assertTrue(fortune.y() < 2);
        assertEquals(2, storm.x(), 1e-12);
        assertTrue(storm.y() > 2);
        assertTrue(w.sectors().get(1).pigPosition().x() > 2, "Tax is on the right");
        assertTrue(w.sectors().get(5).pigPosition().x() < 2, "Plague is on the left");
        double ring = Math.PI * (w.radius() * w.radius() - w.hubRadius() * w.hubRadius());
        assertEquals(ring, area, 0.01 * ring);
        assertFalse(w.sectors().get(0).region().contains(w.centre()), "the hub belongs to no sector");
        assertNotNull(G.square(0, 0));
    }
}
