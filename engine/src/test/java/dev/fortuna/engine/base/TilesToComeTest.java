package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import org.junit.jupiter.api.Test;

/**
 * {@code deadOpenings} follows the tiles still to come from one draw to the next, also when the tile in hand is of
 * the same type as at the previous question. Same conventions as {@link BaseScoringTest}.
 *
 * <pre>
 *   y=-1:  [ ]               (0,-1) wants a city on its south edge: K fits it, U does not
 *   y=0:   D    U90   K      U and K go east of the start; a second U comes last
 * </pre>
 */
class TilesToComeTest {

    @Test
    void theLastTileThatFitsLeavesWithItsPlacementEvenIfTheSameTypeIsInHandAgain() {
        Scenario s = Scenario.base(2, "U", "K", "U");
        Position start = new Position(0, 0);
        int city = s.featureAt(0, 0, "C1");
        assertEquals(0, s.state().deadOpenings(start, city), "U in hand, K still in the pile");
        s.place(1, 0, 90).pass();
        s.place(2, 0, 0).pass();       // the K goes elsewhere
        assertEquals("U", s.state().drawnTile().id());
        assertEquals(1, s.state().deadOpenings(start, city), "only U is left, and it has no city");
    }
}
