package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import org.junit.jupiter.api.Test;

/**
 * Regression (found by the conformance harness): action codes keep a feature index in four bits, so
 * {@code Deploy(16)} used to pack to the code of {@code Deploy(0)} and {@code apply} accepted it as that action.
 * Out-of-range feature indices must be rejected and change nothing.
 */
class ActionRangeTest {

    @Test
    void aFeatureIndexBeyondTheCodeIsRejectedNotAliased() {
        GameState s = GameState.newGame(GameConfig.base(2, 1));
        s.applyLegal(0); // base, seed 1: seat 0 places tile S; the deployment offers its 4 features and pass
        assertEquals(DecisionKind.DEPLOY, s.decisionKind());
        assertEquals(5, s.legalCount());
        Fingerprint before = Fingerprint.of(s);
        for (Action a : new Action[] {new Action.Deploy(16), new Action.Deploy(17), new Action.Deploy(-16),
                new Action.Deploy(-1)}) {
            ApplyResult.Rejected r = assertInstanceOf(ApplyResult.Rejected.class, s.apply(a), a::toString);
            assertTrue(r.reason().contains("out of range"), r.reason());
            assertEquals(before, Fingerprint.of(s));
        }
        assertTrue(s.apply(new Action.Deploy(0)).ok());
        assertEquals(6, s.supply(0));
    }
}
