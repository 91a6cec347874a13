package dev.fortuna.engine.cropcircles;

import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_ADD;
import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_REMOVE;
import static dev.fortuna.engine.cropcircles.Steps.add;
import static dev.fortuna.engine.cropcircles.Steps.at;
import static dev.fortuna.engine.cropcircles.Steps.cropEvents;
import static dev.fortuna.engine.cropcircles.Steps.cropReturn;
import static dev.fortuna.engine.cropcircles.Steps.declined;
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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each symbol with each choice (RULES.md §4.3), two players: seat 0 places the crop-circle tile, so seat 1
 * acts first and seat 0 last. Each seat has one follower of the symbol's kind; seat 0 also has one follower
 * of another kind, which the step must leave alone. Nothing is scored by the step and seat 1's turn follows.
 */
class SymbolsAndChoicesTest {

    /** Farmers: seat 0 south of the road at (1,0), seat 1 north of it at (-1,0); seat 0's knight on CC2-c. */
    private static Scenario farmers() {
        Scenario s = Scenario.cropCircles(2, "U", "U", "CC2-c", "E");
        s.place(1, 0, 90).deploy("F1");
        s.place(-1, 0, 90).deploy("F2");
        s.place(0, 1, 90).deploy("C1"); // pitchfork; the knight is not a farmer
        s.expectSupplies(5, 6);
        return s;
    }

    /** Thieves: seat 0 on the start road (via U at (1,0)), seat 1 on V at (0,1); seat 0's farmer on CC1-d. */
    private static Scenario thieves() {
        Scenario s = Scenario.cropCircles(2, "U", "V", "CC1-d", "E");
        s.place(1, 0, 90).deploy("R1");
        s.place(0, 1, 0).deploy("R1");
        s.place(1, -1, 90).deploy("F1"); // club; the farmer is not a thief
        s.expectSupplies(5, 6);
        return s;
    }

    /** Knights: seat 0 in the start city (via N at (0,-1)), seat 1 on E at (0,1); seat 0's farmer on CC2-e. */
    private static Scenario knights() {
        Scenario s = Scenario.cropCircles(2, "N", "E", "CC2-e", "E");
        s.place(0, -1, 90).deploy("C1");
        s.place(0, 1, 180).deploy("C1");
        s.place(1, 1, 0).deploy("F1"); // shield; the farmer is not a knight
        s.expectSupplies(5, 6);
        return s;
    }

    private static List<Event> stepEvents(Scenario s, int mark) {
        return new ArrayList<>(s.allEvents().subList(mark, s.allEvents().size()));
    }

