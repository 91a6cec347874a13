package dev.fortuna.engine.cropcircles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.Decision;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import java.util.ArrayList;
import java.util.List;

/** Short names for the actions and checks the crop-circle tests repeat. */
final class Steps {
    private Steps() {
    }

    static final Action CHOOSE_ADD = new Action.ChooseCropCircleOption(CropCircleOption.ADD);
    static final Action CHOOSE_REMOVE = new Action.ChooseCropCircleOption(CropCircleOption.REMOVE);

    static Action add(Scenario s, int x, int y, String feature) {
        return new Action.AddFollower(new Position(x, y), s.featureAt(x, y, feature));
    }

    static Action ret(Scenario s, int x, int y, String feature) {
        return new Action.ReturnFollower(new Position(x, y), s.featureAt(x, y, feature));
    }

    static Position at(int x, int y) {
        return new Position(x, y);
    }

    /** Asserts who decides what now. */
    static void expectDecision(Scenario s, DecisionKind kind, int seat) {
        assertEquals(new Decision(kind, Seat.of(seat)), s.state().decision());
    }

    /** Asserts the decision and its exact legal actions, in order. */
    static void expectOptions(Scenario s, DecisionKind kind, int seat, Action... legal) {
        expectDecision(s, kind, seat);
        assertEquals(List.of(legal), s.state().legalActions());
    }

    /** The crop-circle events (choice, skip, add, decline, crop-circle returns) among the given events. */
    static List<Event> cropEvents(List<Event> events) {
        List<Event> out = new ArrayList<>();
        for (Event e : events) {
            if (e instanceof Event.CropCircleChosen || e instanceof Event.CropCircleSkipped
                    || e instanceof Event.Skipped || e instanceof Event.FollowerAdded || e instanceof Event.Declined
                    || e instanceof Event.FollowerReturned r && r.reason() == Event.ReturnReason.CROP_CIRCLE) {
                out.add(e);
            }
        }
        return out;
    }

    static <E extends Event> List<E> only(List<Event> events, Class<E> type) {
        List<E> out = new ArrayList<>();
        for (Event e : events) {
            if (type.isInstance(e)) {
                out.add(type.cast(e));
            }
        }
        return out;
    }

    static Event.FollowerReturned cropReturn(Scenario s, int seat, Position p, String feature) {
        return new Event.FollowerReturned(Seat.of(seat), p, s.featureAt(p.x(), p.y(), feature), feature, null,
                Event.ReturnReason.CROP_CIRCLE);
    }

    static Event.Declined declined(int seat, boolean forced) {
        return new Event.Declined(Seat.of(seat), forced);
    }
}
