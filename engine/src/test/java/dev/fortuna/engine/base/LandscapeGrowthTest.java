package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameState.FeatureInfo;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The landscape has no edge (RULES.md §2.3): a road of 27 squares through the start tile D, from x = -13 to 13,
 * and a column of 13 cloisters B north and 13 south of its east end, (13, -13..13). The landscape stretches far
 * beyond its first few squares in all four directions, and every square stays where it was put.
 */
class LandscapeGrowthTest {
    private static final int REACH = 13;

    /** Seat 0 puts a thief on the first road tile and a monk on the northernmost cloister; nobody else deploys. */
    private static Scenario longRoadAndColumn() {
        List<String> draws = new ArrayList<>();
        for (int i = 0; i < 2 * REACH; i++) {
            draws.add("U");
        }
        for (int i = 0; i < 2 * REACH; i++) {
            draws.add("B");
        }
        Scenario s = Scenario.base(2, draws.toArray(new String[0]));
        s.place(1, 0, 90).deploy("R1"); // seat 0: thief on the road through the start tile
        for (int x = 2; x <= REACH; x++) {
            s.place(x, 0, 90).pass();
        }
        for (int x = -1; x >= -REACH; x--) {
            s.place(x, 0, 90).pass();
        }
        for (int y = 1; y <= REACH; y++) {
            s.place(REACH, y, 0).pass();
        }
        for (int y = -1; y > -REACH; y--) {
            s.place(REACH, y, 0).pass();
        }
        return s;
    }

    @Test
    void theLandscapeGrowsInEveryDirectionAndKeepsEverySquareInPlace() {
        Scenario s = longRoadAndColumn();
        // The last cloister (seat 1's: 26 U and 25 B placed so far, seats alternating) goes on the northern tip.
        assertEquals(Seat.of(1), s.state().activeSeat());
        s.place(REACH, -REACH, 0).deploy("M");
        assertEquals(1 + 4 * REACH, s.state().board().size());
        Map<Position, String> expected = new HashMap<>();
        expected.put(new Position(0, 0), "D");
        for (int x = 1; x <= REACH; x++) {
            expected.put(new Position(x, 0), "U");
            expected.put(new Position(-x, 0), "U");
            expected.put(new Position(REACH, x), "B");
            expected.put(new Position(REACH, -x), "B");
        }
        // Every square of a wide window, far beyond the landscape, is empty unless a tile was put there.
        for (int y = -40; y <= 40; y++) {
            for (int x = -40; x <= 40; x++) {
                PlacedTile t = s.state().tileAt(new Position(x, y));
                String id = expected.get(new Position(x, y));
                if (id == null) {
                    assertNull(t, "(" + x + "," + y + ") is empty");
                } else {
                    assertEquals(id, t.type().id(), "(" + x + "," + y + ")");
                }
            }
        }
        FeatureInfo road = s.feature(0, 0, "R1");
        assertEquals(FeatureKind.ROAD, road.kind());
        assertFalse(road.complete());
        assertEquals(2 * REACH + 1, road.tileCount());
        assertEquals(List.of(1, 0), road.followers());
        // The pile is empty: the game ends. The open road pays 1 per square, the cloister at the tip its own
        // square and the one south of it.
        assertEquals(List.of(2 * REACH + 1, 2), List.of(s.score(0), s.score(1)));
        assertEquals(0, s.state().pileSize());
    }

    /**
     * A road of eleven U east of D, (1..11, 0), and a column of ten cloisters B hanging south of its east end,
     * (11, 1..10). Seat 1 puts a monk on (11, 9), seat 0 a thief on the road and a monk on the last cloister (11, 10).
     * At the end the road pays 12, the cloister (11, 10) its own square and the one north of it (2), the cloister
     * (11, 9) three squares. (The squares of (11, 10)'s block reach exactly one column east of and two rows south of
     * the landscape's first stretch, x = -8..11 and y = -8..11 around the start tile: the landscape must have grown
     * east when the road reached x = 11.)
     */
    @Test
    void aCloisterAtTheSouthEastEndOfALongRoadCountsTheSquaresAroundIt() {
        List<String> draws = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            draws.add("U");
        }
        for (int i = 0; i < 10; i++) {
            draws.add("B");
        }
        Scenario s = Scenario.base(2, draws.toArray(new String[0]));
        s.place(1, 0, 90).deploy("R1"); // seat 0
        for (int x = 2; x <= 11; x++) {
            s.place(x, 0, 90).pass();
        }
        for (int y = 1; y <= 8; y++) {
            s.place(11, y, 0).pass();
        }
        assertEquals(Seat.of(1), s.state().activeSeat());
        s.place(11, 9, 0).deploy("M");
        s.place(11, 10, 0).deploy("M"); // seat 0
        assertEquals(0, s.state().pileSize());
        assertEquals(List.of(1, 0), s.feature(11, 10, "M").followers());
        s.expectScores(12 + 2, 3);
    }

    @Test
    void eachDrawSaysHowManyTilesAreLeft() {
        Scenario s = longRoadAndColumn();
        List<Event.TileDrawn> drawn = s.events(Event.TileDrawn.class);
        assertEquals(4 * REACH, drawn.size());
        assertEquals(new Event.TileDrawn(Seat.of(0), "U", 4 * REACH - 1), drawn.get(0));
        assertEquals(new Event.TileDrawn(Seat.of(1), "U", 4 * REACH - 2), drawn.get(1));
        assertEquals(new Event.TileDrawn(Seat.of(1), "B", 0), drawn.get(drawn.size() - 1));
        assertEquals(0, s.state().pileSize());
    }
}
