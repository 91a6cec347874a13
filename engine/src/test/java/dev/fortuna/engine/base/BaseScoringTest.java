package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState.FeatureInfo;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Roads, cities and cloisters of the base game (RULES.md §2.5–§2.9), as small forced-draw positions.
 *
 * <p>Conventions: the start tile D lies at (0,0) with its city to the north and its road running E-W; x grows
 * eastwards, y southwards; rotations are clockwise. Seats alternate 0, 1, 0, … starting with the first drawn
 * tile. In the drawings, {@code D} etc. are tile letters with their rotation, {@code .} an empty square.
 * Rotated edges used below (world edge = canonical edge turned clockwise):
 * E (city N): E90 city E, E180 city S, E270 city W. V (road S-W): V90 W-N, V180 N-E, V270 E-S.
 * U (road N-S): U90 road E-W. A (cloister, road S): A90 road W, A180 road N, A270 road E.
 * N (city N-E): N90 city E-S, N180 city S-W. M (city N-E, pennant): M90 city E-S.
 */
class BaseScoringTest {

    private static List<Event.FeatureScored> scored(List<Event> events) {
        return events.stream().filter(e -> e instanceof Event.FeatureScored).map(e -> (Event.FeatureScored) e)
                .toList();
    }

    @Test
    void roadClosedIntoALoopScoresOnePointPerTile() {
        //   y=0:  D(0,0)
        //   y=1:  V270 V0       the four curves form a ring of road south of the start tile
        //   y=2:  V180 V90
        Scenario s = Scenario.base(2, "V", "V", "V", "V", "U");
        s.place(0, 1, 270).deploy("R1"); // seat 0: thief on the ring
        s.place(1, 1, 0).pass();
        s.place(1, 2, 90).pass();
        FeatureInfo open = s.feature(0, 1, "R1");
        assertFalse(open.complete());
        assertEquals(3, open.tileCount());
        s.place(0, 2, 180).pass(); // closes the loop through both of its road edges at once
        List<Event.FeatureScored> sc = scored(s.lastEvents());
        assertEquals(1, sc.size());
        assertEquals(FeatureKind.ROAD, sc.get(0).kind());
        assertFalse(sc.get(0).atGameEnd());
        assertEquals(4, sc.get(0).tiles().size());
        assertEquals(List.of(4, 0), sc.get(0).points());
        FeatureInfo ring = s.feature(0, 2, "R1");
        assertTrue(ring.complete());
        assertEquals(4, ring.tileCount());
        assertEquals(List.of(0, 0), ring.followers());
        s.expectScores(4, 0).expectSupplies(7, 7);
    }

    @Test
    void roadEndedOnBothSidesScoresAndTheThiefDeployedThisTurnGoesHome() {
        //   A270 D L0      A (cloister) ends the road on the west, L's junction ends it on the east
        Scenario s = Scenario.base(2, "A", "L", "U");
        s.place(-1, 0, 270).pass();
        s.place(1, 0, 0).deploy("R3"); // seat 1 puts a thief on L's west road: the road is complete now
        List<Event> ev = s.lastEvents();
        assertTrue(ev.get(0) instanceof Event.FollowerDeployed, "deployment comes before scoring: " + ev);
        Event.FeatureScored sc = scored(ev).get(0);
        assertEquals(FeatureKind.ROAD, sc.kind());
        assertEquals(List.of(0, 1), sc.followers());
        assertEquals(List.of(0, 3), sc.points());
        assertTrue(ev.stream().anyMatch(e -> e instanceof Event.FollowerReturned r && r.seat().index() == 1
                && r.reason() == Event.ReturnReason.SCORED), ev.toString());
        s.expectScores(0, 3).expectSupplies(7, 7);
        assertEquals(3, s.state().score(1, ScoreKind.ROAD));
        assertEquals(DecisionKind.PLACE_TILE, s.decision(), "the game goes on with the next tile");
        assertEquals(0, s.decidingSeat());
    }

