package dev.fortuna.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.bots.Arena;
import dev.fortuna.bots.BotSpec;
import dev.fortuna.bots.WinProbability;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "fit-win", mixinStandardHelpOptions = true,
        description = {"Fits the win-probability model of one game mode to bot games, or checks its calibration.",
                "See docs/bots.md. The bots (--bots, seats rotated as in arena) play --games games; at every",
                "tile placement the fitted evaluation predicts each seat's final score, and the probability of",
                "winning is the softmax of those predictions with an inverse temperature κ that depends on the",
                "tiles left. Prints κ, the line for the table of win probabilities and the calibration table.",
                "--calibrate instead plays games (use a seed not used for fitting) and prints how well the",
                "table's current line for the mode is calibrated on them."})
final class FitWinCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions game;

    @Option(names = "--games", paramLabel = "N", defaultValue = "1000", description = "Games (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--bots", paramLabel = "LIST", defaultValue = "greedy:eval=fitted",
            description = "The bots that play, comma list as in arena (default: ${DEFAULT-VALUE}).")
    String bots;

    @Option(names = "--calibrate", description = "Check the table's current line on these games instead of fitting.")
    boolean calibrate;

    @Option(names = "--buckets", paramLabel = "B", defaultValue = "10",
            description = "Probability buckets of the calibration table (default: ${DEFAULT-VALUE}).")
    int buckets;

    @Option(names = "--parallel", paramLabel = "P", defaultValue = "1",
            description = "Games played at a time (default: ${DEFAULT-VALUE}); with iteration budgets the result does not depend on it.")
    int parallel;

    @Option(names = "--json", description = "Print the result as one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        GameConfig config = game.toConfig();
        Main.requireAtLeastOne(spec, "--games", games);
        Failures.requireRange(spec, "--buckets", buckets, 1, 100);
        Failures.requireRange(spec, "--parallel", parallel, 1, ArenaCommand.MAX_THREADS);
        List<BotSpec> specs = ArenaCommand.seatedBots(spec, bots, games, config.players());
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        Progress bar = Progress.start(spec.commandLine().getErr(), games, games);
        // Indexed by game, so that the samples are summed in game order whatever --parallel is.
        List<List<WinProbability.Sample>> perGame = new ArrayList<>(java.util.Collections.nCopies(games, null));
        Arena.run(config, specs, games, config.seed(), parallel, (i, c) -> {
            WinProbability.GameSamples gs = new WinProbability.GameSamples();
            return new Arena.Observer() {
                @Override
                public void before(GameState state, int code) {
                    gs.before(state);
                }

                @Override
                public void finished(GameState state) {
                    perGame.set(i, gs.finish(state)); // each game its own slot
                }
            };
        }, r -> bar.advance(1, 1));
        bar.finish();
        List<WinProbability.Sample> samples = new ArrayList<>();
        perGame.forEach(samples::addAll);
        double seconds = (System.nanoTime() - t0) / 1e9;
        WinProbability.Fit fit = calibrate ? null : WinProbability.fit(samples);
        double[] kappas = calibrate ? WinProbability.forConfig(config) : fit.kappas();
        WinProbability.Calibration cal = WinProbability.calibrate(perGame, kappas, buckets);
        String bl = String.join(",", specs.stream().map(BotSpec::label).toList());
        if (json) {
            ObjectNode n = new ObjectMapper().createObjectNode();
            n.put("games", games);
            n.put("players", config.players());
            n.put("seed", config.seed());
            n.put("mode", GameOptions.describe(config));
            n.put("bots", bl);
            n.put("calibrate", calibrate);
            n.put("positions", cal.positions());
            n.put("elapsed_seconds", Math.round(seconds * 1000) / 1000.0);
            if (kappas != null) {
                ArrayNode k = n.putArray("kappa");
                for (double v : kappas) {
                    k.add(v);
                }
            } else {
                n.put("default_kappa", WinProbability.kappa(null, 0));
            }
            if (fit != null) {
                n.put("table_line", WinProbability.tableLine(config, kappas));
            }
            n.put("log_loss", cal.logLoss());
            n.put("uniform_log_loss", Math.log(config.players()));
            n.put("brier", cal.brier());
            ArrayNode t = n.putArray("calibration");
            for (WinProbability.Bucket b : cal.buckets()) {
                ObjectNode o = t.addObject();
                o.put("from", b.lo());
                o.put("to", b.hi());
                o.put("count", b.count());
                o.put("mean_predicted", b.meanPredicted());
                o.put("observed", b.observed());
                o.put("ci95_half_width", b.halfWidth());
            }
            out.println(n);
        } else {
            out.printf(Locale.ROOT, "%d games, %d players, %s, seed %d, bots %s, %.1f s%n", games, config.players(),
                    GameOptions.describe(config), config.seed(), bl, seconds);
            if (calibrate) {
                out.println(kappas == null
                        ? "the table has no line for this mode: κ is the default " + WinProbability.kappa(null, 0)
                        : "the table's line: " + WinProbability.tableLine(config, kappas));
            } else {
                printKnots(out, kappas);
                out.println("table line: " + WinProbability.tableLine(config, kappas));
            }
            out.printf(Locale.ROOT, "%d positions; log loss %.4f (a uniform guess: %.4f), Brier score %.4f%n",
                    cal.positions(), cal.logLoss(), Math.log(config.players()), cal.brier());
            printCalibration(out, cal);
        }
        out.flush();
        return 0;
    }

    static void printKnots(PrintWriter out, double[] kappas) {
        StringBuilder t = new StringBuilder("tiles left  "), k = new StringBuilder("κ per point ");
        for (int j = 0; j < kappas.length; j++) {
            t.append(String.format(Locale.ROOT, "%7d", j * WinProbability.KNOT_STEP));
            k.append(String.format(Locale.ROOT, "%7.4f", kappas[j]));
        }
        out.println(t);
        out.println(k);
    }

    /** The calibration table: bucket, predictions, mean predicted, observed win rate with its 95% interval. */
    static void printCalibration(PrintWriter out, WinProbability.Calibration cal) {
        out.printf(Locale.ROOT, "%-10s %11s %10s %9s %16s%n", "predicted", "predictions", "mean", "observed",
                "95% interval *");
        for (WinProbability.Bucket b : cal.buckets()) {
            String range = String.format(Locale.ROOT, "%.0f-%.0f%%", 100 * b.lo(), 100 * b.hi());
            if (b.count() == 0) {
                out.printf(Locale.ROOT, "%-10s %11d %10s %9s %17s%n", range, 0, "-", "-", "-");
                continue;
            }
            out.printf(Locale.ROOT, "%-10s %11d %9.1f%% %8.1f%% %7.1f%% - %5.1f%%%n", range, b.count(),
                    100 * b.meanPredicted(), 100 * b.observed(), 100 * Math.max(0, b.observed() - b.halfWidth()),
                    100 * Math.min(1, b.observed() + b.halfWidth()));
        }
        out.println("* each game counted as one cluster (its positions are not independent)");
    }
}