    private static void choose(Scenario s, CropSymbol symbol, CropCircleOption option) {
        expectOptions(s, DecisionKind.CROP_CIRCLE_CHOICE, 0, CHOOSE_ADD, CHOOSE_REMOVE);
        s.act(new Action.ChooseCropCircleOption(option));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), symbol, option)), s.lastEvents());
    }

    /** After the step: no score, no scoring event, seat 1 places the next tile. */
    private static void turnPassesOn(Scenario s, int mark) {
        s.expectScores(0, 0);
        assertEquals(List.of(), Steps.only(stepEvents(s, mark), Event.FeatureScored.class));
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
        assertEquals("E", s.state().drawnTile().id());
    }

    @Test
    void pitchforkAdd() {
        Scenario s = farmers();
        int mark = s.allEvents().size();
        choose(s, CropSymbol.PITCHFORK, CropCircleOption.ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, -1, 0, "F2"), Action.PASS);
        s.act(add(s, -1, 0, "F2"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 1, 0, "F1"), Action.PASS);
        s.pass();
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.PITCHFORK, CropCircleOption.ADD),
                new Event.FollowerAdded(Seat.of(1), at(-1, 0), s.featureAt(-1, 0, "F2"), "F2", FeatureKind.FIELD),
                declined(0, false)), cropEvents(stepEvents(s, mark)));
        s.expectSupplies(5, 5);
        assertEquals(List.of(0, 2), s.feature(-1, 0, "F2").followers());
        assertEquals(List.of(1, 0), s.feature(1, 0, "F1").followers());
        turnPassesOn(s, mark);

        // E closes the start city; at the end seat 1's two farmers north of the road score it (3), seat 0's
        // farmer south of it has no completed city (0) and seat 0's knight scores its open one-tile city (1).
        s.place(0, -1, 180).pass();
        assertTrue(s.state().isOver());
        s.expectScores(1, 3);
        List<Event.FeatureScored> fields = s.events(Event.FeatureScored.class).stream()
                .filter(f -> f.kind() == FeatureKind.FIELD).toList();
        assertEquals(2, fields.size());
        assertEquals(List.of(0, 2), fields.stream().filter(f -> f.followers().get(1) > 0).findFirst().orElseThrow()
                .followers());
    }

    @Test
    void pitchforkRemove() {
        Scenario s = farmers();
        int mark = s.allEvents().size();
        choose(s, CropSymbol.PITCHFORK, CropCircleOption.REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 1, ret(s, -1, 0, "F2"));
        s.act(ret(s, -1, 0, "F2"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 1, 0, "F1"));
        s.act(ret(s, 1, 0, "F1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.PITCHFORK, CropCircleOption.REMOVE),
                cropReturn(s, 1, at(-1, 0), "F2"), cropReturn(s, 0, at(1, 0), "F1")), cropEvents(stepEvents(s, mark)));
        s.expectSupplies(6, 7);
        assertEquals(List.of(1, 0), s.feature(0, 1, "C1").followers(), "the knight stays");
        turnPassesOn(s, mark);
    }

    @Test
    void clubAdd() {
        Scenario s = thieves();
        int mark = s.allEvents().size();
        choose(s, CropSymbol.CLUB, CropCircleOption.ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, 0, 1, "R1"), Action.PASS);
        s.act(add(s, 0, 1, "R1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 1, 0, "R1"), Action.PASS);
        s.act(add(s, 1, 0, "R1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.CLUB, CropCircleOption.ADD),
                new Event.FollowerAdded(Seat.of(1), at(0, 1), s.featureAt(0, 1, "R1"), "R1", FeatureKind.ROAD),
                new Event.FollowerAdded(Seat.of(0), at(1, 0), s.featureAt(1, 0, "R1"), "R1", FeatureKind.ROAD)),
                cropEvents(stepEvents(s, mark)));
        s.expectSupplies(4, 5);
        assertEquals(List.of(2, 0), s.feature(0, 0, "R1").followers());
        assertEquals(List.of(0, 2), s.feature(0, 1, "R1").followers());
        turnPassesOn(s, mark);
    }

    @Test
    void clubRemove() {
        Scenario s = thieves();
        int mark = s.allEvents().size();
        choose(s, CropSymbol.CLUB, CropCircleOption.REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 1, ret(s, 0, 1, "R1"));
        s.act(ret(s, 0, 1, "R1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 1, 0, "R1"));
        s.act(ret(s, 1, 0, "R1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.CLUB, CropCircleOption.REMOVE),
                cropReturn(s, 1, at(0, 1), "R1"), cropReturn(s, 0, at(1, 0), "R1")), cropEvents(stepEvents(s, mark)));
        s.expectSupplies(6, 7);
        assertEquals(List.of(1, 0), s.feature(1, -1, "F1").followers(), "the farmer stays");
        turnPassesOn(s, mark);
    }

    @Test
    void shieldAdd() {
        Scenario s = knights();
        int mark = s.allEvents().size();
        choose(s, CropSymbol.SHIELD, CropCircleOption.ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, 0, 1, "C1"), Action.PASS);
        s.act(add(s, 0, 1, "C1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 0, -1, "C1"), Action.PASS);
        s.act(add(s, 0, -1, "C1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.SHIELD, CropCircleOption.ADD),
                new Event.FollowerAdded(Seat.of(1), at(0, 1), s.featureAt(0, 1, "C1"), "C1", FeatureKind.CITY),
                new Event.FollowerAdded(Seat.of(0), at(0, -1), s.featureAt(0, -1, "C1"), "C1", FeatureKind.CITY)),
                cropEvents(stepEvents(s, mark)));
        s.expectSupplies(4, 5);
        assertEquals(List.of(2, 0), s.feature(0, 0, "C1").followers());
        assertEquals(List.of(0, 2), s.feature(0, 1, "C1").followers());
        turnPassesOn(s, mark);
    }

    @Test
    void shieldRemove() {
        Scenario s = knights();
        int mark = s.allEvents().size();
        choose(s, CropSymbol.SHIELD, CropCircleOption.REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 1, ret(s, 0, 1, "C1"));
        s.act(ret(s, 0, 1, "C1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 0, -1, "C1"));
        s.act(ret(s, 0, -1, "C1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.SHIELD, CropCircleOption.REMOVE),
                cropReturn(s, 1, at(0, 1), "C1"), cropReturn(s, 0, at(0, -1), "C1")), cropEvents(stepEvents(s, mark)));
        s.expectSupplies(6, 7);
        assertEquals(List.of(1, 0), s.feature(1, 1, "F1").followers(), "the farmer stays");
        turnPassesOn(s, mark);
    }

    @Test
    void addingIsRefusedWhereTheSeatHasNoFollowerOfTheKind() {
        Scenario s = knights();
        s.act(CHOOSE_ADD);
        // Seat 1 may not add to seat 0's city, nor to the empty city of the crop-circle tile.
        s.reject(add(s, 0, -1, "C1"));
        s.reject(add(s, 1, 1, "C2"));
        // ...nor to a field (the symbol is a shield), nor return anything.
        s.reject(add(s, 1, 1, "F1"));
        s.reject(ret(s, 0, 1, "C1"));
        expectDecision(s, DecisionKind.CROP_CIRCLE_ADD, 1);
    }

    @Test
    void removalIsRefusedForAFollowerOfAnotherKindOrAnotherSeat() {
        Scenario s = knights();
        s.act(CHOOSE_REMOVE);
        s.reject(ret(s, 0, -1, "C1")); // seat 0's knight
        s.reject(Action.PASS); // removal is mandatory
        s.act(ret(s, 0, 1, "C1"));
        s.reject(ret(s, 1, 1, "F1")); // seat 0's farmer: not a knight
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 0, -1, "C1"));
    }
}
