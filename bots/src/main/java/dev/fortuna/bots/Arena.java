package dev.fortuna.bots;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.SplitMix64;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Bot-against-bot matches. Seats are rotated so that over every {@code bots} consecutive games each bot sits in
 * each seat equally often (game {@code g}, seat {@code s} is played by bot {@code (g + s) mod bots}), and those
 * games share one pile order, so no bot profits from a lucky deal. A win shared by {@code k} leaders counts
 * {@code 1/k} for each of them.
 */
public final class Arena {
    private Arena() {
    }

    /** One finished game: who sat where, the final scores, every action code applied, and thinking time. */
    public record GameResult(int index, GameConfig config, int[] botOfSeat, int[] scores, double[] winShare,
                             List<Integer> actions, int[] decisionsPerSeat, long[] nanosPerSeat) {
    }

    /** Totals of one bot over a match. */
    public static final class BotStats {
        public final String label;
        public int appearances;
        public double wins;
        public long scoreSum;
        public long marginSum;
        public long decisions;
        public long nanos;

        BotStats(String label) {
            this.label = label;
        }

        public double winRate() {
            return appearances == 0 ? 0 : wins / appearances;
        }

        /** The 95% Wilson score interval of the win rate. */
        public double[] wilson95() {
            return wilson(wins, appearances, 1.959964);
        }

        public double meanScore() {
            return appearances == 0 ? 0 : (double) scoreSum / appearances;
        }

        public double meanMargin() {
            return appearances == 0 ? 0 : (double) marginSum / appearances;
        }

        public double meanMillisPerDecision() {
            return decisions == 0 ? 0 : nanos / 1e6 / decisions;
        }
    }

    static double[] wilson(double successes, int n, double z) {
        if (n == 0) {
            return new double[] {0, 1};
        }
        double p = successes / n, z2 = z * z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /** Watches one game: sees each state before an action is applied to it, and the end. */
    public interface Observer {
        void before(GameState state, int code);

        default void finished(GameState state) {
        }
    }

    /** Plays {@code games} games of {@code config} (its player count; seeds derived from {@code seed}). */
    public static List<BotStats> run(GameConfig config, List<BotSpec> bots, int games, long seed,
                                     Consumer<GameResult> onGame) {
        return run(config, bots, games, seed, null, onGame);
    }

    /** As above; {@code observers} (may be null) gives an observer for each game from its index and config. */
    public static List<BotStats> run(GameConfig config, List<BotSpec> bots, int games, long seed,
                                     BiFunction<Integer, GameConfig, Observer> observers,
                                     Consumer<GameResult> onGame) {
        return run(config, bots, games, seed, 1, observers, onGame);
    }

    /**
     * As above, with {@code parallel} games played at a time on their own threads. Every game's deal, seats and
     * bot seeds depend only on its index, and results are counted (and passed to {@code onGame}) in index
     * order, so with iteration budgets the outcome does not depend on {@code parallel}. Observers are called
     * from the thread that plays their game.
     */
    public static List<BotStats> run(GameConfig config, List<BotSpec> bots, int games, long seed, int parallel,
                                     BiFunction<Integer, GameConfig, Observer> observers,
                                     Consumer<GameResult> onGame) {
        List<BotStats> stats = new ArrayList<>();
        for (BotSpec b : bots) {
            stats.add(new BotStats(b.label()));
        }
        Parallel.inOrder(games, parallel, "arena", g -> playIndexed(g, config, bots, seed, observers),
                r -> count(stats, r, onGame));
        return stats;
    }

    /** Game {@code g} of a match: its deal, its seats and its bot seeds follow from {@code g} and the seed. */
    private static GameResult playIndexed(int g, GameConfig config, List<BotSpec> bots, long seed,
                                          BiFunction<Integer, GameConfig, Observer> observers) {
        int nb = bots.size(), players = config.players();
        long dealSeed = new SplitMix64(seed ^ (g / nb) * 0x632BE59BD9B4E019L).nextLong();
        GameConfig c = config.draws() != null ? config : config.withSeed(dealSeed);
        int[] botOfSeat = new int[players];
        List<BotSpec> seats = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            botOfSeat[s] = (g + s) % nb;
            seats.add(bots.get(botOfSeat[s]));
        }
        return play(g, c, seats, botOfSeat, dealSeed ^ g, observers == null ? null : observers.apply(g, c));
    }

    private static void count(List<BotStats> stats, GameResult r, Consumer<GameResult> onGame) {
        int players = r.scores().length;
        for (int s = 0; s < players; s++) {
            BotStats st = stats.get(r.botOfSeat()[s]);
            st.appearances++;
            st.wins += r.winShare()[s];
            st.scoreSum += r.scores()[s];
            int bestOther = Integer.MIN_VALUE;
            for (int o = 0; o < players; o++) {
                if (o != s) {
                    bestOther = Math.max(bestOther, r.scores()[o]);
                }
            }
            st.marginSum += r.scores()[s] - bestOther;
            st.decisions += r.decisionsPerSeat()[s];
            st.nanos += r.nanosPerSeat()[s];
        }
        if (onGame != null) {
            onGame.accept(r);
        }
    }

    /** Plays one game to the end: each decision goes to the deciding seat's bot with that seat's view only. */
    public static GameResult play(int index, GameConfig config, List<BotSpec> seats, int[] botOfSeat, long botSeed,
                                  Observer observer) {
        GameState g = GameState.newGame(config);
        int n = config.players();
        List<Integer> actions = new ArrayList<>();
        int[] decisions = new int[n];
        long[] nanos = new long[n];
        SplitMix64 seeds = new SplitMix64(botSeed);
        while (!g.isOver()) {
            int seat = g.decidingSeat();
            long t0 = System.nanoTime();
            int code = seats.get(seat).chooseCode(g.viewFor(Seat.of(seat)), seeds.nextLong());
            nanos[seat] += System.nanoTime() - t0;
            decisions[seat]++;
            if (observer != null) {
                observer.before(g, code);
            }
            g.applyCode(code, null); // throws if a bot returned an illegal action
            actions.add(code);
        }
        if (observer != null) {
            observer.finished(g);
        }
        int[] scores = g.scores();
        List<Seat> leaders = g.leaders();
        double[] share = new double[n];
        for (Seat s : leaders) {
            share[s.index()] = 1.0 / leaders.size();
        }
        return new GameResult(index, config, botOfSeat, scores, share, actions, decisions, nanos);
    }
}
