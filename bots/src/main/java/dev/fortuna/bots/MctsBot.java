package dev.fortuna.bots;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).
 *
 * <p>Each iteration samples a full state consistent with the view ({@link PlayerView#determinize(long)}), then
 * walks down one tree of decisions shared by all samples: at each node only the children legal in this sample
 * are available, and the choice among them is UCB1 with availability counts. Every decision is in the tree —
 * tile placements, deployments (including crown spaces), other seats' Plague returns and crop-circle
 * choices — and each node keeps its value from the point of view of the seat that chose the action leading to
 * it, so every seat plays for itself (multi-player). A node's children are keyed by the deciding seat, the
 * action code and, for placements, the tile drawn, so placements of different tiles never share statistics.
 *
 * <p>Placement decisions have many options. At the root only the best {@link Settings#rootTop} options by greedy
 * one-ply value are searched (pruning), tried in that order (the most promising first); everywhere progressive
 * widening lets a node try at most {@code 1 + 2·√visits} children. Root children get a progressive bias {@code BIAS_W · greedy value / (visits + 1)} in their UCB score;
 * deeper children are added in a random order from the seed. When a new node is added the search plays
 * {@code playoutPlies} random decisions from it, then evaluates: for each seat its margin over the best other
 * seat ({@link Evaluator}, by default {@link Evaluator#TUNED}; the final scores when the game is over) less its
 * margin at the root, through a logistic
 * curve of scale {@code MARGIN_SCALE} into [0, 1] (centring on the root keeps the curve sensitive when a seat is
 * already far ahead or behind); a pending deployment is
 * first completed with the deciding seat's best option, since it belongs to the placement just made.
 *
 * <p><b>With four or more players the default is the reply search</b> ({@link Settings#replyTop(int)}) instead of
 * the tree: the greedy bot's best ten options are each played out on the same sampled pile orders for two rounds,
 * every seat choosing as a greedy bot (the others on the standard evaluation, {@link #opponents()}), and the best
 * mean margin wins. Between two of the bot's turns three or four other seats move, and the tree's first replies
 * are random; the play-outs meet each option with the replies the model of the other seats expects.
 *
 * <p>With several threads each thread grows its own tree from its own seed (root parallelism); their root
 * visit counts are summed and the most visited action wins (ties: the higher mean value, then the earlier
 * legal action). With an iteration budget the iterations are split between the threads, so the choice is
 * reproducible for a given thread count; with one thread it depends only on the seed.
 */
public final class MctsBot implements Bot {
    /** Named strengths for clients (iteration budgets per decision). */
    public enum Level {
        EASY(200), MEDIUM(1000), HARD(4000);

        public final int iterations;

        Level(int iterations) {
            this.iterations = iterations;
        }

        public Budget budget() {
            return Budget.iterations(iterations);
        }
    }

    /** Tuned: 0.3 beat 0.7 against greedy on the same seeds (docs/bots.md, measured strength). */
    static final double UCB_C = 0.3;
    static final double WIDEN_C = 2.0;
    static final double BIAS_W = 1.0;

    /**
     * Search settings.
     *
     * @param playoutPlies random decisions played after each new node before evaluating (0 = evaluate the node)
     * @param rootTop      the tree's root options searched: the best {@code rootTop} by greedy value (0 = all of
     *                     them; {@link #BY_PLAYERS}, the default: 3 with 4 or more players, else 10; see
     *                     {@link #rootTop(int)}); the tree settings matter only where the tree runs ({@link #replyTop})
     * @param pool         determinizations are drawn from a pool of this many samples, reused in turn, so that
     *                     root options are compared on the same tile orders (0 = a fresh sample every iteration)
     * @param scale        the leaf's logistic scale, in points of margin
     * @param ucb          the UCB1 exploration constant
     * @param bestOf       below the root, a new child is the best by evaluation of this many random unexpanded
     *                     options (0 = one at random)
     * @param playoutBestOf a playout decision takes the best of this many random options (0 = random)
     * @param greedyPlayouts playout decisions are the greedy bot's (a placement judged with its best deployment)
     * @param ordered      below the root, children are added in greedy order (each node sorts its options once
     *                     per tile drawn), with the greedy value as a progressive bias
     * @param chance       progressive widening counted per tile drawn (per chance outcome)
     * @param replyTop     0: the tree search; otherwise the reply search ({@link MctsBot#replySearch}) over the best
     *                     {@code replyTop} options by greedy value ({@link #BY_PLAYERS}, the default: 10 with 4 or
     *                     more players, else 0; see {@link #replyTop(int)})
     * @param replyTiles   the reply search's samples of the pile order (0, the default: as many as the budget's
     *                     effort allows, see {@link MctsBot#WORK_PER_ITERATION})
     * @param replyTurns   the tiles placed after the root's before the reply search evaluates (0, the default: two
     *                     rounds, {@code 2 × players})
     */
    public record Settings(int playoutPlies, int rootTop, int pool, double scale, double ucb, int bestOf,
                           int playoutBestOf, boolean greedyPlayouts, boolean ordered, boolean chance,
                           int replyTop, int replyTiles, int replyTurns) {
        /** {@link #rootTop} chosen by the number of players ({@link #rootTop(int)}). */
        public static final int BY_PLAYERS = -1;

        public static final Settings DEFAULT = new Settings(0, BY_PLAYERS, 0, Evaluator.MARGIN_SCALE, UCB_C, 0, 0,
                false, false, false, BY_PLAYERS, 0, 0);

        public Settings {
            if (playoutPlies < 0 || rootTop < BY_PLAYERS || pool < 0 || !(scale > 0) || ucb < 0 || bestOf < 0
                    || playoutBestOf < 0 || replyTop < BY_PLAYERS || replyTiles < 0 || replyTurns < 0) {
                throw new IllegalArgumentException("MCTS settings must not be negative");
            }
        }

        /**
         * The root options searched in a game of {@code players}: {@link #rootTop}, or by default 3 with four or
         * more players and 10 with fewer. With three opponents between two of the bot's turns, each root option's
         * visits are spread over all their replies (the first of which are random), and the search's estimates are
         * too noisy to overrule the greedy order beyond its best few: in the 4-player base game `top=3` won 54 of
         * 100 games against three greedy bots where 4, 5 and 10 options won 52.8, 43.8 and 39 and greedy on the same
         * evaluation 44.5; with 5 players 3 options won 20 of 100 games and 10 options 18.5 (paired +1.8 points, not
         * separable from 0); with 3 players the two did not differ measurably either (docs/bots.md, 2026-12-06 and
         * 2026-12-06 (night)).
         */
        public int rootTop(int players) {
            return rootTop != BY_PLAYERS ? rootTop : players >= 4 ? 3 : 10;
        }

        /**
         * The options the reply search plays out in a game of {@code players} (0: the tree search instead):
         * {@link #replyTop}, or by default 10 with four or more players and 0 (the tree) with fewer. With three or
         * four opponents between two of the bot's turns the tree's first replies are random, and its choice among the
         * greedy bot's best three was worth a point or two of margin at any budget; playing two whole rounds out
         * with every seat's greedy reply, on the same sampled tile orders for every option, won 72 of 100 4-player
         * base games against three greedy bots where the tree won 54 (docs/bots.md, 2026-12-06 (morning)).
         */
        public int replyTop(int players) {
            return replyTop != BY_PLAYERS ? replyTop : players >= 4 ? 10 : 0;
        }

        /** The tiles the reply search places after the root's before it evaluates: {@link #replyTurns} or two rounds. */
        public int replyTurns(int players) {
            return replyTurns > 0 ? replyTurns : 2 * players;
        }

        public Settings(int playoutPlies, int rootTop, int pool) {
            this(playoutPlies, rootTop, pool, DEFAULT.scale, DEFAULT.ucb, DEFAULT.bestOf, DEFAULT.playoutBestOf,
                    DEFAULT.greedyPlayouts, DEFAULT.ordered, DEFAULT.chance, DEFAULT.replyTop, DEFAULT.replyTiles,
                    DEFAULT.replyTurns);
        }

        public Settings withChance(boolean v) {
            return new Settings(playoutPlies, rootTop, pool, scale, ucb, bestOf, playoutBestOf, greedyPlayouts,
                    ordered, v, replyTop, replyTiles, replyTurns);
        }

        public Settings withReply(int top, int tiles, int turns) {
            return new Settings(playoutPlies, rootTop, pool, scale, ucb, bestOf, playoutBestOf, greedyPlayouts,
                    ordered, chance, top, tiles, turns);
        }

        public Settings withOrdered(boolean v) {
            return new Settings(playoutPlies, rootTop, pool, scale, ucb, bestOf, playoutBestOf, greedyPlayouts, v, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withGreedyPlayouts(boolean v) {
            return new Settings(playoutPlies, rootTop, pool, scale, ucb, bestOf, playoutBestOf, v, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withPlayoutPlies(int v) {
            return new Settings(v, rootTop, pool, scale, ucb, bestOf, playoutBestOf, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withRootTop(int v) {
            return new Settings(playoutPlies, v, pool, scale, ucb, bestOf, playoutBestOf, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withPool(int v) {
            return new Settings(playoutPlies, rootTop, v, scale, ucb, bestOf, playoutBestOf, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withScale(double v) {
            return new Settings(playoutPlies, rootTop, pool, v, ucb, bestOf, playoutBestOf, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withUcb(double v) {
            return new Settings(playoutPlies, rootTop, pool, scale, v, bestOf, playoutBestOf, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withPlayoutBestOf(int v) {
            return new Settings(playoutPlies, rootTop, pool, scale, ucb, bestOf, v, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }

        public Settings withBestOf(int v) {
            return new Settings(playoutPlies, rootTop, pool, scale, ucb, v, playoutBestOf, greedyPlayouts, ordered, chance, replyTop, replyTiles, replyTurns);
        }
    }

    /**
     * With the reply search and an iteration budget, the positions its play-outs may evaluate per iteration of the
     * budget (the greedy decisions inside them evaluate every option): samples of the pile order go on until the
     * effort is spent, so a decision's time follows the budget in every mode. {@code mcts:hard}'s 4,000 iterations
     * are 60,000 positions, about 16 samples of ten options played two rounds out in the 4-player base game and 4 in
     * the 4-player Wheel of Fortune, whose turns have more options (crown spaces): 151 and 161 ms a decision on one
     * core (docs/bots.md, 2026-12-06 (morning)).
     */
    static final int WORK_PER_ITERATION = 15;
    /** With the reply search and a time budget only: samples at most (the deadline normally stops it first). */
    static final int MAX_SAMPLES = 10_000;

    private final int playoutPlies;
    private final Settings settings;
    private final Evaluator evaluator;
    private final Evaluator opponents;

    public MctsBot() {
        this(Settings.DEFAULT);
    }

    public MctsBot(Settings settings) {
        this(settings, Evaluator.TUNED);
    }

    public MctsBot(Settings settings, Evaluator evaluator) {
        this(settings, evaluator, Evaluator.STANDARD);
    }

    /**
     * A bot on {@code evaluator}, whose reply search expects the other seats to choose as the greedy bot on
     * {@code opponents} does ({@link Evaluator#STANDARD} by default: the one-ply player that plays by the standard
     * weights; the bot's own evaluation is tuned for its own choices, e.g. to farm more).
     */
    public MctsBot(Settings settings, Evaluator evaluator, Evaluator opponents) {
        this.settings = settings;
        this.playoutPlies = settings.playoutPlies();
        this.evaluator = evaluator;
        this.opponents = opponents;
    }

    public Settings settings() {
        return settings;
    }

    public Evaluator evaluator() {
        return evaluator;
    }

    /** The evaluation the reply search expects the other seats to choose by. */
    public Evaluator opponents() {
        return opponents;
    }

    @Override
    public String name() {
        return "mcts";
    }

    @Override
    public int chooseCode(PlayerView view, Budget budget, long seed) {
        return search(view, budget, seed).best;
    }

    /** The outcome of one search: the chosen code and the statistics behind it (for tests and reports). */
    public record Result(int best, int iterations, int[] codes, int[] visits, double[] meanValue) {
    }

    public Result search(PlayerView view, Budget budget, long seed) {
        int[] codes = view.legalCodes();
        if (codes.length == 0) {
            throw new IllegalStateException("no decision to make: the game is over");
        }
        int n = codes.length;
        if (n == 1) {
            return new Result(codes[0], 0, codes, new int[1], new double[1]);
        }
        long start = System.nanoTime(); // a time budget includes the greedy ordering below
        int me = view.seat().index();
        // Root order: greedy one-ply values on one sample (the root's options do not depend on the pile order).
        SplitMix64 seeds = new SplitMix64(seed);
        GameState sample = view.determinize(seeds.nextLong());
        double[] prior = GreedyBot.actionValues(evaluator, sample, me);
        Integer[] order = bestFirst(prior);
        if (settings.replyTop(sample.players()) > 0) {
            return replySearch(view, codes, order, seeds, me, start, budget, sample.players());
        }
        // The tree's values are margins relative to each seat's margin now, so the logistic curve stays in its
        // sensitive middle however far ahead or behind a seat already is.
        double[] now = evaluator.scores(sample);
        double[] centre = new double[now.length];
        for (int s = 0; s < now.length; s++) {
            centre[s] = Evaluator.margin(now, s);
        }
        int top = settings.rootTop(sample.players());
        int keep = top == 0 ? n : Math.min(n, top);
        int[] rootOrder = new int[keep];
        Map<Integer, Double> rootBias = new HashMap<>();
        for (int i = 0; i < keep; i++) {
            rootOrder[i] = codes[order[i]];
        }
        for (int i = 0; i < n; i++) {
            rootBias.put(codes[i], value(prior[i], centre[me]));
        }
        int rootTileKey = view.decision().kind() == DecisionKind.PLACE_TILE ? tileKey(view.drawnTile()) : 0;
        int threads = budget.threads();
        long deadline = budget.millis() > 0 ? start + budget.millis() * 1_000_000L : Long.MAX_VALUE;
        long[] threadSeeds = new long[threads];
        int[] iters = new int[threads];
        for (int t = 0; t < threads; t++) {
            threadSeeds[t] = seeds.nextLong();
            iters[t] = budget.iterations() == 0 ? Integer.MAX_VALUE
                    : budget.iterations() / threads + (t < budget.iterations() % threads ? 1 : 0);
        }
        List<Tree> trees = new ArrayList<>();
        Parallel.inOrder(threads, threads, "mcts", t -> {
            Tree tr = new Tree(view, rootOrder, rootBias, centre, threadSeeds[t]);
            tr.run(iters[t], deadline);
            return tr;
        }, trees::add);
        int[] visits = new int[n];
        double[] total = new double[n];
        int done = 0;
        for (Tree tr : trees) {
            done += tr.iterations;
            for (int i = 0; i < n; i++) {
                Node c = tr.root.children.get(key(me, rootTileKey, codes[i]));
                if (c != null) {
                    visits[i] += c.visits;
                    total[i] += c.total;
                }
            }
        }
        double[] mean = new double[n];
        int best = -1;
        for (int i = 0; i < n; i++) {
            mean[i] = visits[i] == 0 ? 0 : total[i] / visits[i];
            if (best < 0 || visits[i] > visits[best] || (visits[i] == visits[best] && mean[i] > mean[best])) {
                best = i;
            }
        }
        if (visits[best] == 0) { // no iteration finished (tiny time budget): trust the greedy order
            best = order[0];
        }
        return new Result(codes[best], done, codes, visits, mean);
    }

    /**
     * Expectimax over the next tiles with greedy replies: the best {@link Settings#replyTop(int)} options by greedy
     * value are each played on the same samples of the pile order (common random numbers, so the options are
     * compared on the same draws); after each, every decision is the greedy bot's, ours on our evaluation and the
     * other seats' on {@link #opponents()} (their model), until {@link Settings#replyTurns(int)} more tiles are
     * placed (ours included: with 4 players 8 is two whole rounds, ending with our own second move); then the
     * position is evaluated. The option with the best mean margin for us wins (ties: the better greedy value). A
     * chance node over every seat's draws with a max node each (the greedy reply), where one-ply greedy sees no reply
     * at all. Samples go in rounds, every option once per round: {@link Settings#replyTiles} of them, or until the
     * positions evaluated reach {@link #WORK_PER_ITERATION} per iteration of the budget; a time budget stops
     * between rounds. The first round always finishes. One thread whatever the budget's thread count.
     */
    private Result replySearch(PlayerView view, int[] codes, Integer[] order, SplitMix64 seeds, int me, long start,
                               Budget budget, int players) {
        int n = codes.length;
        int r = Math.min(settings.replyTop(players), n);
        int turns = settings.replyTurns(players);
        int rounds = settings.replyTiles() > 0 ? settings.replyTiles() : MAX_SAMPLES;
        long effort = settings.replyTiles() == 0 && budget.iterations() > 0
                ? (long) budget.iterations() * WORK_PER_ITERATION : Long.MAX_VALUE;
        long deadline = budget.millis() > 0 ? start + budget.millis() * 1_000_000L : Long.MAX_VALUE;
        int[] visits = new int[n];
        double[] sum = new double[n];
        int[] work = new int[1];
        int done = 0;
        for (int d = 0; d < rounds; d++) {
            if (d > 0 && (work[0] >= effort || System.nanoTime() >= deadline)) {
                break;
            }
            long draw = seeds.nextLong();
            for (int k = 0; k < r; k++) {
                int i = order[k];
                GameState g = view.determinize(draw);
                g.applyCode(codes[i], null);
                sum[i] += Evaluator.margin(replyPlayout(g, me, turns, work), me);
                visits[i]++;
                done++;
            }
        }
        double[] mean = new double[n];
        int best = order[0];
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < r; k++) {
            int i = order[k];
            mean[i] = sum[i] / visits[i];
            if (mean[i] > bestValue) { // strict: ties keep the earlier, better greedy option
                bestValue = mean[i];
                best = i;
            }
        }
        return new Result(codes[best], done, codes, visits, mean);
    }

    /**
     * Greedy decisions for every seat from {@code g} (ours on our evaluation, the others' on their model) until
     * {@code turns} more tiles are placed; the evaluation then.
     */
    private double[] replyPlayout(GameState g, int me, int turns, int[] work) {
        int placed = 0;
        while (!g.isOver()) {
            int seat = g.decidingSeat();
            if (g.decisionKind() == DecisionKind.PLACE_TILE) {
                if (placed == turns) {
                    break;
                }
                placed++;
            }
            int m = g.legalCount();
            g.applyCode(m == 1 ? g.legalCode(0)
                    : g.legalCode(GreedyBot.bestIndex(GreedyBot.actionValues(seat == me ? evaluator : opponents, g,
                            seat, work))), null);
        }
        return evaluator.scores(g);
    }

    /**
     * A seat's value in [0, 1] of a margin (points over the best other seat): a logistic curve of scale
     * {@link Settings#scale} centred on the seat's margin at the root.
     */
    private double value(double margin, double centre) {
        return 1.0 / (1.0 + Math.exp(-(margin - centre) / settings.scale()));
    }

    /** Indices of {@code values}, highest value first; the sort is stable, so ties keep legal order. */
    static Integer[] bestFirst(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < values.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(values[b], values[a]));
        return order;
    }

    /** A child's key: the deciding seat, the tile drawn (placements only, else 0) and the action code. */
    static long key(int seat, int tileKey, int code) {
        return ((long) seat << 60) | ((long) (tileKey & 0x0FFFFFFF) << 32) | (code & 0xFFFFFFFFL);
    }

    static int tileKey(TileType t) {
        return t.id().hashCode();
    }

    /** One search tree node: the information set reached by a sequence of (seat, tile, action) choices. */
    static final class Node {
        final int mover; // the seat that chose the action leading here
        final Map<Long, Node> children = new HashMap<>();
        int visits;
        int avail;
        double total;
        /** Progressive bias: the greedy value in [0, 1], fading as 1 / (visits + 1). */
        double bias;
        /** With {@link Settings#ordered}: this node's options best first, per tile drawn (0 when no tile). */
        final Map<Integer, Ordering> orderings = new HashMap<>(2);
        /** With {@link Settings#chance}: how often this node was passed with each tile drawn (its chance outcomes). */
        final Map<Integer, int[]> outcomes = new HashMap<>(2);

        Node(int mover) {
            this.mover = mover;
        }
    }

    /** One thread's tree and search loop. */
    final class Tree {
        final PlayerView view;
        final int[] rootOrder;
        final Map<Integer, Double> rootBias;
        final double[] centre;
        final SplitMix64 rng;
        final Node root;
        int iterations;
        private long[] pool;
        private final List<Node> path = new ArrayList<>();
        private final IntBuf unexpanded = new IntBuf();
        private final List<Node> availableNodes = new ArrayList<>();
        private final IntBuf availableCodes = new IntBuf();

        Tree(PlayerView view, int[] rootOrder, Map<Integer, Double> rootBias, double[] centre, long seed) {
            this.centre = centre;
            this.view = view;
            this.rootOrder = rootOrder;
            this.rootBias = rootBias;
            this.rng = new SplitMix64(seed);
            this.root = new Node(-1);
        }

        void run(int maxIterations, long deadline) {
            while (iterations < maxIterations) {
                if ((iterations & 15) == 0 && deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
                    break;
                }
                iterate();
                iterations++;
            }
        }

        private void iterate() {
            long sample;
            if (settings.pool() > 0) {
                if (pool == null) {
                    pool = new long[settings.pool()];
                    for (int i = 0; i < pool.length; i++) {
                        pool[i] = rng.nextLong();
                    }
                }
                sample = pool[iterations % pool.length];
            } else {
                sample = rng.nextLong();
            }
            GameState g = view.determinize(sample);
            path.clear();
            Node node = root;
            path.add(node);
            boolean expanded = false;
            while (!g.isOver() && !expanded) {
                int seat = g.decidingSeat();
                int n = g.legalCount();
                int tileKey = 0;
                if (g.decisionKind() == DecisionKind.PLACE_TILE) {
                    tileKey = tileKey(g.drawnTile());
                }
                unexpanded.clear();
                availableNodes.clear();
                availableCodes.clear();
                int availExpanded = 0;
                double bestScore = Double.NEGATIVE_INFINITY;
                // First pass: availability and which options have no node yet.
                for (int i = 0; i < n; i++) {
                    int code = g.legalCode(i);
                    if (node == root && !rootKept(code)) {
                        continue; // pruned: not among the best root options by greedy value
                    }
                    Node c = node.children.get(key(seat, tileKey, code));
                    if (c == null) {
                        unexpanded.add(code);
                    } else {
                        c.avail++;
                        availExpanded++;
                        availableNodes.add(c);
                        availableCodes.add(code);
                    }
                }
                // With chance outcomes: widen on the visits that drew this tile, not on all visits of the node,
                // or every new draw of a rare tile would add yet another random child (one ply plus noise).
                int widenOn = node.visits;
                if (settings.chance() && tileKey != 0) {
                    int[] cnt = node.outcomes.computeIfAbsent(tileKey, k -> new int[1]);
                    widenOn = cnt[0]++;
                }
                int allowed = 1 + (int) (WIDEN_C * Math.sqrt(widenOn));
                int chosenCode;
                Node chosen;
                if (unexpanded.size > 0 && (availExpanded < allowed || availExpanded == 0)) {
                    chosen = new Node(seat);
                    if (node == root) {
                        chosenCode = pickUnexpanded(node);
                        chosen.bias = rootBias.getOrDefault(chosenCode, 0.0);
                    } else if (settings.ordered()) {
                        Ordering o = node.orderings.get(tileKey);
                        if (o == null) {
                            o = ordering(g, seat);
                            node.orderings.put(tileKey, o);
                        }
                        chosenCode = unexpanded.get(0);
                        for (int i = 0; i < o.codes.length; i++) {
                            if (unexpanded.contains(o.codes[i])) {
                                chosenCode = o.codes[i];
                                chosen.bias = o.bias[i];
                                break;
                            }
                        }
                    } else if (settings.bestOf() > 0) {
                        chosenCode = pickBestOf(g, seat);
                        chosen.bias = pickedBias;
                    } else {
                        chosenCode = pickUnexpanded(node);
                    }
                    chosen.avail = 1;
                    node.children.put(key(seat, tileKey, chosenCode), chosen);
                    expanded = true;
                } else {
                    int bestI = 0;
                    for (int i = 0; i < availableNodes.size(); i++) {
                        Node c = availableNodes.get(i);
                        double s = c.total / c.visits + settings.ucb() * Math.sqrt(Math.log(c.avail) / c.visits)
                                + BIAS_W * c.bias / (c.visits + 1);
                        if (s > bestScore) {
                            bestScore = s;
                            bestI = i;
                        }
                    }
                    chosen = availableNodes.get(bestI);
                    chosenCode = availableCodes.get(bestI);
                }
                g.applyCode(chosenCode, null);
                node = chosen;
                path.add(node);
            }
            for (int k = 0; k < playoutPlies && !g.isOver(); k++) {
                int n = g.legalCount();
                if (settings.greedyPlayouts() && n > 1) {
                    g.applyCode(greedyCode(g), null);
                } else if (settings.playoutBestOf() > 1 && n > 1) {
                    unexpanded.clear();
                    for (int i = 0; i < n; i++) {
                        unexpanded.add(g.legalCode(i));
                    }
                    g.applyCode(pickBestOf(g, g.decidingSeat(), settings.playoutBestOf()), null);
                } else {
                    g.applyLegal(rng.nextInt(n));
                }
            }
            double[] e = leafEstimate(g);
            double[] v = new double[e.length];
            for (int s = 0; s < e.length; s++) {
                v[s] = value(Evaluator.margin(e, s), centre[s]);
            }
            for (Node p : path) {
                p.visits++;
                if (p.mover >= 0) {
                    p.total += v[p.mover];
                }
            }
        }

        /**
         * The evaluation of a leaf. A pending deployment belongs to the placement just made, so the deciding seat's
         * best deployment (by the evaluation's margin) is taken first.
         */
        private double[] leafEstimate(GameState g) {
            if (g.decisionKind() != DecisionKind.DEPLOY) {
                return evaluator.scores(g);
            }
            int seat = g.decidingSeat();
            double[] best = null;
            double bestMargin = Double.NEGATIVE_INFINITY;
            int n = g.legalCount();
            int[] codes = g.legalCodes();
            for (int i = 0; i < n; i++) {
                // The sample is thrown away after the evaluation, so the last option can use it directly.
                GameState c = i == n - 1 ? g : g.copy();
                c.applyCode(codes[i], null);
                double[] e = evaluator.scores(c);
                double m = Evaluator.margin(e, seat);
                if (m > bestMargin) {
                    bestMargin = m;
                    best = e;
                }
            }
            return best;
        }

        /**
         * The options of this decision sorted best first by the greedy value of the deciding seat (a placement
         * with its best deployment), with that value as a progressive bias in [0, 1].
         */
        private Ordering ordering(GameState g, int seat) {
            double[] values = GreedyBot.actionValues(evaluator, g, seat);
            int m = values.length;
            Integer[] idx = bestFirst(values);
            int[] codes = new int[m];
            double[] bias = new double[m];
            for (int i = 0; i < m; i++) {
                codes[i] = g.legalCode(idx[i]);
                bias[i] = value(values[idx[i]], centre[seat]);
            }
            return new Ordering(codes, bias);
        }

        /** The greedy bot's choice on this sample (a placement judged with its best deployment). */
        private int greedyCode(GameState g) {
            return g.legalCode(GreedyBot.bestIndex(GreedyBot.actionValues(evaluator, g, g.decidingSeat())));
        }

        private boolean rootKept(int code) {
            for (int c : rootOrder) {
                if (c == code) {
                    return true;
                }
            }
            return false;
        }

        private double pickedBias;

        /**
         * Below the root: the best by the evaluation's margin for the deciding seat of {@code bestOf} options drawn
         * at random from the unexpanded ones, so opponents' replies (and our own later moves) are tried roughly
         * best first without evaluating every option of every node. Sets {@link #pickedBias} to its value in [0, 1].
         */
        private int pickBestOf(GameState g, int seat) {
            return pickBestOf(g, seat, settings.bestOf());
        }

        private int pickBestOf(GameState g, int seat, int bestOf) {
            int k = Math.min(bestOf, unexpanded.size);
            int bestCode = 0;
            double bestMargin = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < k; j++) {
                // Partial Fisher-Yates: move a random remaining candidate into slot j.
                int r = j + rng.nextInt(unexpanded.size - j);
                int code = unexpanded.a[r];
                unexpanded.a[r] = unexpanded.a[j];
                unexpanded.a[j] = code;
                if (k == 1) {
                    pickedBias = 0;
                    return code;
                }
                GameState c = g.copy();
                c.applyCode(code, null);
                double m = Evaluator.margin(evaluator.scores(c), seat);
                if (m > bestMargin) {
                    bestMargin = m;
                    bestCode = code;
                }
            }
            pickedBias = value(bestMargin, centre[seat]);
            return bestCode;
        }

        /** The next option to add: at the root in greedy order, elsewhere at random. */
        private int pickUnexpanded(Node node) {
            if (node == root) {
                for (int code : rootOrder) {
                    if (unexpanded.contains(code)) {
                        return code;
                    }
                }
            }
            return unexpanded.get(rng.nextInt(unexpanded.size));
        }
    }

    /** A decision's options sorted best first, with their progressive biases. */
    record Ordering(int[] codes, double[] bias) {
    }

    /** A tiny growable int list (avoids boxing in the search loop). */
    static final class IntBuf {
        int[] a = new int[64];
        int size;

        void clear() {
            size = 0;
        }

        void add(int v) {
            if (size == a.length) {
                a = java.util.Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int get(int i) {
            return a[i];
        }

        boolean contains(int v) {
            for (int i = 0; i < size; i++) {
                if (a[i] == v) {
                    return true;
                }
            }
            return false;
        }
    }
}
