package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The wheel board's outer squares are landscape (RULES.md §3.2): its roads end at the wheel, its cities and
 * fields score like any tile's, board squares are occupied neighbours of cloisters, and nobody deploys on it.
 */
class WheelBoardLandscapeTest {

    private static Set<Position> positions(int... xy) {
        Set<Position> s = new HashSet<>();
        for (int i = 0; i < xy.length; i += 2) {
            s.add(new Position(xy[i], xy[i + 1]));
        }
        return s;
    }

    private static Event.FeatureScored onlyScored(Scenario s, FeatureKind kind) {
        List<Event.FeatureScored> l = s.events(Event.FeatureScored.class).stream().filter(e -> e.kind() == kind)
                .toList();
        assertEquals(1, l.size(), l.toString());
        return l.get(0);
    }

    @Test
    void theOuterEdgesAcceptExactlyTheMatchingTiles() {
        // The all-field cloister fits the 9 field slots; the all-city C fits the 4 city slots.
        Scenario b = Scenario.wheel(2, "wof:B");
        assertEquals(9, b.state().legalCount());
        Set<Position> fieldSlots = new HashSet<>();
        b.state().legalActions().forEach(a -> fieldSlots.add(((Action.PlaceTile) a).position()));
        assertEquals(positions(1, -1, 3, -1, 4, 0, 4, 1, 4, 3, 2, 4, 1, 4, -1, 2, -1, 0), fieldSlots);
        Scenario c = Scenario.wheel(2, "wof:C");
        Set<Position> citySlots = new HashSet<>();
        c.state().legalActions().forEach(a -> citySlots.add(((Action.PlaceTile) a).position()));
        assertEquals(positions(0, -1, 4, 2, 0, 4, -1, 3), citySlots);
        assertEquals(4, c.state().legalCount());
        // The crossroads fits only the three road slots (its pig move is irrelevant here).
        Scenario x = Scenario.wheel(2, "wof:X/w1");
        Set<Position> roadSlots = new HashSet<>();
        x.state().legalActions().forEach(a -> roadSlots.add(((Action.PlaceTile) a).position()));
        assertEquals(positions(2, -1, 3, 4, -1, 1), roadSlots);
        // Board squares are taken.
        String why = b.reject(new Action.PlaceTile(new Position(1, 1), Rotation.R0));
        assertTrue(why.contains("already taken"), why);
    }

    @Test
    void aRoadEndingAtTheWheelCountsTheBoardSquare() {
        // A's road ends at its cloister, rN ends at the wheel: a complete road of 2 squares.
        Scenario s = Scenario.wheel(2, "wof:A");
        s.place(2, -1, 0).deploy("R1");
        s.expectScores(2, 0).expectSupplies(7, 7);
        Event.FeatureScored road = onlyScored(s, FeatureKind.ROAD);
        assertFalse(road.atGameEnd());
        assertEquals(positions(2, -1, 2, 0), Set.copyOf(road.tiles()));
        assertEquals(List.of(2, 0), road.points());
    }

    @Test
    void aThreeSquareRoadFromTheWestRoad() {
        // rW (0,1) + V at (-1,1) (road east–south) + A at (-1,2) (road ends at its cloister): 3.
        Scenario s = Scenario.wheel(2, "wof:V", "wof:A");
        s.place(-1, 1, 270).deploy("R1");
        var road = s.feature(0, 1, "R1");
        assertFalse(road.complete());
        assertEquals(2, road.tileCount());
        assertEquals(List.of(1, 0), road.followers(), "the board's part of the road holds seat 0's thief");
        s.place(-1, 2, 180).pass();
        s.expectScores(3, 0).expectSupplies(7, 7);
        assertEquals(positions(0, 1, -1, 1, -1, 2), Set.copyOf(onlyScored(s, FeatureKind.ROAD).tiles()));
    }

