package dev.fortuna.protocol;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.RejectionArg;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.tile.Rotation;
import java.util.Map;

/**
 * The arguments of a refusal by the rules: one field per engine {@link RejectionArg}, under its name in camel case
 * ({@code FEATURE_NAME} is {@code featureName}), absent when the refusal has no such argument. Which arguments go
 * with which refusal is listed on the engine's {@code RejectionCode}. Seats are indices, the position is a square,
 * the rotation clockwise degrees, the action the wire {@link ActionDto}.
 *
 * @param seat        the seat that sent the action
 * @param decider     the seat whose decision it is
 * @param decision    the decision being made
 * @param action      the action as given
 * @param tile        the id of the tile concerned (drawn, or just placed)
 * @param position    the square concerned
 * @param rotation    the rotation asked for
 * @param feature     a feature index of the tile concerned
 * @param featureName that feature's notation name
 * @param sector      the wheel sector concerned
 */
public record RejectionArgs(Integer seat, Integer decider, DecisionKind decision, ActionDto action, String tile,
                            EventDto.Square position, Integer rotation, Integer feature, String featureName,
                            Sector sector) {

    /** The wire form of an engine rejection's arguments (each value has the type {@link RejectionArg} names). */
    public static RejectionArgs of(Map<RejectionArg, Object> args) {
        Seat seat = (Seat) args.get(RejectionArg.SEAT);
        Seat decider = (Seat) args.get(RejectionArg.DECIDER);
        Action action = (Action) args.get(RejectionArg.ACTION);
        Rotation rotation = (Rotation) args.get(RejectionArg.ROTATION);
        return new RejectionArgs(seat == null ? null : seat.index(), decider == null ? null : decider.index(),
                (DecisionKind) args.get(RejectionArg.DECISION), action == null ? null : ActionDto.of(action),
                (String) args.get(RejectionArg.TILE), EventDto.Square.of((Position) args.get(RejectionArg.POSITION)),
                rotation == null ? null : rotation.degrees(), (Integer) args.get(RejectionArg.FEATURE),
                (String) args.get(RejectionArg.FEATURE_NAME), (Sector) args.get(RejectionArg.SECTOR));
    }
}
