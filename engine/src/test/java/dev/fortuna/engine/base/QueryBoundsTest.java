package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.WheelOptions;
import org.junit.jupiter.api.Test;

/**
 * The edges of the public queries: the first and last valid index of every indexed query, and the answers next to
 * the start tile. Same conventions as {@link BaseScoringTest}.
 */
class QueryBoundsTest {

    @Test
    void theFirstTileTypeOfTheCatalogueIsADrawnTileLikeAnyOther() {
        GameState g = Scenario.base(2, "A").state();
        assertEquals("A", g.drawnTile().id());
        assertEquals("GameState[PLACE_TILE seat 0, scores [0, 0], pile 0]", g.toString());
    }

    @Test
    void featureIndicesStopAtTheTilesFeatureCount() {
        // U turned 90 east of the start: 3 features (R1, F1, F2), indices 0..2.
        Scenario s = Scenario.base(2, "U", "U").place(1, 0, 90).pass();
        GameState g = s.state();
        Position u = new Position(1, 0);
        assertEquals(3, g.tileAt(u).type().features().size());
        assertEquals(2, g.feature(u, 2).tileCount(), "the field north of the road: U and D");
        assertThrows(IllegalArgumentException.class, () -> g.feature(u, 3));
        assertThrows(IllegalArgumentException.class, () -> g.featureProgress(u, 3));
        assertThrows(IllegalArgumentException.class, () -> g.deadOpenings(u, 3));
        assertThrows(IllegalArgumentException.class, () -> g.fieldCityOpenEdges(u, 3));
        assertEquals(0, g.featureProgress(u, 2) & 0xFFFFFFFFL, "a field is never closer to completion");
    }

    @Test
    void legalCodesStopAtTheLegalCount() {
        Scenario s = Scenario.base(2, "U", "U");
        GameState g = s.state();
        assertEquals(DecisionKind.PLACE_TILE, g.decisionKind());
        int places = g.legalCount();
        assertEquals(g.legalActions().get(places - 1).code(), g.legalCode(places - 1));
        assertThrows(IndexOutOfBoundsException.class, () -> g.legalCode(places));
        assertThrows(IndexOutOfBoundsException.class, () -> g.legalCode(-1));
        s.place(1, 0, 90);
        // Deploy: thief, the two farmers, pass.
        assertEquals(DecisionKind.DEPLOY, g.decisionKind());
        assertEquals(4, g.legalCount());
        assertEquals(Action.PASS.code(), g.legalCode(3));
        assertThrows(IndexOutOfBoundsException.class, () -> g.legalCode(4));
    }

    /**
     * {@code legalCode(i)} on a state whose list of legal actions was never built (a fresh copy) names the same
     * action as the list, at every step of three seeded random games (where holes in the landscape are filled and
     * the open squares become fewer).
     */
    @Test
    void theFastPathNamesTheSameActionsAsTheList() {
        for (long seed = 1; seed <= 3; seed++) {
            GameState g = GameState.newGame(GameConfig.builder().players(2).seed(seed).build());
            SplitMix64 choices = new SplitMix64(seed);
            while (!g.isOver()) {
                GameState fresh = g.copy();
                int[] codes = g.legalCodes();
                assertEquals(codes.length, fresh.copy().legalCount());
                for (int i = 0; i < codes.length; i++) {
                    assertEquals(codes[i], fresh.legalCode(i), "seed " + seed + ", action " + i);
                }
                g.applyLegal(choices.nextInt(codes.length));
            }
        }
    }

    @Test
    void aMissingOrMisplacedActionIsRefusedWithItsReason() {
        Scenario s = Scenario.base(2, "U", "U");
        ApplyResult none = s.state().apply(null);
        assertFalse(none.ok());
        assertEquals("no action given", ((ApplyResult.Rejected) none).reason());
        assertEquals("seat 0 must place tile U, not deploy a follower on feature 0", s.reject(new Action.Deploy(0)));
    }

    /**
     * D at the start, U turned 90 east of it; B (all fields) is the only tile to come. The road D + U has two open
     * ends, at (-1,0) and (2,0), and its edge between D and U is closed; the start city faces (0,-1), the first open
     * square in reading order. No tile to come fits any of them.
     */
    @Test
    void openingsNextToTheStartTileAndAtTheFirstOpenSquareCanDie() {
        Scenario s = Scenario.base(2, "U", "B").place(1, 0, 90).pass();
        assertEquals("B", s.state().drawnTile().id());
        assertEquals(2, s.state().deadOpenings(new Position(0, 0), s.featureAt(0, 0, "R1")));
        assertEquals(2, s.state().deadOpenings(new Position(1, 0), s.featureAt(1, 0, "R1")));
        assertEquals(1, s.state().deadOpenings(new Position(0, 0), s.featureAt(0, 0, "C1")));
    }

    /** The same road built the other way: U turned 90 west of the start; its edge facing D comes first. */
    @Test
    void aRoadsEdgeAgainstTheStartTileIsNoOpening() {
        Scenario s = Scenario.base(2, "U", "B").place(-1, 0, 90).pass();
        assertEquals(2, s.state().deadOpenings(new Position(-1, 0), s.featureAt(-1, 0, "R1")));
        assertEquals(2, (int) s.state().featureProgress(new Position(0, 0), s.featureAt(0, 0, "R1")));
    }

    /**
     * With the base game, all 72 Wheel of Fortune tiles and both Crop Circles sets, 74 tile types are in play (more
     * than one 64-bit word of types); the dead openings still follow exactly the tiles to come. The board city cA
     * faces (0,-1), which wants a city on its south edge and nothing else.
     */
    @Test
    void deadOpeningsWithMoreThanSixtyFourTileTypes() {
        WheelOptions all = WheelOptions.DEFAULT.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL);
        for (String[] hand : new String[][] {{"B", "1"}, {"E", "0"}, {"wof:B", "1"}, {"wof:E", "0"}, {"wof:C", "0"},
                {"wof:U/w1", "1"}, {"C", "0"}, {"wof:IC-f", "1"}, {"CC1-a", "0"}, {"CC1-d", "1"}, {"CC2-f", "0"},
                {"CC2-b", "1"}}) {
            GameState g = Scenario.of(GameConfig.builder().players(2).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                    .expansion(ExpansionId.CROP_CIRCLES).wheel(all).draws(hand[0]).build()).state();
            assertEquals(Integer.parseInt(hand[1]), g.deadOpenings(new Position(0, 0), 0),
                    "the board city with " + hand[0] + " in hand");
        }
    }
}
