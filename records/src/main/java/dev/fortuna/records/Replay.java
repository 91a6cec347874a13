package dev.fortuna.records;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rebuilds a game from its record and checks it on the way: the pile is forced to the recorded draws
 * followed by the rest of the configuration's tile set, every action goes through {@link GameState#apply},
 * each action's seat must be the deciding seat, the tiles drawn must be exactly the recorded draws and the
 * final scores the recorded result. Any disagreement is a {@link RecordException} naming the entry.
 */
public final class Replay {
    private Replay() {
    }

    /** One replayed action: its index in the record, the engine action it became, and what it caused. */
    public record Step(int index, int seat, RecordedAction recorded, Action action, List<Event> events) {
    }

    /**
     * The outcome of a replay.
     *
     * @param state  the state after the last action
     * @param events every event in order, the opening draw's included
     * @param steps  one entry per recorded action
     * @param scoresChecked whether the record gave final scores (and they matched); false for a record
     *               without {@code result}, whose scores nobody vouched for
     */
    public record Result(GameState state, List<Event> events, List<Step> steps, boolean scoresChecked) {
    }

    public static Result run(GameRecord record) throws RecordException {
        return run(record, null);
    }

    /**
     * Replays an unfinished record, checked as {@link #run(GameRecord)} does, to play it on: the tiles not yet
     * drawn follow in an order shuffled from {@code shuffleSeed} rather than sorted, so that the rest of the
     * game is not known in advance. An exact pile is kept as it is.
     */
    public static Result resume(GameRecord record, long shuffleSeed) throws RecordException {
        Result r = run(record, shuffleSeed);
        if (r.state().isOver()) {
            throw new RecordException("actions", "the game is over: there is nothing to resume");
        }
        return r;
    }

    private static Result run(GameRecord record, Long shuffleSeed) throws RecordException {
        GameConfig config = record.config();
        List<String> draws = record.draws();
        List<String> pile = record.exactPile() ? checkExactPile(config, draws) : pileFor(config, draws);
        if (shuffleSeed != null && !record.exactPile()) {
            // Fisher-Yates on the undrawn rest only: the recorded draws stay where they are.
            SplitMix64 rng = new SplitMix64(shuffleSeed);
            pile = new ArrayList<>(pile);
            for (int i = pile.size() - 1; i > draws.size(); i--) {
                int j = draws.size() + rng.nextInt(i - draws.size() + 1);
                pile.set(j, pile.set(i, pile.get(j)));
            }
        }
        List<Event> all = new ArrayList<>();
        GameState g;
        try {
            g = GameState.newGame(config.withDraws(pile), all);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new RecordException("config", "cannot start the game: " + e.getMessage(), e);
        }
        int pileLength = pile.size();
        if (drawn(g, pileLength) > draws.size()) {
            throw new RecordException("draws", "the opening needs " + drawn(g, pileLength)
                    + " tiles but the record lists only " + draws.size());
        }
        List<Step> steps = new ArrayList<>(record.actions().size());
        for (int i = 0; i < record.actions().size(); i++) {
            RecordedAction ra = record.actions().get(i);
            String entry = "actions[" + i + "] (" + ra.describe() + ")";
            if (g.isOver()) {
                throw new RecordException(entry, "the game is already over");
            }
            int decider = g.decidingSeat();
            if (ra.seat() != RecordedAction.ANY_SEAT && ra.seat() != decider) {
                throw new RecordException(entry, "it is seat " + decider + "'s turn to decide ("
                        + kindName(g.decisionKind()) + "), not seat " + ra.seat() + "'s");
            }
            Action action = toAction(g, ra, entry);
            ApplyResult res = g.apply(action);
            if (res instanceof ApplyResult.Rejected rej) {
                throw new RecordException(entry, rej.reason());
            }
            List<Event> ev = ((ApplyResult.Applied) res).events();
            all.addAll(ev);
            steps.add(new Step(i, decider, ra, action, ev));
            int n = drawn(g, pileLength);
            if (!record.exactPile() && n > draws.size()) {
                throw new RecordException(entry, "after this action the game draws tile " + pile.get(n - 1)
                        + " as draw #" + n + ", but the record lists only " + draws.size() + " draws");
            }
        }
        int n = drawn(g, pileLength);
        if (!record.exactPile() && n < draws.size()) {
            throw new RecordException(n + 1 == draws.size() ? "draws[" + n + "]" : "draws[" + n + ".." + (draws.size() - 1) + "]",
                    "recorded but never drawn: the replay ends after " + n + " draws (unused: "
                            + String.join(", ", draws.subList(n, Math.min(draws.size(), n + 8)))
                            + (draws.size() - n > 8 ? ", …" : "") + ")");
        }
        if (record.scores() != null) {
            if (!g.isOver()) {
                throw new RecordException("result", "the record gives final scores but the game is not over after "
                        + "the last action (" + kindName(g.decisionKind()) + " for seat " + g.decidingSeat() + ")");
            }
            List<Integer> actual = Arrays.stream(g.scores()).boxed().toList();
            if (!actual.equals(record.scores())) {
                throw new RecordException("result.scores", "recorded " + record.scores() + " but the replay scores "
                        + actual);
            }
        }
        return new Result(g, List.copyOf(all), List.copyOf(steps), record.scores() != null);
    }

