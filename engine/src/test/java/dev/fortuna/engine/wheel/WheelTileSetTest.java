package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.Edge;
import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The Wheel of Fortune tiles and board as data (RULES.md §3.2, §3.10). The expected values are literal
 * copies of the rules' tables, so a wrong line in the data files fails here.
 */
class WheelTileSetTest {
    private static final TileCatalog CAT = TileCatalog.standard();

    /** RULES.md §3.10, row by row: id, count, wheel number (0 = none), notation. */
    private static final Object[][] WOF_TABLE = {
        {"A", 2, 0, "FFRF; M; R1:S; F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn"},
        {"B", 4, 0, "FFFF; M; F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn"},
        {"C", 1, 0, "CCCC; C1:N-E-S-W*"},
        {"D", 4, 0, "CRFR; C1:N; R1:E-W; F1:En,Wn>C1; F2:Es,Se,Sw,Ws"},
        {"E", 4, 0, "CFFF; C1:N; F1:En,Es,Se,Sw,Ws,Wn>C1"},
        {"F", 2, 0, "FCFC; C1:E-W*; F1:Nw,Ne>C1; F2:Se,Sw>C1"},
        {"G", 1, 0, "FCFC; C1:E-W; F1:Nw,Ne>C1; F2:Se,Sw>C1"},
        {"H", 2, 0, "CFCF; C1:N; C2:S; F1:En,Es,Ws,Wn>C1,C2"},
        {"I", 2, 0, "CFFC; C1:N; C2:W; F1:En,Es,Se,Sw>C1,C2"},
        {"J", 2, 0, "CRRF; C1:N; R1:E-S; F1:En,Sw,Ws,Wn>C1; F2:Es,Se"},
        {"K", 2, 0, "CFRR; C1:N; R1:S-W; F1:En,Es,Se,Wn>C1; F2:Sw,Ws"},
        {"L", 2, 0, "CRRR; C1:N; R1:E; R2:S; R3:W; F1:En,Wn>C1; F2:Es,Se; F3:Sw,Ws"},
        {"M", 2, 0, "CCFF; C1:N-E*; F1:Se,Sw,Ws,Wn>C1"},
        {"N/w1", 2, 1, "CCFF; C1:N-E; F1:Se,Sw,Ws,Wn>C1"},
        {"O", 2, 0, "CRRC; C1:N-W*; R1:E-S; F1:En,Sw>C1; F2:Es,Se"},
        {"P", 2, 0, "CRRC; C1:N-W; R1:E-S; F1:En,Sw>C1; F2:Es,Se"},
        {"Q", 1, 0, "CCFC; C1:N-E-W*; F1:Se,Sw>C1"},
        {"R", 2, 0, "CCFC; C1:N-E-W; F1:Se,Sw>C1"},
        {"S", 2, 0, "CCRC; C1:N-E-W*; R1:S; F1:Se>C1; F2:Sw>C1"},
        {"T", 1, 0, "CCRC; C1:N-E-W; R1:S; F1:Se>C1; F2:Sw>C1"},
        {"U/w1", 3, 1, "RFRF; R1:N-S; F1:Ne,En,Es,Se; F2:Sw,Ws,Wn,Nw"},
        {"U/w2", 3, 2, "RFRF; R1:N-S; F1:Ne,En,Es,Se; F2:Sw,Ws,Wn,Nw"},
        {"U/w3", 2, 3, "RFRF; R1:N-S; F1:Ne,En,Es,Se; F2:Sw,Ws,Wn,Nw"},
        {"V/w1", 4, 1, "FFRR; R1:S-W; F1:Nw,Ne,En,Es,Se,Wn; F2:Sw,Ws"},
        {"V/w2", 2, 2, "FFRR; R1:S-W; F1:Nw,Ne,En,Es,Se,Wn; F2:Sw,Ws"},
        {"V/w3", 1, 3, "FFRR; R1:S-W; F1:Nw,Ne,En,Es,Se,Wn; F2:Sw,Ws"},
        {"V", 1, 0, "FFRR; R1:S-W; F1:Nw,Ne,En,Es,Se,Wn; F2:Sw,Ws"},
        {"W", 4, 0, "FRRR; R1:E; R2:S; R3:W; F1:Wn,Nw,Ne,En; F2:Es,Se; F3:Sw,Ws"},
        {"X/w1", 1, 1, "RRRR; R1:N; R2:E; R3:S; R4:W; F1:Wn,Nw; F2:Ne,En; F3:Es,Se; F4:Sw,Ws"},
        {"IC-a", 1, 0, "FRFR; M; R1:E; R2:W; F1:Nw,Ne,En,Wn; F2:Es,Se,Sw,Ws"},
        {"IC-b", 1, 0, "CCFC; C1:N; C2:E; C3:W; F1:Se,Sw>C1,C2,C3"},
        {"IC-c", 1, 0, "CFRF; C1:N; R1:S; F1:Sw,Ws,Wn>C1; F2:En,Es,Se>C1"},
        {"IC-d", 1, 0, "CRFC; C1:N-W; R1:E; F1:En>C1; F2:Es,Se,Sw>C1"},
        {"IC-e", 1, 0, "CFRC; C1:N-W; R1:S(inn); F1:Sw>C1; F2:En,Es,Se>C1"},
        {"IC-f", 1, 1, "RRRR; R1:S-W; R2:N-E; F1:Sw,Ws; F2:Ne,En; F3:Nw,Wn,Es,Se"},
        {"TB-a", 1, 0, "CRFF; C1:N; R1:E; F1:En>C1; F2:Es,Se,Sw,Ws,Wn>C1"},
        {"KS-a", 1, 0, "CFFR; C1:N; R1:W; F1:Wn>C1; F2:En,Es,Se,Sw,Ws>C1"},
        {"KS-b", 1, 0, "CRRR; C1:N; R1:W; R2:E-S; F1:Wn>C1; F2:En,Sw,Ws>C1; F3:Es,Se"},
    };