    @Test
    void cityWithPennantsOnTwoTilesScoresTwoPerTileAndTwoPerPennant() {
        //   y=-1:  M90* F0* E270     city D–M–F–E: 4 tiles, pennants on M and F
        //   y=0:   D
        Scenario s = Scenario.base(2, "M", "F", "E");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, -1, 0).pass();
        FeatureInfo before = s.feature(1, -1, "C1");
        assertEquals(3, before.tileCount());
        assertEquals(2, before.pennants());
        assertFalse(before.complete());
        assertEquals(List.of(1, 0), before.followers());
        s.place(2, -1, 270).pass();
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(FeatureKind.CITY, sc.kind());
        assertEquals(4, sc.tiles().size());
        assertEquals(2, sc.pennants());
        s.expectScores(4 * 2 + 2 * 2, 0).expectSupplies(7, 7);
        FeatureInfo city = s.feature(0, 0, "C1");
        assertTrue(city.complete());
        assertEquals(4, city.tileCount());
        assertEquals(2, city.pennants());
    }

    @Test
    void twoTileCityScoresFourByDefault() {
        //   E180 / D: the start tile's city closed by a single cap
        Scenario s = Scenario.base(2, "E").place(0, -1, 180).deploy("C1");
        FeatureInfo city = s.feature(0, -1, "C1");
        assertTrue(city.complete());
        assertEquals(2, city.tileCount());
        assertEquals(0, city.pennants());
        s.expectScores(4, 0).expectSupplies(7, 7);
    }

    @Test
    void twoTileCityOptionScoresTwoButLargerCitiesAreUnchanged() {
        RuleOptions opt = new RuleOptions(RuleOptions.FarmRule.THIRD_EDITION, true);
        Scenario two = Scenario.base(opt, 2, "E").place(0, -1, 180).deploy("C1");
        two.expectScores(2, 0).expectSupplies(7, 7);
        //   M90* E270 / D: three tiles and a pennant still score 2·3 + 2·1 = 8 with the option
        Scenario three = Scenario.base(opt, 2, "M", "E").place(0, -1, 90).deploy("C1");
        three.place(1, -1, 270).pass();
        three.expectScores(8, 0).expectSupplies(7, 7);
    }

    @Test
    void incompleteCityAndRoadScoreOnePerTileAndPennantAtTheEnd() {
        //   y=-1: M90*  .       city D–M open to the east (2 tiles, 1 pennant): 2 + 1 = 3 for seat 0
        //   y=0:  D     U90     road D–U open at both ends: 2 for seat 1
        Scenario s = Scenario.base(2, "M", "U");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, 0, 90).deploy("R1");
        assertTrue(s.state().isOver());
        s.expectScores(3, 2).expectSupplies(6, 6); // followers stay on the board at the end
        assertEquals(3, s.state().score(0, ScoreKind.CITY));
        assertEquals(2, s.state().score(1, ScoreKind.ROAD));
        List<Event.FeatureScored> sc = scored(s.lastEvents());
        assertEquals(2, sc.size());
        assertTrue(sc.stream().allMatch(Event.FeatureScored::atGameEnd));
    }

    @Test
    void partialCloistersScoreOnePlusOccupiedNeighboursAtTheEnd() {
        //   y=0:  U90 D   .
        //   y=1:  .   B0  B1     B0 (seat 0) sees U90, D, B1 and itself: 4;  B1 (seat 1) sees D, B0, itself: 3
        Scenario s = Scenario.base(2, "B", "B", "U");
        s.place(0, 1, 0).deploy("M");
        s.place(1, 1, 0).deploy("M");
        s.place(-1, 0, 90).pass();
        assertTrue(s.state().isOver());
        s.expectScores(4, 3).expectSupplies(6, 6);
        assertEquals(4, s.state().score(0, ScoreKind.CLOISTER));
        FeatureInfo m = s.feature(0, 1, "M");
        assertEquals(FeatureKind.CLOISTER, m.kind());
        assertFalse(m.complete());
    }

    @Test
    void completedCloisterScoresNineDuringPlayAndTheMonkGoesHome() {
        //   y=0:  U90  D    U90
        //   y=1:  V0   B    V270      B's eight neighbours are filled one by one
        //   y=2:  U0   E180 U0
        Scenario s = Scenario.base(2, "B", "U", "U", "V", "V", "E", "U", "U", "U");
        s.place(0, 1, 0).deploy("M");
        s.place(-1, 0, 90).pass();
        s.place(1, 0, 90).pass();
        s.place(-1, 1, 0).pass();
        s.place(1, 1, 270).pass();
        s.place(0, 2, 180).pass();
        s.place(-1, 2, 0).pass();
        assertFalse(s.feature(0, 1, "M").complete());
        s.expectScores(0, 0).expectSupplies(6, 7);
        s.place(1, 2, 0).pass(); // seat 1 places the eighth neighbour
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(FeatureKind.CLOISTER, sc.kind());
        assertFalse(sc.atGameEnd());
        assertEquals(List.of(9, 0), sc.points());
        assertTrue(s.feature(0, 1, "M").complete());
        s.expectScores(9, 0).expectSupplies(7, 7);
        assertFalse(s.state().isOver());
        s.place(2, 0, 90).pass();
        assertTrue(s.state().isOver());
        s.expectScores(9, 0); // nothing is scored twice at the end
    }

    @Test
    void cloisterPlacedIntoAFullRingScoresNineAtOnceWithItsNewMonk() {
        //   y=0:  U90  D    U90
        //   y=1:  V0   ?    V270     the eight neighbours first, then B into the hole with a monk
        //   y=2:  U0   E180 U0
        Scenario s = Scenario.base(2, "U", "U", "V", "V", "U", "E", "U", "B");
        s.place(-1, 0, 90).pass();
        s.place(1, 0, 90).pass();
        s.place(-1, 1, 0).pass();
        s.place(1, 1, 270).pass();
        s.place(-1, 2, 0).pass();
        s.place(0, 2, 180).pass();
        s.place(1, 2, 0).pass();
        s.place(0, 1, 0).deploy("M"); // seat 1
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(FeatureKind.CLOISTER, sc.kind());
        assertEquals(List.of(0, 9), sc.points());
        s.expectScores(0, 9).expectSupplies(7, 7);
    }

    @Test
    void aCityMeetingTheSameTileTwiceCountsItOnce() {
        //   y=0:  D    U90
        //   y=1:       N90  N180     I0 (caps N and W) closes a ring: I.C1 – N180 – N90 – N0 – I.C2
        //   y=2:       N0   I0
        // 4 distinct tiles → 8 (10 if I were counted twice).
        Scenario s = Scenario.base(2, "U", "N", "N", "N", "I");
        s.place(1, 0, 90).pass();
        s.place(1, 1, 90).deploy("C1");
        s.place(2, 1, 180).pass();
        s.place(1, 2, 0).pass();
        s.place(2, 2, 0).pass();
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(4, sc.tiles().size());
        assertEquals(List.of(0, 8), sc.points());
        FeatureInfo city = s.feature(2, 2, "C1");
        assertEquals(city, s.feature(2, 2, "C2"));
        assertEquals(4, city.tileCount());
        assertTrue(city.complete());
        s.expectScores(0, 8).expectSupplies(7, 7);
    }

    @Test
    void tiedKnightsInAJoinedCityBothScoreTheFullValue() {
        //   y=-1:  N90  N180     N180 joins seat 0's city (D–N90, open east) and seat 1's (D at (1,0), open north)
        //   y=0:   D    D0
        Scenario s = Scenario.base(2, "N", "D", "N");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, 0, 0).deploy("C1"); // a separate city: legal
        assertEquals(List.of(0, 1), s.feature(1, 0, "C1").followers());
        s.place(1, -1, 180);
        String why = s.reject(new Action.Deploy(s.state().placedTile().type().featureIndex("C1")));
        assertTrue(why.contains("occupancy"), why);
        s.pass();
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(List.of(1, 1), sc.followers());
        assertEquals(List.of(8, 8), sc.points()); // 4 tiles, no pennant: 8 each
        s.expectScores(8, 8).expectSupplies(7, 7);
    }

    @Test
    void tiedThievesOnAnIncompleteRoadBothScoreItAtTheEnd() {
        //   y=0:  V270 D    U90      road A: D–U90 (seat 0)
        //   y=1:  V180 U90           road B: U90 at (0,1) (seat 1); V270 + V180 join them: 5 tiles, open at
        //                            (1,0) east and (0,1) east
        Scenario s = Scenario.base(2, "U", "U", "V", "V");
        s.place(1, 0, 90).deploy("R1");
        s.place(0, 1, 90).deploy("R1");
        s.place(-1, 0, 270).pass();
        s.place(-1, 1, 180).pass();
        assertTrue(s.state().isOver());
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertTrue(sc.atGameEnd());
        assertEquals(List.of(1, 1), sc.followers());
        s.expectScores(5, 5).expectSupplies(6, 6);
    }

    @Test
    void aCompletedFeatureWithoutFollowersScoresNothing() {
        Scenario s = Scenario.base(2, "E", "U").place(0, -1, 180).pass();
        assertTrue(s.feature(0, 0, "C1").complete());
        assertTrue(scored(s.allEvents()).isEmpty());
        s.expectScores(0, 0).expectSupplies(7, 7);
    }

    @Test
    void everySeatStartsWithSevenFollowers() {
        Scenario.base(5, "E").expectSupplies(7, 7, 7, 7, 7).expectScores(0, 0, 0, 0, 0);
    }

    @Test
    void joiningSeparatelyOccupiedRoadsIsLegalAndTheMajorityScoresAlone() {
        //   y=0:  V270 D    U90  A90      road A: D–U90 (seat 0)
        //   y=1:  V180 U90  V0            road B: U90 at (0,1) (seat 1)
        //   y=2:  A270 U90  V90           road C: U90 at (0,2) (seat 0)
        // V270 + V180 join A and B (1:1), V0 + V90 join C (2:1), the two A tiles end the road: 10 tiles.
        Scenario s = Scenario.base(2, "U", "U", "U", "V", "V", "V", "V", "A", "A");
        s.place(1, 0, 90).deploy("R1");
        s.place(0, 1, 90).deploy("R1");
        s.place(0, 2, 90).deploy("R1");
        s.place(-1, 0, 270);
        // V270's road reaches seat 0's thief two tiles away, through the start tile.
        String why = s.reject(new Action.Deploy(s.state().placedTile().type().featureIndex("R1")));
        assertTrue(why.contains("occupancy"), why);
        s.pass();
        s.place(-1, 1, 180).pass(); // joins road A and road B
        FeatureInfo ab = s.feature(0, 1, "R1");
        assertEquals(List.of(1, 1), ab.followers());
        assertEquals(5, ab.tileCount());
        s.place(1, 1, 0).pass();
        s.place(1, 2, 90).pass(); // joins road C
        FeatureInfo abc = s.feature(0, 2, "R1");
        assertEquals(List.of(2, 1), abc.followers());
        assertEquals(8, abc.tileCount());
        assertFalse(abc.complete());
        s.place(2, 0, 90).pass();
        s.expectScores(0, 0).expectSupplies(5, 6);
        s.place(-1, 2, 270).pass();
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(10, sc.tiles().size());
        assertEquals(List.of(2, 1), sc.followers());
        assertEquals(List.of(10, 0), sc.points());
        s.expectScores(10, 0).expectSupplies(7, 7); // the minority's thief goes home too
    }

    @Test
    void oneTileCompletesACityAndARoad() {
        //   y=-1:  .    N90  N180
        //   y=0:   A270 D    L0       L0 closes the city D–N90–N180–L (seat 0) and ends the road A–D–L (seat 1)
        Scenario s = Scenario.base(2, "N", "A", "N", "L");
        s.place(0, -1, 90).deploy("C1");
        s.place(-1, 0, 270).deploy("R1");
        s.place(1, -1, 180).pass();
        s.place(1, 0, 0).pass();
        List<Event.FeatureScored> sc = scored(s.lastEvents());
        assertEquals(2, sc.size(), sc.toString());
        Event.FeatureScored city = sc.stream().filter(e -> e.kind() == FeatureKind.CITY).findFirst().orElseThrow();
        Event.FeatureScored road = sc.stream().filter(e -> e.kind() == FeatureKind.ROAD).findFirst().orElseThrow();
        assertEquals(List.of(8, 0), city.points());
        assertEquals(List.of(0, 3), road.points());
        s.expectScores(8, 3).expectSupplies(7, 7);
    }

    @Test
    void aRoadThroughTheDoubleCurveTileTwiceCountsThatTileOnce() {
        // Base tiles plus the Wheel of Fortune tiles, with a D start tile (the wheel lies aside), so that the
        // double curve IC-f (R1 S-W, R2 N-E) can be drawn. IC-f moves the pig to Tax, which pays nothing here.
        //   y=-1:  .    .    A0
        //   y=0:   A270 D    IC-f V0
        //   y=1:   .    .    V180 V90
        // Road: A270 – D – IC-f(R1) – V180 – V90 – V0 – IC-f(R2) – A0: 8 passages, 7 distinct tiles.
        GameConfig cfg = GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL).withWheelIsStart(false))
                .draws("wof:IC-f", "V", "V", "V", "A", "A").build();
        Scenario s = Scenario.of(cfg);
        s.place(1, 0, 0).deploy("R1");
        s.place(2, 0, 0).pass();
        s.place(2, 1, 90).pass();
        s.place(1, 1, 180).pass();
        FeatureInfo road = s.feature(1, 0, "R1");
        assertEquals(road, s.feature(1, 0, "R2"), "R1 and R2 of IC-f are one road now");
        assertEquals(5, road.tileCount()); // D, IC-f, V0, V90, V180
        s.place(-1, 0, 270).pass();
        s.place(1, -1, 0).pass();
        Event.FeatureScored sc = scored(s.lastEvents()).get(0);
        assertEquals(7, sc.tiles().size());
        assertEquals(List.of(7, 0), sc.points());
        assertEquals(7, s.state().score(0, ScoreKind.ROAD));
        s.expectScores(7, 0).expectSupplies(7, 7);
        assertTrue(sc.tiles().contains(new Position(1, 0)));
    }
}
