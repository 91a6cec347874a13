package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.GameState;
import dev.fortuna.engine.IntList;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code GameState.deadOpenings}: the openings of a road, city or cloister that face an empty square no tile still
 * to come (pile or hand) fits in any rotation.
 *
 * <pre>
 *   y=-1  U(90°)  [ ]      [ ] needs a city on its south side and a road on its west side:
 *   y=0   U(90°)  D(start) D, J, L, O, P, S, T fit it; E, K and U do not
 * </pre>
 */
class DeadOpeningsTest {
    private static int dead(Scenario s, int x, int y, String feature) {
        return s.state().deadOpenings(new Position(x, y), s.featureAt(x, y, feature));
    }

    /** Two U west of the start: the square north of the start tile wants a city to the south, a road to the west. */
    private static Scenario besideTwoRoads(String... rest) {
        String[] draws = new String[rest.length + 2];
        draws[0] = "U";
        draws[1] = "U";
        System.arraycopy(rest, 0, draws, 2, rest.length);
        return Scenario.base(2, draws).place(-1, 0, 90).pass().place(-1, -1, 90).pass();
    }

    @Test
    void aCityOpeningDiesWithTheLastTileThatFitsTheSquareItFaces() {
        Scenario s = besideTwoRoads("D", "K");
        assertEquals(List.of("K"), s.state().remainingTiles(), "D is in hand, K in the pile");
        assertEquals(0, dead(s, 0, 0, "C1"), "the D in hand fits (0,-1) turned 180°");
        assertEquals(0, dead(s, -1, -1, "R1"), "the upper road's east end faces the same square");
        s.place(1, 0, 0).pass(); // the D goes east of the start; only the K (in hand) is left
        assertEquals(1, dead(s, 0, 0, "C1"), "K has no city edge followed clockwise by a road edge");
        assertEquals(1, (int) s.state().featureProgress(new Position(0, 0), s.featureAt(0, 0, "C1")),
                "the one opening is dead: the city can never be completed");
        assertEquals(1, dead(s, -1, -1, "R1"), "east end dead, west end (a road to the east only) fits K");
        assertEquals(0, dead(s, 0, 0, "R1"), "the start road's ends want a road only");
        assertEquals(0, dead(s, 1, 0, "C1"), "the new D's city faces a square that wants a city only");
        assertEquals(0, dead(s, 0, 0, "F1"), "fields: 0");
    }

    @Test
    void aTileWithACityIsNotEnoughItMustFitEveryNeighbour() {
        Scenario s = besideTwoRoads("E");
        assertEquals(1, dead(s, 0, 0, "C1"), "E (in hand, nothing in the pile) has a city but no road");
        assertEquals(0, dead(besideTwoRoads("E", "J"), 0, 0, "C1"), "E in hand, J in the pile: J fits");
    }

    /**
     * <pre>
     *   y=0   A(270°) D(start) [ ]
     *   y=1   [ ]     B        [ ]     B's block: the squares beside D want a road, those beside B a field
     *   y=2   ( )     [ ]      ( )     ( ) has no neighbour: any tile fits it
     * </pre>
     */
    @Test
    void aCloisterCountsTheSquaresAroundItThatNoTileToComeFits() {
        Scenario s = Scenario.base(2, "B", "A", "C").place(0, 1, 0).pass();
        assertEquals(0, dead(s, 0, 1, "M"), "A (in hand) fits every square around B");
        s.place(-1, 0, 270).pass(); // A west of the start, its road joining D's; C (all city) is left
        assertEquals(4, dead(s, 0, 1, "M"), "(1,0), (-1,1), (1,1), (0,2); the two corners at y=2 fit C");
        assertEquals(1, dead(s, -1, 0, "R1"), "the road from A's cloister has one end, at (1,0)");
        assertEquals(0, dead(s, 0, 0, "C1"), "C closes the start city");
        s.place(0, -1, 0).pass(); // the last tile: the game ends
        assertTrue(s.state().isOver());
        assertEquals(6, dead(s, 0, 1, "M"), "no tile to come: every empty square around is dead");
        assertEquals(3, dead(s, 0, -1, "C1"), "and every open edge");
    }

