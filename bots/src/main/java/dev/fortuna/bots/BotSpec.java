package dev.fortuna.bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A bot with its per-decision budget, parsed from the command-line syntax {@code random}, {@code greedy},
 * {@code mcts} (= {@code mcts:medium}), {@code mcts:easy|medium|hard}, {@code mcts:iters=2000},
 * {@code mcts:ms=1000}; a list of specs is comma-separated: {@code mcts:hard,greedy}. For experiments an MCTS
 * spec may end in search settings ({@link MctsBot.Settings}): {@code mcts:iters=1000/top=8/pool=32/plies=2}, and
 * {@code opp=own} makes the reply search expect the other seats to choose on the bot's own evaluation instead of the
 * standard one.
 * The evaluation: {@code eval=tuned} ({@link Evaluator#TUNED}, the MCTS default), {@code eval=fitted}
 * ({@link Evaluator#FITTED}), {@code eval=standard} (the greedy default) or {@code eval=first}, and weights
 * {@code h=, fv=, fh=, ff=}, e.g. {@code greedy:eval=fitted}. A weight key sets that weight on top of the standard
 * weights (or those of the {@code eval=} before it), so with weights given a mode's tuned weights do not apply.
 */
public record BotSpec(String label, Bot bot, Budget budget) {

    public static BotSpec parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        String kind = s, arg = null;
        int colon = s.indexOf(':');
        if (colon >= 0) {
            kind = s.substring(0, colon);
            arg = s.substring(colon + 1);
        }
        switch (kind) {
            case "random" -> {
                noArg(kind, arg);
                return new BotSpec("random", new RandomBot(), Budget.iterations(1));
            }
            case "greedy" -> {
                if (arg == null || arg.isEmpty()) {
                    return new BotSpec("greedy", new GreedyBot(), Budget.iterations(1));
                }
                Evaluation ev = Evaluation.STANDARD;
                for (String o : arg.split("/")) {
                    ev = ev.with(o, text);
                    if (ev == null) {
                        throw new IllegalArgumentException("unknown greedy setting '" + o + "' in '" + text
                                + "' (" + WEIGHT_KEYS + ")");
                    }
                }
                return new BotSpec("greedy:" + arg, new GreedyBot(ev.evaluator()),
                        Budget.iterations(1));
            }
            case "mcts" -> {
                if (arg == null || arg.isEmpty()) {
                    arg = "medium";
                }
                // Search settings for experiments: mcts:iters=1000/top=8/pool=32/plies=0.
                MctsBot.Settings st = MctsBot.Settings.DEFAULT;
                Evaluation ev = Evaluation.TUNED;
                boolean ownModel = false; // the reply search's model of the other seats: the standard greedy bot
                String[] opts = arg.split("/");
                for (int i = 1; i < opts.length; i++) {
                    String o = opts[i];
                    Evaluation next = ev.with(o, text);
                    if (next != null) {
                        ev = next;
                    } else if (o.startsWith("top=")) {
                        st = st.withRootTop(nonNegative(o.substring(4), text));
                    } else if (o.startsWith("pool=")) {
                        st = st.withPool(nonNegative(o.substring(5), text));
                    } else if (o.startsWith("plies=")) {
                        st = st.withPlayoutPlies(nonNegative(o.substring(6), text));
                    } else if (o.startsWith("scale=")) {
                        st = st.withScale(positiveReal(o.substring(6), text));
                    } else if (o.startsWith("c=")) {
                        st = st.withUcb(positiveReal(o.substring(2), text));
                    } else if (o.equals("ordered")) {
                        st = st.withOrdered(true);
                    } else if (o.equals("chance")) {
                        st = st.withChance(true);
                    } else if (o.startsWith("reply=")) {
                        st = st.withReply(nonNegative(o.substring(6), text), st.replyTiles(), st.replyTurns());
                    } else if (o.startsWith("tiles=")) {
                        st = st.withReply(st.replyTop(), positive(o.substring(6), text, "tiles"), st.replyTurns());
                    } else if (o.startsWith("turns=")) {
                        st = st.withReply(st.replyTop(), st.replyTiles(), positive(o.substring(6), text, "turns"));
                    } else if (o.equals("opp=own") || o.equals("opp=standard")) {
                        ownModel = o.equals("opp=own");
                    } else if (o.equals("greedy")) {
                        st = st.withGreedyPlayouts(true);
                    } else if (o.startsWith("pbestof=")) {
                        st = st.withPlayoutBestOf(nonNegative(o.substring(8), text));
                    } else if (o.startsWith("bestof=")) {
                        st = st.withBestOf(nonNegative(o.substring(7), text));
                    } else {
                        throw new IllegalArgumentException("unknown MCTS setting '" + o + "' in '" + text
                                + "' (top=N, pool=N, plies=N, scale=X, c=X, bestof=N, pbestof=N, greedy, ordered, chance, reply=N, tiles=N, turns=N, opp=own|standard, " + WEIGHT_KEYS + ")");
                    }
                }
                String label = "mcts:" + arg;
                arg = opts[0];
                Budget b;
                if (arg.startsWith("iters=")) {
                    b = Budget.iterations(positive(arg.substring(6), text, "iterations"));
                } else if (arg.startsWith("ms=")) {
                    b = Budget.millis(positive(arg.substring(3), text, "milliseconds"));
                } else {
                    MctsBot.Level level;
                    try {
                        level = MctsBot.Level.valueOf(arg.toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("unknown MCTS level '" + arg
                                + "' in '" + text + "' (easy, medium, hard, iters=N or ms=N)");
                    }
                    b = level.budget();
                }
                Evaluator own = ev.evaluator();
                return new BotSpec(label, new MctsBot(st, own, ownModel ? own : Evaluator.STANDARD), b);
            }
            default -> throw new IllegalArgumentException("unknown bot '" + text
                    + "' (random, greedy, mcts:easy|medium|hard, mcts:iters=N, mcts:ms=N)");
        }
    }

    /** A comma-separated list of specs. */
    public static List<BotSpec> parseList(String text) {
        List<BotSpec> out = new ArrayList<>();
        for (String part : text.split(",", -1)) { // -1 keeps empty names: "," is two empty names, not none
            if (part.isBlank()) {
                throw new IllegalArgumentException("empty bot name in '" + text + "'");
            }
            out.add(parse(part));
        }
        return out;
    }

    /** The budget as text, or "no search" for bots that do not use one. */
    public String budgetText() {
        return bot instanceof MctsBot ? budget.toString() : "no search";
    }

    public BotSpec withThreads(int threads) {
        return new BotSpec(label, bot, budget.withThreads(threads));
    }

    public int chooseCode(dev.fortuna.engine.PlayerView view, long seed) {
        return bot.chooseCode(view, budget, seed);
    }

    static final String WEIGHT_KEYS = "eval=standard|first|fitted|tuned, h=X, fv=X, fh=X, ff=X, fit=X, need=X";

    /**
     * The evaluation a spec builds up from its settings: the weights, whether the mode's fitted coefficients are
     * used ({@link Evaluator#of}), and whether a mode without them uses its tuned weights ({@link Evaluator#TUNED};
     * only when no weight is given). {@code eval=} chooses a whole evaluation; the weight keys change one weight
     * and keep the rest.
     */
    private record Evaluation(Evaluator.Weights weights, boolean fitted, boolean tuned) {
        /** The greedy bot's default. */
        static final Evaluation STANDARD = new Evaluation(Evaluator.Weights.STANDARD, false, false);
        static final Evaluation FITTED = new Evaluation(Evaluator.Weights.STANDARD, true, false);
        /** The MCTS bot's default. */
        static final Evaluation TUNED = new Evaluation(Evaluator.Weights.STANDARD, true, true);

        Evaluator evaluator() {
            return tuned ? Evaluator.TUNED : Evaluator.of(weights, fitted);
        }

        /** This evaluation with setting {@code o} applied, or null if {@code o} is no evaluation setting. */
        Evaluation with(String o, String text) {
            int eq = o.indexOf('=');
            if (eq < 0) {
                return null;
            }
            String k = o.substring(0, eq), v = o.substring(eq + 1);
            Evaluator.Weights w = weights;
            return switch (k) {
                case "h" -> new Evaluation(w.withEdgeHorizon(positiveReal(v, text)), fitted, false);
                case "fv" -> new Evaluation(w.withFollowerValue(nonNegativeReal(v, text)), fitted, false);
                case "fh" -> new Evaluation(w.withFollowerHorizon(positiveReal(v, text)), fitted, false);
                case "ff" -> new Evaluation(w.withFieldFuture(nonNegativeReal(v, text)), fitted, false);
                case "fit" -> new Evaluation(w.withOpeningFit(nonNegativeReal(v, text)), fitted, false);
                case "need" -> new Evaluation(w.withOpeningNeed(nonNegativeReal(v, text)), fitted, false);
                case "eval" -> switch (v) {
                    case "standard" -> STANDARD;
                    case "fitted" -> FITTED;
                    case "tuned" -> TUNED;
                    case "first" -> new Evaluation(Evaluator.Weights.FIRST, false, false);
                    default -> throw new IllegalArgumentException("unknown evaluation '" + v + "' in '" + text
                            + "' (eval=standard, eval=first, eval=fitted or eval=tuned)");
                };
                default -> null;
            };
        }
    }

    private static double nonNegativeReal(String n, String text) {
        try {
            double v = Double.parseDouble(n);
            if (v >= 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("expected a number ≥ 0 in '" + text + "'");
    }

    private static void noArg(String kind, String arg) {
        if (arg != null) {
            throw new IllegalArgumentException("bot '" + kind + "' takes no options");
        }
    }

    private static int nonNegative(String n, String text) {
        try {
            int v = Integer.parseInt(n);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            refuseTooBig(n, "too big", text);
        }
        throw new IllegalArgumentException("expected a number in '" + text + "'");
    }

    private static double positiveReal(String n, String text) {
        try {
            double v = Double.parseDouble(n);
            if (v > 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("expected a positive number in '" + text + "'");
    }

    private static int positive(String n, String text, String unit) {
        try {
            int v = Integer.parseInt(n);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            refuseTooBig(n, "too many " + unit, text);
        }
        throw new IllegalArgumentException("expected a positive number in '" + text + "'");
    }

    /** Refuses {@code n} as {@code what} (e.g. "too big"), with the limit, if it is a whole number too big for an int. */
    private static void refuseTooBig(String n, String what, String text) {
        if (n.matches("[0-9]{1,100}")) {
            throw new IllegalArgumentException(n + " is " + what + " (at most " + Integer.MAX_VALUE + ") in '" + text
                    + "'");
        }
    }
}
