package dev.fortuna.engine.cropcircles;

import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_ADD;
import static dev.fortuna.engine.cropcircles.Steps.at;
import static dev.fortuna.engine.cropcircles.Steps.expectOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Adding a follower (RULES.md §4.3) names the feature, not a square: any square feature of the road may name it,
 * and a road holding two of the seat's thieves is offered once.
 *
 * <pre>
 *   y=0:   D(0,0)  U90(1,0)  CC2-a(2,0)      one road from D's west end to CC2-a's south end
 *   y=1:   CC1-d(0,1)                        a separate road (south and west of (0,1))
 * </pre>
 */
class AddByAnySquareTest {

    @Test
    void aRoadIsNamedThroughAnyOfItsSquaresAndOfferedOnce() {
        Scenario s = Scenario.cropCircles(2, "U", "CC1-d", "CC2-a");
        s.place(1, 0, 90).deploy("R1");                 // seat 0: a thief on the road through the start tile
        s.place(0, 1, 0).pass();                        // seat 1: club, the thieves' symbol
        s.act(CHOOSE_ADD);
        Action listed = new Action.AddFollower(at(1, 0), s.featureAt(1, 0, "R1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, listed, Action.PASS);
        // Seat 0 names the road through the start tile's square: the same road.
        s.act(new Action.AddFollower(at(0, 0), s.featureAt(0, 0, "R1")));
        assertEquals(List.of(new Event.FollowerAdded(Seat.of(0), at(1, 0), s.featureAt(1, 0, "R1"), "R1",
                FeatureKind.ROAD)), s.events(Event.FollowerAdded.class));
        assertEquals(List.of(2, 0), s.feature(0, 0, "R1").followers());

        s.place(2, 0, 0).pass();                        // seat 0: club again; the road reaches (2,0)
        s.act(CHOOSE_ADD);                              // seat 1 has no thief: skipped; seat 0 adds last
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, listed, Action.PASS);
        // (0,1) has 3 features (0..2): index 3 names no feature there, whatever square comes next.
        s.reject(new Action.AddFollower(at(0, 1), 3));
        s.act(new Action.AddFollower(at(2, 0), s.featureAt(2, 0, "R1")));
        assertEquals(List.of(3, 0), s.feature(2, 0, "R1").followers());
        assertEquals(at(1, 0), s.events(Event.FollowerAdded.class).get(1).position());
        assertEquals(0, s.featureAt(2, 0, "R1"), "CC2-a's road from the west is its feature 0");
    }
}