    @Test
    void aRoadThroughTheDoubleCurveTwiceCountsItOnceAndTheBoardSquareToo() {
        // rW → IC-f (east to north) → three curves round to IC-f's west → IC-f (west to south) → A's cloister.
        // Squares: (0,1), (-1,1), (-1,0), (-2,0), (-2,1), (-1,2) = 6, IC-f once (RULES.md §2.7).
        Scenario s = Scenario.wheel(2, "wof:IC-f", "wof:V/w1", "wof:V/w1", "wof:V", "wof:A");
        // Seat 0 drew IC-f (w1): Fortune → Tax, nobody has a knight.
        s.place(-1, 1, 0).deploy("R2");
        // Seat 1 drew V/w1: Tax → Famine, nobody has a farmer.
        s.place(-1, 0, 0).pass();
        // Seat 0 drew V/w1: Famine → Storm: 6 and 7 in supply.
        s.expectScores(6, 7);
        s.place(-2, 0, 270).pass();
        s.place(-2, 1, 180).pass();
        var road = s.feature(-1, 1, "R1");
        assertFalse(road.complete());
        assertEquals(List.of(1, 0), road.followers(), "both halves of IC-f are one road now");
        s.place(-1, 2, 180).pass();
        s.expectScores(12, 7).expectSupplies(7, 7);
        Event.FeatureScored scored = onlyScored(s, FeatureKind.ROAD);
        assertEquals(positions(0, 1, -1, 1, -1, 0, -2, 0, -2, 1, -1, 2), Set.copyOf(scored.tiles()));
        assertEquals(6, scored.tiles().size());
    }

    @Test
    void anIncompleteRoadAtTheEndCountsTheBoardSquareToo() {
        Scenario s = Scenario.wheel(2, "wof:V");
        s.place(-1, 1, 270).deploy("R1");
        assertTrue(s.state().isOver());
        s.expectScores(2, 0);
        assertTrue(onlyScored(s, FeatureKind.ROAD).atGameEnd());
    }

    @Test
    void aCapAgainstTheNorthCityCompletesATwoSquareCityWorthFour() {
        Scenario s = Scenario.wheel(2, "wof:E", "wof:E");
        s.place(0, -1, 180).deploy("C1");
        s.expectScores(4, 0).expectSupplies(7, 7);
        Event.FeatureScored city = onlyScored(s, FeatureKind.CITY);
        assertEquals(positions(0, -1, 0, 0), Set.copyOf(city.tiles()));
        assertEquals(0, city.pennants());
        assertTrue(s.feature(0, 0, "C1").complete());
        // The east city the same way.
        s.place(4, 2, 270).deploy("C1");
        s.expectScores(4, 4);
    }

    @Test
    void theCornerCityNeedsTwoTiles() {
        Scenario s = Scenario.wheel(2, "wof:E", "wof:E");
        s.place(0, 4, 0).deploy("C1");
        var city = s.feature(0, 3, "C1");
        assertFalse(city.complete());
        assertEquals(2, city.tileCount());
        s.expectScores(0, 0);
        s.place(-1, 3, 90).pass();
        // Seat 1 closed the west edge: seat 0's knight scores 3 squares × 2.
        s.expectScores(6, 0).expectSupplies(7, 7);
        assertEquals(positions(0, 4, 0, 3, -1, 3), Set.copyOf(onlyScored(s, FeatureKind.CITY).tiles()));
    }

    @Test
    void anIncompleteCornerCityAtTheEndScoresOnePerSquare() {
        Scenario s = Scenario.wheel(2, "wof:E");
        s.place(0, 4, 0).deploy("C1");
        assertTrue(s.state().isOver());
        s.expectScores(2, 0);
    }

    @Test
    void aFarmerInBoardFieldANextToTheCompletedNorthCityScoresThree() {
        Scenario s = Scenario.wheel(2, "wof:E", "wof:B");
        s.place(0, -1, 180).pass();         // completes cA (nobody on it)
        s.place(1, -1, 0).deploy("F1");     // seat 1 farmer in board field A
        assertEquals(1, s.feature(1, 0, "F1").adjacentCompletedCities());
        assertTrue(s.state().isOver());
        s.expectScores(0, 3);
        Event.FeatureScored field = onlyScored(s, FeatureKind.FIELD);
        assertEquals(1, field.adjacentCompletedCities());
        assertTrue(field.tiles().containsAll(List.of(new Position(0, 1), new Position(0, 0), new Position(1, 0),
                new Position(2, 0), new Position(1, -1), new Position(0, -1))), field.tiles().toString());
    }

    @Test
    void aFarmerInBoardFieldBNextToTheCompletedEastCityScoresThree() {
        Scenario s = Scenario.wheel(2, "wof:E", "wof:B");
        s.place(4, 2, 270).pass();          // completes cB
        s.place(4, 1, 0).deploy("F1");      // seat 1 farmer in board field B
        s.expectScores(0, 3);
        assertEquals(1, onlyScored(s, FeatureKind.FIELD).adjacentCompletedCities());
    }

