package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.RuleOptions.FarmRule;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One completed city with three fields farmed apart (RULES.md §2.9 and the farm-rule variants), and a farmer next
 * to no completed city. Same conventions as {@link BaseScoringTest}.
 *
 * <pre>
 *   y=-1:   .     N90   E270     the city D(0,0) + N90(0,-1) + E270(1,-1), completed by E270
 *   y= 0:   U90   D     .        field A: N90's (north and west of it), seat 0
 *                                field C: E270's (north, east and south of it), seat 1
 *                                field B: D's field north of its road, joined by U90's, seat 0
 * </pre>
 */
class FieldsOfOneCityTest {

    private static Scenario threeFieldsOfOneCity(FarmRule rule) {
        Scenario s = Scenario.base(new RuleOptions(rule, false), 2, "N", "E", "U");
        s.place(0, -1, 90).deploy("F1");    // seat 0: farmer in field A
        s.place(1, -1, 270).deploy("F1");   // seat 1: farmer in field C; the city is complete (nobody in it)
        s.place(-1, 0, 90).deploy("F2");    // seat 0: farmer in field B (U90's northern field)
        assertEquals(3, s.feature(0, 0, "C1").tileCount());
        assertEquals(List.of(1, 0), s.feature(0, -1, "F1").followers());
        assertEquals(List.of(0, 1), s.feature(1, -1, "F1").followers());
        assertEquals(List.of(1, 0), s.feature(0, 0, "F1").followers());
        return s;
    }

    @Test
    void firstEditionTheMajorityOfAllFarmersAroundTheCityScoresFourOnce() {
        Scenario s = threeFieldsOfOneCity(FarmRule.FIRST_EDITION);
        // Seat 0 has two farmers around the city, seat 1 one: only seat 0 scores, and only once.
        s.expectScores(4, 0);
        List<Event.FeatureScored> fields = s.events(Event.FeatureScored.class);
        assertEquals(1, fields.size());
        Event.FeatureScored f = fields.get(0);
        assertEquals(FeatureKind.FIELD, f.kind());
        // The city's squares, in the order the event log has always listed them (from the start tile).
        assertEquals(List.of(new Position(0, 0), new Position(1, -1), new Position(0, -1)), f.tiles());
        assertEquals(List.of(2, 1), f.followers());
        assertEquals(List.of(4, 0), f.points());
        assertEquals(1, f.adjacentCompletedCities());
    }

    @Test
    void thirdEditionEveryFieldPaysItsOwnMajority() {
        threeFieldsOfOneCity(FarmRule.THIRD_EDITION).expectScores(6, 3);
    }

    @Test
    void secondEditionTheCityPaysEachPlayerOnce() {
        threeFieldsOfOneCity(FarmRule.SECOND_EDITION).expectScores(3, 3);
    }

    @Test
    void firstEditionAFarmerNextToNoCompletedCityScoresNothing() {
        // The start city stays open: no field touches a completed city, so no field scoring at all.
        Scenario s = Scenario.base(new RuleOptions(FarmRule.FIRST_EDITION, false), 2, "U");
        s.place(1, 0, 90).deploy("F2");
        s.expectScores(0, 0);
        assertEquals(List.of(), s.events(Event.FeatureScored.class));
    }
}
