package dev.fortuna.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.fortuna.engine.Action;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.Rotation;

/**
 * One choice of a seat on the wire, named by {@code "type"}. Features are named by their index on the tile (as in
 * the decision's options, which also carry the notation name); rotations are clockwise degrees.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ActionDto.Place.class, name = "place"),
        @JsonSubTypes.Type(value = ActionDto.Deploy.class, name = "deploy"),
        @JsonSubTypes.Type(value = ActionDto.Crown.class, name = "crown"),
        @JsonSubTypes.Type(value = ActionDto.Pass.class, name = "pass"),
        @JsonSubTypes.Type(value = ActionDto.Return.class, name = "return"),
        @JsonSubTypes.Type(value = ActionDto.CropChoice.class, name = "crop-choice"),
        @JsonSubTypes.Type(value = ActionDto.Add.class, name = "add")})
public sealed interface ActionDto {

    /** The engine action; a value out of range (rotation 45, a sector that does not exist) is refused here. */
    Action toAction();

    record Place(int x, int y, int rotation) implements ActionDto {
        public Action toAction() {
            return new Action.PlaceTile(new Position(x, y), Rotation.ofDegrees(rotation));
        }
    }

    record Deploy(int feature) implements ActionDto {
        public Action toAction() {
            return new Action.Deploy(feature);
        }
    }

    record Crown(Sector sector) implements ActionDto {
        public Action toAction() {
            if (sector == null) {
                throw new IllegalArgumentException("crown needs a sector");
            }
            return new Action.DeployOnCrown(sector);
        }
    }

    record Pass() implements ActionDto {
        public Action toAction() {
            return Action.PASS;
        }
    }

    record Return(int x, int y, int feature) implements ActionDto {
        public Action toAction() {
            return new Action.ReturnFollower(new Position(x, y), feature);
        }
    }

    record CropChoice(CropCircleOption option) implements ActionDto {
        public Action toAction() {
            if (option == null) {
                throw new IllegalArgumentException("crop-choice needs an option (ADD or REMOVE)");
            }
            return new Action.ChooseCropCircleOption(option);
        }
    }

    record Add(int x, int y, int feature) implements ActionDto {
        public Action toAction() {
            return new Action.AddFollower(new Position(x, y), feature);
        }
    }

    static ActionDto of(Action a) {
        if (a instanceof Action.PlaceTile p) {
            return new Place(p.position().x(), p.position().y(), p.rotation().degrees());
        } else if (a instanceof Action.Deploy d) {
            return new Deploy(d.feature());
        } else if (a instanceof Action.DeployOnCrown c) {
            return new Crown(c.sector());
        } else if (a instanceof Action.Pass) {
            return new Pass();
        } else if (a instanceof Action.ReturnFollower r) {
            return new Return(r.position().x(), r.position().y(), r.feature());
        } else if (a instanceof Action.ChooseCropCircleOption o) {
            return new CropChoice(o.option());
        } else if (a instanceof Action.AddFollower f) {
            return new Add(f.position().x(), f.position().y(), f.feature());
        }
        throw new IllegalArgumentException("unknown action " + a);
    }
}
