package dev.fortuna.bots;

import dev.fortuna.engine.Followers;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.IntList;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.Arrays;
import java.util.List;

/**
 * The heuristic evaluation shared by the greedy and MCTS bots: for every seat, the points it can expect to hold
 * at the end of the game if play went on in an ordinary way. With {@code T} tiles left in the pile and the
 * {@link Weights} {@code H, V, K, F} (standard: 12, 4, 6, 0.4), it is the sum of
 * <ol>
 * <li><b>points scored</b> so far;</li>
 * <li><b>unfinished features held</b> (every seat with the most followers in a feature gets the full value):
 *     each open edge (or empty square around a cloister) is closed before the end with probability
 *     {@code q = T / (T + H)}, so the feature completes with {@code p = q^open};
 *     a road is worth its squares either way; a city {@code (squares + pennants) × (1 + p)} (doubled when
 *     complete); a cloister {@code 9p + (1 - p) × occupied squares}; a field 3 per adjacent completed city
 *     (third-edition farming) plus {@code 3 F q^open} per adjacent unfinished city;</li>
 * <li><b>followers</b>: each follower in the supply is worth {@code w = V × T / (T + K)} (what it may still
 *     earn falls towards 0 as the game nears its end), and a follower in an unfinished feature is worth
 *     {@code p × w} more, for the chance it comes home when the feature completes;</li>
 * <li>with the Wheel of Fortune, <b>crown spaces</b>: a follower on a crown space scores 3 (6 alone in a
 *     two-space sector) if the pig lands on its sector before the numbered tiles run out; that probability is
 *     computed from the pig's sector and the numbered tiles 1/2/3 still in the pile (each numbered draw moves the
 *     pig 1, 2 or 3 in proportion to those counts), and the follower comes home then ({@code + w});</li>
 * <li>with the Wheel of Fortune, <b>the pig's position</b>: the event of the sector where the next numbered tile
 *     will take the pig (same probabilities), valued for every seat on the current position: Tax (knights ×
 *     (pennants + own knights)), Famine (farmers × adjacent completed cities), Storm (followers in supply),
 *     Inquisition (2 per monk), Plague (the cheapest loss of one follower from the landscape: the feature it
 *     alone held, less the {@code w} it is worth back in the supply).
 *     Fortune is left out: nobody knows whose turn it will be.</li>
 * </ol>
 * At the end of the game the evaluation is the final score. {@link #normalised} turns it into a value in
 * [0, 1] for a seat from its margin over the best other seat.
 *
 * <p>The same quantities, kept apart per seat, are the evaluation's {@link #features components}; the standard
 * evaluation above is one fixed weighting of them. A <b>fitted</b> evaluation ({@link #FITTED}, the MCTS bot's
 * default, {@code eval=fitted} for the greedy bot) weights them instead by coefficients {@code a_i + b_i T / 72}
 * fitted by least squares to the points each seat went on to score in self-play ({@link EvaluationFit},
 * {@code fortuna fit-eval}), one set per game mode ({@link FittedEvaluations}). Measured in docs/bots.md: the
 * greedy bot on the fitted evaluation beats the same bot on the standard one in about 78% of 2-player Wheel of
 * Fortune + Crop Circles games.
 */
