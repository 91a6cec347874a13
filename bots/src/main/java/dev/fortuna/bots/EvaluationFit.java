package dev.fortuna.bots;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import java.util.ArrayList;
import java.util.List;

/**
 * Fits a linear evaluation ({@link Evaluator#Evaluator(Evaluator.Weights, double[])}) to self-play: a policy
 * (the greedy bot with a given evaluation, taking a uniformly random legal action with probability
 * {@code epsilon} so that the games visit positions the policy itself would avoid) plays {@code games} games;
 * at every tile placement decision, for every seat, the sample is the seat's {@link Evaluator#features} and
 * their products with the phase {@code T / 72} ({@code T} = tiles left), and the target is the points the seat
 * goes on to score until the end of the game. The coefficients minimise the squared error (ordinary least
 * squares with a tiny ridge term that only keeps the normal equations solvable when a component never occurs,
 * e.g. the wheel's components in a base game).
 *
 * <p>The fit is deterministic: game {@code g} is dealt and played from seeds derived from {@code seed} and
 * {@code g} only, and the per-game sums are added in game order, so the result does not depend on
 * {@code parallel}.
 */
public final class EvaluationFit {
    /** Coefficients of the fitted model: {@code a_0..a_{F-1}} then {@code b_0..b_{F-1}}. */
    static final int D = 2 * Evaluator.FEATURES;
    /** Relative ridge term: {@code λ = RIDGE × max(1, XᵀX_ii)} is added to each diagonal entry. */
    static final double RIDGE = 1e-6;

    private EvaluationFit() {
    }

    /**
     * The fitted coefficients with the quality of the fit on its own samples: {@code r2} and {@code rmse} of the
     * fitted model, and {@code baselineR2} of {@code policy}'s own prediction (its expected final points less the
     * points already scored) on the same samples.
     */
    public record Result(double[] coefficients, long samples, int games, double r2, double rmse,
                         double baselineR2) {
    }

    /** Normal-equation sums: XᵀX, Xᵀy, yᵀy, Σy, the baseline's squared error and the sample count. */
    static final class Sums {
        final double[][] xx = new double[D][D];
        final double[] xy = new double[D];
        double yy, ySum, baselineSse;
        long n;

        void add(double[] x, double y, double baseline) {
            for (int i = 0; i < D; i++) {
                double xi = x[i];
                if (xi == 0) {
                    continue;
                }
                double[] row = xx[i];
                for (int j = 0; j < D; j++) {
                    row[j] += xi * x[j];
                }
                xy[i] += xi * y;
            }
            yy += y * y;
            ySum += y;
            baselineSse += (y - baseline) * (y - baseline);
            n++;
        }

        void addAll(Sums o) {
            for (int i = 0; i < D; i++) {
                for (int j = 0; j < D; j++) {
                    xx[i][j] += o.xx[i][j];
                }
                xy[i] += o.xy[i];
            }
            yy += o.yy;
            ySum += o.ySum;
            baselineSse += o.baselineSse;
            n += o.n;
        }
    }

    /**
     * Plays {@code games} self-play games of {@code config} (its seed is replaced per game) with the greedy
     * policy on {@code policy}, {@code parallel} at a time, and fits the coefficients.
     */
    public static Result fit(GameConfig config, Evaluator policy, int games, long seed, double epsilon,
                             int parallel) {
        return fit(config, policy, games, seed, epsilon, parallel, null);
    }

    /** As above; {@code onGame} (may be null) hears the number of games done after each, in game order. */
    public static Result fit(GameConfig config, Evaluator policy, int games, long seed, double epsilon,
                             int parallel, java.util.function.IntConsumer onGame) {
        if (games < 1) {
            throw new IllegalArgumentException("games must be at least 1, not " + games);
        }
        if (!(epsilon >= 0 && epsilon <= 1)) {
            throw new IllegalArgumentException("epsilon must be between 0 and 1, not " + epsilon);
        }
        Sums total = new Sums();
        int[] done = {0};
        Parallel.inOrder(games, parallel, "fit", g -> play(config, policy, g, seed, epsilon), sums -> {
            total.addAll(sums);
            if (onGame != null) {
                onGame.accept(++done[0]);
            }
        });
        return solve(total, games);
    }

