package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.tile.FeatureKind;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rulebook examples played with rules built afresh ({@link Scenario#withFreshRules}) rather than taken from the cache
 * of rules per configuration. What the rules hold is made once per configuration: the template every new square's
 * features start from (kind, pennants, open edges; {@code FeatureGraph.templateOf}) and which expansion decides each
 * kind of decision ({@code Expansion.owns}). Built afresh, that code runs in the test itself, so that a change to it
 * shows here (and mutation testing can judge it; docs/testing.md).
 */
class FreshRulesTest {

    /**
     * The start tile D's city (north), M above it turned 180° (a city with a pennant, open south and west) and E west
     * of M turned 90° (a city edge facing east) make a completed city of three squares with one pennant: 2 × 3 + 2 =
     * 8 points for the knight on M.
     */
    @Test
    void aCompletedCityOfThreeSquaresWithOnePennantScoresEight() {
        Scenario s = Scenario.withFreshRules(GameConfig.builder().players(2).draws("M", "E").build());
        s.place(0, -1, 180).deploy("C1");
        GameState.FeatureInfo open = s.feature(0, -1, "C1");
        assertEquals(FeatureKind.CITY, open.kind());
        assertEquals(List.of(2, 1), List.of(open.tileCount(), open.pennants()));
        assertEquals(false, open.complete());
        assertEquals(List.of(1, 0), open.followers());
        assertEquals(1, s.state().featureProgress(new Position(0, -1), s.featureAt(0, -1, "C1")) & 0xFFFFFFFFL,
                "D's north edge meets M's south edge: M's west edge is the city's only open edge");
        s.place(-1, -1, 90).pass();
        List<Event.FeatureScored> scored = s.events(Event.FeatureScored.class);
        assertEquals(1, scored.size());
        Event.FeatureScored city = scored.get(0);
        assertEquals(FeatureKind.CITY, city.kind());
        assertEquals(3, city.tiles().size());
        assertEquals(1, city.pennants());
        assertEquals(List.of(8, 0), city.points());
        s.expectScores(8, 0).expectSupplies(7, 7);
        assertTrue(s.state().isOver());
    }

    /**
     * Wheel of Fortune with Crop Circles (the position of {@code SkipsAndForcedChoicesTest}): seat 1's shield tile
     * CC1-b closes the board city (3,2); seat 1 chooses, and the add and remove steps are the crop circle's, not the
     * Plague's (the Wheel of Fortune decides only the Plague).
     */
    private static Scenario wheelAndCropCircles() {
        Scenario s = Scenario.withFreshRules(GameConfig.builder().players(2).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(ExpansionId.CROP_CIRCLES)
                .draws("wof:G", "wof:B", "wof:B", "wof:E", "wof:E", "CC1-b", "wof:E").build());
        s.place(0, -1, 90).deploy("C1"); // seat 0: knight in the board city (0,0), which runs north through wof:G
        s.place(1, -1, 0).crown(Sector.FORTUNE); // seat 1
        s.place(3, -1, 0).deploy("M"); // seat 0: monk
        s.place(-1, 0, 0).pass();
        s.place(-1, 2, 0).crown(Sector.TAX); // seat 0
        s.place(4, 2, 270).pass(); // seat 1: the shield tile
        s.expectSupplies(4, 6);
        assertEquals(DecisionKind.CROP_CIRCLE_CHOICE, s.decision());
        assertEquals(1, s.decidingSeat());
        assertEquals(List.of(new Action.ChooseCropCircleOption(CropCircleOption.ADD),
                new Action.ChooseCropCircleOption(CropCircleOption.REMOVE)), s.state().legalActions());
        return s;
    }

    @Test
    void withTheWheelTheShieldsAddStepOffersTheKnightsCityOrDeclining() {
        Scenario s = wheelAndCropCircles();
        s.choose(CropCircleOption.ADD);
        assertEquals(DecisionKind.CROP_CIRCLE_ADD, s.decision());
        assertEquals(0, s.decidingSeat());
        Action add = new Action.AddFollower(new Position(0, -1), s.featureAt(0, -1, "C1"));
        assertEquals(List.of(add, Action.PASS), s.state().legalActions());
        s.act(add);
        assertEquals(List.of(2, 0), s.feature(0, -1, "C1").followers());
        s.expectSupplies(3, 6);
    }

    @Test
    void withTheWheelTheShieldsRemoveStepTakesTheKnightNotTheMonkNorACrown() {
        Scenario s = wheelAndCropCircles();
        s.choose(CropCircleOption.REMOVE);
        assertEquals(DecisionKind.CROP_CIRCLE_REMOVE, s.decision());
        assertEquals(0, s.decidingSeat());
        Action ret = new Action.ReturnFollower(new Position(0, -1), s.featureAt(0, -1, "C1"));
        assertEquals(List.of(ret), s.state().legalActions());
        s.act(ret);
        s.expectSupplies(5, 6).expectScores(0, 0);
        assertEquals(List.of(1, 0), s.feature(3, -1, "M").followers());
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(0, s.decidingSeat());
    }
}