public final class Evaluator {
    /**
     * The evaluation's constants: {@code edgeHorizon} (the {@code H} in {@code q}), {@code followerValue} and
     * {@code followerHorizon} (the {@code V} and {@code K} in {@code w}), {@code fieldFuture} (the {@code F}
     * weight of an unfinished city next to a field), and two ways to weigh an opening by the number {@code k} of
     * tiles still to come that fit it: {@code openingFit} (the {@code C} of {@code k / (k + C)}) and
     * {@code openingNeed} (the {@code N} of {@code min(1, k / N)}). An opening closes with probability {@code q}
     * times those factors that are not 0 (0 and 0: {@code q} for every opening, as the standard and first weights;
     * see {@code completion}).
     */
    public record Weights(double edgeHorizon, double followerValue, double followerHorizon, double fieldFuture,
            double openingFit, double openingNeed) {
        /**
         * Tuned by greedy-against-greedy matches (docs/bots.md): against {@link #FIRST} these weights won 61.6% of
         * 400 games on a seed not used for tuning.
         */
        public static final Weights STANDARD = new Weights(12, 4, 6, 0.4);
        /** The first, untuned constants (completed cities only for farmers). */
        public static final Weights FIRST = new Weights(6, 2, 12, 0);

        public Weights {
            if (!(edgeHorizon > 0) || !(followerValue >= 0) || !(followerHorizon > 0) || !(fieldFuture >= 0)
                    || !(openingFit >= 0) || !(openingNeed >= 0) || !Double.isFinite(edgeHorizon)
                    || !Double.isFinite(followerValue) || !Double.isFinite(followerHorizon)
                    || !Double.isFinite(fieldFuture) || !Double.isFinite(openingFit)
                    || !Double.isFinite(openingNeed)) {
                throw new IllegalArgumentException("evaluation weights: horizons must be positive, values not "
                        + "negative, all finite");
            }
        }

        /** Weights without an opening need. */
        public Weights(double edgeHorizon, double followerValue, double followerHorizon, double fieldFuture,
                double openingFit) {
            this(edgeHorizon, followerValue, followerHorizon, fieldFuture, openingFit, 0);
        }

        /** Weights that ignore the tiles fitting an opening: every opening closes with the same chance {@code q}. */
        public Weights(double edgeHorizon, double followerValue, double followerHorizon, double fieldFuture) {
            this(edgeHorizon, followerValue, followerHorizon, fieldFuture, 0, 0);
        }

        public Weights withEdgeHorizon(double v) {
            return new Weights(v, followerValue, followerHorizon, fieldFuture, openingFit, openingNeed);
        }

        public Weights withFollowerValue(double v) {
            return new Weights(edgeHorizon, v, followerHorizon, fieldFuture, openingFit, openingNeed);
        }

        public Weights withFollowerHorizon(double v) {
            return new Weights(edgeHorizon, followerValue, v, fieldFuture, openingFit, openingNeed);
        }

        public Weights withFieldFuture(double v) {
            return new Weights(edgeHorizon, followerValue, followerHorizon, v, openingFit, openingNeed);
        }

        public Weights withOpeningFit(double v) {
            return new Weights(edgeHorizon, followerValue, followerHorizon, fieldFuture, v, openingNeed);
        }

        public Weights withOpeningNeed(double v) {
            return new Weights(edgeHorizon, followerValue, followerHorizon, fieldFuture, openingFit, v);
        }
    }

    public static final Evaluator STANDARD = new Evaluator(Weights.STANDARD);

    /**
     * The fitted evaluation: in each game its mode's coefficients from {@link FittedEvaluations} (fitted to
     * self-play by {@code fortuna fit-eval}); in a mode without a fitted set, the same as {@link #STANDARD}.
     */
    public static final Evaluator FITTED = new Evaluator(Weights.STANDARD, null, true, false);

    /**
     * The evaluation the MCTS bot plays on: in a mode with a line of tuned weights ({@link TunedWeights}), the
     * formula that line names on its weights (the standard formula, e.g. in the 2-player base game, or the mode's
     * fitted coefficients, e.g. in the 2-player Wheel of Fortune with the openings' need); otherwise
     * {@link #FITTED} (the mode's fitted coefficients, or the standard weights where it has none). {@link #FITTED}
     * stays what the win probability and the hints were calibrated on; this one is for choosing moves.
     */
    public static final Evaluator TUNED = new Evaluator(Weights.STANDARD, null, true, true);

    private final Weights weights;
    /** Fixed fitted coefficients, or null. */
    private final double[] linear;
    /** Whether the coefficients are looked up by the game's mode ({@link #FITTED}). */
    private final boolean byMode;
    /** Whether a mode without coefficients uses its tuned weights instead of {@link #weights} ({@link #TUNED}). */
    private final boolean tunedByMode;

    public Evaluator(Weights weights) {
        this(weights, null, false, false);
    }

    /**
     * A fitted evaluation: each seat's points plus {@code sum_i (a_i + b_i T / 72) x_i} over its {@link #features}
     * {@code x}, with {@code linear = a_0..a_14, b_0..b_14}; {@code weights} still sets {@code q} and the Plague
     * estimate inside the components.
     */
    public Evaluator(Weights weights, double[] linear) {
        this(weights, linear, false, false);
        if (linear == null) {
            throw new IllegalArgumentException("a fitted evaluation needs its coefficients");
        }
    }

