package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameState.FeatureInfo;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.RuleOptions.FarmRule;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Field (farmer) scoring at the end of a base game (RULES.md §2.9) under the three farm rules. Conventions as in
 * {@link BaseScoringTest}: D at (0,0) with city north and road E-W; D's F1 is the strip between its city and
 * its road, F2 the field south of the road. U90 (road E-W) has F2 = its north strip, F1 = its south strip.
 */
class BaseFieldTest {

    /**
     * <pre>
     *   y=-2:  E180          city B = H.C1 + E180 (complete); E180's field (seat 1) touches B
     *   y=-1:  H0            H's field F1 (seat 0) lies between city B and city A
     *   y=0:   D     U90     city A = D + H.C2 (complete); the strip D.F1 + U90.F2 (seat 0) touches A
     * </pre>
     * The fields stay apart: nothing lies east or west of H and E180.
     */
    private static Scenario twoCitiesThreeFields(FarmRule rule) {
        Scenario s = Scenario.base(new RuleOptions(rule, false), 2, "H", "E", "U");
        s.place(0, -1, 0).deploy("F1");
        s.place(0, -2, 180).deploy("F1");
        s.place(1, 0, 90).deploy("F2");
        return s;
    }

    @Test
    void fieldNextToTwoCitiesAndACityCountedForEachOfItsFields() {
        Scenario s = twoCitiesThreeFields(FarmRule.THIRD_EDITION);
        assertTrue(s.state().isOver());
        FeatureInfo between = s.feature(0, -1, "F1");
        assertEquals(FeatureKind.FIELD, between.kind());
        assertEquals(2, between.adjacentCompletedCities());
        assertEquals(1, s.feature(0, -2, "F1").adjacentCompletedCities());
        FeatureInfo strip = s.feature(0, 0, "F1");
        assertEquals(strip, s.feature(1, 0, "F2"), "D's strip and U90's north strip are one field");
        assertEquals(1, strip.adjacentCompletedCities());
        assertEquals(2, strip.tileCount());
        assertTrue(s.feature(0, -1, "C1").complete());
        assertTrue(s.feature(0, 0, "C1").complete());
        // seat 0: 3·2 (between A and B) + 3·1 (strip next to A); seat 1: 3·1 (next to B, which also paid seat 0)
        s.expectScores(9, 3).expectSupplies(5, 6);
        assertEquals(9, s.state().score(0, ScoreKind.FIELD));
        List<Event.FeatureScored> fields = s.events(Event.FeatureScored.class).stream()
                .filter(e -> e.kind() == FeatureKind.FIELD).toList();
        assertEquals(3, fields.size());
        assertTrue(fields.stream().allMatch(Event.FeatureScored::atGameEnd));
    }

    @Test
    void secondEditionPaysEachCityOncePerPlayer() {
        // City A touches two of seat 0's fields but pays it once: 6 (A, B) + 0; seat 1 still gets B: 3.
        twoCitiesThreeFields(FarmRule.SECOND_EDITION).expectScores(6, 3);
    }

    @Test
    void firstEditionPaysFourPerCityToTheMajorityOfAllItsFields() {
        // City A: fields between (seat 0) and strip (seat 0) → seat 0 (2:0) scores 4.
        // City B: fields between (seat 0) and E180's field (seat 1) → 1:1, both score 4.
        twoCitiesThreeFields(FarmRule.FIRST_EDITION).expectScores(8, 4);
    }

    @Test
    void farmerRefusedOnAnOccupiedFieldAndAFieldWithoutCompletedCitiesScoresNothing() {
        //   y=-1:  .    E180  .      city D + E180 complete
        //   y=0:   U90  D     U90    both U90 north strips join D's strip, which seat 1 occupies first
        Scenario s = Scenario.base(2, "E", "U", "U");
        s.place(0, -1, 180).pass();
        s.place(1, 0, 90).deploy("F2");
        s.place(-1, 0, 90);
        String why = s.reject(new Action.Deploy(s.state().placedTile().type().featureIndex("F2")));
        assertTrue(why.contains("occupancy"), why); // the strip already holds seat 1's farmer
        s.deploy("F1"); // the south strip is D's other field: free, but it touches no city
        assertTrue(s.state().isOver());
        assertEquals(List.of(0, 1), s.feature(0, 0, "F1").followers());
        assertEquals(List.of(1, 0), s.feature(0, 0, "F2").followers());
        assertEquals(0, s.feature(0, 0, "F2").adjacentCompletedCities());
        s.expectScores(0, 3);
    }

    @Test
    void tiedFarmersInOneFieldBothScore() {
        // E180's field (seat 0) and D's strip (seat 1, via U90) are separate until B joins them at (1,-1).
        //   y=-1:  .    E180  B
        //   y=0:   .    D     U90
        Scenario s = Scenario.base(2, "E", "U", "B");
        s.place(0, -1, 180).deploy("F1");
        s.place(1, 0, 90).deploy("F2");
        s.place(1, -1, 0).pass(); // B's field joins E180's field (west) and the strip (south)
        assertTrue(s.state().isOver());
        FeatureInfo f = s.feature(1, -1, "F1");
        assertEquals(List.of(1, 1), f.followers());
        assertEquals(1, f.adjacentCompletedCities());
        s.expectScores(3, 3);
    }

    @Test
    void majorityOfFarmersAfterJoiningThreeFieldsScoresAlone() {
        //   y=-1:  E180  B    E180      B joins field T (around E180 at (0,-1), seat 0), the strip S north of the
        //   y=0:   D     U90  D0        road (seat 1) and field Y (around E180 at (2,-1), seat 0)
        //   plus U90 at (-1,0) (seat 1's filler turn), whose north strip is part of S.
        // Completed cities next to the joined field: D+E180 and D0+E180 → 2 · 3 = 6 for seat 0 (2 farmers vs 1).
        Scenario s = Scenario.base(2, "E", "U", "D", "U", "E", "B");
        s.place(0, -1, 180).deploy("F1");
        s.place(1, 0, 90).deploy("F2");
        s.place(2, 0, 0).pass();
        s.place(-1, 0, 90).pass();
        s.place(2, -1, 180).deploy("F1");
        assertEquals(List.of(1, 0), s.feature(2, -1, "F1").followers());
        s.place(1, -1, 0).pass();
        assertTrue(s.state().isOver());
        FeatureInfo f = s.feature(1, -1, "F1");
        assertEquals(List.of(2, 1), f.followers());
        assertEquals(2, f.adjacentCompletedCities());
        s.expectScores(6, 0).expectSupplies(5, 6);
    }
}
