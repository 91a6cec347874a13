package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.GameState.FeatureInfo;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A road that ends at a cloister does not cut the field around it (RULES.md §2.8): the cloister tile A has one field
 * all round, so both fields beside a road running into it are that one field. Same conventions as
 * {@link BaseScoringTest}.
 *
 * <pre>
 *   y=0:  D        the start tile; its southern field touches A
 *   y=1:  A        the cloister, its road to the south
 *   y=2:  U        the road runs on south; its two fields (west F2, east F1) both join A's field
 * </pre>
 */
class RoadIntoACloisterTest {

    @Test
    void bothFieldsBesideTheRoadAreTheCloistersField() {
        Scenario s = Scenario.base(2, "A", "U").place(0, 1, 0).pass();
        s.place(0, 2, 0).deploy("F1");      // seat 1: a farmer east of the road
        FeatureInfo east = s.feature(0, 2, "F1");
        FeatureInfo west = s.feature(0, 2, "F2");
        assertEquals(List.of(new Position(0, 0), new Position(0, 1), new Position(0, 2)),
                east.tiles().stream().sorted((a, b) -> Integer.compare(a.y(), b.y())).toList());
        assertEquals(3, west.tileCount());
        assertEquals(List.of(0, 1), west.followers(), "the farmer east of the road stands in the western field too");
        assertEquals(s.state().featureProgress(new Position(0, 2), s.featureAt(0, 2, "F1")),
                s.state().featureProgress(new Position(0, 2), s.featureAt(0, 2, "F2")));
    }
}