    /** One self-play game's sums. */
    static Sums play(GameConfig config, Evaluator policy, int game, long seed, double epsilon) {
        SplitMix64 seeds = new SplitMix64(seed ^ game * 0x9E3779B97F4A7C15L);
        GameState g = GameState.newGame(config.withSeed(seeds.nextLong()));
        SplitMix64 rng = new SplitMix64(seeds.nextLong());
        int n = config.players();
        List<double[]> xs = new ArrayList<>();
        List<double[]> predicted = new ArrayList<>();
        List<int[]> scoredSoFar = new ArrayList<>();
        while (!g.isOver()) {
            if (g.decisionKind() == DecisionKind.PLACE_TILE) {
                double[] f = policy.features(g);
                double phase = g.pileSize() / Evaluator.PHASE_TILES;
                for (int s = 0; s < n; s++) {
                    xs.add(row(f, s, phase));
                }
                predicted.add(policy.scores(g, f));
                scoredSoFar.add(g.scores());
            }
            int options = g.legalCount();
            int pick;
            if (options == 1) {
                pick = 0;
            } else if (rng.nextDouble() < epsilon) {
                pick = rng.nextInt(options);
            } else {
                pick = GreedyBot.bestIndex(GreedyBot.actionValues(policy, g, g.decidingSeat()));
            }
            g.applyLegal(pick);
        }
        Sums sums = new Sums();
        for (int k = 0; k < predicted.size(); k++) {
            for (int s = 0; s < n; s++) {
                int before = scoredSoFar.get(k)[s];
                sums.add(xs.get(k * n + s), g.score(s) - before, predicted.get(k)[s] - before);
            }
        }
        return sums;
    }

    /** The model's inputs for seat {@code s}: its components, then the same times {@code phase}. */
    static double[] row(double[] features, int s, double phase) {
        int f = Evaluator.FEATURES;
        double[] x = new double[D];
        for (int i = 0; i < f; i++) {
            x[i] = features[s * f + i];
            x[f + i] = x[i] * phase;
        }
        return x;
    }

    /** Solves the ridge-regularised normal equations by Gaussian elimination with partial pivoting. */
    static Result solve(Sums s, int games) {
        if (s.n == 0) {
            throw new IllegalArgumentException("no samples: the games had no tile placement");
        }
        double[][] m = new double[D][D + 1];
        for (int i = 0; i < D; i++) {
            System.arraycopy(s.xx[i], 0, m[i], 0, D);
            m[i][D] = s.xy[i];
            m[i][i] += RIDGE * Math.max(1, s.xx[i][i]);
        }
        for (int col = 0; col < D; col++) {
            int piv = col;
            for (int i = col + 1; i < D; i++) {
                if (Math.abs(m[i][col]) > Math.abs(m[piv][col])) {
                    piv = i;
                }
            }
            double[] t = m[col];
            m[col] = m[piv];
            m[piv] = t;
            for (int i = 0; i < D; i++) {
                if (i != col && m[i][col] != 0) {
                    double factor = m[i][col] / m[col][col];
                    for (int j = col; j <= D; j++) {
                        m[i][j] -= factor * m[col][j];
                    }
                }
            }
        }
        double[] beta = new double[D];
        for (int i = 0; i < D; i++) {
            beta[i] = m[i][D] / m[i][i];
        }
        // Residual sum of squares from the sums: yᵀy − 2 βᵀXᵀy + βᵀXᵀXβ.
        double rss = s.yy;
        for (int i = 0; i < D; i++) {
            rss -= 2 * beta[i] * s.xy[i];
            for (int j = 0; j < D; j++) {
                rss += beta[i] * s.xx[i][j] * beta[j];
            }
        }
        rss = Math.max(0, rss);
        double mean = s.ySum / s.n;
        double tss = s.yy - s.n * mean * mean;
        double r2 = tss > 0 ? 1 - rss / tss : 0;
        double baseline = tss > 0 ? 1 - s.baselineSse / tss : 0;
        return new Result(beta, s.n, games, r2, Math.sqrt(rss / s.n), baseline);
    }
}
