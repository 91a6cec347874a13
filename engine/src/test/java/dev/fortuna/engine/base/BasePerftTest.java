package dev.fortuna.engine.base;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.tile.TileCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Move-count ("perft") tests of the base game: from fixed positions with a forced pile, the exact number of
 * placement sequences (passing at every deployment) and of (placement, follower choice) sequences over 1–3 plies.
 * A ply is one tile: its placement and, if there is one, its deployment decision (deploy on a free feature of the
 * tile or pass). A tile that fits nowhere is discarded and the next one is drawn; a game that ends early is one
 * leaf.
 *
 * <p>The shallow numbers are derived by hand in the comments. Every number is also recomputed by
 * {@link NotationBoard}, an independent brute force over the tile notation that shares no code with the engine,
 * so that none of the asserted numbers is just what the engine printed.
 */
class BasePerftTest {

    /** The engine's count: the tree of legal actions, walked with copies. */
    static long perft(GameState g, int depth, boolean followers) {
        if (depth == 0 || g.isOver()) {
            return 1;
        }
        long n = 0;
        for (int i = 0; i < g.legalCount(); i++) {
            GameState c = g.copy();
            c.applyLegal(i);
            if (c.decisionKind() == DecisionKind.DEPLOY) {
                if (followers) {
                    for (int j = 0; j < c.legalCount(); j++) {
                        GameState d = c.copy();
                        d.applyLegal(j);
                        n += perft(d, depth - 1, true);
                    }
                    continue;
                }
                c.applyCode(Action.PASS.code(), null);
            }
            n += perft(c, depth - 1, followers);
        }
        return n;
    }

    /** Asserts placements[d-1] and full[d-1] for d = 1..3 against both the engine and the brute force. */
    private static void check(GameState g, NotationBoard b, List<String> pile, long[] placements, long[] full) {
        for (int d = 1; d <= placements.length; d++) {
            assertEquals(placements[d - 1], NotationBoard.perftPlacements(b, pile, 0, d), "brute force, placements, depth " + d);
            assertEquals(full[d - 1], NotationBoard.perftFull(b, pile, 0, d), "brute force, with followers, depth " + d);
            assertEquals(placements[d - 1], perft(g, d, false), "engine, placements, depth " + d);
            assertEquals(full[d - 1], perft(g, d, true), "engine, with followers, depth " + d);
        }
    }

    @Test
    void startTileThenCapStraightCurve() {
        // Pile E, U, V. Depth 1: D's open squares need: (0,-1) a city facing S, (±1,0) a road, (0,1) a field facing
        // N. E (city N, 4 rotations) fits at (0,-1) as E180 and at (0,1) as E90/E180/E270: 4 placements. Every E
        // feature (city, field) is free, so each placement has 2 deployments + pass: 12.
        // Depth 2 (U: U0 road N-S, U90 road E-W; each square takes exactly the rotation its neighbours allow):
        //   after E180 at (0,-1): (0,-2) U90, (±1,-1) U0, (±1,0) U90, (0,1) U90 → 6;
        //   after E90 at (0,1): (±1,0) U90, (-1,1) U0, (0,2) U90, not (0,-1) or (1,1) (city edges) → 4;
        //   after E180 / E270 at (0,1): likewise 4 each. Total 6 + 4 + 4 + 4 = 18.
        // With followers: every U offers R1, F1, F2 + pass = 4, except that a U whose field joins E's field offers
        // 3 when E's farmer stands there. E180 at (0,-1): 6·4 (knight) + (3·3 + 3·4) (farmer: (0,-2), (±1,-1) join
        // E's field) + 6·4 (pass) = 69; each E at (0,1) (E's field is D's south field, which all 4 U touch):
        // 4·4 + 4·3 + 4·4 = 44. Total 69 + 3·44 = 201.
        check(Scenario.base(2, "E", "U", "V").state(), new NotationBoard("D"), List.of("E", "U", "V"),
                new long[] {4, 18, 200}, new long[] {12, 201, 7766});
    }

