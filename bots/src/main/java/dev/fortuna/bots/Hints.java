package dev.fortuna.bots;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.SplitMix64;

/**
 * A bot's suggestion for one seat's decision, with what it is expected to lead to: the bot chooses from the
 * seat's {@link PlayerView} within its budget, and the expected final scores after the chosen action are the
 * fitted evaluation's ({@link Evaluator#FITTED}; the standard one in a mode without fitted coefficients),
 * averaged over {@link #SAMPLES} samples of the pile order consistent with the view. The <b>expected margin</b>
 * is the seat's expected final score minus the best other seat's. A placement is judged together with the best
 * deployment that follows it (by the same evaluation), since both belong to the same turn, as the greedy bot
 * and the search's leaves judge it.
 *
 * <p>The margin comes from the evaluation, not from the search's statistics: MCTS values are win-like numbers
 * in [0, 1] on a logistic curve centred on the root, which cannot be read back as points.
 */
public final class Hints {
    /** Pile orders averaged over: after an action only the next tile drawn differs between them. */
    static final int SAMPLES = 8;

    private Hints() {
    }

    /** A suggested action code with the expected final score of every seat after it and the seat's margin. */
    public record Suggestion(int code, double expectedMargin, double[] expectedScores) {
        public Action action() {
            return Action.decode(code);
        }
    }

    /** What {@code bot} would do for {@code view}'s seat within {@code budget}, with its expected margin. */
    public static Suggestion suggest(Bot bot, PlayerView view, Budget budget, long seed) {
        int code = bot.chooseCode(view, budget, seed);
        return judge(view, code, seed);
    }

    /** The expected final scores and margin after {@code code}, one of {@code view}'s legal actions. */
    public static Suggestion judge(PlayerView view, int code, long seed) {
        boolean legal = false;
        for (int c : view.legalCodes()) {
            legal |= c == code;
        }
        if (!legal) {
            throw new IllegalArgumentException("action code " + code + " is not legal in this view");
        }
        int seat = view.seat().index();
        double[] sum = new double[view.players()];
        SplitMix64 seeds = new SplitMix64(seed ^ 0x5DEECE66DL);
        for (int k = 0; k < SAMPLES; k++) {
            GameState g = view.determinize(seeds.nextLong());
            g.applyCode(code, null);
            double[] e = afterBestDeployment(g, seat);
            for (int s = 0; s < sum.length; s++) {
                sum[s] += e[s] / SAMPLES;
            }
        }
        return new Suggestion(code, Evaluator.margin(sum, seat), sum);
    }

    /** The evaluation of {@code g}, or, when {@code seat} deploys next, of its best deployment. */
    private static double[] afterBestDeployment(GameState g, int seat) {
        Evaluator ev = Evaluator.FITTED;
        if (g.isOver() || g.decisionKind() != DecisionKind.DEPLOY || g.decidingSeat() != seat) {
            return ev.scores(g);
        }
        double[] best = null;
        double bestMargin = Double.NEGATIVE_INFINITY;
        int n = g.legalCount();
        for (int j = 0; j < n; j++) {
            GameState d = g.copy();
            d.applyCode(g.legalCode(j), null);
            double[] e = ev.scores(d);
            double m = Evaluator.margin(e, seat);
            if (m > bestMargin) { // ties keep the earlier option, as the greedy bot does
                bestMargin = m;
                best = e;
            }
        }
        return best;
    }
}
