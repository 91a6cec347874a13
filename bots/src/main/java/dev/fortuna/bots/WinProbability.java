package dev.fortuna.bots;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Seat;
import java.util.ArrayList;
import java.util.List;

/**
 * Each seat's probability of winning from a position. The fitted evaluation ({@link Evaluator#FITTED}, the
 * standard one where a mode has no fitted coefficients) predicts every seat's final score {@code e_s}; the
 * probabilities are the softmax {@code P(s) = exp(κ e_s) / Σ_j exp(κ e_j)}, whose inverse temperature
 * {@code κ(T)} (per point) depends on the tiles left {@code T}: it is piecewise linear between knots at
 * {@code T = 0, 8, 16, …, 96} (clamped beyond), one set of knots per game mode (expansions × players), fitted by
 * maximum likelihood to the outcomes of self-play games ({@link #fit}, {@code fortuna fit-win}). With two players
 * this is the logistic curve of the predicted margin, {@code 1 / (1 + exp(-κ (e_0 - e_1)))}. A shared win
 * counts {@code 1/k} for each of the {@code k} leaders, in the fit as in the estimate of a finished game.
 *
 * <p>The estimate reads only what every spectator knows: the scores, the board, the followers, the tile drawn
 * and the multiset of tiles still to come (the evaluation never reads the pile's order).
 *
 * <p>The knots per mode are data, the resource {@code win-probabilities.txt}: one line per mode,
 * {@code EXPANSIONS PLAYERS κ_0,…,κ_12} ({@code #} starts a comment; the header gives the commands that made it;
 * {@link ModeTable} reads it). A mode without a line uses {@link #DEFAULT_KAPPA}.
 */
public final class WinProbability {
    /** Tiles left between knots, and the number of knots ({@code T = 0 … 96}). */
    public static final int KNOT_STEP = 8, KNOTS = 13;
    static final ModeTable FORMAT = new ModeTable("win-probabilities.txt", "knot", KNOTS);
    /**
     * For a mode without a fitted line: a fixed {@code κ}, between what the fits give early and late in the game
     * (docs/bots.md); better than nothing, not calibrated.
     */
    static final double DEFAULT_KAPPA = 0.06;
    private static final double[][] TABLE = FORMAT.load();

    private WinProbability() {
    }

    /** Each seat's probability of winning from {@code g} (sums to 1); exact shares when the game is over. */
    public static double[] estimate(GameState g) {
        return estimate(g, forConfig(g.config()));
    }

    /** As {@link #estimate(GameState)} with the knots {@code kappas} (null: {@link #DEFAULT_KAPPA}). */
    public static double[] estimate(GameState g, double[] kappas) {
        if (g.isOver()) {
            return shares(g);
        }
        return softmax(Evaluator.FITTED.scores(g), kappa(kappas, g.pileSize()));
    }

    /** The knots fitted for the mode of {@code config}, or null when there are none. */
    public static double[] forConfig(GameConfig config) {
        return ModeTable.row(TABLE, config);
    }

    /** The win share of every seat of a finished game: 1/k for each of k leaders. */
    static double[] shares(GameState g) {
        double[] y = new double[g.players()];
        List<Seat> leaders = g.leaders();
        for (Seat s : leaders) {
            y[s.index()] = 1.0 / leaders.size();
        }
        return y;
    }

    /** {@code κ(T)}: linear between the knots, the last knot's value beyond them. */
    public static double kappa(double[] kappas, int tilesLeft) {
        if (kappas == null) {
            return DEFAULT_KAPPA;
        }
        double[] h = new double[KNOTS];
        hats(tilesLeft, h);
        double k = 0;
        for (int j = 0; j < KNOTS; j++) {
            k += h[j] * kappas[j];
        }
        return k;
    }

    /** The weights of the knots at {@code tilesLeft} (at most two are non-zero, summing to 1). */
    static void hats(int tilesLeft, double[] h) {
        java.util.Arrays.fill(h, 0);
        double t = Math.max(0, Math.min(tilesLeft, (KNOTS - 1) * KNOT_STEP)) / (double) KNOT_STEP;
        int j = (int) Math.floor(t);
        if (j >= KNOTS - 1) {
            h[KNOTS - 1] = 1;
            return;
        }
        double w = t - j;
        h[j] = 1 - w;
        h[j + 1] = w;
    }

