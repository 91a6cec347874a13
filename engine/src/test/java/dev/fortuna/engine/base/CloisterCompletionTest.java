package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cloister is completed by whichever of its eight neighbours comes last (RULES.md §2.7): here its west neighbour.
 * Same conventions as {@link BaseScoringTest}.
 *
 * <pre>
 *   y=0:  U90  D    U90
 *   y=1:  B*   B    B        the cloister B at (0,1); B* at (-1,1) is placed last
 *   y=2:  B    B    B
 * </pre>
 */
class CloisterCompletionTest {

    private static Scenario cloisterWithEightNeighbours(boolean monk) {
        Scenario s = Scenario.base(2, "B", "U", "U", "B", "B", "B", "B", "B");
        s.place(0, 1, 0);
        if (monk) {
            s.deploy("M");                  // seat 0: monk
        } else {
            s.pass();
        }
        s.place(1, 0, 90).pass();
        s.place(-1, 0, 90).pass();
        s.place(1, 1, 0).pass();
        s.place(1, 2, 0).pass();
        s.place(0, 2, 0).pass();
        s.place(-1, 2, 0).pass();
        assertEquals(8, s.state().tilesPlaced() + 1, "one neighbour to go");
        s.place(-1, 1, 0).pass();           // seat 1: the west neighbour completes the cloister
        return s;
    }

    @Test
    void theWestNeighbourCompletesTheCloister() {
        Scenario s = cloisterWithEightNeighbours(true);
        List<Event.FeatureScored> scored = s.events(Event.FeatureScored.class);
        // Scored during play (9), its monk home at once; nothing else is occupied.
        assertEquals(new Event.FeatureScored(FeatureKind.CLOISTER, false, List.of(new Position(0, 1)),
                List.of(new Event.SquareFeature(new Position(0, 1), 0, "M")), 0, 0,
                List.of(1, 0), List.of(9, 0)), scored.get(0));
        assertEquals(1, scored.size());
        assertEquals(9, s.state().score(0, ScoreKind.CLOISTER));
        assertEquals(9, s.score(0));
        s.expectSupplies(7, 7);
    }

    @Test
    void anEmptyCloisterIsNotScoredWhenCompleted() {
        Scenario s = cloisterWithEightNeighbours(false);
        assertEquals(List.of(), s.events(Event.FeatureScored.class));
        s.expectScores(0, 0);
    }
}