    /**
     * The pile a replay of {@code record} plays on: the recorded draws followed by the rest of the tile set in
     * sorted (public) order, or the exact pile. To step through a checked record's positions, start
     * {@code GameState.newGame(config.withDraws(pile(record)))} and apply {@link Result#steps()}' actions.
     */
    public static List<String> pile(GameRecord record) throws RecordException {
        return record.exactPile() ? checkExactPile(record.config(), record.draws())
                : pileFor(record.config(), record.draws());
    }

    /** Tiles taken from the pile so far (placed, discarded or waiting to be placed). */
    private static int drawn(GameState g, int pileLength) {
        return pileLength - g.pileSize();
    }

    /** Tile sets by configuration (seed 0, no draws): replaying many games of one mode builds each set once. */
    private static final Map<GameConfig, List<String>> TILE_SETS = new ConcurrentHashMap<>();

    /** The configuration's whole tile multiset, sorted (independent of the seed). */
    public static List<String> tileSet(GameConfig config) {
        GameConfig key = config.withDraws(null).withSeed(0);
        List<String> cached = TILE_SETS.get(key);
        if (cached != null) {
            return cached;
        }
        GameState g = GameState.newGame(key);
        List<String> all = new ArrayList<>(g.drawnTiles());
        all.addAll(g.remainingTiles());
        all.sort(null);
        List<String> set = List.copyOf(all);
        if (TILE_SETS.size() > 256) { // many distinct option mixes: keep the cache small
            TILE_SETS.clear();
        }
        TILE_SETS.put(key, set);
        return set;
    }

    /** The recorded draws followed by the rest of the tile set; checks the draws are part of the tile set. */
    static List<String> pileFor(GameConfig config, List<String> draws) throws RecordException {
        List<String> set;
        try {
            set = tileSet(config);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new RecordException("config", "cannot start the game: " + e.getMessage(), e);
        }
        Map<String, Integer> left = new HashMap<>();
        for (String t : set) {
            left.merge(t, 1, Integer::sum);
        }
        Map<String, Integer> total = Map.copyOf(left);
        for (int i = 0; i < draws.size(); i++) {
            String t = draws.get(i);
            Integer k = left.get(t);
            if (k == null) {
                throw new RecordException("draws[" + i + "]", "unknown tile '" + t + "' (not in this game's tile set)");
            }
            if (k == 0) {
                throw new RecordException("draws[" + i + "]", "tile '" + t + "' is drawn more often than the tile set "
                        + "holds it (" + total.get(t) + (total.get(t) == 1 ? " copy)" : " copies)"));
            }
            left.put(t, k - 1);
        }
        List<String> pile = new ArrayList<>(set.size());
        pile.addAll(draws);
        for (String t : set) { // sorted, so the rest of the pile is in a fixed order
            int k = left.get(t);
            if (k > 0) {
                pile.add(t);
                left.put(t, k - 1);
            }
        }
        return pile;
    }