    @Test
    void theSeventyTwoTilesMatchTheRulesTableRowByRow() {
        TileSet wof = CAT.wheelOfFortune();
        Map<String, Object[]> expected = new LinkedHashMap<>();
        for (Object[] row : WOF_TABLE) {
            expected.put("wof:" + row[0], row);
        }
        Map<String, Integer> actualCounts = new LinkedHashMap<>();
        for (TileSet.Entry e : wof.entries()) {
            actualCounts.put(e.type().id(), e.count());
        }
        assertEquals(expected.keySet(), actualCounts.keySet(), "tile ids");
        for (TileSet.Entry e : wof.entries()) {
            Object[] row = expected.get(e.type().id());
            assertEquals(row[1], e.count(), "count of " + e.type().id());
            assertEquals(row[2], e.type().wheel(), "wheel number of " + e.type().id());
            assertEquals(row[3], e.type().notation(), "notation of " + e.type().id());
        }
        assertEquals(72, wof.size());
        assertEquals(null, wof.startType(), "the standalone set has no separate start tile");
    }

    @Test
    void nineteenNumberedTilesElevenOnesFiveTwosThreeThrees() {
        Map<Integer, Integer> perNumber = new TreeMap<>();
        Map<String, Integer> numberedPerShape = new TreeMap<>();
        for (TileSet.Entry e : CAT.wheelOfFortune().entries()) {
            int w = e.type().wheel();
            if (w > 0) {
                perNumber.merge(w, e.count(), Integer::sum);
                numberedPerShape.merge(e.type().id().replaceAll("/w\\d$", ""), e.count(), Integer::sum);
            }
        }
        assertEquals(Map.of(1, 11, 2, 5, 3, 3), perNumber);
        // §3.10: 8 straight roads, 7 of the 8 curves, the crossroads, both corner cities, the I&C double curve.
        assertEquals(Map.of("wof:U", 8, "wof:V", 7, "wof:X", 1, "wof:N", 2, "wof:IC-f", 1), numberedPerShape);
    }

    @Test
    void baseTypeCountsAreTheWofColumnOfTheBaseTable() {
        // RULES.md §2.10, column "WoF count" (63 tiles); the 9 expansion tiles are single.
        Map<String, Integer> expected = new TreeMap<>(Map.ofEntries(
                Map.entry("A", 2), Map.entry("B", 4), Map.entry("C", 1), Map.entry("D", 4), Map.entry("E", 4),
                Map.entry("F", 2), Map.entry("G", 1), Map.entry("H", 2), Map.entry("I", 2), Map.entry("J", 2),
                Map.entry("K", 2), Map.entry("L", 2), Map.entry("M", 2), Map.entry("N", 2), Map.entry("O", 2),
                Map.entry("P", 2), Map.entry("Q", 1), Map.entry("R", 2), Map.entry("S", 2), Map.entry("T", 1),
                Map.entry("U", 8), Map.entry("V", 8), Map.entry("W", 4), Map.entry("X", 1),
                Map.entry("IC-a", 1), Map.entry("IC-b", 1), Map.entry("IC-c", 1), Map.entry("IC-d", 1),
                Map.entry("IC-e", 1), Map.entry("IC-f", 1), Map.entry("TB-a", 1), Map.entry("KS-a", 1),
                Map.entry("KS-b", 1)));
        Map<String, Integer> actual = new TreeMap<>();
        for (TileSet.Entry e : CAT.wheelOfFortune().entries()) {
            String letter = e.type().id().substring(4).replaceAll("/w\\d$", "");
            actual.merge(letter, e.count(), Integer::sum);
            TileType base = CAT.base().type(letter);
            if (base != null) {
                // A base-type WoF tile is the base tile with a wheel icon at most: same picture.
                assertEquals(base.notation(), e.type().notation(), "WoF " + e.type().id() + " vs base " + letter);
            }
        }
        assertEquals(expected, actual);
        assertEquals(63, actual.entrySet().stream().filter(x -> x.getKey().length() == 1)
                .mapToInt(Map.Entry::getValue).sum());
    }

