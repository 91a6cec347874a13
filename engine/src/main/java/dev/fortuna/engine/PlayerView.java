package dev.fortuna.engine;

import dev.fortuna.engine.tile.TileType;
import java.util.List;
import java.util.Optional;

/**
 * What one seat may know of a game: everything except the order of the draw pile. The view holds its own
 * copy of the state whose undrawn tiles were sorted by type when the view was made, so the true order
 * cannot be recovered from it by any means. Bots get only views; to search, they sample orders with
 * {@link #determinize(long)}.
 */
public final class PlayerView {
    private final Seat seat;
    private final GameState hidden;

    PlayerView(Seat seat, GameState hiddenPileState) {
        this.seat = seat;
        this.hidden = hiddenPileState;
    }

    public Seat seat() {
        return seat;
    }

    /** A full state consistent with this view: the undrawn tiles in an order sampled from {@code seed}. */
    public GameState determinize(long seed) {
        return hidden.withPileShuffled(seed);
    }

    /** A copy of the state with the undrawn tiles in sorted order (an arbitrary, public order). */
    public GameState sortedPileState() {
        return hidden.copy();
    }

    public Decision decision() {
        return hidden.decision();
    }

    public List<Action> legalActions() {
        return hidden.legalActions();
    }

    public int legalCount() {
        return hidden.legalCount();
    }

    public int legalCode(int i) {
        return hidden.legalCode(i);
    }

    public int[] legalCodes() {
        return hidden.legalCodes();
    }

    /** Decisions applied so far in the game (see {@link GameState#ply()}). */
    public int ply() {
        return hidden.ply();
    }

    /** The drawn tile's legal placements by square (see {@link GameState#placementOptions()}). */
    public List<PlacementOption> placementOptions() {
        return hidden.placementOptions();
    }

    /** The deployment on offer (see {@link GameState#deploymentOptions()}). */
    public Optional<DeploymentOptions> deploymentOptions() {
        return hidden.deploymentOptions();
    }

    public int[] scores() {
        return hidden.scores();
    }

    public int players() {
        return hidden.players();
    }

    public TileType drawnTile() {
        return hidden.drawnTile();
    }

    /** The undrawn tiles as a sorted multiset of ids. */
    public List<String> remainingTiles() {
        return hidden.remainingTiles();
    }

    public int pileSize() {
        return hidden.pileSize();
    }

    public List<PlacedTile> board() {
        return hidden.board();
    }

    public List<FollowerPlacement> followers() {
        return hidden.followers();
    }

    public int supply(int s) {
        return hidden.supply(s);
    }

    public Sector pig() {
        return hidden.pig();
    }

    public GameConfig config() {
        return hidden.config();
    }
}