    /** An exact pile may be any sequence of the game's tile types. */
    private static List<String> checkExactPile(GameConfig config, List<String> draws) throws RecordException {
        List<String> set;
        try {
            set = tileSet(config);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new RecordException("config", "cannot start the game: " + e.getMessage(), e);
        }
        for (int i = 0; i < draws.size(); i++) {
            if (!set.contains(draws.get(i))) {
                throw new RecordException("draws[" + i + "]", "unknown tile '" + draws.get(i)
                        + "' (not in this game's tile set)");
            }
        }
        if (draws.isEmpty()) {
            throw new RecordException("draws", "an exact pile needs at least one tile");
        }
        return draws;
    }

    private static String kindName(DecisionKind k) {
        return k.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** Resolves a recorded action against the current state (features by name on the tile they are on). */
    static Action toAction(GameState g, RecordedAction ra, String entry) throws RecordException {
        if (ra instanceof RecordedAction.Place p) {
            if (p.rotation() % 90 != 0 || p.rotation() < 0 || p.rotation() >= 360) {
                throw new RecordException(entry, "rotation must be 0, 90, 180 or 270, not " + p.rotation());
            }
            return new Action.PlaceTile(position(p.x(), p.y(), entry), Rotation.ofDegrees(p.rotation()));
        } else if (ra instanceof RecordedAction.Deploy d) {
            PlacedTile t = g.placedTile();
            if (t == null || g.decisionKind() != DecisionKind.DEPLOY) {
                throw new RecordException(entry, "no follower can be deployed now: the decision is "
                        + kindName(g.decisionKind()) + " for seat " + g.decidingSeat());
            }
            return new Action.Deploy(featureIndex(t.type(), d.feature(), entry));
        } else if (ra instanceof RecordedAction.Crown c) {
            return new Action.DeployOnCrown(c.sector());
        } else if (ra instanceof RecordedAction.Pass) {
            return Action.PASS;
        } else if (ra instanceof RecordedAction.Return r) {
            Position pos = position(r.x(), r.y(), entry);
            return new Action.ReturnFollower(pos, featureIndex(tileAt(g, pos, entry), r.feature(), entry));
        } else if (ra instanceof RecordedAction.CropChoice o) {
            return new Action.ChooseCropCircleOption(o.option() == CropCircleOption.ADD ? CropCircleOption.ADD
                    : CropCircleOption.REMOVE);
        } else if (ra instanceof RecordedAction.Add a) {
            Position pos = position(a.x(), a.y(), entry);
            return new Action.AddFollower(pos, featureIndex(tileAt(g, pos, entry), a.feature(), entry));
        }
        throw new IllegalStateException("unhandled " + ra);
    }

    private static Position position(int x, int y, String entry) throws RecordException {
        if (!Position.inRange(x) || !Position.inRange(y)) {
            throw new RecordException(entry, "position (" + x + "," + y + ") is out of range (-" + Position.LIMIT
                    + " to " + Position.LIMIT + ")");
        }
        return new Position(x, y);
    }

    private static TileType tileAt(GameState g, Position p, String entry) throws RecordException {
        PlacedTile t = g.tileAt(p);
        if (t == null) {
            throw new RecordException(entry, "there is no tile at " + p);
        }
        return t.type();
    }

    private static int featureIndex(TileType t, String name, String entry) throws RecordException {
        for (int i = 0; i < t.features().size(); i++) {
            if (t.feature(i).name().equals(name)) {
                return i;
            }
        }
        List<String> names = t.features().stream().map(f -> f.name()).toList();
        throw new RecordException(entry, "tile " + t.id() + " has no feature " + name
                + (names.isEmpty() ? " (it has no features)" : " (its features: " + String.join(", ", names) + ")"));
    }
}
