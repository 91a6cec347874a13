package dev.fortuna.engine.cropcircles;

import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_ADD;
import static dev.fortuna.engine.cropcircles.Steps.CHOOSE_REMOVE;
import static dev.fortuna.engine.cropcircles.Steps.add;
import static dev.fortuna.engine.cropcircles.Steps.at;
import static dev.fortuna.engine.cropcircles.Steps.cropReturn;
import static dev.fortuna.engine.cropcircles.Steps.expectDecision;
import static dev.fortuna.engine.cropcircles.Steps.expectOptions;
import static dev.fortuna.engine.cropcircles.Steps.ret;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.Decision;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The crop-circle step as game state: stacked followers, the last tile, copies in the middle of a step. */
class StepStateTest {

    /** Seat 0: knight in the start city via N at (0,-1); seat 1: knight on E at (0,1); then shields. */
    private static Scenario knights(String... rest) {
        String[] pile = new String[3 + rest.length];
        pile[0] = "N";
        pile[1] = "E";
        pile[2] = "CC2-e";
        System.arraycopy(rest, 0, pile, 3, rest.length);
        Scenario s = Scenario.cropCircles(2, pile);
        s.place(0, -1, 90).deploy("C1");
        s.place(0, 1, 180).deploy("C1");
        s.place(1, 1, 0).pass(); // CC2-e (shield), seat 0
        return s;
    }

    @Test
    void twoKnightsOnOneSquareAreOneRemovalOptionAndOnlyOneGoesHome() {
        Scenario s = knights("CC1-b", "E");
        s.act(CHOOSE_ADD).act(add(s, 0, 1, "C1")).act(add(s, 0, -1, "C1"));
        s.expectSupplies(5, 5);
        // Seat 1's turn: CC1-b (shield) west of E at (0,1), touching no occupied city.
        s.place(-1, 1, 180).pass();
        s.act(CHOOSE_REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 0, -1, "C1"));
        s.act(ret(s, 0, -1, "C1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 1, ret(s, 0, 1, "C1"));
        s.act(ret(s, 0, 1, "C1"));
        assertEquals(List.of(cropReturn(s, 1, at(0, 1), "C1")), Steps.cropEvents(s.lastEvents()));
        assertEquals(List.of(1, 0), s.feature(0, 0, "C1").followers());
        assertEquals(List.of(0, 1), s.feature(0, 1, "C1").followers());
        s.expectSupplies(6, 6).expectScores(0, 0);
        expectDecision(s, DecisionKind.PLACE_TILE, 0);
    }

    @Test
    void whenTheCropCircleTileIsTheLastTileTheStepRunsBeforeFinalScoring() {
        Scenario s = knights();
        s.act(CHOOSE_ADD);
        s.pass();
        expectDecision(s, DecisionKind.CROP_CIRCLE_ADD, 0);
        s.act(add(s, 0, -1, "C1"));
        assertTrue(s.state().isOver());
        assertInstanceOf(Event.GameEnded.class, s.lastEvents().get(s.lastEvents().size() - 1));
        // Final scoring: the start city (D, N: 2 tiles, open) 2 for seat 0's two knights; E's city 1 for seat 1.
        s.expectScores(2, 1);
        List<Event.FeatureScored> cities = s.events(Event.FeatureScored.class).stream()
                .filter(f -> f.kind() == FeatureKind.CITY && f.atGameEnd()).toList();
        assertEquals(2, cities.size());
        assertTrue(cities.stream().anyMatch(f -> f.followers().equals(List.of(2, 0)) && f.points().equals(List.of(2, 0))));
    }

    @Test
    void aCopyTakenInTheMiddleOfTheStepGoesOnIndependently() {
        Scenario s = knights("E");
        s.act(CHOOSE_ADD);
        GameState copy = s.state().copy();
        assertEquals(new Decision(DecisionKind.CROP_CIRCLE_ADD, Seat.of(1)), copy.decision());
        assertEquals(s.state().legalActions(), copy.legalActions());

        s.act(add(s, 0, 1, "C1")).act(add(s, 0, -1, "C1"));
        ApplyResult r = copy.apply(Action.PASS);
        assertInstanceOf(ApplyResult.Applied.class, r);
        assertEquals(List.of(new Event.Declined(Seat.of(1), false)), ((ApplyResult.Applied) r).events());
        assertEquals(new Decision(DecisionKind.CROP_CIRCLE_ADD, Seat.of(0)), copy.decision());
        copy.apply(Action.PASS);
        assertEquals(new Decision(DecisionKind.PLACE_TILE, Seat.of(1)), copy.decision());

        assertEquals(5, s.supply(0));
        assertEquals(5, s.supply(1));
        assertEquals(6, copy.supply(0));
        assertEquals(6, copy.supply(1));
    }

    @Test
    void theFastPathPlaysTheSameStep() {
        // applyLegal(i) on the same position must reach the same state as apply(action i).
        Scenario s = knights("E");
        GameState fast = s.state().copy();
        s.act(CHOOSE_REMOVE);
        fast.applyLegal(1);
        assertEquals(s.state().decision(), fast.decision());
        assertEquals(s.state().legalActions(), fast.legalActions());
        fast.applyLegal(0);
        fast.applyLegal(0);
        s.act(ret(s, 0, 1, "C1")).act(ret(s, 0, -1, "C1"));
        assertEquals(s.state().decision(), fast.decision());
        assertEquals(7, fast.supply(0));
        assertEquals(7, fast.supply(1));
        assertEquals(s.state().followers(), fast.followers());
    }

    @Test
    void aPlayersViewInTheMiddleOfTheStepShowsTheSameDecisionAndPlaysOn() {
        Scenario s = knights("E", "B");
        s.act(CHOOSE_ADD);
        PlayerView v = s.state().viewFor(Seat.of(1));
        assertEquals(s.state().decision(), v.decision());
        assertEquals(s.state().legalActions(), v.legalActions());
        GameState sample = v.determinize(11);
        sample.apply(add(s, 0, 1, "C1"));
        assertEquals(new Decision(DecisionKind.CROP_CIRCLE_ADD, Seat.of(0)), sample.decision());
        assertEquals(List.of(add(s, 0, -1, "C1"), Action.PASS), sample.legalActions());
        assertEquals(5, sample.supply(1));
        assertEquals(6, sample.supply(0));
        assertEquals(6, s.supply(1), "the view is a copy");
    }
}
