package dev.fortuna.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.bots.EvaluationFit;
import dev.fortuna.bots.Evaluator;
import dev.fortuna.bots.FittedEvaluations;
import dev.fortuna.engine.GameConfig;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "fit-eval", mixinStandardHelpOptions = true,
        description = {"Fits the bots' linear evaluation to self-play of one game mode.",
                "See docs/bots.md. The greedy bot plays",
                "itself (a random action with probability --epsilon), and least squares fits, per evaluation",
                "component x and with T tiles left, the coefficients a + b·T/72 that best predict the points",
                "each seat still scores. Prints the coefficients (use them with Evaluator(weights, linear)) and",
                "the fit's R² next to the policy evaluation's own R² on the same samples."})
final class FitEvalCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions game;

    @Option(names = "--games", paramLabel = "N", defaultValue = "2000",
            description = "Self-play games (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--epsilon", paramLabel = "E", defaultValue = "0.1",
            description = "Chance of a random action at each decision (default: ${DEFAULT-VALUE}).")
    double epsilon;

    @Option(names = "--policy", paramLabel = "EVAL", defaultValue = "standard",
            description = "The self-play greedy bot's evaluation: standard or fitted (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--parallel", paramLabel = "P", defaultValue = "1",
            description = "Games played at a time (default: ${DEFAULT-VALUE}); the result does not depend on it.")
    int parallel;

    @Option(names = "--json", description = "Print the result as one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        GameConfig config = game.toConfig();
        Main.requireAtLeastOne(spec, "--games", games);
        if (!(epsilon >= 0 && epsilon <= 1)) {
            throw new ParameterException(spec.commandLine(), "--epsilon must be between 0 and 1, not " + epsilon);
        }
        Failures.requireRange(spec, "--parallel", parallel, 1, ArenaCommand.MAX_THREADS);
        Evaluator ev = switch (policy) {
            case "standard" -> Evaluator.STANDARD;
            case "fitted" -> Evaluator.FITTED;
            default -> throw new ParameterException(spec.commandLine(),
                    "--policy must be standard or fitted, not '" + policy + "'");
        };
        long t0 = System.nanoTime();
        Progress bar = Progress.start(spec.commandLine().getErr(), games, games);
        EvaluationFit.Result r = EvaluationFit.fit(config, ev, games, config.seed(), epsilon, parallel,
                done -> bar.advance(1, 1));
        bar.finish();
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        double[] c = r.coefficients();
        if (json) {
            ObjectNode n = new ObjectMapper().createObjectNode();
            n.put("games", r.games());
            n.put("players", config.players());
            n.put("seed", config.seed());
            n.put("mode", GameOptions.describe(config));
            n.put("epsilon", epsilon);
            n.put("policy", policy);
            n.put("samples", r.samples());
            n.put("r2", r.r2());
            n.put("rmse", r.rmse());
            n.put("policy_r2", r.baselineR2());
            n.put("elapsed_seconds", Math.round(seconds * 1000) / 1000.0);
            n.put("table_line", FittedEvaluations.tableLine(config, c));
            ArrayNode a = n.putArray("coefficients");
            for (double v : c) {
                a.add(v);
            }
            out.println(n);
        } else {
            out.printf(Locale.ROOT, "%d games, %d players, %s, seed %d, epsilon %s, policy %s, %.1f s%n",
                    r.games(), config.players(), GameOptions.describe(config), config.seed(), epsilon, policy,
                    seconds);
            out.printf(Locale.ROOT, "%d samples: R² %.4f (rmse %.2f points); the policy's evaluation: R² %.4f%n",
                    r.samples(), r.r2(), r.rmse(), r.baselineR2());
            out.printf("%-22s %10s %10s%n", "component", "a", "b (×T/72)");
            int f = Evaluator.FEATURES;
            for (int i = 0; i < f; i++) {
                out.printf(Locale.ROOT, "%-22s %10.4f %10.4f%n", Evaluator.FEATURE_NAMES.get(i), c[i], c[f + i]);
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < c.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4f", c[i]));
            }
            out.println("coefficients: " + sb);
            out.println("table line: " + FittedEvaluations.tableLine(config, c));
        }
        out.flush();
        return 0;
    }
}
