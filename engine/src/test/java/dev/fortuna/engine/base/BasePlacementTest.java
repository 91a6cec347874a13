package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Tile placement legality (RULES.md §2.4), unplaceable tiles, game end (§2.8) and deployment refusals (§2.5).
 * Conventions as in {@link BaseScoringTest}.
 */
class BasePlacementTest {

    private static Action place(int x, int y, int degrees) {
        return new Action.PlaceTile(new Position(x, y), Rotation.ofDegrees(degrees));
    }

    @Test
    void capFitsOnlyWhereEverySharedEdgeMatches() {
        // E (city N) against the start tile D: (0,-1) needs a city facing south: only E180. (0,1) needs a field
        // facing north: E90, E180, E270. (±1,0) need a road: E has none. Listed north to south, west to east.
        Scenario s = Scenario.base(2, "E");
        assertEquals(List.of(place(0, -1, 180), place(0, 1, 90), place(0, 1, 180), place(0, 1, 270)),
                s.state().legalActions());
        assertTrue(s.reject(place(0, -1, 0)).contains("does not match"));
        assertTrue(s.reject(place(1, 0, 90)).contains("does not match"));
        assertTrue(s.reject(place(0, 1, 0)).contains("does not match"));
    }

    @Test
    void matchingOneSideIsNotEnough() {
        //   y=-1:  E180  ?        the square (1,-1) has a field to its west (E180) and a road to its south (V90)
        //   y=0:   D     V90
        Scenario s = Scenario.base(2, "E", "V", "V");
        s.place(0, -1, 180).pass();
        s.place(1, 0, 90).pass();
        // V0 (road S-W): south matches the road, west (road) meets a field → refused.
        String why = s.reject(place(1, -1, 0));
        assertTrue(why.contains("does not match"), why);
        // V90 (W-N) and V180 (N-E) have a field to the south: refused too. V270 (E-S) matches both sides.
        s.reject(place(1, -1, 90));
        s.reject(place(1, -1, 180));
        assertTrue(s.state().legalActions().contains(place(1, -1, 270)));
        s.place(1, -1, 270);
        assertEquals(Rotation.R270, s.state().tileAt(new Position(1, -1)).rotation());
    }

    @Test
    void cornerContactOverlapAndFarAwaySquaresAreRefusedWithReasons() {
        Scenario s = Scenario.base(2, "B");
        assertTrue(s.reject(place(1, -1, 0)).contains("does not share an edge"));
        assertTrue(s.reject(place(-1, 1, 0)).contains("does not share an edge"));
        assertTrue(s.reject(place(5, 5, 0)).contains("does not share an edge"));
        assertTrue(s.reject(place(0, 0, 0)).contains("already taken"));
        String why = s.reject(new Action.Deploy(0));
        assertTrue(why.contains("must place tile B"), why);
        // The cloister fits only south of the start tile (every other open square needs a city or a road).
        assertEquals(List.of(place(0, 1, 0)), s.state().legalActions());
    }

    @Test
    void symmetricTilesListOnlyDistinctRotations() {
        TileSet base = TileCatalog.standard().base();
        Map<String, Integer> distinct = new TreeMap<>();
        for (TileSet.Entry e : base.entries()) {
            distinct.put(e.type().id(), e.type().distinctRotations());
        }
        // B, C, X look the same in all four rotations; F, G, H, U after a half turn; all others never.
        Map<String, Integer> expected = new TreeMap<>();
        for (String id : List.of("A", "D", "E", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "V", "W")) {
            expected.put(id, 4);
        }
        for (String id : List.of("F", "G", "H", "U")) {
            expected.put(id, 2);
        }
        for (String id : List.of("B", "C", "X")) {
            expected.put(id, 1);
        }
        assertEquals(expected, distinct);
    }

    @Test
    void equivalentRotationsAreNormalisedToTheSmallest() {
        // U at (1,0): U90 and U270 are the same picture; the engine lists R90 only and stores a U270 as R90.
        Scenario s = Scenario.base(2, "U", "H", "X", "B");
        assertEquals(List.of(place(-1, 0, 90), place(1, 0, 90), place(0, 1, 90)), s.state().legalActions());
        s.place(1, 0, 270);
        Event.TilePlaced tp = s.events(Event.TilePlaced.class).get(0);
        assertEquals(Rotation.R90, tp.rotation());
        assertEquals(Rotation.R90, s.state().tileAt(new Position(1, 0)).rotation());
        s.pass();
        // H (cities N and S) north of D: H0 and H180 are the same picture.
        assertEquals(1, s.state().legalActions().stream()
                .filter(a -> ((Action.PlaceTile) a).position().equals(new Position(0, -1))).count());
        s.place(0, -1, 180);
        assertEquals(Rotation.R0, s.state().tileAt(new Position(0, -1)).rotation());
        s.pass();
        // X (four road ends) east of U90: any rotation is R0.
        s.place(2, 0, 270);
        assertEquals(Rotation.R0, s.state().tileAt(new Position(2, 0)).rotation());
        s.pass();
        s.place(0, 1, 180);
        assertEquals(Rotation.R0, s.state().tileAt(new Position(0, 1)).rotation());
    }

