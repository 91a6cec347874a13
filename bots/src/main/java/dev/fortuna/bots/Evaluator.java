package dev.fortuna.bots;

import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 */
public final class Evaluator {
    /**
     * The evaluation's constants: {@code edgeHorizon} (the {@code H} in {@code q}), {@code followerValue} and
     * {@code followerHorizon} (the {@code V} and {@code K} in {@code w}), and {@code fieldFuture} (the {@code F}
     * weight of an unfinished city next to a field).
     */
    public record Weights(double edgeHorizon, double followerValue, double followerHorizon, double fieldFuture) {
        /**
         * Tuned by greedy-against-greedy matches (docs/bots.md): against {@link #FIRST} these weights won 61.6% of
         * 400 games on a seed not used for tuning.
         */
        public static final Weights STANDARD = new Weights(12, 4, 6, 0.4);
        /** The first, untuned constants (completed cities only for farmers). */
        public static final Weights FIRST = new Weights(6, 2, 12, 0);

        public Weights {
            if (!(edgeHorizon > 0) || !(followerValue >= 0) || !(followerHorizon > 0) || !(fieldFuture >= 0)) {
                throw new IllegalArgumentException("evaluation weights: horizons must be positive, values not "
                        + "negative");
            }
        }
    }

    public static final Evaluator STANDARD = new Evaluator(Weights.STANDARD);

    private final Weights weights;

    public Evaluator(Weights weights) {
        this.weights = weights;
    }

    public Weights weights() {
        return weights;
    }
    /** Margin (points) that maps to about 0.73 in {@link #normalised}. */
    static final double MARGIN_SCALE = 10.0;

    private static final Map<String, Integer> WHEEL_NUMBER = new HashMap<>();

    static {
        for (TileType t : TileCatalog.standard().allTypes()) {
            WHEEL_NUMBER.put(t.id(), t.wheel());
        }
    }

    /** Expected final points per seat with the standard weights (see the class comment). */
    public static double[] expectedScores(GameState g) {
        return STANDARD.scores(g);
    }

    /** Expected final points per seat with these weights (see the class comment). */
    public double[] scores(GameState g) {
        int n = g.players();
        double[] e = new double[n];
        for (int s = 0; s < n; s++) {
            e[s] = g.score(s);
        }
        if (g.isOver()) {
            return e;
        }
        int left = g.pileSize();
        double q = left / (left + weights.edgeHorizon());
        double w = weights.followerValue() * left / (left + weights.followerHorizon());
        boolean wheel = g.pig() != null;
        // Per-seat wheel event values on the current position (only needed with the wheel).
        double[] tax = wheel ? new double[n] : null, famine = wheel ? new double[n] : null;
        double[] monks = wheel ? new double[n] : null, cheapest = wheel ? new double[n] : null;
        if (wheel) {
            java.util.Arrays.fill(cheapest, Double.MAX_VALUE);
        }
        WheelOptions.FamineRule famineRule = wheel ? g.config().wheel().famine() : null;
        double[] hit = null;

        List<FollowerPlacement> fs = g.followers();
        long[] seen = new long[fs.size()];
        int nSeen = 0;
        for (FollowerPlacement f : fs) {
            if (f.onCrown()) {
                if (hit == null) {
                    hit = hitProbabilities(g);
                }
                Sector sec = f.crownSector();
                int filled = 0;
                for (Seat x : g.crowns(sec)) {
                    if (x != null) {
                        filled++;
                    }
                }
                double each = (g.crownSpaces(sec) == 2 && filled == 1) ? 6 : 3;
                e[f.seat().index()] += hit[sec.ordinal()] * (each + w);
                continue;
            }
            Position pos = f.position();
            long prog = g.featureProgress(pos, f.feature());
            long id = prog >>> 32;
            int open = (int) prog;
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
            GameState.FeatureInfo info = g.feature(pos, f.feature());
            List<Integer> counts = info.followers();
            int best = 0;
            for (int c : counts) {
                best = Math.max(best, c);
            }
            double p = f.kind() == FeatureKind.FIELD ? 0 : Math.pow(q, open);
            double v = switch (f.kind()) {
                case ROAD -> info.tileCount();
                case CITY -> (info.tileCount() + info.pennants()) * (1 + p);
                case CLOISTER -> 9 * p + (1 - p) * (9 - open);
                case FIELD -> 3.0 * (info.adjacentCompletedCities() + futureCities(g, pos, f.feature(), q));
            };
            for (int s = 0; s < n; s++) {
                int k = counts.get(s);
                if (k == 0) {
                    continue;
                }
                if (k == best) {
                    e[s] += v;
                }
                e[s] += p * k * w;
                if (wheel) {
                    switch (f.kind()) {
                        case CITY -> tax[s] += k * (info.pennants() + k);
                        case FIELD -> {
                            int cities = info.adjacentCompletedCities();
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
        for (int s = 0; s < n; s++) {
            e[s] += g.supply(s) * w;
        }
        if (wheel) {
            double[] next = nextLanding(g);
            for (int s = 0; s < n; s++) {
                double ev = next[Sector.TAX.ordinal()] * tax[s]
                        + next[Sector.FAMINE.ordinal()] * famine[s]
                        + next[Sector.STORM.ordinal()] * g.supply(s)
                        + next[Sector.INQUISITION.ordinal()] * 2 * monks[s];
                if (cheapest[s] != Double.MAX_VALUE) {
                    ev -= next[Sector.PLAGUE.ordinal()] * cheapest[s];
                }
                e[s] += ev;
            }
        }
        return e;
    }

    /** {@code F} times the chances that the unfinished cities next to a field complete. */
    private double futureCities(GameState g, Position pos, int feature, double q) {
        if (weights.fieldFuture() == 0) {
            return 0;
        }
        double sum = 0;
        for (int open : g.fieldCityOpenEdges(pos, feature)) {
            if (open > 0) {
                sum += Math.pow(q, open);
            }
        }
        return weights.fieldFuture() * sum;
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

    /** Numbered tiles 1, 2, 3 left in the pile (index 1..3). */
    static int[] numberedLeft(GameState g) {
        int[] c = new int[4];
        for (String id : g.remainingTiles()) {
            Integer k = WHEEL_NUMBER.get(id);
            if (k != null && k > 0 && k < 4) {
                c[k]++;
            }
        }
        return c;
    }

    /** Probability per sector that the next numbered tile takes the pig there (all 0 when none is left). */
    static double[] nextLanding(GameState g) {
        int[] c = numberedLeft(g);
        double[] out = new double[6];
        int m = c[1] + c[2] + c[3];
        if (m == 0) {
            return out;
        }
        int pig = g.pig().ordinal();
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
        int[] c = numberedLeft(g);
        int pig = g.pig().ordinal();
        if (c[1] > 255 || c[2] > 255 || c[3] > 255) {
            return hitProbabilities(pig, c);
        }
        // The answer depends only on the pig and the three counts: memoise it (searches ask very often).
        int key = pig << 24 | c[1] << 16 | c[2] << 8 | c[3];
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
