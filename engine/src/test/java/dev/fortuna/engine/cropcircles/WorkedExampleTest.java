package dev.fortuna.engine.cropcircles;

import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_ADD;
import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_REMOVE;
import static dev.fortuna.engine.cropcircles.Steps.add;
import static dev.fortuna.engine.cropcircles.Steps.at;
import static dev.fortuna.engine.cropcircles.Steps.cropEvents;
import static dev.fortuna.engine.cropcircles.Steps.cropReturn;
import static dev.fortuna.engine.cropcircles.Steps.expectDecision;
import static dev.fortuna.engine.cropcircles.Steps.expectOptions;
import static dev.fortuna.engine.cropcircles.Steps.ret;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worked example of the Czech rules (RULES.md §7.2, seed 001) as a concrete position.
 * Red = seat 0, green = seat 1, blue = seat 2.
 *
 * <pre>
 *   y=-2              CC1-c(green: thief; closes green's city)
 *   y=-1              G  (green's knight; city runs D → G → north)
 *   y= 0   J(red K)   D   U(blue farmer S)  U(red farmer N)  U  U
 *   y= 1              CC1-b (red's knight on the south city C1; the west city C2 is empty)
 * </pre>
 */
class WorkedExampleTest {
    private static final int RED = 0, GREEN = 1, BLUE = 2;

    /** Everything up to red's shield tile, deployed on; the crop-circle choice is next. */
    private static Scenario untilRedsShieldTile() {
        Scenario s = Scenario.cropCircles(3, "J", "G", "U", "U", "U", "U", "CC1-b", "CC1-c", "B");
        s.place(-1, 0, 0).deploy("C1"); // red: the city "at the top left", open to the north
        s.place(0, -1, 90).deploy("C1"); // green: a knight in the start tile's city, open to the north
        s.place(1, 0, 90).deploy("F1"); // blue: farmer south of the road
        s.place(2, 0, 90).deploy("F2"); // red: farmer north of the road
        s.place(3, 0, 90).pass(); // green
        s.place(4, 0, 90).pass(); // blue
        s.place(0, 1, 180).deploy("C1"); // red: shield tile; knight in its south city, its west city stays empty
        s.expectSupplies(4, 6, 6);
        return s;
    }

    @Test
    void redChoosesAddGreenAddsBlueIsSkippedRedAddsOnlyWhereHisKnightsStand() {
        Scenario s = untilRedsShieldTile();
        expectOptions(s, DecisionKind.CROP_CIRCLE_CHOICE, RED, CHOOSE_ADD, CHOOSE_REMOVE);
        s.act(CHOOSE_ADD);
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(RED), CropSymbol.SHIELD, CropCircleOption.ADD)),
                s.lastEvents());

        // Green, left of red, goes first: his only knight's city, or decline.
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, GREEN, add(s, 0, -1, "C1"), Action.PASS);
        s.act(add(s, 0, -1, "C1"));

        // Blue has no knight: skipped without being asked; red (the active player) comes last.
        List<Event> greenAndBlue = s.lastEvents();
        assertEquals(2, greenAndBlue.size());
        assertEquals(new Event.FollowerAdded(Seat.of(GREEN), at(0, -1), s.featureAt(0, -1, "C1"), "C1",
                FeatureKind.CITY), greenAndBlue.get(0));
        assertEquals(new Event.Skipped(Seat.of(BLUE), DecisionKind.CROP_CIRCLE_ADD, FeatureKind.CITY),
                greenAndBlue.get(1));
        assertEquals("no knight on the landscape", ((Event.Skipped) greenAndBlue.get(1)).text());

        // Red: the city segment where his knight stands, or the top-left city; NOT the other segment (C2).
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, RED, add(s, -1, 0, "C1"), add(s, 0, 1, "C1"), Action.PASS);
        String why = s.reject(add(s, 0, 1, "C2"));
        assertTrue(!why.isBlank());
        s.act(add(s, 0, 1, "C1"));
        assertEquals(List.of(new Event.FollowerAdded(Seat.of(RED), at(0, 1), s.featureAt(0, 1, "C1"), "C1",
                FeatureKind.CITY)), cropEvents(s.lastEvents()));

        assertEquals(List.of(2, 0, 0), s.feature(0, 1, "C1").followers());
        assertEquals(List.of(0, 0, 0), s.feature(0, 1, "C2").followers());
        assertEquals(List.of(0, 2, 0), s.feature(0, -1, "C1").followers());
        assertEquals(List.of(1, 0, 0), s.feature(-1, 0, "C1").followers());
        s.expectSupplies(3, 5, 6).expectScores(0, 0, 0);
        // Then green's ordinary turn.
        expectDecision(s, DecisionKind.PLACE_TILE, GREEN);
        assertEquals("CC1-c", s.state().drawnTile().id());
    }

    @Test
    void greenCompletesHisCityForSixThenChoosesRemoveAndEveryoneButGreenReturnsAFarmer() {
        Scenario s = untilRedsShieldTile();
        s.act(CHOOSE_ADD).act(add(s, 0, -1, "C1")).act(add(s, 0, 1, "C1"));
        int mark = s.allEvents().size();

        // Green's pitchfork tile closes his city D–G–CC1-c (3 tiles, no pennant); his figure goes on the road.
        s.place(0, -2, 180).deploy("R1");
        s.expectScores(0, 6, 0);
        List<Event.FeatureScored> scored = Steps.only(s.lastEvents(), Event.FeatureScored.class);
        assertEquals(1, scored.size());
        assertEquals(FeatureKind.CITY, scored.get(0).kind());
        assertEquals(List.of(0, 2, 0), scored.get(0).followers());
        assertEquals(List.of(0, 6, 0), scored.get(0).points());
        // Both of green's knights (the one added by the crop circle too) are home before the crop circle.
        s.expectSupplies(3, 6, 6);

        expectOptions(s, DecisionKind.CROP_CIRCLE_CHOICE, GREEN, CHOOSE_ADD, CHOOSE_REMOVE);
        s.act(CHOOSE_REMOVE);
        // Blue first (left of green): his only farmer.
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, BLUE, ret(s, 1, 0, "F1"));
        s.act(ret(s, 1, 0, "F1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, RED, ret(s, 2, 0, "F2"));
        s.act(ret(s, 2, 0, "F2"));

        List<Event> step = cropEvents(s.allEvents().subList(mark, s.allEvents().size()));
        assertEquals(4, step.size());
        assertEquals(new Event.CropCircleChosen(Seat.of(GREEN), CropSymbol.PITCHFORK, CropCircleOption.REMOVE),
                step.get(0));
        assertEquals(cropReturn(s, BLUE, at(1, 0), "F1"), step.get(1));
        assertEquals(cropReturn(s, RED, at(2, 0), "F2"), step.get(2));
        assertEquals(new Event.Skipped(Seat.of(GREEN), DecisionKind.CROP_CIRCLE_REMOVE, FeatureKind.FIELD), step.get(3));

        // Knights and thieves stay; nothing is scored again; blue's turn follows.
        s.expectSupplies(4, 6, 7).expectScores(0, 6, 0);
        assertEquals(List.of(2, 0, 0), s.feature(0, 1, "C1").followers());
        assertEquals(List.of(0, 1, 0), s.feature(0, -2, "R1").followers());
        assertEquals(1, s.events(Event.FeatureScored.class).size());
        expectDecision(s, DecisionKind.PLACE_TILE, BLUE);
        assertEquals("B", s.state().drawnTile().id());
    }
}
