package dev.fortuna.engine.cropcircles;

import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_ADD;
import static dev.fortuna.engine.cropcircles.Steps.add;
import static dev.fortuna.engine.cropcircles.Steps.at;
import static dev.fortuna.engine.cropcircles.Steps.cropEvents;
import static dev.fortuna.engine.cropcircles.Steps.declined;
import static dev.fortuna.engine.cropcircles.Steps.expectOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The crop circle ends roads and separates fields (RULES.md §4.1–4.2), scored exactly. */
class RoadsAndFieldsTest {

    private static Set<Position> tiles(List<Position> l) {
        return new HashSet<>(l);
    }

    @Test
    void cc2dsTwoRoadStubsAreTwoRoadsEachCompletedAtBothEnds() {
        // CC2-d at (1,0): its west stub continues the start road, its east stub starts a new road.
        Scenario s = Scenario.cropCircles(2, "CC2-d", "U", "CC2-c", "CC1-c");
        s.place(1, 0, 0);
        // The crop circle is no feature: a follower may go on the city, either road stub or either field.
        assertEquals(List.of(new Action.Deploy(0), new Action.Deploy(1), new Action.Deploy(2), new Action.Deploy(3),
                new Action.Deploy(4), Action.PASS), s.state().legalActions());
        s.deploy("R2");
        assertEquals(List.of(new Event.CropCircleSkipped(Seat.of(0), CropSymbol.PITCHFORK)), cropEvents(s.lastEvents()));
        GameState.FeatureInfo west = s.feature(1, 0, "R2"), east = s.feature(1, 0, "R1");
        assertEquals(Set.of(at(0, 0), at(1, 0)), tiles(west.tiles()));
        assertEquals(List.of(1, 0), west.followers());
        assertEquals(Set.of(at(1, 0)), tiles(east.tiles()));
        assertEquals(List.of(0, 0), east.followers());
        assertFalse(west.complete());

        // Seat 1 extends the east stub with U and may put a thief on it: a different road.
        s.place(2, 0, 90);
        Action thief = new Action.Deploy(s.state().placedTile().type().featureIndex("R1"));
        assertTrue(s.state().legalActions().contains(thief), s.state().legalActions().toString());
        s.deploy("R1");
        assertEquals(List.of(1, 0), s.feature(0, 0, "R1").followers());
        assertEquals(List.of(0, 1), s.feature(2, 0, "R1").followers());

        // CC2-c (turned 270°) ends the start road in the west: CC2-c, D, CC2-d = 3 tiles, both ends crop circles.
        s.place(-1, 0, 270).pass();
        List<Event.FeatureScored> w = Steps.only(s.lastEvents(), Event.FeatureScored.class);
        assertEquals(1, w.size());
        assertEquals(FeatureKind.ROAD, w.get(0).kind());
        assertEquals(Set.of(at(-1, 0), at(0, 0), at(1, 0)), tiles(w.get(0).tiles()));
        assertEquals(List.of(3, 0), w.get(0).points());
        s.expectScores(3, 0).expectSupplies(7, 6);

        // CC1-c (turned 180°) ends the east road: CC2-d, U, CC1-c = 3 tiles. Last tile: the game ends.
        s.place(3, 0, 180).pass();
        List<Event.FeatureScored> e = Steps.only(s.lastEvents(), Event.FeatureScored.class);
        assertEquals(FeatureKind.ROAD, e.get(0).kind());
        assertFalse(e.get(0).atGameEnd());
        assertEquals(Set.of(at(1, 0), at(2, 0), at(3, 0)), tiles(e.get(0).tiles()));
        assertEquals(List.of(0, 3), e.get(0).points());
        assertTrue(s.state().isOver());
        s.expectScores(3, 3).expectSupplies(7, 7);
    }

    @Test
    void cc2dNorthStripTouchesBothCitiesAndTheSouthFieldNone() {
        // Seat 0's farmer on CC2-d's north strip (joined to the start tile's), seat 1's south of the road stubs.
        Scenario s = Scenario.cropCircles(2, "CC2-d", "B", "E", "E");
        s.place(1, 0, 0).deploy("F1");
        int mark = s.allEvents().size();
        s.act(CHOOSE_ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 1, 0, "F1"), Action.PASS);
        s.pass();
        List<Event> step = cropEvents(s.allEvents().subList(mark, s.allEvents().size()));
        assertEquals(3, step.size());
        assertEquals(new Event.Skipped(Seat.of(1), DecisionKind.CROP_CIRCLE_ADD, FeatureKind.FIELD), step.get(1),
                "seat 1 has no farmer");
        assertEquals(declined(0, false), step.get(2));

