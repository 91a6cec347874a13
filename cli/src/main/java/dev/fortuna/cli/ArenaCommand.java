package dev.fortuna.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.bots.Arena;
import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.records.GameRecorder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "arena", mixinStandardHelpOptions = true,
        description = {"Bots play each other, seats rotated, and the results are compared.",
                "Seats rotate: over every B games (B bots) each bot sits in each seat",
                "equally often, on one shared tile order. Per bot: wins (a win shared by k counts 1/k), win rate",
                "with a 95%% Wilson interval, mean score, mean margin (own score minus the best other), mean time",
                "per decision.",
                "Bots: random, greedy, greedy:eval=fitted|tuned|first, mcts:easy|medium|hard, mcts:iters=N, mcts:ms=N."})
final class ArenaCommand implements Callable<Integer> {
    /**
     * More threads than this only queue for a few cores (and thousands never finish): refused, for
     * {@code --threads}, {@code --parallel} and their product (the search threads running at a time).
     */
    static final int MAX_THREADS = 64;

    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions game;

    @Option(names = "--bots", paramLabel = "LIST", required = true,
            description = "Comma list of bots, e.g. mcts:hard,greedy.")
    String bots;

    @Option(names = "--games", paramLabel = "N", defaultValue = "20", description = "Games to play (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
            description = "Search threads per MCTS decision (root parallelism; default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--parallel", paramLabel = "P", defaultValue = "1",
            description = {"Games played at a time, each on its own thread (default: ${DEFAULT-VALUE}). Results are",
                    "counted in game order, so with iteration budgets they do not depend on P; with time",
                    "budgets keep P × T within the cores."})
    int parallel;

    @Option(names = "--json", description = "Print the summary as one JSON object.")
    boolean json;

    @Option(names = "--record", paramLabel = "DIR", description = "Write each game's record as DIR/game-<i>.json.")
    Path recordDir;

    @Override
    public Integer call() {
        GameConfig config = game.toConfig();
        Main.requireAtLeastOne(spec, "--games", games);
        Failures.requireRange(spec, "--threads", threads, 1, MAX_THREADS);
        Failures.requireRange(spec, "--parallel", parallel, 1, MAX_THREADS);
        if (threads * parallel > MAX_THREADS) { // each of the P games searches on T threads at a time
            throw new ParameterException(spec.commandLine(), "--threads " + threads + " times --parallel "
                    + parallel + " is " + threads * parallel + " search threads: at most " + MAX_THREADS);
        }
        List<BotSpec> specs = new ArrayList<>();
        for (BotSpec b : seatedBots(spec, bots, games, config.players())) {
            specs.add(b.withThreads(threads));
        }
        RecordFiles.prepareDirectory(spec, "--record", recordDir);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // Counted in tiles, not games: one game of mcts:hard takes half a minute.
        int tiles = tilesPerGame(config);
        Progress bar = Progress.start(err, (long) games * tiles, games);
        long t0 = System.nanoTime();
        List<Arena.BotStats> stats = Arena.run(config, specs, games, config.seed(), parallel,
                (i, c) -> observer(i, c, bar, tiles), null);
        bar.finish();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (json) {
            out.println(toJson(config, specs, stats, seconds));
        } else {
            printText(out, config, specs, stats, seconds);
        }
        out.flush();
        return 0;
    }

    /** Why a record could not be written, once one could not; games still running on other threads then stop. */
    private volatile String writeFailure;

    /**
     * The bots of {@code --bots} (a comma list) for {@code games} games with seats rotated as {@link Arena#run}
     * rotates them (arena, fit-win); a bad list, or more bots than the games would ever seat, is a usage error.
     */
    static List<BotSpec> seatedBots(CommandSpec spec, String bots, int games, int players) {
        List<BotSpec> specs;
        try {
            specs = BotSpec.parseList(bots);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--bots: " + e.getMessage());
        }
        // Game g seats bots g..g+players-1 (mod B): fewer games than that leave bots out of every seat.
        int seated = Math.min(specs.size(), games + players - 1);
        if (seated < specs.size()) {
            throw new ParameterException(spec.commandLine(), "--bots: " + games + (games == 1 ? " game" : " games")
                    + " of " + players + " players seat only " + seated + " of the " + specs.size()
                    + " bots; play at least " + (specs.size() - players + 1) + " games");
        }
        return specs;
    }