    static double[] softmax(double[] e, double kappa) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : e) {
            max = Math.max(max, v);
        }
        double[] p = new double[e.length];
        double sum = 0;
        for (int s = 0; s < e.length; s++) {
            p[s] = Math.exp(kappa * (e[s] - max)); // shifted: exp never overflows
            sum += p[s];
        }
        for (int s = 0; s < e.length; s++) {
            p[s] /= sum;
        }
        return p;
    }

    /** One position of a finished game: tiles left, the evaluation's predicted final scores, the win shares. */
    public record Sample(int tilesLeft, double[] predicted, double[] outcome) {
    }

    /**
     * Collects the samples of one game: {@link #before} at every decision (only tile placements are kept, one per
     * turn), then {@link #finish} with the final state.
     */
    public static final class GameSamples {
        private final List<int[]> left = new ArrayList<>();
        private final List<double[]> predicted = new ArrayList<>();
        private final List<Sample> samples = new ArrayList<>();

        public void before(GameState g) {
            if (!g.isOver() && g.decisionKind() == DecisionKind.PLACE_TILE) {
                left.add(new int[] {g.pileSize()});
                predicted.add(Evaluator.FITTED.scores(g));
            }
        }

        public List<Sample> finish(GameState end) {
            double[] y = shares(end);
            for (int i = 0; i < predicted.size(); i++) {
                samples.add(new Sample(left.get(i)[0], predicted.get(i), y));
            }
            return samples;
        }
    }

    /**
     * The fitted knots with the fit's mean log loss per position (natural log) and that of the uniform guess
     * {@code 1/players}.
     */
    public record Fit(double[] kappas, int positions, double logLoss, double uniformLogLoss) {
    }

    /**
     * Smoothness penalty {@code λ Σ (κ_j − κ_{j+1})²}. It ties knots with few or no positions to their neighbours
     * (the knots beyond the longest pile, and early positions, where every seat's prediction is alike and the
     * outcome says little about κ): with λ = 1 a fit of 2-player Wheel of Fortune + Crop Circles gave κ < 0 at 88
     * tiles left. It costs little where positions are many: the log likelihood's curvature there is the spread of
     * the predictions (about 100 points²) times thousands of positions.
     */
    static final double SMOOTH = 1000.0;

    /**
     * Maximum likelihood knots for {@code samples} (Newton's method: the log likelihood is concave in the knots,
     * since the softmax's logits are linear in them, so it converges to the one maximum).
     */
    public static Fit fit(List<Sample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no positions to fit");
        }
        double[] k = new double[KNOTS];
        java.util.Arrays.fill(k, DEFAULT_KAPPA);
        double[] h = new double[KNOTS];
        double ll = logLikelihood(samples, k);
        for (int iter = 0; iter < 100; iter++) {
            double[] grad = new double[KNOTS];
            double[][] hess = new double[KNOTS][KNOTS];
            for (Sample s : samples) {
                hats(s.tilesLeft(), h);
                double kap = 0;
                for (int j = 0; j < KNOTS; j++) {
                    kap += h[j] * k[j];
                }
                double[] p = softmax(s.predicted(), kap);
                double ye = 0, pe = 0, pe2 = 0;
                for (int i = 0; i < p.length; i++) {
                    double e = s.predicted()[i];
                    ye += s.outcome()[i] * e;
                    pe += p[i] * e;
                    pe2 += p[i] * e * e;
                }
                double d1 = ye - pe, var = pe2 - pe * pe;
                for (int a = 0; a < KNOTS; a++) {
                    if (h[a] == 0) {
                        continue;
                    }
                    grad[a] += h[a] * d1;
                    for (int b = 0; b < KNOTS; b++) {
                        hess[a][b] -= h[a] * h[b] * var;
                    }
                }
            }
            for (int j = 0; j + 1 < KNOTS; j++) { // the penalty's gradient and Hessian
                double d = k[j] - k[j + 1];
                grad[j] -= 2 * SMOOTH * d;
                grad[j + 1] += 2 * SMOOTH * d;
                hess[j][j] -= 2 * SMOOTH;
                hess[j + 1][j + 1] -= 2 * SMOOTH;
                hess[j][j + 1] += 2 * SMOOTH;
                hess[j + 1][j] += 2 * SMOOTH;
            }
            double[] step = solve(hess, grad); // Newton: κ − H⁻¹ g
            double t = 1;
            double[] next = new double[KNOTS];
            double nextLl;
            do { // halve the step until the penalised likelihood does not fall
                for (int j = 0; j < KNOTS; j++) {
                    next[j] = k[j] - t * step[j];
                }
                nextLl = logLikelihood(samples, next);
                t /= 2;
            } while (nextLl < ll && t > 1e-6);
            double moved = 0;
            for (int j = 0; j < KNOTS; j++) {
                moved = Math.max(moved, Math.abs(next[j] - k[j]));
            }
            if (nextLl < ll) {
                break;
            }
            k = next.clone();
            ll = nextLl;
            if (moved < 1e-9) {
                break;
            }
        }
        double loss = 0;
        for (Sample s : samples) {
            loss += crossEntropy(s, kappa(k, s.tilesLeft()));
        }
        int n = samples.get(0).outcome().length;
        return new Fit(k, samples.size(), loss / samples.size(), Math.log(n));
    }

    /** The penalised log likelihood of {@code samples} under knots {@code k}. */
    private static double logLikelihood(List<Sample> samples, double[] k) {
        double ll = 0;
        for (Sample s : samples) {
            ll -= crossEntropy(s, kappa(k, s.tilesLeft()));
        }
        for (int j = 0; j + 1 < KNOTS; j++) {
            ll -= SMOOTH * (k[j] - k[j + 1]) * (k[j] - k[j + 1]);
        }
        return ll;
    }

    /** {@code −Σ y_s log p_s} for one position. */
    static double crossEntropy(Sample s, double kappa) {
        double[] p = softmax(s.predicted(), kappa);
        double ce = 0;
        for (int i = 0; i < p.length; i++) {
            if (s.outcome()[i] > 0) {
                ce -= s.outcome()[i] * Math.log(Math.max(p[i], 1e-300));
            }
        }
        return ce;
    }

    /** Solves {@code a x = b} by Gaussian elimination with partial pivoting ({@code a} is copied). */
    static double[] solve(double[][] a0, double[] b0) {
        int n = b0.length;
        double[][] a = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a0[i], 0, a[i], 0, n);
            a[i][n] = b0[i];
        }
        for (int c = 0; c < n; c++) {
            int piv = c;
            for (int i = c + 1; i < n; i++) {
                if (Math.abs(a[i][c]) > Math.abs(a[piv][c])) {
                    piv = i;
                }
            }
            double[] t = a[c];
            a[c] = a[piv];
            a[piv] = t;
            for (int i = 0; i < n; i++) {
                if (i != c && a[i][c] != 0) {
                    double f = a[i][c] / a[c][c];
                    for (int j = c; j <= n; j++) {
                        a[i][j] -= f * a[c][j];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = a[i][n] / a[i][i];
        }
        return x;
    }

    /**
     * One row of a calibration table: the predictions {@code p} with {@code lo ≤ p < hi} (the last bucket
     * includes 1), every seat of every position counted once, their mean, the mean win share they went on to,
     * and the half width of that share's 95% interval. The positions of one game are far from independent (and
     * with two players the two seats' predictions mirror each other), so the interval treats each game as one
     * cluster: {@code 1.96 √(Σ_games (Σ (y − observed))²) / count}.
     */
    public record Bucket(double lo, double hi, long count, double meanPredicted, double observed, double halfWidth) {
    }

    /** A calibration table in equal buckets, with the Brier score and log loss per position over everything. */
    public record Calibration(List<Bucket> buckets, long predictions, int positions, int games, double brier,
                              double logLoss) {
    }

    /** How well the knots' probabilities match the outcomes of {@code games} (each a game's samples). */
    public static Calibration calibrate(List<List<Sample>> games, double[] kappas, int buckets) {
        long[] count = new long[buckets];
        double[] pSum = new double[buckets], ySum = new double[buckets];
        double brier = 0, loss = 0;
        long predictions = 0;
        int positions = 0;
        for (List<Sample> game : games) {
            for (Sample s : game) {
                double kap = kappa(kappas, s.tilesLeft());
                double[] p = softmax(s.predicted(), kap);
                loss += crossEntropy(s, kap);
                positions++;
                for (int i = 0; i < p.length; i++) {
                    int b = bucket(p[i], buckets);
                    count[b]++;
                    pSum[b] += p[i];
                    ySum[b] += s.outcome()[i];
                    brier += (p[i] - s.outcome()[i]) * (p[i] - s.outcome()[i]);
                    predictions++;
                }
            }
        }
        double[] observed = new double[buckets];
        for (int b = 0; b < buckets; b++) {
            observed[b] = count[b] == 0 ? 0 : ySum[b] / count[b];
        }
        double[] var = new double[buckets];
        for (List<Sample> game : games) {
            double[] dev = new double[buckets];
            for (Sample s : game) {
                double[] p = softmax(s.predicted(), kappa(kappas, s.tilesLeft()));
                for (int i = 0; i < p.length; i++) {
                    int b = bucket(p[i], buckets);
                    dev[b] += s.outcome()[i] - observed[b];
                }
            }
            for (int b = 0; b < buckets; b++) {
                var[b] += dev[b] * dev[b];
            }
        }
        List<Bucket> out = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            out.add(new Bucket((double) b / buckets, (double) (b + 1) / buckets, count[b],
                    count[b] == 0 ? 0 : pSum[b] / count[b], observed[b],
                    count[b] == 0 ? 0 : 1.959964 * Math.sqrt(var[b]) / count[b]));
        }
        return new Calibration(out, predictions, positions, games.size(), predictions == 0 ? 0 : brier / predictions,
                positions == 0 ? 0 : loss / positions);
    }

    private static int bucket(double p, int buckets) {
        return Math.max(0, Math.min(buckets - 1, (int) (p * buckets)));
    }

    /** The mode's line for the table: {@code EXPANSIONS PLAYERS κ_0,…,κ_12}. */
    public static String tableLine(GameConfig config, double[] kappas) {
        return ModeTable.line(config, kappas, "%.5f");
    }

    /** Parses the table; a malformed line is an error naming its number. */
    static double[][] parse(List<String> lines) {
        return FORMAT.parse(lines);
    }
}