    private Evaluator(Weights weights, double[] linear, boolean byMode, boolean tunedByMode) {
        if (linear != null && linear.length != 2 * FEATURES) {
            throw new IllegalArgumentException("a fitted evaluation has " + 2 * FEATURES + " coefficients, not "
                    + linear.length);
        }
        this.weights = weights;
        this.linear = linear == null ? null : linear.clone();
        this.byMode = byMode;
        this.tunedByMode = tunedByMode;
    }

    /** With {@code fitted}, the evaluation with these weights and each mode's fitted coefficients. */
    public static Evaluator of(Weights weights, boolean fitted) {
        return new Evaluator(weights, null, fitted, false);
    }

    /** True for an evaluation whose coefficients follow the game's mode ({@link #FITTED}). */
    public boolean fittedByMode() {
        return byMode;
    }

    /** True for {@link #TUNED}: a mode without fitted coefficients uses its tuned weights. */
    public boolean tunedByMode() {
        return tunedByMode;
    }

    public Weights weights() {
        return weights;
    }
    /** Margin (points) that maps to about 0.73 in {@link #normalised}. */
    static final double MARGIN_SCALE = 10.0;

    /** Expected final points per seat with the standard weights (see the class comment). */
    public static double[] expectedScores(GameState g) {
        return STANDARD.scores(g);
    }

    /** Expected final points per seat with these weights (see the class comment). */
    public double[] scores(GameState g) {
        if (g.isOver()) {
            return scores(g, null);
        }
        Scratch sc = SCRATCH.get();
        return scores(g, featuresInto(g, sc), sc);
    }

    /** {@link #scores(GameState)} from the game's {@link #features} {@code f} (null when the game is over). */
    double[] scores(GameState g, double[] f) {
        return scores(g, f, null);
    }

    /** As {@link #scores(GameState, double[])}, with a thread's scratch (null: none) to remember the coefficients. */
    private double[] scores(GameState g, double[] f, Scratch sc) {
        int n = g.players();
        double[] e = new double[n];
        for (int s = 0; s < n; s++) {
            e[s] = g.score(s);
        }
        if (f == null) {
            return e;
        }
        int left = g.pileSize();
        double[] linear = byMode ? modeLinear(g.config(), sc) : this.linear;
        if (linear != null) {
            double phase = left / PHASE_TILES;
            for (int s = 0; s < n; s++) {
                double v = linear[0] + linear[FEATURES] * phase;
                for (int i = 1; i < FEATURES; i++) {
                    double x = f[s * FEATURES + i];
                    if (x != 0) {
                        v += (linear[i] + linear[FEATURES + i] * phase) * x;
                    }
                }
                e[s] += v;
            }
            return e;
        }
        Weights wt = weightsFor(g.config(), sc);
        double w = wt.followerValue() * left / (left + wt.followerHorizon());
        for (int s = 0; s < n; s++) {
            int o = s * FEATURES;
            e[s] += f[o + ROAD] + f[o + CITY] + f[o + CITY_COMPLETION] + f[o + CLOISTER] + f[o + CLOISTER_COMPLETION]
                    + f[o + FIELD] + wt.fieldFuture() * f[o + FIELD_FUTURE]
                    + w * (f[o + SUPPLY] + f[o + COMING_HOME] + f[o + CROWN_HOME])
                    + f[o + CROWN_POINTS] + f[o + WHEEL_EVENT];
        }
        return e;
    }

    /** Number of evaluation components per seat (index 0 is a constant 1). */
    public static final int FEATURES = 15;
    /** The components' names, in index order (for reports). */
    public static final List<String> FEATURE_NAMES = List.of("constant", "road", "city", "city completion",
            "cloister", "cloister completion", "field", "field future", "supply", "coming home", "stuck", "farmers",
            "crown points", "crown home", "wheel event");
    /** Component indices in {@link #features}. */
    static final int BIAS = 0, ROAD = 1, CITY = 2, CITY_COMPLETION = 3, CLOISTER = 4, CLOISTER_COMPLETION = 5,
            FIELD = 6, FIELD_FUTURE = 7, SUPPLY = 8, COMING_HOME = 9, STUCK = 10, FARMERS = 11, CROWN_POINTS = 12,
            CROWN_HOME = 13, WHEEL_EVENT = 14;
    static final double PHASE_TILES = 72.0;