        s.place(1, 1, 0).deploy("F1"); // seat 1: the south field is free
        assertEquals(List.of(1, 0), s.feature(0, 0, "F1").followers());
        assertEquals(List.of(0, 1), s.feature(0, 0, "F2").followers());
        s.place(0, -1, 180).pass(); // closes the start city (2 tiles, nobody)
        s.place(1, -1, 180).pass(); // closes CC2-d's city (2 tiles, nobody); the game ends
        assertTrue(s.state().isOver());
        List<Event.FeatureScored> fields = s.events(Event.FeatureScored.class).stream()
                .filter(f -> f.kind() == FeatureKind.FIELD).toList();
        assertEquals(2, fields.size());
        Event.FeatureScored north = fields.stream().filter(f -> f.followers().get(0) == 1).findFirst().orElseThrow();
        Event.FeatureScored south = fields.stream().filter(f -> f.followers().get(1) == 1).findFirst().orElseThrow();
        assertEquals(Set.of(at(0, 0), at(1, 0)), tiles(north.tiles()));
        assertEquals(2, north.adjacentCompletedCities());
        assertEquals(List.of(6, 0), north.points());
        assertEquals(Set.of(at(0, 0), at(1, 0), at(1, 1)), tiles(south.tiles()));
        assertEquals(0, south.adjacentCompletedCities());
        assertEquals(List.of(0, 0), south.points());
        s.expectScores(6, 0);
    }

    @Test
    void farmersOnBothSidesOfCc2eScoreSeparatelyAtTheEnd() {
        // CC2-e at (0,-1): its south city closes the start city; its north city is closed by E at (0,-2).
        Scenario s = Scenario.cropCircles(2, "CC2-e", "B", "E");
        s.place(0, -1, 0).deploy("F1"); // west of the crop circle
        assertEquals(List.of(new Event.CropCircleSkipped(Seat.of(0), CropSymbol.SHIELD)), cropEvents(s.lastEvents()));
        s.place(1, -1, 0);
        // The field east of the crop circle (with the cloister tile's) is free although the west one is not.
        assertEquals(List.of(0, 0), s.feature(0, -1, "F2").followers());
        s.deploy("F1");
        assertEquals(List.of(0, 1), s.feature(0, -1, "F2").followers());
        assertEquals(List.of(1, 0), s.feature(0, -1, "F1").followers());
        s.place(0, -2, 180).pass();
        assertTrue(s.state().isOver());
        List<Event.FeatureScored> fields = s.events(Event.FeatureScored.class).stream()
                .filter(f -> f.kind() == FeatureKind.FIELD).toList();
        assertEquals(2, fields.size());
        for (Event.FeatureScored f : fields) {
            assertEquals(2, f.adjacentCompletedCities());
        }
        s.expectScores(6, 6);
    }

    @Test
    void cc1csFieldRunsAroundItsRoadStubJoiningBothSidesOfTheRoad() {
        // Seat 0 farms north of the start road (U at (1,0)), seat 1 south of it (U at (-1,0)).
        Scenario s = Scenario.cropCircles(2, "U", "U", "CC1-c", "E");
        s.place(1, 0, 90).deploy("F2");
        s.place(-1, 0, 90).deploy("F1");
        assertEquals(List.of(1, 0), s.feature(1, 0, "F2").followers());
        assertEquals(List.of(0, 1), s.feature(1, 0, "F1").followers());
        // CC1-c (turned 180°) ends the road at (2,0); its one field touches both sides of the road stub.
        s.place(2, 0, 180).pass();
        assertEquals(List.of(1, 1), s.feature(1, 0, "F2").followers());
        assertEquals(List.of(1, 1), s.feature(-1, 0, "F1").followers());
        // Pitchfork, add: seat 1 declines, seat 0 adds a second farmer to the (now shared) field.
        s.act(CHOOSE_ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, -1, 0, "F1"), Action.PASS);
        s.pass();
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 1, 0, "F2"), Action.PASS);
        s.act(add(s, 1, 0, "F2"));
        assertEquals(List.of(2, 1), s.feature(2, 0, "F1").followers());
        // E closes the start city; at the end the one field with that completed city pays 3 to the majority.
        s.place(0, -1, 180).pass();
        assertTrue(s.state().isOver());
        List<Event.FeatureScored> fields = s.events(Event.FeatureScored.class).stream()
                .filter(f -> f.kind() == FeatureKind.FIELD).toList();
        assertEquals(1, fields.size());
        assertEquals(List.of(2, 1), fields.get(0).followers());
        assertEquals(1, fields.get(0).adjacentCompletedCities());
        assertEquals(List.of(3, 0), fields.get(0).points());
        s.expectScores(3, 0);
    }
}