    @Test
    void copiesAndPlayerViewsAnswerAlike() {
        Scenario s = besideTwoRoads("D", "K");
        GameState before = s.state().copy();
        assertEquals(0, before.deadOpenings(new Position(0, 0), s.featureAt(0, 0, "C1")));
        GameState view = s.state().viewFor(Seat.of(1)).determinize(7);
        s.place(1, 0, 0).pass();
        Position start = new Position(0, 0);
        int city = s.featureAt(0, 0, "C1");
        assertEquals(0, before.deadOpenings(start, city), "the copy still has its D in hand");
        assertEquals(0, view.deadOpenings(start, city), "so has the determinized view");
        assertEquals(1, s.state().deadOpenings(start, city));
        assertEquals(1, s.state().copy().deadOpenings(start, city), "a copy of the later state");
        assertEquals(1, s.state().viewFor(Seat.of(0)).sortedPileState().deadOpenings(start, city));
        before.applyLegal(0); // the copy places its D somewhere (the first legal placement is not (0,-1))
        assertTrue(before.placedTile().position().x() != 0 || before.placedTile().position().y() != -1);
        before.applyLegal(before.legalCount() - 1); // pass: K is drawn
        assertEquals(1, before.deadOpenings(start, city), "the copy's cache follows its own draws");
    }

    /** The feature id (for the by-id queries) of a square's feature: the high bits of its progress. */
    private static int id(Scenario s, int x, int y, String feature) {
        return (int) (s.state().featureProgress(new Position(x, y), s.featureAt(x, y, feature)) >>> 32);
    }

    private static List<Integer> fits(Scenario s, int x, int y, String feature) {
        IntList out = new IntList(4);
        s.state().featureOpeningFits(id(s, x, y, feature), out);
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            l.add(out.get(i));
        }
        Collections.sort(l);
        return l;
    }

    @Test
    void openingFitsCountTheTilesToComeThatFitEachOpeningsSquare() {
        Scenario s = besideTwoRoads("D", "K", "K");
        assertEquals(List.of(1), fits(s, 0, 0, "C1"), "(0,-1): the D in hand fits, the two K do not");
        assertEquals(List.of(1, 3), fits(s, -1, -1, "R1"), "east end (0,-1): D; west end (-2,-1): D, K, K");
        assertEquals(0, s.state().featureDeadOpenings(id(s, 0, 0, "C1")));
        s.place(1, 0, 0).pass(); // the D goes east of the start
        assertEquals(List.of(0), fits(s, 0, 0, "C1"), "the opening is dead");
        assertEquals(1, s.state().featureDeadOpenings(id(s, 0, 0, "C1")), "as featureDeadOpenings says");
        assertEquals(List.of(0, 2), fits(s, -1, -1, "R1"), "K in hand and K in the pile fit the west end");
        assertEquals(List.of(), fits(s, 0, 0, "F1"), "a field has no openings");
    }

    @Test
    void openingFitsOfACloisterCountEveryEmptySquareAroundIt() {
        Scenario s = Scenario.base(2, "B", "A", "C").place(0, 1, 0).pass();
        assertEquals(List.of(1, 1, 1, 1, 1, 2, 2), fits(s, 0, 1, "M"),
                "A (in hand) fits all seven; C (all city) only the two corners at y=2, which have no neighbour");
        assertEquals(0, s.state().featureDeadOpenings(id(s, 0, 1, "M")));
        s.place(-1, 0, 270).pass(); // A west of the start; C is left
        assertEquals(List.of(0, 0, 0, 0, 1, 1), fits(s, 0, 1, "M"));
        assertEquals(4, s.state().featureDeadOpenings(id(s, 0, 1, "M")), "the four 0s");
    }

    @Test
    void refusesWhatFeatureProgressRefuses() {
        GameState g = Scenario.base(2, "U").state();
        assertThrows(IllegalArgumentException.class, () -> g.deadOpenings(new Position(0, 0), 4));
        assertThrows(IllegalArgumentException.class, () -> g.deadOpenings(new Position(0, 0), -1));
        assertThrows(IllegalArgumentException.class, () -> g.deadOpenings(new Position(5, 5), 0));
    }
}
