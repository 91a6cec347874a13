package dev.fortuna.engine;

import dev.fortuna.engine.tile.Rotation;

/**
 * One choice a seat can make. Every action also has a compact int code ({@link #code()}), which is what
 * the engine stores and what fast clients (bots, simulations) use; {@link #decode(int)} reverses it.
 *
 * <p>Features on a tile are named by their index in the tile type's feature list (the notation order:
 * e.g. for {@code CRFR; C1:N; R1:E-W; F1:…; F2:…}, 0 = C1, 1 = R1, 2 = F1, 3 = F2), with the tile's
 * position on the board; a tile's rotation does not change the indices.
 */
public sealed interface Action {
    int TYPE_PLACE = 0, TYPE_DEPLOY = 1, TYPE_CROWN = 2, TYPE_PASS = 3, TYPE_RETURN = 4, TYPE_CROP_CHOICE = 5,
            TYPE_ADD = 6;

    int code();

    /**
     * The action in the rulebook's words, for messages that quote it (e.g. a refusal: "…, not pass"):
     * {@code place a tile at (1,0) turned 90°}, {@code deploy a follower on feature 2}, {@code pass}, …
     * Features are named by index here; callers that know the tile name them better.
     */
    default String describe() {
        if (this instanceof PlaceTile p) {
            return "place a tile at " + p.position() + " turned " + p.rotation().degrees() + "°";
        } else if (this instanceof Deploy d) {
            return "deploy a follower on feature " + d.feature();
        } else if (this instanceof DeployOnCrown c) {
            return "deploy a follower on a crown space of " + c.sector().label;
        } else if (this instanceof Pass) {
            return "pass";
        } else if (this instanceof ReturnFollower r) {
            return "return the follower on feature " + r.feature() + " at " + r.position();
        } else if (this instanceof ChooseCropCircleOption o) {
            return "choose " + o.option().name().toLowerCase(java.util.Locale.ROOT) + " for the crop circle";
        }
        AddFollower a = (AddFollower) this; // the last of the sealed kinds
        return "add a follower to feature " + a.feature() + " at " + a.position();
    }

    /** Place the drawn tile at a position, turned clockwise by a rotation. */
    record PlaceTile(Position position, Rotation rotation) implements Action {
        public int code() {
            return pack(TYPE_PLACE, position.x(), position.y(), rotation.ordinal());
        }
    }

    /** Deploy a follower from the supply on feature {@code feature} of the tile just placed. */
    record Deploy(int feature) implements Action {
        public int code() {
            return pack(TYPE_DEPLOY, 0, 0, checkedFeature(feature));
        }
    }

    /** Wheel of Fortune: deploy a follower from the supply on an empty crown space of a sector. */
    record DeployOnCrown(Sector sector) implements Action {
        public int code() {
            return pack(TYPE_CROWN, 0, 0, sector.ordinal());
        }
    }

    /** Deploy nothing (in the deployment step), or decline to add (crop circle, add). */
    record Pass() implements Action {
        public int code() {
            return pack(TYPE_PASS, 0, 0, 0);
        }
    }

    /** Plague or crop circle (remove): return one of your followers standing on this tile's feature. */
    record ReturnFollower(Position position, int feature) implements Action {
        public int code() {
            return pack(TYPE_RETURN, position.x(), position.y(), checkedFeature(feature));
        }
    }

    /** Crop circle: the active player's choice for everybody. */
    record ChooseCropCircleOption(CropCircleOption option) implements Action {
        public int code() {
            return pack(TYPE_CROP_CHOICE, 0, 0, option.ordinal());
        }
    }

    /**
     * Crop circle (add): put a follower from the supply into the feature that contains this tile's feature,
     * where you already have a follower of the symbol's kind.
     */
    record AddFollower(Position position, int feature) implements Action {
        public int code() {
            return pack(TYPE_ADD, position.x(), position.y(), checkedFeature(feature));
        }
    }

    Pass PASS = new Pass();

    /**
     * A feature index must fit the code's four bits: feature 16 would otherwise pack to the code of feature 0 and
     * be applied as that action. Throwing here makes {@link GameState#apply(Action)} reject it as malformed.
     */
    private static int checkedFeature(int feature) {
        if (feature < 0 || feature > 0xF) {
            throw new IllegalArgumentException("feature index " + feature + " out of range 0..15");
        }
        return feature;
    }

    static int pack(int type, int x, int y, int extra) {
        return type << 28 | ((x + 2048) & 0xFFF) << 16 | ((y + 2048) & 0xFFF) << 4 | (extra & 0xF);
    }

    static int typeOf(int code) {
        return code >>> 28;
    }

    static int xOf(int code) {
        return ((code >>> 16) & 0xFFF) - 2048;
    }

    static int yOf(int code) {
        return ((code >>> 4) & 0xFFF) - 2048;
    }

    static int extraOf(int code) {
        return code & 0xF;
    }

    static Action decode(int code) {
        int x = xOf(code), y = yOf(code), e = extraOf(code);
        return switch (typeOf(code)) {
            case TYPE_PLACE -> new PlaceTile(new Position(x, y), Rotation.of(e));
            case TYPE_DEPLOY -> new Deploy(e);
            case TYPE_CROWN -> new DeployOnCrown(Sector.of(e));
            case TYPE_PASS -> PASS;
            case TYPE_RETURN -> new ReturnFollower(new Position(x, y), e);
            case TYPE_CROP_CHOICE -> new ChooseCropCircleOption(CropCircleOption.values()[e]);
            case TYPE_ADD -> new AddFollower(new Position(x, y), e);
            default -> throw new IllegalArgumentException("not an action code: " + code);
        };
    }
}
