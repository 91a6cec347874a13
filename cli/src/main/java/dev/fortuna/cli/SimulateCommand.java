package dev.fortuna.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Plays random games (uniform random legal actions) and checks invariants at every step.",
                "Game i uses seed S+i. Exit code 1 when an invariant was violated."})
final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions game;

    @Option(names = "--games", paramLabel = "N", defaultValue = "100", description = "Games to play (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--json", description = "Print the summary as one JSON object.")
    boolean json;

    @Option(names = "--record", paramLabel = "DIR", description = "Write each game's record as DIR/game-<i>.json.")
    Path recordDir;

    @Override
    public Integer call() {
        GameConfig config = game.toConfig();
        Main.requireAtLeastOne(spec, "--games", games);
        RecordFiles.prepareDirectory(spec, "--record", recordDir);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Progress bar = Progress.start(err, games, games);
        Simulation.Summary s = Simulation.run(config, games, recordDir, done -> bar.advance(1, 1));
        bar.finish();
        if (json) {
            out.println(toJson(config, s));
        } else {
            printText(out, config, s);
        }
        out.flush();
        return s.violations() > 0 ? 1 : 0;
    }

    static String toJson(GameConfig config, Simulation.Summary s) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode n = m.createObjectNode();
        n.put("games", s.games());
        n.put("players", s.players());
        n.put("seed", config.seed());
        ArrayNode ex = n.putArray("expansions");
        for (ExpansionId e : config.expansionList()) {
            ex.add(e.key);
        }
        n.put("mode", GameOptions.describe(config));
        n.put("elapsed_seconds", round(s.seconds(), 3));
        n.put("games_per_second", round(s.gamesPerSecond(), 1));
        n.put("mean_score", round(s.meanScore(), 3));
        n.put("score_stddev", round(s.scoreStdDev(), 3));
        n.put("tiles_placed", s.tilesPlaced());
        n.put("tiles_discarded", s.tilesDiscarded());
        n.put("actions", s.actions());
        ArrayNode wins = n.putArray("wins_by_seat");
        for (long w : s.winsBySeat()) {
            wins.add(w);
        }
        n.put("invariant_violations", s.violations());
        ArrayNode msgs = n.putArray("violation_messages");
        s.messages().forEach(msgs::add);
        return n.toString();
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    static void printText(PrintWriter out, GameConfig config, Simulation.Summary s) {
        out.printf(Locale.ROOT, "games                 %d (%d players, %s, seeds %d..%d)%n", s.games(), s.players(),
                GameOptions.describe(config), config.seed(), config.seed() + s.games() - 1);
        out.printf(Locale.ROOT, "time                  %.2f s, %.1f games per second%n", s.seconds(), s.gamesPerSecond());
        out.printf(Locale.ROOT, "final score           mean %.2f, standard deviation %.2f (per player)%n",
                s.meanScore(), s.scoreStdDev());
        out.printf(Locale.ROOT, "tiles placed          %d (%.2f per game)%n", s.tilesPlaced(),
                (double) s.tilesPlaced() / s.games());
        out.printf(Locale.ROOT, "tiles discarded       %d (%.3f per game)%n", s.tilesDiscarded(),
                (double) s.tilesDiscarded() / s.games());
        out.printf(Locale.ROOT, "actions               %d (%.1f per game)%n", s.actions(), (double) s.actions() / s.games());
        StringBuilder wins = new StringBuilder();
        for (int i = 0; i < s.winsBySeat().length; i++) {
            wins.append(i == 0 ? "" : ", ").append("seat ").append(i).append(' ').append(s.winsBySeat()[i]);
        }
        out.printf(Locale.ROOT, "wins (ties count)     %s%n", wins);
        out.printf(Locale.ROOT, "invariant violations  %d%n", s.violations());
        for (String m : s.messages()) {
            out.println("  " + m);
        }
    }
}
