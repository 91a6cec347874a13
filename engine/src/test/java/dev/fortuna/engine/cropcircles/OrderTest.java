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

import dev.fortuna.engine.Action;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.CropSymbol;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The order of the crop-circle step (RULES.md §4.3 item 2): from the active player's left clockwise, the
 * active player last. Every seat i puts a knight on an E at (i,1) whose city faces south (n separate
 * cities); then seat 0 places a shield (CC1-a) and chooses add, and seat 1 places a shield (CC2-e) and
 * chooses remove.
 */
class OrderTest {

    private static Scenario knightsForAll(int n) {
        List<String> pile = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pile.add("E");
        }
        pile.addAll(List.of("CC1-a", "CC2-e", "B"));
        Scenario s = Scenario.cropCircles(n, pile.toArray(new String[0]));
        for (int i = 0; i < n; i++) {
            s.place(i, 1, 180).deploy("C1");
        }
        return s;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void addAsksFromTheActiveSeatsLeftAndTheActiveSeatLastAndDeclineIsAlwaysOffered(int n) {
        Scenario s = knightsForAll(n);
        s.place(n, 1, 180).pass(); // seat 0: CC1-a, nobody's city
        expectOptions(s, DecisionKind.CROP_CIRCLE_CHOICE, 0, CHOOSE_ADD, CHOOSE_REMOVE);
        int mark = s.allEvents().size();
        s.act(CHOOSE_ADD);
        List<Event> expected = new ArrayList<>();
        expected.add(new Event.CropCircleChosen(Seat.of(0), CropSymbol.SHIELD, CropCircleOption.ADD));
        for (int k = 1; k <= n; k++) {
            int seat = k % n;
            // Only the seat's own knight's city, and declining (always last).
            expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, seat, add(s, seat, 1, "C1"), Action.PASS);
            s.pass();
            expected.add(declined(seat, false));
        }
        assertEquals(expected, cropEvents(s.allEvents().subList(mark, s.allEvents().size())));
        int[] six = new int[n];
        Arrays.fill(six, 6);
        s.expectSupplies(six);
        expectDecision(s, DecisionKind.PLACE_TILE, 1 % n);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5})
    void removeWithSeatOneActiveStartsAtSeatTwoAndEndsWithSeatOne(int n) {
        Scenario s = knightsForAll(n);
        s.place(n, 1, 180).pass().act(CHOOSE_ADD);
        for (int k = 1; k <= n; k++) {
            s.pass();
        }
        s.place(n + 1, 1, 90).pass(); // seat 1: CC2-e joins CC1-a's empty city
        expectOptions(s, DecisionKind.CROP_CIRCLE_CHOICE, 1, CHOOSE_ADD, CHOOSE_REMOVE);
        int mark = s.allEvents().size();
        s.act(CHOOSE_REMOVE);
        List<Event> expected = new ArrayList<>();
        expected.add(new Event.CropCircleChosen(Seat.of(1), CropSymbol.SHIELD, CropCircleOption.REMOVE));
        List<Integer> order = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            int seat = (1 + k) % n;
            order.add(seat);
            expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, seat, ret(s, seat, 1, "C1"));
            s.act(ret(s, seat, 1, "C1"));
            expected.add(cropReturn(s, seat, at(seat, 1), "C1"));
        }
        assertEquals(1, (int) order.get(n - 1), "the active seat acts last");
        assertEquals(expected, cropEvents(s.allEvents().subList(mark, s.allEvents().size())));
        int[] seven = new int[n];
        Arrays.fill(seven, 7);
        s.expectSupplies(seven);
        expectDecision(s, DecisionKind.PLACE_TILE, 2 % n);
        assertEquals("B", s.state().drawnTile().id());
    }
}
