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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Skips, forced declines, forced removals and the steps that do not happen (RULES.md §4.3 items 3–4 and
 * "Precise engine rules"). Two players unless said otherwise.
 */
class SkipsAndForcedChoicesTest {

    private static List<Event> since(Scenario s, int mark) {
        return s.allEvents().subList(mark, s.allEvents().size());
    }

    // ---------------------------------------------------------------------------------------------------
    // No follower in supply: forced decline
    // ---------------------------------------------------------------------------------------------------

    /**
     * Seat 1 ends with all 7 followers out: knights on E at (0,1) and (1,1) (separate cities facing south)
     * and five monks on cloisters at (2..6,1). Seat 0 has a knight in the start city (N at (0,-1), open
     * east) and lays roads westwards. The 15th tile (seat 0's) is the crop-circle tile {@code last}.
     */
    private static Scenario seatOneHasNoFollowerLeft(String last) {
        Scenario s = Scenario.cropCircles(2, "N", "E", "U", "E", "U", "B", "U", "B", "U", "B", "U", "B", "U", "A",
                last, "E");
        s.place(0, -1, 90).deploy("C1");
        s.place(0, 1, 180).deploy("C1");
        s.place(-1, 0, 90).pass();
        s.place(1, 1, 180).deploy("C1");
        for (int k = 0; k < 5; k++) {
            s.place(-2 - k, 0, 90).pass();
            s.place(2 + k, 1, 0).deploy("M");
        }
        s.expectSupplies(6, 0);
        return s;
    }

