package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Event.SectorTerm;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.WheelOptions.FamineRule;
import dev.fortuna.engine.tile.Rotation;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The six sector events (RULES.md §3.5, §3.6), one scenario each, on the standalone game with the wheel
 * board at (0..3, 0..3). The event of a numbered tile is resolved when it is drawn, i.e. at the end of the
 * previous player's action, before the tile is placed.
 */
class SectorEventsTest {

    private static Scenario wheel(int players, WheelOptions o, String... draws) {
        return Scenario.of(GameConfig.builder().players(players).wheel(o).draws(draws).build());
    }

    private static Event.SectorResolved lastResolved(Scenario s) {
        List<Event.SectorResolved> r = s.events(Event.SectorResolved.class);
        return r.get(r.size() - 1);
    }

    private static final Event.SectorReason NONE = Event.SectorReason.NONE;

    private static Event.SectorReason reason(SectorTerm... terms) {
        return new Event.SectorReason(List.of(terms));
    }

    /** Seats that scored have a reason; seats that did not have none. */
    private static void assertReasonsFollowPoints(Event.SectorResolved r) {
        for (int p = 0; p < r.points().size(); p++) {
            assertEquals(r.points().get(p) != 0, !r.reasons().get(p).isEmpty(), "reason of seat " + p + ": " + r);
        }
    }