    /** Tiles a game draws: the pile and the tile waiting to be placed after the opening. */
    static int tilesPerGame(GameConfig config) {
        GameState g = GameState.newGame(config);
        return g.pileSize() + (g.drawnTile() != null ? 1 : 0);
    }

    /** Watches game {@code index}: counts its placements for the progress bar and, with --record, records it. */
    private Arena.Observer observer(int index, GameConfig c, Progress bar, int tiles) {
        GameRecorder rec = recordDir == null ? null : new GameRecorder(c);
        return new Arena.Observer() {
            int placed;

            @Override
            public void before(GameState state, int code) {
                String failed = writeFailure;
                if (failed != null) { // another game could not be written: stop this one (--parallel) too,
                    throw new Failures.CommandFailure(failed); // saying why, whichever game is reported first
                }
                if (rec != null) {
                    rec.recordCode(state, code);
                }
                if (state.decisionKind() == DecisionKind.PLACE_TILE && placed < tiles) {
                    placed++;
                    bar.advance(1, 0);
                }
            }

            @Override
            public void finished(GameState state) {
                if (rec != null) {
                    try {
                        RecordFiles.write(rec.finish(state), recordDir.resolve("game-" + index + ".json"));
                    } catch (Failures.CommandFailure e) {
                        writeFailure = e.getMessage();
                        throw e;
                    }
                }
                bar.advance(tiles - placed, 1); // discarded tiles were never placed
            }
        };
    }

    static String toJson(GameConfig config, List<BotSpec> specs, List<Arena.BotStats> stats, double seconds) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode n = m.createObjectNode();
        int games = 0;
        for (Arena.BotStats s : stats) {
            games += s.appearances;
        }
        n.put("games", games / config.players());
        n.put("players", config.players());
        n.put("seed", config.seed());
        ArrayNode ex = n.putArray("expansions");
        for (ExpansionId e : config.expansionList()) {
            ex.add(e.key);
        }
        n.put("mode", GameOptions.describe(config));
        n.put("elapsed_seconds", round(seconds, 3));
        ArrayNode bots = n.putArray("bots");
        for (int i = 0; i < stats.size(); i++) {
            Arena.BotStats s = stats.get(i);
            ObjectNode b = bots.addObject();
            b.put("bot", s.label);
            b.put("budget", specs.get(i).budgetText());
            b.put("seat_games", s.appearances);
            b.put("wins", round(s.wins, 4));
            b.put("win_rate", round(s.winRate(), 4));
            double[] ci = s.wilson95();
            ArrayNode c = b.putArray("win_rate_ci95");
            c.add(round(ci[0], 4));
            c.add(round(ci[1], 4));
            b.put("mean_score", round(s.meanScore(), 3));
            b.put("mean_margin", round(s.meanMargin(), 3));
            b.put("decisions", s.decisions);
            b.put("mean_ms_per_decision", round(s.meanMillisPerDecision(), 3));
        }
        return n.toString();
    }

    static void printText(PrintWriter out, GameConfig config, List<BotSpec> specs, List<Arena.BotStats> stats,
                          double seconds) {
        int seatGames = 0;
        for (Arena.BotStats s : stats) {
            seatGames += s.appearances;
        }
        int games = seatGames / config.players();
        out.printf(Locale.ROOT, "%d games, %d players, %s, seed %d, %.1f s%n", games, config.players(),
                GameOptions.describe(config), config.seed(), seconds);
        if (games % stats.size() != 0) {
            out.printf(Locale.ROOT, "note: %d games is not a multiple of %d bots, so seats are not exactly balanced%n",
                    games, stats.size());
        }
        out.printf(Locale.ROOT, "%-18s %6s %8s %7s %17s %8s %8s %10s%n", "bot", "seats", "wins", "rate", "95% interval",
                "score", "margin", "ms/dec");
        for (int i = 0; i < stats.size(); i++) {
            Arena.BotStats s = stats.get(i);
            double[] ci = s.wilson95();
            out.printf(Locale.ROOT, "%-18s %6d %8.2f %6.1f%% %7.1f%% - %5.1f%% %8.2f %+8.2f %10.2f%n", s.label,
                    s.appearances, s.wins, 100 * s.winRate(), 100 * ci[0], 100 * ci[1], s.meanScore(),
                    s.meanMargin(), s.meanMillisPerDecision());
        }
        out.println("budgets: " + String.join("; ", specs.stream().map(b -> b.label() + " = " + b.budgetText()).toList()));
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