    @Test
    void startTileThenCloisterCurveCrossing() {
        // Pile B, V, X. Depth 1: B (all fields, 1 rotation) fits only at (0,1): 1; monk, farmer or pass: 3.
        // Depth 2: V (road S-W; V0 S-W, V90 W-N, V180 N-E, V270 E-S) needs a road at (±1,0) and a field at
        // (-1,1), (1,1), (0,2): (-1,0) V180/V270, (1,0) V0/V90, (-1,1) V0/V90, (1,1) V180/V270, (0,2) V0/V270 → 10.
        // Every V has R1, F1, F2 free (4 choices), and exactly one of its fields touches B's field (= D's south
        // field), so with B's farmer it has 3: 10 · (4 + 3 + 4) = 110.
        check(Scenario.base(2, "B", "V", "X").state(), new NotationBoard("D"), List.of("B", "V", "X"),
                new long[] {1, 10, 26}, new long[] {3, 110, 2336});
    }

    @Test
    void occupiedRoadThenCurveCityCapAnUnplaceableCityAndAJunction() {
        // Seat 0 has put U90 at (1,0) with a thief: the road D–U90 is occupied. Pile K, C, W for seat 1 on.
        // Depth 1: K (city N, road S-W; K0 C-N roads S,W; K90 C-E roads W,N; K180 C-S roads N,E; K270 C-W roads
        // E,S) fits at (0,-1) K180, (-1,0) K180/K270, (0,1) K270, (1,-1) K90, (2,0) K0/K90, (1,1) K270 → 8.
        // K has 4 features; its road joins the thief's road at (-1,0) and (2,0) (4 choices with pass there), and
        // is free elsewhere (5): 4·5 + 4·4 = 36.
        // Depth 2: C (city on all sides) needs only city edges around it: it fits at (0,-1) unless K is there or
        // next to it, and next to K's own city edge if that faces an empty square without other neighbours:
        //   K180 (0,-1): nowhere → C is discarded, W is drawn: W (field N, roads E,S,W) fits at (0,-2) 3×,
        //     (-1,-1) 1, (1,-1) 1, (-1,0) 3, (2,0) 3, (1,1) 1, (0,1) 1 → 13;
        //   K180 (-1,0): (0,-1), (-1,1) → 2;  K270 (-1,0): (0,-1), (-2,0) → 2;  K270 (0,1): (0,-1), (-1,1) → 2;
        //   K90 (1,-1): (2,-1) only ((0,-1) now meets K's road) → 1;  K0 (2,0): (0,-1), (2,-1) → 2;
        //   K90 (2,0): (0,-1), (3,0) → 2;  K270 (1,1): (0,-1) only ((0,1) meets D's field) → 1.
        //   Total 13 + 2+2+2+1+2+2+1 = 25.
        Scenario s = Scenario.base(2, "U", "K", "C", "W").place(1, 0, 90).deploy("R1");
        NotationBoard b = new NotationBoard("D");
        b.place("U", new NotationBoard.Move(1, 0, 1));
        b.occupyLast(0);
        check(s.state(), b, List.of("K", "C", "W"), new long[] {8, 25, 121}, new long[] {36, 510, 5736});
    }

    @Test
    void startTileThenJunctions() {
        // Pile L, J, H, T. Depth 1: L (city N, three road ends) has no field edge, so not (0,1); (0,-1) only as
        // L180 (city S); (-1,0) any rotation without the city east (3), (1,0) without the city west (3) → 7.
        // All 7 features of L are free: 7·(7 + 1) = 56.
        check(Scenario.base(2, "L", "J", "H", "T").state(), new NotationBoard("D"), List.of("L", "J", "H", "T"),
                new long[] {7, 65, 227}, new long[] {56, 2462, 32646});
    }

    @Test
    void bruteForceAndEngineAgreeOnDistinctRotations() {
        for (var e : NotationBoard.BASE.entrySet()) {
            int engine = TileCatalog.standard().base().type(e.getKey()).distinctRotations();
            assertEquals(engine, NotationBoard.Tile.parse(e.getKey(), e.getValue()).distinctRotations().size(),
                    e.getKey());
        }
    }
}
