package dev.fortuna.records;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * Plays along with a game and builds its record. Call {@link #record(GameState, Action)} (or
 * {@link #recordCode(GameState, int)} on the engine's fast path) with the state <em>before</em> each action is
 * applied — the recorder needs it to know the deciding seat and to name features — then
 * {@link #finish(GameState)} with the state at the end.
 *
 * <pre>{@code
 * GameRecorder rec = new GameRecorder(config);
 * while (!g.isOver()) { int code = choose(g); rec.recordCode(g, code); g.applyCode(code, null); }
 * GameRecord r = rec.finish(g);
 * }</pre>
 */
public final class GameRecorder {
    private final GameConfig config;
    private final List<RecordedAction> actions = new ArrayList<>();

    public GameRecorder(GameConfig config) {
        this.config = config;
    }

    /** Goes on recording a game whose first actions were {@code earlier} (a resumed record's actions). */
    public GameRecorder(GameConfig config, List<RecordedAction> earlier) {
        this.config = config;
        this.actions.addAll(earlier);
    }

    /** Notes an action about to be applied to {@code before}. */
    public void record(GameState before, Action action) {
        actions.add(describe(before, action));
    }

    /** Notes an action, given by its engine code, about to be applied to {@code before}. */
    public void recordCode(GameState before, int code) {
        actions.add(describe(before, Action.decode(code)));
    }

    /** The actions recorded so far. */
    public List<RecordedAction> actions() {
        return List.copyOf(actions);
    }

    /**
     * The record of the game up to {@code state}: the tiles drawn so far and, when the game is over, the final
     * scores. A game on a forced pile shorter than the tile set is recorded with that whole pile.
     */
    public GameRecord finish(GameState state) {
        List<Integer> scores = null;
        if (state.isOver()) {
            scores = new ArrayList<>();
            for (int s = 0; s < state.players(); s++) {
                scores.add(state.score(s));
            }
        }
        boolean exact = config.draws() != null && !isFullTileSet(config);
        List<String> draws = exact ? config.draws() : state.drawnTiles();
        return new GameRecord(config, draws, actions, scores, exact);
    }

    /** Whether a forced pile holds the configuration's whole tile set (then the ordinary format fits). */
    private static boolean isFullTileSet(GameConfig config) {
        List<String> forced = new ArrayList<>(config.draws());
        forced.sort(null);
        return Replay.tileSet(config).equals(forced);
    }

    /** Turns an engine action into its record form, naming features by the tile they are on. */
    static RecordedAction describe(GameState g, Action action) {
        int seat = g.decidingSeat();
        if (action instanceof Action.PlaceTile p) {
            return new RecordedAction.Place(seat, p.position().x(), p.position().y(), p.rotation().degrees());
        } else if (action instanceof Action.Deploy d) {
            PlacedTile t = g.placedTile();
            return new RecordedAction.Deploy(seat, t == null ? "#" + d.feature() : featureName(t, d.feature()));
        } else if (action instanceof Action.DeployOnCrown c) {
            return new RecordedAction.Crown(seat, c.sector());
        } else if (action instanceof Action.Pass) {
            return new RecordedAction.Pass(seat);
        } else if (action instanceof Action.ReturnFollower r) {
            Position p = r.position();
            return new RecordedAction.Return(seat, p.x(), p.y(), featureName(g.tileAt(p), r.feature()));
        } else if (action instanceof Action.ChooseCropCircleOption o) {
            return new RecordedAction.CropChoice(seat, o.option());
        } else if (action instanceof Action.AddFollower a) {
            Position p = a.position();
            return new RecordedAction.Add(seat, p.x(), p.y(), featureName(g.tileAt(p), a.feature()));
        }
        throw new IllegalArgumentException("unknown action " + action);
    }

    /** The notation name of a feature; an index the tile lacks is kept as "#n" so the replay reports it. */
    private static String featureName(PlacedTile t, int feature) {
        if (t == null || feature < 0 || feature >= t.type().features().size()) {
            return "#" + feature;
        }
        return t.type().feature(feature).name();
    }
}
