package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The queries a client builds its screen from: placements by square, deployment spots, why a placement fails. */
class QueriesTest {

    @Test
    void placementsGroupedBySquare() {
        // E (city N) against the start tile D: (0,-1) only E180; (0,1) E90, E180, E270 (BasePlacementTest).
        Scenario s = Scenario.base(2, "E");
        assertEquals(List.of(new PlacementOption(new Position(0, -1), List.of(Rotation.R180)),
                new PlacementOption(new Position(0, 1), List.of(Rotation.R90, Rotation.R180, Rotation.R270))),
                s.state().placementOptions());
        assertEquals(s.state().placementOptions(), s.state().viewFor(Seat.of(1)).placementOptions());
        s.place(0, -1, 180);
        assertEquals(List.of(), s.state().placementOptions(), "a deployment offers no placement");
        PlayerView view = s.state().viewFor(Seat.of(1));
        assertEquals(1, view.ply());
        assertEquals(s.state().deploymentOptions(), view.deploymentOptions());
        assertEquals(List.of(new DeploymentOptions.Spot(0, "C1", FeatureKind.CITY),
                new DeploymentOptions.Spot(1, "F1", FeatureKind.FIELD)), view.deploymentOptions().get().features());
    }

    @Test
    void whyASquareAndRotationIsRefused() {
        Scenario s = Scenario.base(2, "U", "U");
        GameState g = s.state();
        assertEquals(Optional.empty(), g.placementRefusal(new Position(1, 0), Rotation.R90));
        // U turned 270° shows the same picture as U turned 90°: legal too.
        assertEquals(Optional.empty(), g.placementRefusal(new Position(1, 0), Rotation.R270));
        assertEquals(Optional.of(ApplyResult.Rejected.of(RejectionCode.TILE_DOES_NOT_FIT,
                        "tile U turned 0° does not match its neighbours at (1,0)", RejectionArg.TILE, "U",
                        RejectionArg.POSITION, new Position(1, 0), RejectionArg.ROTATION, Rotation.R0)),
                g.placementRefusal(new Position(1, 0), Rotation.R0));
        assertEquals(RejectionCode.SQUARE_OCCUPIED, g.placementRefusal(new Position(0, 0), Rotation.R0).get().code());
        assertEquals(Map.of(RejectionArg.TILE, "U", RejectionArg.POSITION, new Position(3, 3)),
                g.placementRefusal(new Position(3, 3), Rotation.R0).get().args());
        assertEquals(RejectionCode.NOT_ADJACENT, g.placementRefusal(new Position(3, 3), Rotation.R0).get().code());
        s.place(1, 0, 90);
        ApplyResult.Rejected deploying = g.placementRefusal(new Position(2, 0), Rotation.R90).get();
        assertEquals(RejectionCode.WRONG_KIND_OF_ACTION, deploying.code());
        assertEquals(DecisionKind.DEPLOY, deploying.args().get(RejectionArg.DECISION));
        s.pass().place(2, 0, 90).pass();
        assertTrue(g.isOver());
        assertEquals(RejectionCode.GAME_OVER, g.placementRefusal(new Position(3, 0), Rotation.R90).get().code());
    }

    @Test
    void deploymentSpotsOfThePlacedTileAndCrownSpaces() {
        Scenario base = Scenario.base(2, "U", "U");
        assertEquals(Optional.empty(), base.state().deploymentOptions());
        base.place(1, 0, 90).deploy("R1");
        base.place(2, 0, 90);
        // R1 continues seat 0's road: only the two fields are free.
        assertEquals(Optional.of(new DeploymentOptions(new Position(2, 0),
                List.of(new DeploymentOptions.Spot(1, "F1", FeatureKind.FIELD),
                        new DeploymentOptions.Spot(2, "F2", FeatureKind.FIELD)), List.of())),
                base.state().deploymentOptions());

        Scenario wheel = Scenario.wheel(2, "wof:B", "wof:B");
        wheel.place(1, -1, 0);
        assertEquals(Optional.of(new DeploymentOptions(new Position(1, -1),
                List.of(new DeploymentOptions.Spot(0, "M", FeatureKind.CLOISTER),
                        new DeploymentOptions.Spot(1, "F1", FeatureKind.FIELD)),
                List.of(Sector.values()))), wheel.state().deploymentOptions());
    }