    @Test
    void aSeatWithoutFollowersInSupplyIsNotAskedAndDeclinesForced() {
        Scenario s = seatOneHasNoFollowerLeft("CC2-f");
        s.place(1, -1, 0).pass(); // CC2-f: its C1 (N-W) joins seat 0's city
        int mark = s.allEvents().size();
        s.act(CHOOSE_ADD);
        // Seat 1 has knights but no follower in supply: declines without a decision; seat 0 is asked.
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 0, -1, "C1"), Action.PASS);
        s.act(add(s, 0, -1, "C1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.SHIELD, CropCircleOption.ADD),
                declined(1, true), new Event.FollowerAdded(Seat.of(0), at(0, -1), s.featureAt(0, -1, "C1"), "C1",
                        FeatureKind.CITY)), Steps.cropEvents(since(s, mark)));
        assertEquals(List.of(2, 0), s.feature(1, -1, "C1").followers());
        s.expectSupplies(5, 0).expectScores(0, 0);
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }

    @Test
    void aFollowerReturnedByThisTurnsScoringCanBeAdded() {
        Scenario s = seatOneHasNoFollowerLeft("CC2-e");
        // CC2-e's north city closes seat 1's city at (0,1): 2 tiles, 4 points, the knight goes home first.
        s.place(0, 2, 0).pass();
        s.expectScores(0, 4).expectSupplies(6, 1);
        s.act(CHOOSE_ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, 1, 1, "C1"), Action.PASS);
        s.act(add(s, 1, 1, "C1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 0, -1, "C1"), Action.PASS);
        s.pass();
        assertEquals(List.of(0, 2), s.feature(1, 1, "C1").followers());
        s.expectSupplies(6, 0).expectScores(0, 4);
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }

    @Test
    void removingDoesNotNeedAFollowerInSupply() {
        Scenario s = seatOneHasNoFollowerLeft("CC2-f");
        s.place(1, -1, 0).pass();
        s.act(CHOOSE_REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 1, ret(s, 0, 1, "C1"), ret(s, 1, 1, "C1"));
        s.act(ret(s, 1, 1, "C1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 0, -1, "C1"));
        s.act(ret(s, 0, -1, "C1"));
        s.expectSupplies(7, 1).expectScores(0, 0);
        assertEquals(List.of(0, 1), s.feature(0, 1, "C1").followers());
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }

    // ---------------------------------------------------------------------------------------------------
    // Several followers of the kind; monks and followers of other kinds never count
    // ---------------------------------------------------------------------------------------------------

    /**
     * Seat 0: knight on E at (0,1). Seat 1: knights on E at (1,1) and (3,1), a monk at (5,1), a farmer at
     * (7,1). Seat 0 then places CC1-a (shield) at (8,1).
     */
    private static Scenario seatOneHasTwoKnightsAMonkAndAFarmer() {
        Scenario s = Scenario.cropCircles(2, "E", "E", "B", "E", "B", "B", "A", "B", "CC1-a", "E");
        s.place(0, 1, 180).deploy("C1");
        s.place(1, 1, 180).deploy("C1");
        s.place(2, 1, 0).pass();
        s.place(3, 1, 180).deploy("C1");
        s.place(4, 1, 0).pass();
        s.place(5, 1, 0).deploy("M");
        s.place(6, 1, 0).pass();
        s.place(7, 1, 0).deploy("F1");
        s.place(8, 1, 180).pass();
        s.expectSupplies(6, 3);
        return s;
    }

    @Test
    void forcedRemovalOffersExactlyTheSeatsKnightsNeverTheMonkOrTheFarmer() {
        Scenario s = seatOneHasTwoKnightsAMonkAndAFarmer();
        int mark = s.allEvents().size();
        s.act(CHOOSE_REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 1, ret(s, 1, 1, "C1"), ret(s, 3, 1, "C1"));
        s.reject(ret(s, 5, 1, "M"));
        s.reject(ret(s, 7, 1, "F1"));
        s.reject(ret(s, 0, 1, "C1")); // seat 0's knight
        s.act(ret(s, 3, 1, "C1"));
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 0, 1, "C1"));
        s.act(ret(s, 0, 1, "C1"));
        assertEquals(List.of(new Event.CropCircleChosen(Seat.of(0), CropSymbol.SHIELD, CropCircleOption.REMOVE),
                cropReturn(s, 1, at(3, 1), "C1"), cropReturn(s, 0, at(0, 1), "C1")), cropEvents(since(s, mark)));
        s.expectSupplies(7, 4).expectScores(0, 0);
        assertEquals(List.of(0, 1), s.feature(1, 1, "C1").followers());
        assertEquals(List.of(0, 1), s.feature(5, 1, "M").followers());
        assertEquals(List.of(0, 1), s.feature(7, 1, "F1").followers());
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }

    @Test
    void addOffersEachCityWithTheSeatsKnightButNotTheCloister() {
        Scenario s = seatOneHasTwoKnightsAMonkAndAFarmer();
        s.act(CHOOSE_ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 1, add(s, 1, 1, "C1"), add(s, 3, 1, "C1"), Action.PASS);
        s.reject(add(s, 5, 1, "M"));
        s.act(add(s, 3, 1, "C1"));
        assertEquals(List.of(0, 2), s.feature(3, 1, "C1").followers());
        s.expectSupplies(6, 2);
    }

    // ---------------------------------------------------------------------------------------------------
    // The whole step is skipped
    // ---------------------------------------------------------------------------------------------------

    @Test
    void nobodyWithAKnightSkipsTheShieldStepWithoutADecision() {
        // A monk and a farmer are on the landscape, but no knight.
        Scenario s = Scenario.cropCircles(2, "B", "U", "CC2-e", "E");
        s.place(0, 1, 0).deploy("M");
        s.place(1, 0, 90).deploy("F2");
        int mark = s.allEvents().size();
        s.place(0, -1, 0).pass(); // CC2-e's south city closes the start city (nobody in it)
        assertEquals(List.of(new Event.CropCircleSkipped(Seat.of(0), CropSymbol.SHIELD)), cropEvents(since(s, mark)));
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
        s.expectSupplies(6, 6).expectScores(0, 0);
    }

    @Test
    void theOnlyKnightWentHomeInThisTurnsScoringSoTheStepIsSkipped() {
        // Seat 0's knight on CC2-e's south city closes the start city: 4 points, home, then the crop circle.
        Scenario s = Scenario.cropCircles(2, "CC2-e", "E");
        s.place(0, -1, 0).deploy("C2");
        s.expectScores(4, 0).expectSupplies(7, 7);
        assertEquals(List.of(new Event.CropCircleSkipped(Seat.of(0), CropSymbol.SHIELD)), cropEvents(s.lastEvents()));
        int scored = s.events(Event.FeatureScored.class).size();
        assertEquals(1, scored);
        assertTrue(s.lastEvents().indexOf(s.events(Event.FeatureScored.class).get(0))
                < s.lastEvents().indexOf(new Event.CropCircleSkipped(Seat.of(0), CropSymbol.SHIELD)),
                "scoring comes before the crop circle");
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }

    @Test
    void anUnplaceableCropCircleTileIsDiscardedAndTriggersNothing() {
        // Roads at (-1,0) and (1,0), a cloister at (-1,-1), seat 1's knight in the start city via N at (0,-1)
        // (open east, towards (1,-1), whose south neighbour shows a field): CC2-f (all city) fits nowhere.
        Scenario s = Scenario.cropCircles(2, "U", "B", "U", "N", "CC2-f", "E");
        s.place(-1, 0, 90).pass();
        s.place(-1, -1, 0).pass();
        s.place(1, 0, 90).pass();
        s.place(0, -1, 90).deploy("C1");
        List<Event> e = s.lastEvents();
        assertEquals(List.of(), cropEvents(e));
        assertTrue(e.contains(new Event.TileDiscarded(Seat.of(0), "CC2-f")), e.toString());
        assertEquals(1, s.state().tilesDiscarded());
        expectDecision(s, DecisionKind.PLACE_TILE, 0);
        assertEquals("E", s.state().drawnTile().id());
        s.expectSupplies(7, 6).expectScores(0, 0);
    }

    // ---------------------------------------------------------------------------------------------------
    // Wheel of Fortune: crown-space followers are never affected
    // ---------------------------------------------------------------------------------------------------

    /**
     * WoF + CC, wheel board at (0..3,0..3). Seat 0: knight on wof:G at (0,-1) (the board city (0,0) runs
     * north through it), monk at (3,-1), a follower on a Tax crown. Seat 1: only a follower on the Fortune
     * crown. Seat 1 then places CC1-b at (4,2), closing the board city (3,2) with nobody in it.
     */
    private static Scenario wheelWithCrowns() {
        Scenario s = Scenario.of(GameConfig.builder().players(2).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(ExpansionId.CROP_CIRCLES)
                .draws("wof:G", "wof:B", "wof:B", "wof:E", "wof:E", "CC1-b", "wof:E").build());
        s.place(0, -1, 90).deploy("C1");
        s.place(1, -1, 0).crown(Sector.FORTUNE);
        s.place(3, -1, 0).deploy("M");
        s.place(-1, 0, 0).pass();
        s.place(-1, 2, 0).crown(Sector.TAX);
        s.place(4, 2, 270).pass();
        s.expectSupplies(4, 6);
        assertEquals(List.of(Seat.of(1)), s.state().crowns(Sector.FORTUNE));
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        return s;
    }

    @Test
    void withTheWheelRemovalNeverOffersCrownSpacesOrMonks() {
        Scenario s = wheelWithCrowns();
        int mark = s.allEvents().size();
        expectOptions(s, DecisionKind.CROP_CIRCLE_CHOICE, 1, CHOOSE_ADD, CHOOSE_REMOVE);
        s.act(CHOOSE_REMOVE);
        expectOptions(s, DecisionKind.CROP_CIRCLE_REMOVE, 0, ret(s, 0, -1, "C1"));
        s.act(ret(s, 0, -1, "C1"));
        List<Event> step = cropEvents(since(s, mark));
        assertEquals(3, step.size());
        assertEquals(cropReturn(s, 0, at(0, -1), "C1"), step.get(1));
        Event.Skipped skip = (Event.Skipped) step.get(2);
        assertEquals(Seat.of(1), skip.seat(), "seat 1's only follower is on a crown space");
        assertEquals(DecisionKind.CROP_CIRCLE_REMOVE, skip.step());
        assertEquals(FeatureKind.CITY, skip.kind());
        s.expectSupplies(5, 6).expectScores(0, 0);
        assertEquals(List.of(Seat.of(1)), s.state().crowns(Sector.FORTUNE));
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        assertEquals(List.of(1, 0), s.feature(3, -1, "M").followers());
        expectDecision(s, DecisionKind.PLACE_TILE, 0);
    }

    @Test
    void withTheWheelAddingNeverTargetsCrownSpaces() {
        Scenario s = wheelWithCrowns();
        s.act(CHOOSE_ADD);
        expectOptions(s, DecisionKind.CROP_CIRCLE_ADD, 0, add(s, 0, -1, "C1"), Action.PASS);
        s.act(add(s, 0, -1, "C1"));
        assertEquals(List.of(2, 0), s.feature(0, -1, "C1").followers());
        s.expectSupplies(3, 6);
        assertEquals(1, s.state().followersOnCrowns(0));
        assertEquals(1, s.state().followersOnCrowns(1));
        expectDecision(s, DecisionKind.PLACE_TILE, 0);
    }

    @Test
    void withTheWheelASeatWithOnlyCrownFollowersDoesNotStartTheStep() {
        // Only crown followers on the wheel (and a monk): the shield step is skipped entirely.
        Scenario s = Scenario.of(GameConfig.builder().players(2).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(ExpansionId.CROP_CIRCLES).draws("wof:B", "wof:B", "CC1-b", "wof:E").build());
        s.place(1, -1, 0).crown(Sector.FORTUNE);
        s.place(3, -1, 0).deploy("M");
        int mark = s.allEvents().size();
        s.place(4, 2, 270).pass();
        assertEquals(List.of(new Event.CropCircleSkipped(Seat.of(0), CropSymbol.SHIELD)), cropEvents(since(s, mark)));
        expectDecision(s, DecisionKind.PLACE_TILE, 1);
    }
}
