package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.List;

/**
 * A small language for rule scenarios: a game with a forced draw pile, driven by readable steps that must be
 * legal. Features are named as in the tile notation ("C1", "R2", "F1", "M"). Every step keeps the events it
 * caused ({@link #lastEvents()}) and all events so far ({@link #allEvents()}).
 *
 * <pre>
 *   Scenario s = Scenario.base(2, "E", "E").place(0, -1, 180).deploy("C1");
 * </pre>
 */
public final class Scenario {
    private final GameState state;
    private final List<Event> all = new ArrayList<>();
    private List<Event> last = new ArrayList<>();

    private Scenario(GameConfig config, boolean freshRules) {
        List<Event> opening = new ArrayList<>();
        state = freshRules ? GameState.newGame(Rules.uncached(config), config, opening)
                : GameState.newGame(config, opening);
        all.addAll(opening);
        last = opening;
    }

    /** A base game for {@code players} seats whose pile is exactly {@code draws}. */
    public static Scenario base(int players, String... draws) {
        return of(GameConfig.builder().players(players).draws(draws).build());
    }

    /** A base game with rule options (farm rule, two-tile city) and a forced pile. */
    public static Scenario base(RuleOptions rules, int players, String... draws) {
        return of(GameConfig.builder().players(players).rules(rules).draws(draws).build());
    }

    /** A standalone Wheel of Fortune game (wheel board at (0..3, 0..3)) with a forced pile. */
    public static Scenario wheel(int players, String... draws) {
        return of(GameConfig.builder().players(players).expansion(ExpansionId.WHEEL_OF_FORTUNE).draws(draws).build());
    }

    /** A base game with both Crop Circles sets and a forced pile. */
    public static Scenario cropCircles(int players, String... draws) {
        return of(GameConfig.builder().players(players).expansion(ExpansionId.CROP_CIRCLES).draws(draws).build());
    }

    public static Scenario of(GameConfig config) {
        return new Scenario(config, false);
    }

    /**
     * As {@link #of}, with the game's rules built afresh instead of taken from the cache of rules per configuration
     * ({@code Rules.uncached}): the code that runs once per configuration runs again, so that mutation testing can
     * judge it (docs/testing.md). The game plays exactly as with {@link #of}.
     */
    public static Scenario withFreshRules(GameConfig config) {
        return new Scenario(config, true);
    }

    public GameState state() {
        return state;
    }

    public List<Event> lastEvents() {
        return last;
    }

    public List<Event> allEvents() {
        return all;
    }

    /** Events of one type among all events so far. */
    public <E extends Event> List<E> events(Class<E> type) {
        List<E> out = new ArrayList<>();
        for (Event e : all) {
            if (type.isInstance(e)) {
                out.add(type.cast(e));
            }
        }
        return out;
    }

    /** Applies an action that must be legal. */
    public Scenario act(Action a) {
        ApplyResult r = state.apply(a);
        if (r instanceof ApplyResult.Rejected rej) {
            fail("rejected " + a + ": " + rej.reason() + " (decision " + state.decision() + ", legal "
                    + state.legalActions() + ")");
        }
        last = ((ApplyResult.Applied) r).events();
        all.addAll(last);
        return this;
    }

    /** Applies an action that must be rejected; returns the reason and checks nothing changed. */
    public String reject(Action a) {
        int[] before = state.scores();
        List<Action> legalBefore = state.legalActions();
        ApplyResult r = state.apply(a);
        if (!(r instanceof ApplyResult.Rejected rej)) {
            fail("expected " + a + " to be rejected");
            return null;
        }
        assertTrue(!rej.reason().isBlank(), "a rejection gives a reason");
        assertEquals(toList(before), toList(state.scores()), "a rejected action changes no score");
        assertEquals(legalBefore, state.legalActions(), "a rejected action changes nothing");
        return rej.reason();
    }

    /** Places the drawn tile at (x, y) turned clockwise by {@code degrees}. */
    public Scenario place(int x, int y, int degrees) {
        return act(new Action.PlaceTile(new Position(x, y), Rotation.ofDegrees(degrees)));
    }

    /** Deploys on the named feature of the tile just placed. */
    public Scenario deploy(String feature) {
        TileType t = state.placedTile().type();
        int i = t.featureIndex(feature);
        if (i < 0) {
            fail("tile " + t.id() + " has no feature " + feature);
        }
        return act(new Action.Deploy(i));
    }

    public Scenario crown(Sector s) {
        return act(new Action.DeployOnCrown(s));
    }

    public Scenario pass() {
        return act(Action.PASS);
    }

    /** Returns the decider's follower on the named feature of the square at (x, y) (Plague, crop circle). */
    public Scenario returnFollower(int x, int y, String feature) {
        return act(new Action.ReturnFollower(new Position(x, y), featureAt(x, y, feature)));
    }

    public Scenario choose(CropCircleOption o) {
        return act(new Action.ChooseCropCircleOption(o));
    }

    /** Crop circle (add): a follower joins the feature at the named feature of the square at (x, y). */
    public Scenario add(int x, int y, String feature) {
        return act(new Action.AddFollower(new Position(x, y), featureAt(x, y, feature)));
    }

    /** The index of a named feature of the square at (x, y). */
    public int featureAt(int x, int y, String feature) {
        PlacedTile p = state.tileAt(new Position(x, y));
        if (p == null) {
            fail("no tile at (" + x + "," + y + ")");
        }
        int i = p.type().featureIndex(feature);
        if (i < 0) {
            fail("tile " + p.type().id() + " at (" + x + "," + y + ") has no feature " + feature);
        }
        return i;
    }

    /** The whole feature containing the named feature of the square at (x, y). */
    public GameState.FeatureInfo feature(int x, int y, String feature) {
        return state.feature(new Position(x, y), featureAt(x, y, feature));
    }

    public int score(int seat) {
        return state.score(seat);
    }

    public int supply(int seat) {
        return state.supply(seat);
    }

    public DecisionKind decision() {
        return state.decisionKind();
    }

    public int decidingSeat() {
        return state.decidingSeat();
    }

    /** Asserts the scores of all seats. */
    public Scenario expectScores(int... scores) {
        int[] actual = state.scores();
        assertEquals(toList(scores), toList(actual), "scores");
        return this;
    }

    /** Asserts the supplies of all seats. */
    public Scenario expectSupplies(int... supplies) {
        int[] actual = new int[state.players()];
        for (int p = 0; p < actual.length; p++) {
            actual[p] = state.supply(p);
        }
        assertEquals(toList(supplies), toList(actual), "followers in supply");
        return this;
    }

    private static List<Integer> toList(int[] a) {
        List<Integer> l = new ArrayList<>();
        for (int v : a) {
            l.add(v);
        }
        return l;
    }
}