    @Test
    void aFarmerInBoardFieldCNextToTheCompletedCornerCityScoresThree() {
        Scenario s = Scenario.wheel(2, "wof:E", "wof:E", "wof:B");
        s.place(0, 4, 0).pass();
        s.place(-1, 3, 90).pass();          // completes cC
        s.place(1, 4, 0).deploy("F1");      // seat 0 farmer in board field C
        s.expectScores(3, 0);
        assertEquals(1, onlyScored(s, FeatureKind.FIELD).adjacentCompletedCities());
    }

    @Test
    void aFarmerNextToAnOpenBoardCityScoresNothing() {
        Scenario s = Scenario.wheel(2, "wof:B");
        s.place(1, -1, 0).deploy("F1");
        s.expectScores(0, 0);
        assertEquals(0, onlyScored(s, FeatureKind.FIELD).adjacentCompletedCities());
    }

    @Test
    void boardSquaresAreOccupiedNeighboursOfAPartialCloister() {
        // (1,-1) has the board squares (0,0), (1,0), (2,0) below it: 1 + 3 = 4; (4,0) has (3,0), (3,1): 3.
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B");
        s.place(1, -1, 0).deploy("M");
        s.place(4, 0, 0).deploy("M");
        s.expectScores(4, 3);
    }

    @Test
    void withTheOptionTheBoardCountsAsOneTileForAPartialCloister() {
        Scenario s = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withBoardIsOneTileForCloisters(true)).draws("wof:B", "wof:B").build());
        s.place(1, -1, 0).deploy("M");
        s.place(4, 0, 0).deploy("M");
        s.expectScores(2, 2);
    }

    private static Scenario cloisterCompletedAgainstTheBoard(WheelOptions o) {
        Scenario s = Scenario.of(GameConfig.builder().players(2).wheel(o)
                .draws("wof:B", "wof:E", "wof:A", "wof:B", "wof:B", "wof:B").build());
        s.place(1, -1, 0).deploy("M");      // seat 0 monk; three board squares below
        s.place(0, -1, 180).pass();
        s.place(2, -1, 0).pass();
        s.place(0, -2, 0).pass();
        s.place(1, -2, 0).pass();
        assertFalse(s.feature(1, -1, "M").complete());
        s.expectScores(0, 0);
        s.place(2, -2, 0).pass();           // the 8th neighbour
        return s;
    }

    @Test
    void aCloisterCompletedAgainstTheBoardScoresNine() {
        Scenario s = cloisterCompletedAgainstTheBoard(WheelOptions.DEFAULT);
        s.expectScores(9, 0).expectSupplies(7, 7);
        assertEquals(List.of(9, 0), onlyScored(s, FeatureKind.CLOISTER).points());
        // The option only changes partial cloisters.
        Scenario t = cloisterCompletedAgainstTheBoard(WheelOptions.DEFAULT.withBoardIsOneTileForCloisters(true));
        t.expectScores(9, 0);
    }

    @Test
    void nobodyDeploysOnTheBoard() {
        Scenario s = Scenario.wheel(2, "wof:V", "wof:B");
        // The game opens with a placement: there is nothing to deploy on before a tile is placed.
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        s.place(-1, 1, 270);
        // Only V's own three features, the crowns and pass.
        assertEquals(List.of(new Action.Deploy(0), new Action.Deploy(1), new Action.Deploy(2),
                new Action.DeployOnCrown(Sector.FORTUNE), new Action.DeployOnCrown(Sector.TAX),
                new Action.DeployOnCrown(Sector.FAMINE), new Action.DeployOnCrown(Sector.STORM),
                new Action.DeployOnCrown(Sector.INQUISITION), new Action.DeployOnCrown(Sector.PLAGUE),
                Action.PASS), s.state().legalActions());
        String why = s.reject(new Action.Deploy(3));
        assertTrue(why.contains("no feature"), why);
        s.deploy("R1");
        // The thief stands on V, not on the board square its road continues into.
        assertEquals(List.of(new FollowerPlacement(Seat.of(0), new Position(-1, 1), 0, FeatureKind.ROAD, null)),
                s.state().followers());
        assertTrue(s.state().tileAt(new Position(0, 1)).boardSquare());
        assertEquals(List.of(1, 0), s.feature(0, 1, "R1").followers());
    }
}