    @Test
    void unplaceableTileIsDiscardedAndTheSamePlayerDrawsTheNext() {
        // After E180 closes the start tile's city, every open square needs a field or a road:
        //   (0,-2), (±1,-1), (0,1) need a field, (±1,0) a road. C (city on all four sides) fits nowhere.
        Scenario s = Scenario.base(2, "E", "C", "U");
        s.place(0, -1, 180).pass();
        List<Event> ev = s.lastEvents();
        assertTrue(ev.stream().anyMatch(e -> e instanceof Event.TileDiscarded d && d.tile().equals("C")
                && d.seat().index() == 1), ev.toString());
        assertEquals(1, s.state().tilesDiscarded());
        assertEquals(1, s.state().tilesPlaced());
        assertEquals("U", s.state().drawnTile().id());
        assertEquals(List.of("E", "C", "U"), s.state().drawnTiles());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(1, s.decidingSeat(), "seat 1 draws again");
        assertFalse(s.state().isOver());
        s.place(1, 0, 90).pass();
        assertTrue(s.state().isOver());
        assertEquals(2, s.state().tilesPlaced());
        assertEquals(1, s.state().tilesDiscarded());
    }

    @Test
    void gameEndsWhenTheLastTileIsDiscarded() {
        Scenario s = Scenario.base(2, "E", "C");
        s.place(0, -1, 180).deploy("F1");
        assertTrue(s.state().isOver());
        assertEquals(1, s.state().tilesDiscarded());
        List<Event> ev = s.lastEvents();
        int discarded = -1, ended = -1;
        for (int i = 0; i < ev.size(); i++) {
            if (ev.get(i) instanceof Event.TileDiscarded) {
                discarded = i;
            }
            if (ev.get(i) instanceof Event.GameEnded) {
                ended = i;
            }
        }
        assertTrue(discarded >= 0 && ended > discarded, ev.toString());
        // Final scoring still happens: the farmer next to the completed city D + E180 scores 3.
        s.expectScores(3, 0);
        assertEquals(List.of(3, 0), ((Event.GameEnded) ev.get(ended)).scores());
    }

    @Test
    void gameEndsAfterTheTurnOfTheLastTile() {
        Scenario s = Scenario.base(3, "U", "U");
        s.place(1, 0, 90).deploy("R1");
        assertFalse(s.state().isOver());
        assertEquals(0, s.state().pileSize(), "the last tile is drawn and waits to be placed");
        assertEquals("U", s.state().drawnTile().id());
        s.place(-1, 0, 90).pass();
        assertTrue(s.state().isOver());
        assertEquals(DecisionKind.GAME_OVER, s.decision());
        assertEquals(-1, s.decidingSeat());
        assertTrue(s.state().legalActions().isEmpty());
        assertNull(s.state().drawnTile());
        assertEquals(0, s.state().pileSize());
        ApplyResult r = s.state().apply(Action.PASS);
        assertTrue(r instanceof ApplyResult.Rejected rej && rej.reason().contains("over"), r.toString());
        Event.GameEnded end = s.events(Event.GameEnded.class).get(0);
        assertEquals(List.of(3, 0, 0), end.scores()); // the incomplete road U90–D–U90: 3 for seat 0
        assertEquals(0, end.winners().get(0).index());
        assertEquals(1, end.winners().size());
    }

    @Test
    void deployRefusalsGiveReasons() {
        Scenario s = Scenario.base(2, "U", "U");
        s.place(1, 0, 90);
        assertTrue(s.reject(new Action.Deploy(7)).contains("has no feature"));
        String why = s.reject(place(2, 0, 90));
        assertTrue(why.contains("must deploy a follower or pass"), why);
        s.deploy("R1");
        s.place(2, 0, 90);
        assertTrue(s.reject(new Action.Deploy(0)).contains("occupancy"));
        // Followers of U: R1, F1, F2; R1 is taken (through U90 at (1,0)), both fields are free.
        assertEquals(List.of(new Action.Deploy(1), new Action.Deploy(2), Action.PASS), s.state().legalActions());
    }

    @Test
    void withNoFollowerLeftTheDeploymentStepIsSkipped() {
        // Seven cloisters in a row south of the road for seat 0; seat 1 only places U tiles along the road.
        //   y=0:  D  U90 U90 U90 U90 U90 U90 U90
        //   y=1:  B  B   B   B   B   B   B   B(8th: seat 0 has no follower left)
        String[] pile = new String[16];
        for (int i = 0; i < 8; i++) {
            pile[2 * i] = "B";
            pile[2 * i + 1] = "U";
        }
        Scenario s = Scenario.base(2, pile);
        for (int i = 0; i < 7; i++) {
            s.place(i, 1, 0).deploy("M");
            s.place(i + 1, 0, 90).pass();
        }
        assertEquals(0, s.supply(0));
        s.place(7, 1, 0); // no follower: nothing to decide, the turn passes at once
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(1, s.decidingSeat());
    }
}
