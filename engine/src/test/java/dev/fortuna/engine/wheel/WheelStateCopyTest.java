package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.Rotation;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Copies carry the wheel's own state (pig, crown spaces, Plague progress) independently of the original. */
class WheelStateCopyTest {

    @Test
    void crownSpacesOfACopyAreIndependent() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:U/w1");
        s.place(1, -1, 0);
        GameState copy = s.state().copy();
        s.crown(Sector.TAX);
        assertEquals(Arrays.asList(null, null), copy.crowns(Sector.TAX));
        assertEquals(7, copy.supply(0));
        assertTrue(copy.apply(new Action.DeployOnCrown(Sector.FORTUNE)) instanceof ApplyResult.Applied);
        assertEquals(Arrays.asList((Seat) null), s.state().crowns(Sector.FORTUNE));
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        // Both play on to the Tax tile: only the original had a follower on Tax.
        s.place(4, 0, 0).pass();
        copy.apply(new Action.PlaceTile(new Position(4, 0), Rotation.R0));
        copy.apply(Action.PASS);
        assertEquals(Sector.TAX, copy.pig());
        assertEquals(Sector.TAX, s.state().pig());
        s.expectScores(6, 0);
        assertEquals(List.of(0, 0), List.of(copy.score(0), copy.score(1)));
    }

    @Test
    void aCopyTakenDuringThePlagueResumesThePlagueOnItsOwn() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:U/w2", "wof:U/w3");
        s.place(1, -1, 0).deploy("M");
        s.place(4, 0, 0).deploy("M");
        // Seat 0 drew U/w2 → Famine.
        s.place(2, -1, 0).deploy("R1");
        // Seat 1 drew U/w3 → Plague: seat 1 first.
        assertEquals(DecisionKind.PLAGUE_RETURN, s.decision());
        assertEquals(1, s.decidingSeat());
        GameState copy = s.state().copy();
        s.returnFollower(4, 0, "M");
        assertEquals(0, s.decidingSeat());
        // The copy still waits for seat 1.
        assertEquals(DecisionKind.PLAGUE_RETURN, copy.decisionKind());
        assertEquals(1, copy.decidingSeat());
        assertEquals(6, copy.supply(1));
        copy.apply(copy.legalActions().get(0));
        assertEquals(0, copy.decidingSeat());
        assertEquals(2, copy.legalCount(), "seat 0: its monk and its thief");
        copy.apply(copy.legalActions().get(1));
        assertEquals(DecisionKind.PLACE_TILE, copy.decisionKind());
        assertEquals(List.of(6, 7), List.of(copy.supply(0), copy.supply(1)));
        // The original is untouched by the copy's moves.
        assertEquals(DecisionKind.PLAGUE_RETURN, s.decision());
        s.expectSupplies(5, 7);
    }
}