    /**
     * The evaluation's components for every seat, {@code FEATURES} per seat (seat-major), with
     * {@code q = T / (T + H)} and {@code p = q^open}: a constant 1; road squares held; city squares and pennants
     * held; the same times {@code p}; a held cloister's occupied squares; its empty squares times {@code p}; 3 per
     * completed city next to a held field; 3 {@code q^open} per unfinished one; followers in the supply; followers
     * in unfinished features times {@code p} (coming home); followers in unfinished features; farmers; crown points
     * expected; crown followers' chances of coming home; the expected value of the pig's next event.
     */
    public double[] features(GameState g) {
        double[] f = featuresInto(g, SCRATCH.get());
        return Arrays.copyOf(f, g.players() * FEATURES);
    }

    /**
     * Per-thread work space of the evaluation, so that evaluating a position allocates nothing but its result: an
     * MCTS search evaluates tens of thousands of leaves a second, and the evaluation used to build a feature
     * description (lists, positions, boxed counts) per follower at each. Nothing in it outlives one call, except
     * the caches, which depend only on their keys.
     */
    private static final class Scratch {
        static final int MAX = GameConfig.MAX_PLAYERS;
        /** The components being computed (a view of the first {@code players × FEATURES}). */
        double[] out = new double[MAX * FEATURES];
        /** Feature ids already counted in this evaluation (features are counted once, at their first follower). */
        int[] seen = new int[MAX * Followers.PER_SEAT];
        int[] counts = new int[MAX];
        final IntList cities = new IntList(16);
        final IntList fits = new IntList(16);
        /**
         * Completion chances already worked out in this evaluation, by feature id ({@code memoN} of them): with an
         * opening fit or need a chance counts the tiles fitting each opening, and an unfinished city is asked for
         * once as a held feature and again for every held field next to it.
         */
        int[] memoIds = new int[32];
        double[] memoP = new double[32];
        int memoN;
        final double[] tax = new double[MAX], famine = new double[MAX], monks = new double[MAX],
                cheapest = new double[MAX];
        final int[] numbered = new int[4];
        final double[] next = new double[6];
        /** The mode data of the last game configuration looked up (configurations are immutable). */
        GameConfig config;
        ModeData mode;
        /** A direct-mapped cache in front of {@link #HIT_CACHE} (whose boxed keys would allocate on every call). */
        final int[] hitKeys = new int[256];
        final double[][] hitValues = new double[256][];

        Scratch() {
            Arrays.fill(hitKeys, -1); // no key is negative (the pig's ordinal is below 6)
        }

        double[] out(int size) {
            if (out.length < size) {
                out = new double[size];
            }
            Arrays.fill(out, 0, size, 0.0);
            return out;
        }
    }

