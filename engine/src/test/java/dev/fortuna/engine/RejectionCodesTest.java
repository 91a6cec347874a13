package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.tile.Rotation;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Seat-checked {@link GameState#apply(Seat, Action)}, {@link GameState#ply()} and structured rejections: every
 * {@link RejectionCode} is reached here with its exact arguments, and no rejection changes anything.
 */
class RejectionCodesTest {
    private static final Set<RejectionCode> REACHED = EnumSet.noneOf(RejectionCode.class);
    private static int testsRun;

    private static Action place(int x, int y, int degrees) {
        return new Action.PlaceTile(new Position(x, y), Rotation.ofDegrees(degrees));
    }

    /**
     * Applies an action that must be rejected with exactly this code and these arguments, and checks that the
     * state did not change (decision, legal actions, scores, supplies, ply).
     */
    private static ApplyResult.Rejected expect(Scenario s, Seat seat, Action a, RejectionCode code,
                                               Map<RejectionArg, Object> args) {
        GameState g = s.state();
        Decision decision = g.decision();
        List<Action> legal = g.legalActions();
        List<Integer> scores = List.of(g.score(0), g.score(1));
        List<Integer> supplies = List.of(g.supply(0), g.supply(1));
        int ply = g.ply();
        ApplyResult.Rejected r = assertInstanceOf(ApplyResult.Rejected.class, g.apply(seat, a), String.valueOf(a));
        assertEquals(code, r.code(), r.reason());
        assertEquals(args, r.args(), r.reason());
        assertTrue(!r.reason().isBlank());
        assertEquals(decision, g.decision());
        assertEquals(legal, g.legalActions());
        assertEquals(scores, List.of(g.score(0), g.score(1)));
        assertEquals(supplies, List.of(g.supply(0), g.supply(1)));
        assertEquals(ply, g.ply());
        REACHED.add(code);
        return r;
    }

    /** As above, for the seat whose decision it is. */
    private static ApplyResult.Rejected expect(Scenario s, Action a, RejectionCode code,
                                               Map<RejectionArg, Object> args) {
        return expect(s, s.state().decision().seat(), a, code, args);
    }

    @Test
    void noActionAndGameOver() {
        Scenario s = Scenario.base(2, "E");
        expect(s, null, RejectionCode.NO_ACTION, Map.of());
        s.place(0, -1, 180).deploy("C1");
        assertTrue(s.state().isOver());
        ApplyResult.Rejected r = expect(s, Seat.of(0), Action.PASS, RejectionCode.GAME_OVER, Map.of());
        assertEquals("the game is over", r.reason());
        assertEquals(RejectionCode.GAME_OVER, ((ApplyResult.Rejected) s.state().apply(Action.PASS)).code());
    }

    @Test
    void anActionFromAnotherSeatIsRefusedAndTheDecidingSeatsIsApplied() {
        Scenario s = Scenario.base(2, "E", "E");
        ApplyResult.Rejected r = expect(s, Seat.of(1), place(0, -1, 180), RejectionCode.NOT_YOUR_DECISION,
                Map.of(RejectionArg.SEAT, Seat.of(1), RejectionArg.DECIDER, Seat.of(0)));
        assertEquals("it is seat 0's decision (PLACE_TILE), not seat 1's", r.reason());
        expect(s, null, place(0, -1, 180), RejectionCode.NOT_YOUR_DECISION,
                Map.of(RejectionArg.DECIDER, Seat.of(0)));
        assertTrue(s.state().apply(Seat.of(0), place(0, -1, 180)).ok());
        assertEquals(1, s.state().ply());
        // Seat 0 deploys now: seat 1 still may not act.
        expect(s, Seat.of(1), Action.PASS, RejectionCode.NOT_YOUR_DECISION,
                Map.of(RejectionArg.SEAT, Seat.of(1), RejectionArg.DECIDER, Seat.of(0)));
    }

    @Test
    void plyCountsAppliedDecisionsOfEverySeatAndTravelsWithCopies() {
        Scenario s = Scenario.base(2, "U", "U", "U");
        assertEquals(0, s.state().ply());
        s.place(1, 0, 90);
        assertEquals(1, s.state().ply());
        s.deploy("R1");
        assertEquals(2, s.state().ply());
        s.reject(place(0, 0, 0));
        assertEquals(2, s.state().ply());
        s.place(-1, 0, 90);
        GameState copy = s.state().copy();
        assertEquals(3, copy.ply());
        copy.applyLegal(0); // the fast path counts too
        assertEquals(4, copy.ply());
        assertEquals(3, s.state().ply());
        assertEquals(3, s.state().viewFor(Seat.of(0)).sortedPileState().ply());
    }

    @Test
    void malformedAndWrongKindOfAction() {
        Scenario s = Scenario.base(2, "U", "U");
        ApplyResult.Rejected r = expect(s, new Action.Deploy(0), RejectionCode.WRONG_KIND_OF_ACTION,
                Map.of(RejectionArg.DECISION, DecisionKind.PLACE_TILE, RejectionArg.ACTION, new Action.Deploy(0)));
        assertEquals("seat 0 must place tile U, not deploy a follower on feature 0", r.reason());
        s.place(1, 0, 90);
        expect(s, new Action.Deploy(16), RejectionCode.MALFORMED_ACTION,
                Map.of(RejectionArg.ACTION, new Action.Deploy(16)));
        expect(s, place(2, 0, 90), RejectionCode.WRONG_KIND_OF_ACTION,
                Map.of(RejectionArg.DECISION, DecisionKind.DEPLOY, RejectionArg.ACTION, place(2, 0, 90)));
    }

    @Test
    void placementRefusals() {
        Scenario s = Scenario.base(2, "B");
        expect(s, place(0, 0, 0), RejectionCode.SQUARE_OCCUPIED,
                Map.of(RejectionArg.TILE, "B", RejectionArg.POSITION, new Position(0, 0)));
        ApplyResult.Rejected r = expect(s, place(1, -1, 0), RejectionCode.NOT_ADJACENT,
                Map.of(RejectionArg.TILE, "B", RejectionArg.POSITION, new Position(1, -1)));
        assertEquals("square (1,-1) does not share an edge with the landscape", r.reason());
        Scenario e = Scenario.base(2, "E");
        r = expect(e, place(0, -1, 90), RejectionCode.TILE_DOES_NOT_FIT, Map.of(RejectionArg.TILE, "E",
                RejectionArg.POSITION, new Position(0, -1), RejectionArg.ROTATION, Rotation.R90));
        assertEquals("tile E turned 90° does not match its neighbours at (0,-1)", r.reason());
    }

    @Test
    void deploymentRefusals() {
        Scenario s = Scenario.base(2, "U", "U");
        s.place(1, 0, 90);
        expect(s, new Action.Deploy(7), RejectionCode.NO_SUCH_FEATURE,
                Map.of(RejectionArg.TILE, "U", RejectionArg.FEATURE, 7));
        expect(s, new Action.DeployOnCrown(Sector.TAX), RejectionCode.NO_CROWN_SPACES, Map.of());
        s.deploy("R1");
        s.place(2, 0, 90);
        ApplyResult.Rejected r = expect(s, new Action.Deploy(0), RejectionCode.FEATURE_OCCUPIED,
                Map.of(RejectionArg.TILE, "U", RejectionArg.FEATURE, 0, RejectionArg.FEATURE_NAME, "R1"));
        assertEquals("the road R1 already holds a follower (occupancy rule)", r.reason());
    }

    @Test
    void aSectorWithoutAnEmptyCrownSpace() {
        // Plague has no crown space with these options.
        Scenario s = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withCrownsPerSector(List.of(1, 1, 1, 1, 1, 0)))
                .draws("wof:B", "wof:B").build());
        s.place(1, -1, 0);
        expect(s, new Action.DeployOnCrown(Sector.PLAGUE), RejectionCode.CROWN_SPACES_FULL,
                Map.of(RejectionArg.SECTOR, Sector.PLAGUE));
    }

    /** Both seats hold a knight in one city when seat 1's knight-shield crop circle is placed (MajorityAfterAddTest). */
    private static Scenario cropCircleOnSharedCity(CropCircleOption option) {
        Scenario s = Scenario.cropCircles(2, "N", "U", "U", "E", "R", "CC2-e", "E", "B");
        s.place(0, -1, 90).deploy("C1");
        s.place(1, 0, 90).pass();
        s.place(2, 0, 90).pass();
        s.place(2, -1, 270).deploy("C1");
        s.place(1, -1, 0).pass();
        s.place(0, 1, 90).pass();
        s.choose(option);
        assertEquals(new Decision(option == CropCircleOption.ADD ? DecisionKind.CROP_CIRCLE_ADD
                : DecisionKind.CROP_CIRCLE_REMOVE, Seat.of(0)), s.state().decision());
        return s;
    }

    @Test
    void returnsAndAdditionsOutsideTheOptions() {
        Scenario add = cropCircleOnSharedCity(CropCircleOption.ADD);
        Action elsewhere = new Action.AddFollower(new Position(0, 1), add.featureAt(0, 1, "C2"));
        expect(add, elsewhere, RejectionCode.NOT_A_LEGAL_OPTION,
                Map.of(RejectionArg.DECISION, DecisionKind.CROP_CIRCLE_ADD, RejectionArg.ACTION, elsewhere));
        Action ret = new Action.ReturnFollower(new Position(0, -1), add.featureAt(0, -1, "C1"));
        expect(add, ret, RejectionCode.WRONG_KIND_OF_ACTION,
                Map.of(RejectionArg.DECISION, DecisionKind.CROP_CIRCLE_ADD, RejectionArg.ACTION, ret));

        Scenario remove = cropCircleOnSharedCity(CropCircleOption.REMOVE);
        Action theirs = new Action.ReturnFollower(new Position(2, -1), remove.featureAt(2, -1, "C1"));
        expect(remove, theirs, RejectionCode.NOT_A_LEGAL_OPTION,
                Map.of(RejectionArg.DECISION, DecisionKind.CROP_CIRCLE_REMOVE, RejectionArg.ACTION, theirs));
        expect(remove, Action.PASS, RejectionCode.WRONG_KIND_OF_ACTION,
                Map.of(RejectionArg.DECISION, DecisionKind.CROP_CIRCLE_REMOVE, RejectionArg.ACTION, Action.PASS));
    }

    @AfterEach
    void countRun() {
        testsRun++;
    }

    @AfterAll
    static void everyCodeIsReached() {
        long tests = Arrays.stream(RejectionCodesTest.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Test.class)).count();
        // A run filtered to some of the tests reaches fewer codes; the whole class must reach them all.
        if (testsRun == tests) {
            assertEquals(EnumSet.allOf(RejectionCode.class), REACHED);
        }
    }
}
