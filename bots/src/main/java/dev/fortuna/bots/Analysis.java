package dev.fortuna.bots;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Seat;
import java.util.ArrayList;
import java.util.List;

/**
 * Each seat's win probability ({@link WinProbability}) after every turn of a game, for the replay view's chart
 * ({@code fortuna analyse}, the server's {@code GET /api/games/{id}/analysis}). A turn begins with a tile
 * placement decision and lasts until the next one (its deployment, and any Plague returns or crop-circle choices
 * of other seats, belong to it).
 */
public final class Analysis {
    private Analysis() {
    }

    /**
     * The position after {@code turn} (0: the start), {@code ply} actions into the game; {@code seat} placed
     * {@code tile} in that turn ({@code -1} and null for the start).
     */
    public record Turn(int turn, int ply, int seat, String tile, double[] win) {
    }

    /**
     * The start and the position after every turn of the game that {@code actions} play from {@code start}
     * (which is not changed); the last row is where the actions end, whether or not the game is over.
     *
     * <p>Every estimate is made on a spectator's copy of the position, whose undrawn tiles are sorted
     * ({@link dev.fortuna.engine.PlayerView#sortedPileState()}), so even a state that holds the true pile order (the
     * server's, or a replay's on the recorded draws) cannot pass it on.
     */
    public static List<Turn> byTurn(GameState start, List<Action> actions) {
        GameState g = start.copy();
        List<Turn> rows = new ArrayList<>();
        int turn = 0, seat = -1;
        String tile = null;
        for (int i = 0; i <= actions.size(); i++) {
            boolean last = i == actions.size();
            if (last || (!g.isOver() && g.decisionKind() == DecisionKind.PLACE_TILE)) {
                rows.add(new Turn(turn, i, seat, tile, spectatorEstimate(g)));
                if (last) {
                    break;
                }
                turn++;
                seat = g.decidingSeat();
                tile = g.drawnTile().id();
            }
            g.apply(actions.get(i));
        }
        return rows;
    }

    /** The estimate from what a spectator knows (see {@link #byTurn}). */
    public static double[] spectatorEstimate(GameState g) {
        return g.isOver() ? WinProbability.estimate(g)
                : WinProbability.estimate(g.viewFor(Seat.of(0)).sortedPileState());
    }
}