    @Test
    void fortuneGivesThreeToTheActivePlayerOnly() {
        // Fortune is 6 steps round: U/w3 (→ Storm: 7 in supply each) then U/w3 (→ Fortune).
        Scenario s = Scenario.wheel(3, "wof:U/w3", "wof:U/w3");
        assertEquals(Sector.STORM, s.state().pig());
        s.expectScores(7, 7, 7);
        s.place(2, -1, 0).pass();
        // Seat 1 drew the second U/w3.
        assertEquals(Sector.FORTUNE, s.state().pig());
        s.expectScores(7, 10, 7);
        Event.SectorResolved r = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.FORTUNE, Seat.of(1), List.of(0, 3, 0), r.reasons()), r);
        assertReasonsFollowPoints(r);
        assertEquals(List.of(NONE, reason(new SectorTerm.Fortune(3)), NONE), r.reasons());
        assertEquals("moved the pig onto Fortune: 3", r.reasons().get(1).text());
        assertEquals(new Event.PigMoved(Seat.of(1), Sector.STORM, Sector.FORTUNE, 3),
                s.events(Event.PigMoved.class).get(1));
        assertEquals(10, s.state().score(1, ScoreKind.WHEEL_EVENT), "Storm 7 + Fortune 3");
        assertEquals(DecisionKind.PLACE_TILE, s.decision(), "the tile is placed after the event");
        assertEquals(1, s.decidingSeat());
    }

    @Test
    void taxWorkedExampleTwoPennantsTwoBlueKnightsOneRed() {
        // Blue = seat 0, red = seat 1. Three separately occupied city parts around (4,-1), joined by R there.
        Scenario s = Scenario.wheel(2, "wof:M", "wof:E", "wof:B", "wof:B", "wof:M", "wof:R", "wof:U/w1");
        s.place(3, -1, 0).deploy("C1");     // blue: M, city N-E with a pennant
        s.place(4, 0, 0).deploy("C1");      // red: E, cap facing north
        s.place(5, 0, 0).pass();            // blue: filler cloister
        s.place(1, -1, 0).pass();           // red: filler cloister
        s.place(5, -1, 270).deploy("C1");   // blue: M turned so its city faces west and north, a pennant
        s.place(4, -1, 180).pass();         // red: R joins the three parts; city still open to the north
        var city = s.feature(4, -1, "C1");
        assertFalse(city.complete());
        assertEquals(2, city.pennants());
        assertEquals(List.of(2, 1), city.followers());
        assertEquals(4, city.tileCount());
        // Blue now drew U/w1: Fortune → Tax. Blue 2 × (2 + 2) = 8, red 1 × (2 + 1) = 3 (own knights only).
        assertEquals(Sector.TAX, s.state().pig());
        s.expectScores(8, 3).expectSupplies(5, 6);
        Event.SectorResolved r = lastResolved(s);
        assertEquals(Sector.TAX, r.sector());
        assertEquals(Seat.of(0), r.active());
        assertEquals(List.of(8, 3), r.points());
        assertReasonsFollowPoints(r);
        assertEquals(List.of(reason(new SectorTerm.Tax(2, 2, 8)), reason(new SectorTerm.Tax(1, 2, 3))), r.reasons());
        assertEquals("2 knight(s) × (2 pennant(s) + 2 own knight(s)) = 8", r.reasons().get(0).text());
        assertEquals(List.of(2, 1), s.feature(4, -1, "C1").followers(), "knights stay in place");
    }

    @Test
    void taxCountsEveryCitySeparatelyAndNothingButKnights() {
        // Seat 0: a knight alone in a city without pennant (1 × (0 + 1) = 1) and a farmer; seat 1: a thief.
        Scenario s = Scenario.wheel(2, "wof:E", "wof:V", "wof:B", "wof:U/w1");
        s.place(4, 0, 0).deploy("C1");      // seat 0 knight, cap open to the north
        s.place(-1, 1, 270).deploy("R1");   // seat 1 thief on the road from rW
        s.place(1, -1, 0).deploy("F1");     // seat 0 farmer
        // Seat 1 drew U/w1 → Tax.
        s.expectScores(1, 0);
        assertEquals(List.of(1, 0), lastResolved(s).points());
    }

    /**
     * A field touching the three completed board cities, with 2 farmers of seat 0 (red) and 1 of seat 1
     * (blue): farmers on three separate board fields (A, B, C), joined by the two cloister-with-road tiles
     * whose field surrounds the road end; then cA, cB and cC are completed.
     */
    private static Scenario famineField(FamineRule rule) {
        Scenario s = wheel(2, WheelOptions.DEFAULT.withFamine(rule), "wof:B", "wof:B", "wof:B", "wof:A", "wof:A",
                "wof:E", "wof:E", "wof:E", "wof:E", "wof:U/w2");
        s.place(1, -1, 0).deploy("F1");     // red farmer in board field A
        s.place(1, 4, 0).deploy("F1");      // blue farmer in board field C
        s.place(4, 0, 0).deploy("F1");      // red farmer in board field B
        s.place(2, -1, 0).pass();           // A's field wraps round the end of rN: fields A and B join
        s.place(-1, 1, 270).pass();         // the same at rW: fields A and C join
        s.place(0, -1, 180).pass();         // completes cA
        s.place(4, 2, 270).pass();          // completes cB
        s.place(0, 4, 0).pass();            // cC: one of its two open edges closed
        assertFalse(s.feature(0, 4, "C1").complete());
        s.place(-1, 3, 90).pass();          // completes cC
        return s;
    }

    @Test
    void famineAllFarmersIsTheDefaultRedSixBlueThree() {
        assertEquals(FamineRule.ALL_FARMERS, WheelOptions.DEFAULT.famine());
        Scenario s = famineField(FamineRule.ALL_FARMERS);
        var field = s.feature(1, -1, "F1");
        assertEquals(3, field.adjacentCompletedCities());
        assertEquals(List.of(2, 1), field.followers());
        // Blue drew U/w2: Fortune → Famine.
        assertEquals(Sector.FAMINE, s.state().pig());
        s.expectScores(6, 3).expectSupplies(5, 6);
        Event.SectorResolved r = lastResolved(s);
        assertEquals(List.of(6, 3), r.points());
        assertReasonsFollowPoints(r);
        assertEquals(List.of(reason(new SectorTerm.Famine(2, 3, false, 6)), reason(new SectorTerm.Famine(1, 3, false, 3))),
                r.reasons());
        assertEquals("2 farmer(s) × 3 completed cit(ies) = 6", r.reasons().get(0).text());
        // The farmers stay; at the end red's majority scores the field: 3 cities × 3.
        s.place(3, 4, 0).pass();
        assertTrue(s.state().isOver());
        s.expectScores(15, 3);
    }

    @Test
    void famineMajorityOnlyRedSixBlueZero() {
        Scenario s = famineField(FamineRule.MAJORITY);
        s.expectScores(6, 0);
        assertEquals(List.of(6, 0), lastResolved(s).points());
    }

    @Test
    void faminePerFieldRedThreeBlueThree() {
        Scenario s = famineField(FamineRule.PER_FIELD);
        s.expectScores(3, 3);
        assertEquals(List.of(3, 3), lastResolved(s).points());
        assertEquals(List.of(reason(new SectorTerm.Famine(2, 3, true, 3)), reason(new SectorTerm.Famine(1, 3, true, 3))),
                lastResolved(s).reasons());
        assertEquals("a field with 3 completed cit(ies) = 3", lastResolved(s).reasons().get(1).text());
    }

    @Test
    void famineIgnoresFieldsWithoutCompletedCities() {
        // A farmer next to the still open cA gets nothing.
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w2");
        s.place(1, -1, 0).deploy("F1");
        s.expectScores(0, 0);
        assertEquals(List.of(0, 0), lastResolved(s).points());
        assertEquals(Sector.FAMINE, lastResolved(s).sector());
    }

    @Test
    void stormOnePointPerFollowerInSupply() {
        Scenario s = Scenario.wheel(3, "wof:B", "wof:E", "wof:B", "wof:B", "wof:B", "wof:U/w3");
        s.place(1, -1, 0).deploy("M");      // seat 0: 6 left
        s.place(-1, 0, 0).deploy("C1");     // seat 1: 6 left
        s.place(4, 0, 0).pass();            // seat 2: 7
        s.place(1, 4, 0).crown(Sector.TAX); // seat 0: 5 left; a crown follower is not in the supply
        s.place(4, 1, 0).pass();
        // Seat 2 drew U/w3: Fortune → Storm, passing over Tax and Famine.
        assertEquals(Sector.STORM, s.state().pig());
        s.expectScores(5, 6, 7).expectSupplies(5, 6, 7);
        Event.SectorResolved r = lastResolved(s);
        assertEquals(new Event.SectorResolved(Sector.STORM, Seat.of(2), List.of(5, 6, 7), r.reasons()), r);
        assertReasonsFollowPoints(r);
        assertEquals(List.of(reason(new SectorTerm.Storm(5, 5)), reason(new SectorTerm.Storm(6, 6)),
                reason(new SectorTerm.Storm(7, 7))), r.reasons());
        // The crown of Tax, passed over, is untouched.
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        assertTrue(s.events(Event.CrownsScored.class).isEmpty());
    }

    @Test
    void inquisitionTwoPointsPerMonk() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:B", "wof:U/w2", "wof:E", "wof:V/w2");
        s.place(1, -1, 0).deploy("M");      // seat 0 monk
        s.place(-1, 0, 0).deploy("M");      // seat 1 monk
        s.place(1, 4, 0).deploy("M");       // seat 0 monk
        // Seat 1 drew U/w2 → Famine (no farmers: nothing).
        assertEquals(Sector.FAMINE, s.state().pig());
        s.expectScores(0, 0);
        s.place(2, -1, 0).deploy("R1");     // seat 1 thief: not a monk
        s.place(4, 0, 0).deploy("C1");      // seat 0 knight: not a monk
        // Seat 1 drew V/w2: Famine → Inquisition. Seat 0: 2 monks = 4; seat 1: 1 monk = 2.
        assertEquals(Sector.INQUISITION, s.state().pig());
        s.expectScores(4, 2);
        Event.SectorResolved r = lastResolved(s);
        assertEquals(List.of(4, 2), r.points());
        assertReasonsFollowPoints(r);
        assertEquals(List.of(reason(new SectorTerm.Inquisition(2, 4)), reason(new SectorTerm.Inquisition(1, 2))),
                r.reasons());
        assertEquals("2 monk(s) × 2", r.reasons().get(0).text());
        s.expectSupplies(4, 5);
    }

    @Test
    void plagueFromTheActivePlayerClockwiseSkippingEmptyLandscapesCrownsExempt() {
        Scenario s = Scenario.wheel(3, "wof:B", "wof:U/w2", "wof:B", "wof:V", "wof:B", "wof:B", "wof:U/w3");
        s.place(1, -1, 0).deploy("M");          // seat 0 monk
        // Seat 1 drew U/w2 → Famine (nothing).
        s.place(2, -1, 0).crown(Sector.PLAGUE); // seat 1: only a crown follower, on Plague itself
        s.place(-1, 0, 0).deploy("M");          // seat 2 monk
        s.place(-1, 1, 270).deploy("R1");       // seat 0 thief on the road from rW, open to the south
        s.place(1, 4, 0).pass();                // seat 1
        s.place(4, 0, 0).deploy("M");           // seat 2 second monk
        // Seat 0 drew U/w3: Famine → Plague. Seat 0 chooses first, from exactly its landscape followers.
        assertEquals(Sector.PLAGUE, s.state().pig());
        assertEquals(DecisionKind.PLAGUE_RETURN, s.decision());
        assertEquals(0, s.decidingSeat());
        assertEquals(List.of(new Action.ReturnFollower(new Position(1, -1), s.featureAt(1, -1, "M")),
                new Action.ReturnFollower(new Position(-1, 1), s.featureAt(-1, 1, "R1"))), s.state().legalActions());
        s.reject(new Action.ReturnFollower(new Position(-1, 0), s.featureAt(-1, 0, "M"))); // seat 2's monk
        s.reject(new Action.PlaceTile(new Position(-1, 2), Rotation.R0));
        s.returnFollower(-1, 1, "R1");
        // Seat 1 has nothing on the landscape (its crown follower does not count): skipped. Seat 2 next.
        assertEquals(DecisionKind.PLAGUE_RETURN, s.decision());
        assertEquals(2, s.decidingSeat());
        assertEquals(List.of(new Action.ReturnFollower(new Position(-1, 0), 0),
                new Action.ReturnFollower(new Position(4, 0), 0)), s.state().legalActions());
        s.returnFollower(4, 0, "M");
        // Then Plague's crowns score: seat 1's lone follower on a two-crown sector: 6.
        s.expectScores(0, 6, 0).expectSupplies(6, 7, 6);
        List<Event> ev = s.allEvents();
        List<Event.Skipped> skipped = s.events(Event.Skipped.class);
        assertEquals(List.of(new Event.Skipped(Seat.of(1), DecisionKind.PLAGUE_RETURN, null)), skipped);
        assertEquals("no follower on the landscape", skipped.get(0).text());
        List<Event.FollowerReturned> plague = s.events(Event.FollowerReturned.class).stream()
                .filter(e -> e.reason() == Event.ReturnReason.PLAGUE).toList();
        assertEquals(List.of(
                new Event.FollowerReturned(Seat.of(0), new Position(-1, 1), s.featureAt(-1, 1, "R1"), "R1", null,
                        Event.ReturnReason.PLAGUE),
                new Event.FollowerReturned(Seat.of(2), new Position(4, 0), s.featureAt(4, 0, "M"), "M", null,
                        Event.ReturnReason.PLAGUE)),
                plague);
        Event.SectorResolved r = lastResolved(s);
        assertEquals(Sector.PLAGUE, r.sector());
        assertEquals(List.of(0, 0, 0), r.points());
        assertEquals(List.of(reason(new SectorTerm.Plague(2)), NONE, reason(new SectorTerm.Plague(2))), r.reasons());
        assertEquals(new Event.CrownsScored(Sector.PLAGUE, List.of(0, 6, 0), List.of(0, 1, 0)),
                s.events(Event.CrownsScored.class).get(0));
        assertTrue(ev.indexOf(r) < ev.indexOf(skipped.get(0)));
        // Now seat 0 places U/w3 on the road its thief just left and deploys the returned follower there.
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(0, s.decidingSeat());
        s.place(-1, 2, 0).deploy("R1");
        s.expectSupplies(5, 7, 6);
        assertEquals(List.of(1, 0, 0), s.feature(-1, 2, "R1").followers());
        assertEquals(3, s.feature(-1, 2, "R1").tileCount(), "rW square + V + U");
    }

    @Test
    void plagueOrderWrapsRoundFromTheLastSeat() {
        Scenario s = Scenario.wheel(3, "wof:B", "wof:B", "wof:U/w2", "wof:B", "wof:B", "wof:U/w3");
        s.place(1, -1, 0).deploy("M");      // seat 0
        s.place(4, 0, 0).deploy("M");       // seat 1
        s.place(2, -1, 0).deploy("R1");     // seat 2 (its U/w2 took the pig to Famine)
        s.place(1, 4, 0).pass();
        s.place(-1, 0, 0).pass();
        // Seat 2 drew U/w3 → Plague: seat 2, then seat 0, then seat 1.
        assertEquals(Sector.PLAGUE, s.state().pig());
        assertEquals(2, s.decidingSeat());
        s.returnFollower(2, -1, "R1");
        assertEquals(0, s.decidingSeat());
        s.returnFollower(1, -1, "M");
        assertEquals(1, s.decidingSeat());
        s.returnFollower(4, 0, "M");
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(2, s.decidingSeat());
        s.expectSupplies(7, 7, 7);
        assertEquals(List.of(Seat.of(2), Seat.of(0), Seat.of(1)), s.events(Event.FollowerReturned.class).stream()
                .map(Event.FollowerReturned::seat).toList());
    }

    @Test
    void plagueSkipsTheActivePlayerWithNothingOnTheLandscape() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w2", "wof:U/w3");
        s.place(1, -1, 0).pass();           // seat 0 keeps everything
        // Seat 1 drew U/w2 → Famine.
        s.place(2, -1, 0).deploy("R1");     // seat 1 thief
        // Seat 0 drew U/w3 → Plague: seat 0 is skipped, seat 1 must return its only follower.
        assertEquals(Sector.PLAGUE, s.state().pig());
        assertEquals(DecisionKind.PLAGUE_RETURN, s.decision());
        assertEquals(1, s.decidingSeat());
        assertEquals(List.of(new Action.ReturnFollower(new Position(2, -1), s.featureAt(2, -1, "R1"))),
                s.state().legalActions());
        assertEquals(Seat.of(0), s.events(Event.Skipped.class).get(0).seat());
        s.returnFollower(2, -1, "R1");
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(0, s.decidingSeat());
        s.expectSupplies(7, 7).expectScores(0, 0);
    }

    @Test
    void plagueWithNobodyOnTheLandscapeAsksNothing() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w2", "wof:U/w3");
        s.place(1, -1, 0).pass();
        s.place(2, -1, 0).pass();
        assertEquals(Sector.PLAGUE, s.state().pig());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(2, s.events(Event.Skipped.class).size());
        GameState g = s.state();
        assertEquals(0, g.tilesDiscarded());
    }
}
