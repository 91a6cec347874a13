package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenario language itself: a two-tile city, an occupied feature, game end. */
class ScenarioSmokeTest {
    @Test
    void twoTileCityScoresFourAndTheKnightGoesHome() {
        // Start tile D at (0,0): city to the north. E turned 180° at (0,-1) closes it.
        Scenario s = Scenario.base(2, "E").place(0, -1, 180).deploy("C1");
        s.expectScores(4, 0).expectSupplies(7, 7);
        assertTrue(s.state().isOver());
        assertEquals(1, s.events(Event.FeatureScored.class).size());
    }

    @Test
    void passingTheDeploymentIsLogged() {
        Scenario s = Scenario.base(2, "U", "U").place(1, 0, 90).pass();
        assertEquals(List.of(new Event.DeploymentPassed(Seat.of(0))), s.events(Event.DeploymentPassed.class));
        s.expectSupplies(7, 7);
    }

    @Test
    void deployingOnAnOccupiedRoadIsRefused() {
        // U (straight road N-S) turned 90° at (1,0) continues the start tile's road eastwards.
        Scenario s = Scenario.base(2, "U", "U").place(1, 0, 90).deploy("R1");
        s.place(-1, 0, 90);
        String why = s.reject(new Action.Deploy(s.state().placedTile().type().featureIndex("R1")));
        assertTrue(why.contains("occupancy"), why);
        assertEquals(6, s.supply(0));
    }
}
