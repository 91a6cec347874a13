package dev.fortuna.bots;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.SplitMix64;

/**
 * One-ply look-ahead: applies every legal action to a copy of a determinized state (the pile order sampled
 * from the seed, see {@link PlayerView#determinize(long)}) and keeps the action whose result has the best
 * {@link Evaluator} margin for the deciding seat (its expected points minus the best other seat's). A tile
 * placement is judged together with the best follower deployment that follows it, since both belong to the
 * same turn. Ties go to the earlier action in the legal order.
 */
public final class GreedyBot implements Bot {
    private final Evaluator evaluator;

    public GreedyBot() {
        this(Evaluator.STANDARD);
    }

    public GreedyBot(Evaluator evaluator) {
        this.evaluator = evaluator;
    }

    public Evaluator evaluator() {
        return evaluator;
    }

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public int chooseCode(PlayerView view, Budget budget, long seed) {
        int[] codes = view.legalCodes();
        if (codes.length == 0) {
            throw new IllegalStateException("no decision to make: the game is over");
        }
        if (codes.length == 1) {
            return codes[0];
        }
        GameState root = view.determinize(new SplitMix64(seed).nextLong());
        return codes[bestIndex(actionValues(evaluator, root, view.seat().index()))];
    }

    /** The index of the highest value; ties go to the earlier index. */
    static int bestIndex(double[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }

    /**
     * The greedy value (margin for {@code seat}) of every legal action of {@code g}, in legal order. Used by
     * the MCTS bot to order its root actions.
     */
    static double[] actionValues(Evaluator ev, GameState g, int seat) {
        return actionValues(ev, g, seat, null);
    }

    /**
     * {@link #actionValues(Evaluator, GameState, int)}, adding to {@code work[0]} (when not null) the positions it
     * evaluated: the measure of effort of the MCTS bot's reply search, whose play-outs are greedy decisions.
     */
    static double[] actionValues(Evaluator ev, GameState g, int seat, int[] work) {
        int n = g.legalCount();
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            GameState c = g.copy();
            c.applyCode(g.legalCode(i), null);
            out[i] = bestFollowUp(ev, c, seat, work);
        }
        return out;
    }

    /** After a placement, the same seat's deployment decision is part of the same move: take its best. */
    private static double bestFollowUp(Evaluator ev, GameState c, int seat, int[] work) {
        if (c.decisionKind() != DecisionKind.DEPLOY || c.decidingSeat() != seat) {
            if (work != null) {
                work[0]++;
            }
            return Evaluator.margin(ev.scores(c), seat);
        }
        double best = Double.NEGATIVE_INFINITY;
        int n = c.legalCount();
        if (work != null) {
            work[0] += n;
        }
        for (int j = 0; j < n; j++) {
            GameState d = c.copy();
            d.applyCode(c.legalCode(j), null);
            best = Math.max(best, Evaluator.margin(ev.scores(d), seat));
        }
        return best;
    }
}
