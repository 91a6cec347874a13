package dev.fortuna.engine.cropcircles;

import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_ADD;
import static dev.fortuna.engine.cropcircles.Steps.add;
import static dev.fortuna.engine.cropcircles.Steps.expectDecision;
import static dev.fortuna.engine.cropcircles.Steps.expectOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A knight added to a city that already holds an opponent's knight (occupancy rule waived, RULES.md §4.3)
 * decides the majority when the city is completed later; the step itself scores nothing.
 *
 * <pre>
 *   y=-2            E(closes, seat 0)
 *   y=-1   N(s0 K)  R(joins)  E(s1 K)
 *   y= 0   D        U         U
 *   y= 1   CC2-e (seat 1's shield)
 * </pre>
 * The city D–N–R–E–E has 5 tiles and no pennant: 10 points.
 */
class MajorityAfterAddTest {

    private static Scenario opponentsShareACity() {
        Scenario s = Scenario.cropCircles(2, "N", "U", "U", "E", "R", "CC2-e", "E", "B");
        s.place(0, -1, 90).deploy("C1"); // seat 0: the start city, open east
        s.place(1, 0, 90).pass();
        s.place(2, 0, 90).pass();
        s.place(2, -1, 270).deploy("C1"); // seat 1: a one-tile city open west
        s.place(1, -1, 0); // seat 0: R joins both cities, open north
        // The joined city holds a knight of each: deploying there is refused (only the field is offered).
        assertEquals(List.of(new Action.Deploy(s.featureAt(1, -1, "F1")), Action.PASS), s.state().legalActions());
        s.pass();
        assertEquals(List.of(1, 1), s.feature(1, -1, "C1").followers());
        s.place(0, 1, 90).pass(); // seat 1: the shield tile, apart from that city
        expectDecision(s, DecisionKind.CROP_CIRCLE_CHOICE, 1);
        s.act(CHOOSE_ADD);
        return s;
    }

    /** Seat 0 closes the city from the north with E and passes; returns the city's scoring event. */
    private static Event.FeatureScored close(Scenario s) {
        expectDecision(s, DecisionKind.PLACE_TILE, 0);
        s.place(1, -2, 180).pass();
        List<Event.FeatureScored> scored = Steps.only(s.lastEvents(), Event.FeatureScored.class);
        assertEquals(1, scored.size());
        assertEquals(FeatureKind.CITY, scored.get(0).kind());
        assertEquals(5, scored.get(0).tiles().size());
        return scored.get(0);
    }

    @Test
    void anAddedKnightGivesTheMajorityAndOnlyTheMajorityScores() {
        Scenario s = opponentsShareACity();
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 0, -1, "C1"), Action.PASS);
        s.act(add(s, 0, -1, "C1")); // into a city already holding seat 1's knight
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, 2, -1, "C1"), Action.PASS);
        s.pass();
        assertEquals(List.of(2, 1), s.feature(1, -1, "C1").followers());
        s.expectScores(0, 0).expectSupplies(5, 6);
        assertEquals(0, s.events(Event.FeatureScored.class).size(), "the crop circle scores nothing");

        Event.FeatureScored city = close(s);
        assertEquals(List.of(2, 1), city.followers());
        assertEquals(List.of(10, 0), city.points());
        s.expectScores(10, 0).expectSupplies(7, 7);
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }

    @Test
    void anAdditionMayNameTheCityThroughAnyOfItsSquares() {
        Scenario s = opponentsShareACity();
        // Seat 0's knight stands on N at (0,-1); naming the same city through R at (1,-1) is the same choice.
        s.act(add(s, 1, -1, "C1"));
        assertEquals(List.of(2, 1), s.feature(1, -1, "C1").followers());
        Event.FollowerAdded added = Steps.only(s.lastEvents(), Event.FollowerAdded.class).get(0);
        assertEquals(new Position(0, -1), added.position(), "recorded as the listed option");
        // A city that holds none of seat 1's knights is still refused, with the options in the reason.
        String why = s.reject(new Action.AddFollower(new Position(0, 1), s.featureAt(0, 1, "C2")));
        assertTrue(why.contains("holds no follower of seat 1"), why);
    }

    @Test
    void withoutTheAddBothKnightsTieAndBothScore() {
        Scenario s = opponentsShareACity();
        s.pass().pass();
        Event.FeatureScored city = close(s);
        assertEquals(List.of(1, 1), city.followers());
        assertEquals(List.of(10, 10), city.points());
        s.expectScores(10, 10).expectSupplies(7, 7);
    }

    @Test
    void whenBothAddTheyTieAgain() {
        Scenario s = opponentsShareACity();
        s.act(add(s, 0, -1, "C1"));
        // Seat 1's option names the same city by the square of its own knight.
        s.act(add(s, 2, -1, "C1"));
        assertEquals(List.of(2, 2), s.feature(0, 0, "C1").followers());
        s.expectSupplies(5, 5);
        Event.FeatureScored city = close(s);
        assertEquals(List.of(2, 2), city.followers());
        assertEquals(List.of(10, 10), city.points());
        s.expectScores(10, 10).expectSupplies(7, 7);
    }
}