    @Test
    void theOnlyInnIsOnTheRoadOfIcE() {
        List<String> inns = new ArrayList<>();
        for (TileSet.Entry e : CAT.wheelOfFortune().entries()) {
            for (TileFeature f : e.type().features()) {
                if (f.inn()) {
                    inns.add(e.type().id() + ":" + f.name() + ":" + f.kind());
                }
            }
        }
        assertEquals(List.of("wof:IC-e:R1:" + FeatureKind.ROAD), inns);
    }

    @Test
    void tenPennantsAndSevenCloisters() {
        int pennants = 0, cloisters = 0;
        for (TileSet.Entry e : CAT.wheelOfFortune().entries()) {
            for (TileFeature f : e.type().features()) {
                pennants += f.pennants() * e.count();
            }
            cloisters += e.type().hasCloister() ? e.count() : 0;
        }
        assertEquals(10, pennants);
        assertEquals(7, cloisters);
    }

    // ---------------------------------------------------------------------------------------------------
    // The wheel board (RULES.md §3.2)
    // ---------------------------------------------------------------------------------------------------

    private static TileType square(int x, int y) {
        for (WheelBoard.Square s : CAT.wheelBoard().squares()) {
            if (s.x() == x && s.y() == y) {
                return s.type();
            }
        }
        return null;
    }

    @Test
    void sixteenSquaresAndTheSixteenOuterEdgeSlots() {
        WheelBoard board = CAT.wheelBoard();
        assertEquals(16, board.squares().size());
        Set<String> seen = new TreeSet<>();
        for (WheelBoard.Square s : board.squares()) {
            assertTrue(s.x() >= 0 && s.x() <= 3 && s.y() >= 0 && s.y() <= 3);
            assertTrue(seen.add(s.x() + "," + s.y()), "square given once");
        }
        // §3.2 "Outer edge segments", side by side in the table's order: square, side, edge type.
        String[][] slots = {
            {"0,0", "N", "C"}, {"1,0", "N", "F"}, {"2,0", "N", "R"}, {"3,0", "N", "F"},
            {"3,0", "E", "F"}, {"3,1", "E", "F"}, {"3,2", "E", "C"}, {"3,3", "E", "F"},
            {"3,3", "S", "R"}, {"2,3", "S", "F"}, {"1,3", "S", "F"}, {"0,3", "S", "C"},
            {"0,3", "W", "C"}, {"0,2", "W", "F"}, {"0,1", "W", "R"}, {"0,0", "W", "F"},
        };
        Map<String, String> expected = new TreeMap<>();
        for (String[] s : slots) {
            expected.put(s[0] + " " + s[1], s[2]);
        }
        Map<String, String> actual = new TreeMap<>();
        for (WheelBoard.Square s : board.squares()) {
            for (Edge e : Edge.values()) {
                EdgeType t = s.type().edge(e);
                if (t != EdgeType.NONE) {
                    actual.put(s.x() + "," + s.y() + " " + e, String.valueOf(t.code));
                }
            }
        }
        assertEquals(expected, actual, "the only landscape edges of the board are the 16 outer slots");
        // Each landscape edge faces the outside of the 4×4 block (never the wheel or another board square).
        for (String k : actual.keySet()) {
            String[] p = k.split("[, ]");
            int x = Integer.parseInt(p[0]), y = Integer.parseInt(p[1]);
            Edge e = Edge.valueOf(p[2]);
            int nx = x + e.dx(), ny = y + e.dy();
            assertTrue(nx < 0 || nx > 3 || ny < 0 || ny > 3, k + " faces outwards");
        }
    }

