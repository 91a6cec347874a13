package dev.fortuna.server;

import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.GameView;

/**
 * A scripted person for the load generator and the tests: always the first option the server offers, deploying
 * whenever it can (so that the Plague and the crop circles find followers), and choosing add and remove in turn at
 * crop circles. It reads only the decision a client receives.
 */
public final class Scripted {
    private Scripted() {
    }

    public static ActionDto choose(GameView.DecisionView d, long ply) {
        return switch (d.kind()) {
            case PLACE_TILE -> {
                GameView.Placement p = d.placements().get(0);
                yield new ActionDto.Place(p.x(), p.y(), p.rotations().get(0));
            }
            case DEPLOY -> !d.spots().isEmpty() ? new ActionDto.Deploy(d.spots().get(0).feature())
                    : !d.crownSectors().isEmpty() ? new ActionDto.Crown(d.crownSectors().get(0)) : new ActionDto.Pass();
            case PLAGUE_RETURN, CROP_CIRCLE_REMOVE -> {
                GameView.Spot s = d.returns().get(0);
                yield new ActionDto.Return(s.x(), s.y(), s.feature());
            }
            case CROP_CIRCLE_ADD -> {
                if (d.adds().isEmpty()) {
                    yield new ActionDto.Pass();
                }
                GameView.Spot s = d.adds().get(0);
                yield new ActionDto.Add(s.x(), s.y(), s.feature());
            }
            case CROP_CIRCLE_CHOICE -> new ActionDto.CropChoice(ply % 2 == 0 ? CropCircleOption.ADD
                    : CropCircleOption.REMOVE);
            case GAME_OVER -> throw new IllegalStateException("the game is over");
        };
    }
}
