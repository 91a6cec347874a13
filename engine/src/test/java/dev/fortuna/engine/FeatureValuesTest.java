package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.RuleOptions.FarmRule;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link GameState#featureValues()}: what each occupied feature would score if the game ended now, in concrete
 * positions (conventions of {@code BaseScoringTest}: D at (0,0), city north, road E-W; seats alternate from 0).
 * Each pile holds one tile more than is placed, so that the game is still running when it is asked.
 */
class FeatureValuesTest {

    private static Event.SquareFeature sf(int x, int y, int feature, String name) {
        return new Event.SquareFeature(new Position(x, y), feature, name);
    }

    /**
     * <pre>
     *   y=-1: M90*  .       city D–M open to the east (2 tiles, 1 pennant), seat 0's knight
     *   y=0:  D     U90     road D–U open at both ends, seat 1's thief
     * </pre>
     */
    private static Scenario cityAndRoad() {
        Scenario s = Scenario.base(2, "M", "U", "U");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, 0, 90).deploy("R1");
        return s;
    }

    @Test
    void anOpenCityScoresOnePerTileAndPennantAndAnOpenRoadOnePerTile() {
        GameState g = cityAndRoad().state();
        assertEquals(List.of(
                        new FeatureValue(FeatureKind.CITY, List.of(sf(0, 0, 0, "C1"), sf(0, -1, 0, "C1")), 2, 1, 0,
                                List.of(1, 0), List.of(3, 0)),
                        new FeatureValue(FeatureKind.ROAD, List.of(sf(0, 0, 1, "R1"), sf(1, 0, 0, "R1")), 2, 0, 0,
                                List.of(0, 1), List.of(0, 2))),
                g.featureValues());
    }

    @Test
    void askingChangesNothingAndTheEndPaysWhatWasShown() {
        Scenario s = cityAndRoad();
        GameState g = s.state();
        List<Action> legal = g.legalActions();
        List<FeatureValue> shown = g.featureValues();
        assertEquals(List.of(0, 0), List.of(g.score(0), g.score(1)), "the preview scores nothing");
        assertEquals(legal, g.legalActions());
        assertEquals(List.of(1, 0), s.feature(0, -1, "C1").followers(), "the followers stay");
        assertEquals(shown, g.featureValues(), "asking twice gives the same answer");
        // The last tile joins neither feature: U90 south of D (its fields touch only D's southern field).
        s.place(0, 1, 90).pass();
        assertTrue(g.isOver());
        List<Event.FeatureScored> end = s.lastEvents().stream().filter(e -> e instanceof Event.FeatureScored)
                .map(e -> (Event.FeatureScored) e).toList();
        assertEquals(shown.size(), end.size());
        for (int i = 0; i < end.size(); i++) {
            assertEquals(shown.get(i).features(), end.get(i).features());
            assertEquals(shown.get(i).points(), end.get(i).points());
        }
        s.expectScores(3, 2);
        assertEquals(List.of(), g.featureValues(), "nothing is left to score once the game is over");
    }

    @Test
    void aCityTheTileJustPlacedCompletedScoresAsCompletedWhileItsDeploymentIsOpen() {
        //   y=-1: M90* E270     seat 1 closes seat 0's city D–M–E (3 tiles, 1 pennant) and has yet to deploy
        //   y=0:  D
        Scenario s = Scenario.base(2, "M", "E", "U");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, -1, 270);
        assertEquals(DecisionKind.DEPLOY, s.decision());
        assertEquals(List.of(new FeatureValue(FeatureKind.CITY,
                        List.of(sf(0, 0, 0, "C1"), sf(0, -1, 0, "C1"), sf(1, -1, 0, "C1")), 3, 1, 0, List.of(1, 0),
                        List.of(2 * 3 + 2, 0))),
                s.state().featureValues());
        s.expectScores(0, 0).expectSupplies(6, 7);
        s.pass();
        s.expectScores(8, 0);
        assertEquals(List.of(), s.state().featureValues(), "the knight went home with its points");
    }

    @Test
    void aPartialCloisterCountsItselfAndItsOccupiedNeighbours() {
        //   y=0:  (U90) D   .       U90 is placed after the first question
        //   y=1:  .     B0  B1      B0 seat 0's monk, B1 seat 1's
        Scenario s = Scenario.base(2, "B", "B", "U", "U");
        s.place(0, 1, 0).deploy("M");
        s.place(1, 1, 0).deploy("M");
        assertEquals(List.of(
                        new FeatureValue(FeatureKind.CLOISTER, List.of(sf(0, 1, 0, "M")), 1, 0, 0, List.of(1, 0),
                                List.of(3, 0)),
                        new FeatureValue(FeatureKind.CLOISTER, List.of(sf(1, 1, 0, "M")), 1, 0, 0, List.of(0, 1),
                                List.of(0, 3))),
                s.state().featureValues());
        s.place(-1, 0, 90).pass();
        assertEquals(List.of(List.of(4, 0), List.of(0, 3)),
                s.state().featureValues().stream().map(FeatureValue::points).toList());
    }

    /**
     * <pre>
     *   y=-2:  E180          city B = H.C1 + E180 (complete); E180's field (seat 1) touches B
     *   y=-1:  H0            H's field (seat 0) lies between city B and city A
     *   y=0:   D     U90     city A = D + H.C2 (complete); the strip D.F1 + U90.F2 (seat 0) touches A
     * </pre>
     * (BaseFieldTest's position, asked before a fourth tile.)
     */
    private static List<FeatureValue> twoCitiesThreeFields(FarmRule rule) {
        Scenario s = Scenario.base(new RuleOptions(rule, false), 2, "H", "E", "U", "U");
        s.place(0, -1, 0).deploy("F1");
        s.place(0, -2, 180).deploy("F1");
        s.place(1, 0, 90).deploy("F2");
        List<FeatureValue> v = s.state().featureValues();
        // Seat 0's two fields first (its followers' order), then seat 1's.
        assertEquals(List.of(FeatureKind.FIELD, FeatureKind.FIELD, FeatureKind.FIELD),
                v.stream().map(FeatureValue::kind).toList());
        assertEquals(List.of(sf(0, -1, 2, "F1")), v.get(0).features());
        assertEquals(List.of(sf(0, 0, 2, "F1"), sf(1, 0, 2, "F2")), v.get(1).features());
        assertEquals(List.of(sf(0, -2, 1, "F1")), v.get(2).features());
        assertEquals(List.of(List.of(1, 0), List.of(1, 0), List.of(0, 1)),
                v.stream().map(FeatureValue::followers).toList());
        assertEquals(List.of(2, 1, 1), v.stream().map(FeatureValue::adjacentCompletedCities).toList());
        return v;
    }

    private static List<List<Integer>> points(List<FeatureValue> v) {
        return v.stream().map(FeatureValue::points).toList();
    }

    @Test
    void thirdEditionFieldsPayThreePerCompletedCity() {
        assertEquals(List.of(List.of(6, 0), List.of(3, 0), List.of(0, 3)),
                points(twoCitiesThreeFields(FarmRule.THIRD_EDITION)));
    }

    @Test
    void secondEditionPaysACityOncePerPlayerInTheOrderFinalScoringMeetsTheFields() {
        // City A was paid to seat 0 through the field between the cities: the strip next to A adds nothing.
        assertEquals(List.of(List.of(6, 0), List.of(0, 0), List.of(0, 3)),
                points(twoCitiesThreeFields(FarmRule.SECOND_EDITION)));
    }

    @Test
    void firstEditionShowsPerFieldWhatTheCitiesItTouchesPay() {
        // City A: 4 to seat 0 (its two fields against none); city B: 4 to each (one field each, a tie).
        // Between touches A and B: 8 and 4; the strip touches A: 4 and 0; E180's field touches B: 4 and 4.
        assertEquals(List.of(List.of(8, 4), List.of(4, 0), List.of(4, 4)),
                points(twoCitiesThreeFields(FarmRule.FIRST_EDITION)));
    }

    private static List<List<Integer>> monksWestOfTheWheelBoard(boolean boardIsOneSquare) {
        // BoardAsOneSquareTest's position: B at (-1,0) (seat 0) and (-1,-1) (seat 1) beside the wheel board.
        Scenario s = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withBoardIsOneTileForCloisters(boardIsOneSquare))
                .draws("wof:B", "wof:B", "wof:B").build());
        s.place(-1, 0, 0).deploy("M");
        s.place(-1, -1, 0).deploy("M");
        return points(s.state().featureValues());
    }

    @Test
    void wheelBoardSquaresCountAroundACloisterAsFinalScoringCountsThem() {
        assertEquals(List.of(List.of(4, 0), List.of(0, 3)), monksWestOfTheWheelBoard(false));
        assertEquals(List.of(List.of(3, 0), List.of(0, 3)), monksWestOfTheWheelBoard(true));
    }

    @Test
    void followersOnCrownSpacesScoreNothingAtTheEndAndAreNotListed() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B");
        s.place(1, -1, 0).crown(Sector.TAX);
        assertEquals(1, s.state().followersOnCrowns(0));
        assertEquals(List.of(), s.state().featureValues());
    }

    /** MajorityAfterAddTest's shared city D–N–R–E (4 tiles, no pennant) with a knight of each seat. */
    private static Scenario sharedCity() {
        Scenario s = Scenario.cropCircles(2, "N", "U", "U", "E", "R", "CC2-e", "E", "B");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, 0, 90).pass();
        s.place(2, 0, 90).pass();
        s.place(2, -1, 270).deploy("C1");
        s.place(1, -1, 0).pass();
        s.place(0, 1, 90).pass(); // seat 1: the shield crop circle
        s.choose(CropCircleOption.ADD);
        return s;
    }

    @Test
    void aKnightAddedByACropCircleTakesTheMajority() {
        Scenario s = sharedCity().add(0, -1, "C1").pass();
        List<FeatureValue> v = s.state().featureValues();
        assertEquals(1, v.size());
        assertEquals(FeatureKind.CITY, v.get(0).kind());
        assertEquals(4, v.get(0).tiles());
        assertEquals(List.of(2, 1), v.get(0).followers());
        assertEquals(List.of(4, 0), v.get(0).points());
    }

    @Test
    void tiedKnightsBothScoreTheWholeValue() {
        List<FeatureValue> v = sharedCity().pass().pass().state().featureValues();
        assertEquals(List.of(1, 1), v.get(0).followers());
        assertEquals(List.of(4, 4), v.get(0).points());
    }
}
