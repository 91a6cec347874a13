package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Events name the features they concern, not only squares: a client can tell which city of a tile scored. */
class ScoredFeaturesTest {

    @Test
    void aTileWithTwoCitiesSaysWhichOneScoredAndWhereTheKnightCameFrom() {
        // H (CFCF; C1:N; C2:S) north of the start tile D: its southern city C2 closes D's city; C1 stays open.
        Scenario s = Scenario.base(2, "H", "E").place(0, -1, 0).deploy("C2");
        Event.FeatureScored city = s.events(Event.FeatureScored.class).get(0);
        assertEquals(new Event.FeatureScored(FeatureKind.CITY, false, List.of(new Position(0, 0), new Position(0, -1)),
                List.of(new Event.SquareFeature(new Position(0, 0), 0, "C1"),
                        new Event.SquareFeature(new Position(0, -1), 1, "C2")),
                0, 0, List.of(1, 0), List.of(4, 0)), city);
        assertEquals(List.of(new Event.FollowerReturned(Seat.of(0), new Position(0, -1), 1, "C2", null,
                Event.ReturnReason.SCORED)), s.events(Event.FollowerReturned.class));
    }

    @Test
    void aFieldScoredAtTheEndNamesItsSquareFeature() {
        // E turned 180° at (0,-1) closes D's city; seat 0's farmer in E's field (cut off from D's fields by the
        // city edge) scores the completed city at the end: 3.
        Scenario s = Scenario.base(2, "E").place(0, -1, 180).deploy("F1");
        Event.FeatureScored field = s.events(Event.FeatureScored.class).get(0);
        assertEquals(new Event.FeatureScored(FeatureKind.FIELD, true, List.of(new Position(0, -1)),
                List.of(new Event.SquareFeature(new Position(0, -1), 1, "F1")), 0, 1, List.of(1, 0), List.of(3, 0)),
                field);
    }

    @Test
    void aCityOfThreeSquaresListsItsSquareFeaturesInPlacementOrder() {
        // G turned 90° (city N-S) north of the start tile D, a knight of seat 0 on it; E turned 180° (city S) further
        // north closes the city of three squares: 6 points. The square features come in placement order (D, G, E),
        // whatever order the feature was joined in; the squares come as the feature's list visits them.
        Scenario s = Scenario.base(2, "G", "E").place(0, -1, 90).deploy("C1").place(0, -2, 180).pass();
        Event.FeatureScored city = s.events(Event.FeatureScored.class).get(0);
        assertEquals(new Event.FeatureScored(FeatureKind.CITY, false,
                List.of(new Position(0, 0), new Position(0, -2), new Position(0, -1)),
                List.of(new Event.SquareFeature(new Position(0, 0), 0, "C1"),
                        new Event.SquareFeature(new Position(0, -1), 0, "C1"),
                        new Event.SquareFeature(new Position(0, -2), 0, "C1")),
                0, 0, List.of(1, 0), List.of(6, 0)), city);
        s.expectScores(6, 0);
    }
}