    @Test
    void threeRoadsEndAtTheWheel() {
        List<String> roads = new ArrayList<>();
        for (WheelBoard.Square s : CAT.wheelBoard().squares()) {
            for (TileFeature f : s.type().features()) {
                if (f.kind() == FeatureKind.ROAD) {
                    // One edge only: the road ends on this square, at the wheel.
                    assertEquals(1, f.edgeCount(), "road on " + s.x() + "," + s.y());
                    roads.add(s.x() + "," + s.y() + ":" + Edge.of(Integer.numberOfTrailingZeros(f.edges())));
                }
            }
        }
        assertEquals(Set.of("2,0:N", "0,1:W", "3,3:S"), Set.copyOf(roads));
        assertEquals(3, roads.size());
    }

    @Test
    void threeCitiesWithoutPennantsTheCornerCitySpanningTwoEdges() {
        Map<String, Set<Edge>> cities = new TreeMap<>();
        for (WheelBoard.Square s : CAT.wheelBoard().squares()) {
            for (TileFeature f : s.type().features()) {
                if (f.kind() == FeatureKind.CITY) {
                    assertEquals(0, f.pennants(), "no pennants on the board");
                    Set<Edge> edges = new TreeSet<>();
                    for (Edge e : Edge.values()) {
                        if ((f.edges() >> e.ordinal() & 1) != 0) {
                            edges.add(e);
                        }
                    }
                    assertTrue(cities.put(s.x() + "," + s.y(), edges) == null, "one city a square");
                }
            }
        }
        assertEquals(Map.of("0,0", Set.of(Edge.N), "3,2", Set.of(Edge.E), "0,3", Set.of(Edge.S, Edge.W)), cities);
    }

    @Test
    void threeFieldsWithTheHalfEdgesOfTheRules() {
        WheelBoard board = CAT.wheelBoard();
        // §3.2: field A next to cA, field B next to cB, field C next to cC.
        Map<Set<String>, String> expected = Map.of(
                Set.of("0,1.Wn", "0,0.Ws", "0,0.Wn", "1,0.Nw", "1,0.Ne", "2,0.Nw"), "0,0",
                Set.of("2,0.Ne", "3,0.Nw", "3,0.Ne", "3,0.En", "3,0.Es", "3,1.En", "3,1.Es", "3,3.En", "3,3.Es",
                        "3,3.Se"), "3,2",
                Set.of("3,3.Sw", "2,3.Se", "2,3.Sw", "1,3.Se", "1,3.Sw", "0,2.Ws", "0,2.Wn", "0,1.Ws"), "0,3");
        Map<Set<String>, String> actual = new LinkedHashMap<>();
        int halfEdges = 0;
        for (WheelBoard.BoardField f : board.fields()) {
            Set<String> halves = new TreeSet<>();
            for (WheelBoard.Ref r : f.parts()) {
                TileFeature tf = square(r.x(), r.y()).feature(r.feature());
                assertEquals(FeatureKind.FIELD, tf.kind());
                for (HalfEdge h : HalfEdge.values()) {
                    if ((tf.halfEdges() >> h.ordinal() & 1) != 0) {
                        halves.add(r.x() + "," + r.y() + "." + h);
                    }
                }
            }
            halfEdges += halves.size();
            assertEquals(1, f.adjacentCities().size(), "each board field touches one board city");
            WheelBoard.Ref c = f.adjacentCities().get(0);
            assertEquals(FeatureKind.CITY, square(c.x(), c.y()).feature(c.feature()).kind());
            actual.put(halves, c.x() + "," + c.y());
        }
        assertEquals(expected, actual);
        // Every field feature of every square belongs to exactly one board field.
        int fieldFeatures = 0, listed = 0;
        for (WheelBoard.Square s : board.squares()) {
            fieldFeatures += (int) s.type().features().stream().filter(f -> f.kind() == FeatureKind.FIELD).count();
        }
        for (WheelBoard.BoardField f : board.fields()) {
            listed += f.parts().size();
        }
        assertEquals(fieldFeatures, listed);
        assertEquals(24, halfEdges, "24 field half-edges + 4 city edges + 3 road edges cover the 16 slots");
    }

    @Test
    void crownsPerSectorAreOneTwoOneTwoOneTwo() {
        WheelBoard board = CAT.wheelBoard();
        assertEquals(List.of(1, 2, 1, 2, 1, 2), board.crownsPerSector());
        assertEquals(2, board.crowns(Sector.TAX));
        assertEquals(1, board.crowns(Sector.INQUISITION));
        assertEquals(9, board.crownsPerSector().stream().mapToInt(Integer::intValue).sum());
    }
}
