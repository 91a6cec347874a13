package dev.fortuna.engine;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;

/** Why an action of the deciding seat is illegal: a {@link RejectionCode}, its arguments and a readable message. */
final class Refusals {
    private Refusals() {
    }

    /** For an action of the deciding seat that is not in the legal list (the state is unchanged). */
    static ApplyResult.Rejected whyIllegal(GameState g, Action a) {
        String who = "seat " + g.decider;
        return switch (g.phase) {
            case PLACE_TILE -> {
                if (!(a instanceof Action.PlaceTile p)) {
                    yield wrongKind(g, a, who + " must place tile " + g.rules.types[g.current].id() + ", not "
                            + a.describe());
                }
                ApplyResult.Rejected why = placement(g, p.position(), p.rotation());
                if (why == null) {
                    throw new IllegalStateException("a legal placement was not in the legal list: " + a);
                }
                yield why;
            }
            case DEPLOY -> {
                if (a instanceof Action.Deploy d) {
                    TileType t = g.board.type(g.placedInst);
                    if (d.feature() < 0 || d.feature() >= t.features().size()) {
                        yield ApplyResult.Rejected.of(RejectionCode.NO_SUCH_FEATURE,
                                "tile " + t.id() + " has no feature " + d.feature(),
                                RejectionArg.TILE, t.id(), RejectionArg.FEATURE, d.feature());
                    }
                    // A deployment decision exists only when the active seat has a follower in supply (with none,
                    // passing is the only option and the decision is skipped), so the supply needs no check here.
                    TileFeature f = t.feature(d.feature());
                    yield ApplyResult.Rejected.of(RejectionCode.FEATURE_OCCUPIED, "the " + f.kind().label + " "
                                    + f.name() + " already holds a follower (occupancy rule)",
                            RejectionArg.TILE, t.id(), RejectionArg.FEATURE, d.feature(),
                            RejectionArg.FEATURE_NAME, f.name());
                }
                if (a instanceof Action.DeployOnCrown c) {
                    if (!g.rules.config.has(ExpansionId.WHEEL_OF_FORTUNE)) {
                        yield ApplyResult.Rejected.of(RejectionCode.NO_CROWN_SPACES,
                                "crown spaces exist only with the Wheel of Fortune");
                    }
                    yield ApplyResult.Rejected.of(RejectionCode.CROWN_SPACES_FULL,
                            "no empty crown space in sector " + c.sector().label, RejectionArg.SECTOR, c.sector());
                }
                yield wrongKind(g, a, who + " must deploy a follower or pass, not " + a.describe());
            }
            case PLAGUE_RETURN, CROP_CIRCLE_REMOVE -> a instanceof Action.ReturnFollower r
                    ? notAnOption(g, a, who + " has no follower that may be returned on feature " + r.feature()
                    + " of the square at " + r.position() + " (options: " + g.legalActions() + ")")
                    : wrongKind(g, a, who + " must return one of their followers, not " + a.describe());
            case CROP_CIRCLE_ADD -> a instanceof Action.AddFollower f
                    ? notAnOption(g, a, "the feature at " + f.position() + " feature " + f.feature()
                    + " holds no follower of " + who + " of the crop circle's kind (options: " + g.legalActions() + ")")
                    : wrongKind(g, a, who + " must add a follower or pass, not " + a.describe());
            default -> wrongKind(g, a, who + " cannot " + a.describe() + " now (decision: " + g.phase + ")");
        };
    }

    /**
     * Why placing the drawn tile at {@code pos} turned by {@code rotation} is illegal, or null when it is legal.
     * Only meaningful while a tile is drawn.
     */
    static ApplyResult.Rejected placement(GameState g, Position pos, Rotation rotation) {
        TileType t = g.rules.types[g.current];
        String tile = t.id();
        Board board = g.board;
        if (board.instAt(pos.x(), pos.y()) >= 0) {
            return ApplyResult.Rejected.of(RejectionCode.SQUARE_OCCUPIED, "square " + pos + " is already taken",
                    RejectionArg.TILE, tile, RejectionArg.POSITION, pos);
        }
        if (!board.isOpen(pos.x(), pos.y())) {
            return ApplyResult.Rejected.of(RejectionCode.NOT_ADJACENT,
                    "square " + pos + " does not share an edge with the landscape",
                    RejectionArg.TILE, tile, RejectionArg.POSITION, pos);
        }
        int canonical = t.canonicalRotation(rotation.ordinal());
        if ((t.fits(board.constraintAt(pos.x(), pos.y())) & 1 << rotationBit(t, canonical)) != 0) {
            return null;
        }
        return ApplyResult.Rejected.of(RejectionCode.TILE_DOES_NOT_FIT, "tile " + tile + " turned "
                        + rotation.degrees() + "° does not match its neighbours at " + pos,
                RejectionArg.TILE, tile, RejectionArg.POSITION, pos, RejectionArg.ROTATION, rotation);
    }

    /** The bit of a canonical rotation in {@code TileType.fits} (its index among the canonical rotations). */
    private static int rotationBit(TileType t, int canonical) {
        int[] rots = t.canonicalRotations();
        for (int j = 0; j < rots.length; j++) {
            if (rots[j] == canonical) {
                return j;
            }
        }
        throw new IllegalStateException("not a canonical rotation: " + canonical);
    }

    private static ApplyResult.Rejected wrongKind(GameState g, Action a, String reason) {
        return ApplyResult.Rejected.of(RejectionCode.WRONG_KIND_OF_ACTION, reason,
                RejectionArg.DECISION, g.phase, RejectionArg.ACTION, a);
    }

    private static ApplyResult.Rejected notAnOption(GameState g, Action a, String reason) {
        return ApplyResult.Rejected.of(RejectionCode.NOT_A_LEGAL_OPTION, reason,
                RejectionArg.DECISION, g.phase, RejectionArg.ACTION, a);
    }
}