    /**
     * Along seeded games with both expansions, the queries agree with the legal actions at every decision: the
     * grouped placements are the legal placements, a square and rotation is refused exactly when it is not legal,
     * and the deployment options with "pass" are the legal deployments.
     */
    @Test
    void queriesAgreeWithTheLegalActionsThroughWholeGames() {
        int placements = 0, deployments = 0;
        for (long seed = 1; seed <= 3; seed++) {
            GameState g = GameState.newGame(GameConfig.builder().players(3).seed(seed)
                    .expansion(ExpansionId.WHEEL_OF_FORTUNE).expansion(ExpansionId.CROP_CIRCLES).build());
            for (int step = 0; !g.isOver(); step++) {
                List<Action> legal = g.legalActions();
                if (g.decisionKind() == DecisionKind.PLACE_TILE) {
                    placements++;
                    List<Action> grouped = new ArrayList<>();
                    for (PlacementOption o : g.placementOptions()) {
                        o.rotations().forEach(r -> grouped.add(new Action.PlaceTile(o.position(), r)));
                    }
                    assertEquals(legal, grouped);
                    checkRefusals(g, legal);
                } else if (g.decisionKind() == DecisionKind.DEPLOY) {
                    deployments++;
                    DeploymentOptions d = g.deploymentOptions().orElseThrow();
                    assertEquals(g.placedTile().position(), d.position());
                    List<Action> offered = new ArrayList<>();
                    d.features().forEach(f -> offered.add(new Action.Deploy(f.feature())));
                    d.crownSectors().forEach(c -> offered.add(new Action.DeployOnCrown(c)));
                    offered.add(Action.PASS);
                    assertEquals(legal, offered);
                } else {
                    assertEquals(List.of(), g.placementOptions());
                    assertEquals(Optional.empty(), g.deploymentOptions());
                }
                g.applyLegal((step * 7) % g.legalCount());
            }
        }
        assertTrue(placements > 150 && deployments > 100, placements + " placements, " + deployments + " deployments");
    }

    /** Every square in and around the landscape, every rotation: refused exactly when not legal, with the code why. */
    private static void checkRefusals(GameState g, List<Action> legal) {
        int minX = 0, maxX = 0, minY = 0, maxY = 0;
        for (PlacedTile t : g.board()) {
            minX = Math.min(minX, t.position().x());
            maxX = Math.max(maxX, t.position().x());
            minY = Math.min(minY, t.position().y());
            maxY = Math.max(maxY, t.position().y());
        }
        for (int x = minX - 1; x <= maxX + 1; x++) {
            for (int y = minY - 1; y <= maxY + 1; y++) {
                Position p = new Position(x, y);
                for (Rotation r : Rotation.values()) {
                    Rotation canonical = Rotation.of(g.drawnTile().canonicalRotation(r.ordinal()));
                    boolean isLegal = legal.contains(new Action.PlaceTile(p, canonical));
                    Optional<ApplyResult.Rejected> why = g.placementRefusal(p, r);
                    assertEquals(isLegal, why.isEmpty(), p + " " + r);
                    if (!isLegal) {
                        RejectionCode expected = g.tileAt(p) != null ? RejectionCode.SQUARE_OCCUPIED
                                : legalSquare(legal, p) || adjacent(g, p) ? RejectionCode.TILE_DOES_NOT_FIT
                                : RejectionCode.NOT_ADJACENT;
                        assertEquals(expected, why.get().code(), p + " " + r);
                    }
                }
            }
        }
    }

    private static boolean legalSquare(List<Action> legal, Position p) {
        return legal.stream().anyMatch(a -> ((Action.PlaceTile) a).position().equals(p));
    }

    private static boolean adjacent(GameState g, Position p) {
        return g.tileAt(new Position(p.x() + 1, p.y())) != null || g.tileAt(new Position(p.x() - 1, p.y())) != null
                || g.tileAt(new Position(p.x(), p.y() + 1)) != null || g.tileAt(new Position(p.x(), p.y() - 1)) != null;
    }
}