    /** {@code FeatureKind.values()} once: {@code values()} copies its array on every call. */
    private static final FeatureKind[] KINDS = FeatureKind.values();

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * What a game's mode brings to the evaluation: its fitted coefficients ({@link FittedEvaluations}, null when it
     * has none) and its tuned line ({@link TunedWeights}, null when it has none).
     */
    private record ModeData(double[] linear, TunedWeights.Line tuned) {
        static ModeData of(GameConfig config) {
            return new ModeData(FittedEvaluations.forConfig(config), TunedWeights.forConfig(config));
        }
    }

    /** {@link ModeData#of}, remembered per thread for the last configuration (looked up at every leaf). */
    private static ModeData mode(GameConfig config, Scratch sc) {
        if (sc == null) {
            return ModeData.of(config);
        }
        if (sc.config != config) {
            sc.mode = ModeData.of(config);
            sc.config = config;
        }
        return sc.mode;
    }

    /**
     * The fitted coefficients this evaluation (by mode) uses in a game of {@code config}: the mode's, except for
     * {@link #TUNED} in a mode whose tuned line asks for the standard formula (null).
     */
    private double[] modeLinear(GameConfig config, Scratch sc) {
        ModeData m = mode(config, sc);
        return tunedByMode && m.tuned() != null && !m.tuned().fitted() ? null : m.linear();
    }

    /**
     * The weights of the standard formula and of the components in a game of {@code config}: this evaluation's,
     * or for {@link #TUNED} the mode's tuned weights when it has them.
     */
    private Weights weightsFor(GameConfig config, Scratch sc) {
        TunedWeights.Line tuned = tunedByMode ? mode(config, sc).tuned() : null;
        return tuned != null ? tuned.weights() : weights;
    }

    /**
     * {@link #features} into the scratch's buffer (returned; valid until the thread's next evaluation). The
     * arithmetic is exactly that of the first version, which walked {@code g.followers()} and asked
     * {@code g.feature(...)} per feature: the same components, summed in the same order (followers by slot, each
     * feature at its first follower), so the values are equal bit for bit ({@code EvaluatorExactValuesTest}).
     */
    private double[] featuresInto(GameState g, Scratch sc) {
        int n = g.players();
        double[] out = sc.out(n * FEATURES);
        for (int s = 0; s < n; s++) {
            out[s * FEATURES + BIAS] = 1;
            out[s * FEATURES + SUPPLY] = g.supply(s);
        }
        if (g.isOver()) {
            return out;
        }
        int left = g.pileSize();
        Weights wt = weightsFor(g.config(), sc);
        double q = left / (left + wt.edgeHorizon());
        double w = wt.followerValue() * left / (left + wt.followerHorizon());
        Sector pig = g.pig();
        boolean wheel = pig != null;
        // Per-seat wheel event values on the current position (only needed with the wheel).
        double[] tax = sc.tax, famine = sc.famine, monks = sc.monks, cheapest = sc.cheapest;
        if (wheel) {
            Arrays.fill(tax, 0);
            Arrays.fill(famine, 0);
            Arrays.fill(monks, 0);
            Arrays.fill(cheapest, Double.MAX_VALUE);
            g.remainingByWheelNumber(sc.numbered);
            sc.numbered[0] = 0;
        }
        WheelOptions.FamineRule famineRule = wheel ? g.config().wheel().famine() : null;
        double[] hit = null;

        int slots = g.followerSlots();
        if (sc.seen.length < slots) {
            sc.seen = new int[slots];
        }
        if (sc.counts.length < n) {
            sc.counts = new int[n];
        }
        int[] seen = sc.seen, counts = sc.counts;
        int nSeen = 0;
        sc.memoN = 0;
        for (int slot = 0; slot < slots; slot++) {
            int id = g.followerFeature(slot);
            if (id < 0) {
                int sector = g.followerCrownSector(slot);
                if (sector < 0) {
                    continue; // in the supply
                }
                int so = (slot / Followers.PER_SEAT) * FEATURES;
                if (hit == null) {
                    hit = hitProbabilities(pig.ordinal(), sc.numbered, sc);
                }
                double each = (g.crownSpaces(Sector.of(sector)) == 2 && g.crownsTaken(sector) == 1) ? 6 : 3;
                out[so + CROWN_POINTS] += hit[sector] * each;
                out[so + CROWN_HOME] += hit[sector];
                continue;
            }
            boolean dup = false;
            for (int i = 0; i < nSeen; i++) {
                if (seen[i] == id) {
                    dup = true;
                    break;
                }
            }
            if (dup) {
                continue;
            }
            seen[nSeen++] = id;
            int open = g.featureOpen(id);
            g.featureFollowers(id, counts);
            int best = 0;
            for (int s = 0; s < n; s++) {
                best = Math.max(best, counts[s]);
            }
            FeatureKind kind = KINDS[g.featureKind(id)];
            int tileCount = kind == FeatureKind.FIELD ? 0 : g.featureTileCount(id);
            int pennants = kind == FeatureKind.CITY ? g.featurePennants(id) : 0;
            double p = kind == FeatureKind.FIELD ? 0 : completion(g, id, open, q, wt, sc);
            double fieldNow = 0, fieldFuture = 0;
            int completedCities = 0;
            if (kind == FeatureKind.FIELD) {
                // The cities next to the field in one walk: the completed ones count now, the others by their
                // chance q^open, summed in the walk's order (that of fieldCityOpenEdges).
                IntList cities = sc.cities;
                cities.clear();
                g.fieldCities(id, cities);
                double sum = 0;
                for (int i = 0; i < cities.size(); i++) {
                    int cityOpen = g.featureOpen(cities.get(i));
                    if (cityOpen > 0) {
                        sum += completion(g, cities.get(i), cityOpen, q, wt, sc);
                    } else {
                        completedCities++;
                    }
                }
                fieldNow = 3.0 * completedCities;
                fieldFuture = 3.0 * sum;
            }
            double v = switch (kind) {
                case ROAD -> tileCount;
                case CITY -> (tileCount + pennants) * (1 + p);
                case CLOISTER -> 9 * p + (1 - p) * (9 - open);
                case FIELD -> fieldNow + wt.fieldFuture() * fieldFuture;
            };
            for (int s = 0; s < n; s++) {
                int k = counts[s];
                if (k == 0) {
                    continue;
                }
                int o = s * FEATURES;
                if (k == best) {
                    switch (kind) {
                        case ROAD -> out[o + ROAD] += tileCount;
                        case CITY -> {
                            out[o + CITY] += tileCount + pennants;
                            out[o + CITY_COMPLETION] += (tileCount + pennants) * p;
                        }
                        case CLOISTER -> {
                            out[o + CLOISTER] += 9 - open;
                            out[o + CLOISTER_COMPLETION] += open * p;
                        }
                        case FIELD -> {
                            out[o + FIELD] += fieldNow;
                            out[o + FIELD_FUTURE] += fieldFuture;
                        }
                    }
                }
                if (kind == FeatureKind.FIELD) {
                    out[o + FARMERS] += k;
                } else {
                    out[o + COMING_HOME] += p * k;
                    out[o + STUCK] += k;
                }
                if (wheel) {
                    switch (kind) {
                        case CITY -> tax[s] += k * (pennants + k);
                        case FIELD -> {
                            int cities = completedCities;
                            if (cities > 0 && !(famineRule == WheelOptions.FamineRule.MAJORITY && k != best)) {
                                famine[s] += famineRule == WheelOptions.FamineRule.PER_FIELD ? cities : k * cities;
                            }
                        }
                        case CLOISTER -> monks[s] += k;
                        default -> {
                        }
                    }
                    // Plague: returning this follower loses the feature (when it alone held the majority)
                    // and its chance to come home, but puts it back in the supply.
                    double lose = (k == best && k == 1 ? v : 0) + p * w - w;
                    cheapest[s] = Math.min(cheapest[s], lose);
                }
            }
        }
        if (wheel) {
            double[] next = nextLanding(pig.ordinal(), sc.numbered, sc.next);
            for (int s = 0; s < n; s++) {
                double ev = next[Sector.TAX.ordinal()] * tax[s]
                        + next[Sector.FAMINE.ordinal()] * famine[s]
                        + next[Sector.STORM.ordinal()] * g.supply(s)
                        + next[Sector.INQUISITION.ordinal()] * 2 * monks[s];
                if (cheapest[s] != Double.MAX_VALUE) {
                    ev -= next[Sector.PLAGUE.ordinal()] * cheapest[s];
                }
                out[s * FEATURES + WHEEL_EVENT] += ev;
            }
        }
        return out;
    }

    /**
     * The chance that a road, city or cloister (by id) with {@code open} openings (open edges, or empty squares
     * around a cloister) is completed before the end. Ignoring which tiles are left ({@code fit = need = 0}), each
     * opening closes with probability {@code q}, independently: {@code q^open}. Otherwise an opening closes with
     * probability {@code q}, times {@code k / (k + fit)} when {@code fit > 0}, times {@code min(1, k / need)} when
     * {@code need > 0}, where {@code k} is the number of tiles still to come that fit the empty square it faces
     * ({@link GameState#featureOpeningFits}; the tile counts are public: every player can count the tiles placed).
     * So a feature with an opening no tile can fill is worth what it scores unfinished, and one that waits on a
     * rare tile little more: the difference between a city one tile from completion and a city no tile can
     * complete is what blocking and finishing are about, and {@code q^open} could not see it. The first factor
     * lowers every opening a little (the standard formula's weights were tuned with it); the second leaves an
     * opening that {@code need} or more tiles fit at {@code q}, which is what the fitted coefficients, fitted on
     * {@code q^open}, need to stay meaningful.
     */
    private static double completion(GameState g, int id, int open, double q, Weights wt, Scratch sc) {
        if (wt.openingFit() == 0 && wt.openingNeed() == 0 || open == 0) {
            return Math.pow(q, open);
        }
        for (int i = 0; i < sc.memoN; i++) {
            if (sc.memoIds[i] == id) {
                return sc.memoP[i];
            }
        }
        double p = completion(g, id, open, q, wt, sc.fits);
        if (sc.memoN == sc.memoIds.length) {
            sc.memoIds = Arrays.copyOf(sc.memoIds, 2 * sc.memoN);
            sc.memoP = Arrays.copyOf(sc.memoP, 2 * sc.memoN);
        }
        sc.memoIds[sc.memoN] = id;
        sc.memoP[sc.memoN++] = p;
        return p;
    }

    /**
     * {@link #completion(GameState, int, int, double, Weights, Scratch)} worked out for an open feature, with an
     * opening fit or need, {@code fits} as work space.
     */
    private static double completion(GameState g, int id, int open, double q, Weights wt, IntList fits) {
        double fit = wt.openingFit(), need = wt.openingNeed();
        fits.clear();
        g.featureOpeningFits(id, fits);
        double p = 1;
        for (int i = 0; i < fits.size(); i++) {
            int k = fits.get(i);
            // q k / (k + fit) in this order: the arithmetic the tuned lines were measured on.
            double close = fit > 0 ? q * k / (k + fit) : q;
            if (need > 0) {
                close *= Math.min(1, k / need);
            }
            p *= close;
        }
        return p;
    }

    /** A value in [0, 1] for {@code seat}: a logistic function of its margin over the best other seat. */
    public static double normalised(double[] expected, int seat) {
        return 1.0 / (1.0 + Math.exp(-margin(expected, seat) / MARGIN_SCALE));
    }

    /** {@code expected[seat]} minus the best other seat's value. */
    public static double margin(double[] expected, int seat) {
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < expected.length; i++) {
            if (i != seat) {
                best = Math.max(best, expected[i]);
            }
        }
        return expected[seat] - best;
    }

    /** Numbered tiles 1, 2, 3 left in the pile (index 1..3; index 0 is 0). */
    static int[] numberedLeft(GameState g) {
        int[] c = new int[4];
        g.remainingByWheelNumber(c);
        c[0] = 0;
        return c;
    }

    /** Probability per sector that the next numbered tile takes the pig there (all 0 when none is left). */
    static double[] nextLanding(GameState g) {
        return nextLanding(g.pig().ordinal(), numberedLeft(g), new double[6]);
    }

    /** {@link #nextLanding(GameState)} from the pig's sector and {@link #numberedLeft}, into {@code out}. */
    private static double[] nextLanding(int pig, int[] c, double[] out) {
        Arrays.fill(out, 0);
        int m = c[1] + c[2] + c[3];
        if (m == 0) {
            return out;
        }
        for (int k = 1; k <= 3; k++) {
            out[(pig + k) % 6] += (double) c[k] / m;
        }
        return out;
    }

    /**
     * Probability per sector that the pig lands on it at least once before the numbered tiles run out
     * (each remaining numbered draw moves it 1/2/3 in proportion to the counts left, drawn independently).
     */
    static double[] hitProbabilities(GameState g) {
        return hitProbabilities(g.pig().ordinal(), numberedLeft(g), null);
    }

    /** The same from the pig's sector and the counts; the result is shared (cached): never write to it. */
    private static double[] hitProbabilities(int pig, int[] c, Scratch sc) {
        if (c[1] > 255 || c[2] > 255 || c[3] > 255) {
            return hitProbabilities(pig, c);
        }
        // The answer depends only on the pig and the three counts: memoise it (searches ask very often).
        int key = pig << 24 | c[1] << 16 | c[2] << 8 | c[3];
        if (sc != null) {
            int slot = (key ^ key >>> 8 ^ key >>> 16) & 255;
            if (sc.hitKeys[slot] == key) {
                return sc.hitValues[slot];
            }
            double[] h = HIT_CACHE.computeIfAbsent(key, k -> hitProbabilities(pig, c));
            sc.hitKeys[slot] = key;
            sc.hitValues[slot] = h;
            return h;
        }
        return HIT_CACHE.computeIfAbsent(key, k -> hitProbabilities(pig, c));
    }

    private static final java.util.concurrent.ConcurrentHashMap<Integer, double[]> HIT_CACHE =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static double[] hitProbabilities(int pig, int[] c) {
        int m = c[1] + c[2] + c[3];
        double[] out = new double[6];
        if (m == 0) {
            return out;
        }
        double[] step = {0, (double) c[1] / m, (double) c[2] / m, (double) c[3] / m};
        for (int target = 0; target < 6; target++) {
            double[] dist = new double[6];
            dist[pig] = 1;
            double hitP = 0;
            for (int d = 0; d < m; d++) {
                double[] nd = new double[6];
                for (int s = 0; s < 6; s++) {
                    if (dist[s] == 0) {
                        continue;
                    }
                    for (int k = 1; k <= 3; k++) {
                        int t = (s + k) % 6;
                        double pr = dist[s] * step[k];
                        if (t == target) {
                            hitP += pr;
                        } else {
                            nd[t] += pr;
                        }
                    }
                }
                dist = nd;
            }
            out[target] = hitP;
        }
        return out;
    }
}
