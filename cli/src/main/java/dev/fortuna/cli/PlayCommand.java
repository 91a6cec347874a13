package dev.fortuna.cli;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.GameConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play against bots in the terminal.",
                "The board around the action is shown and every legal choice is listed with a number;",
                "type the number (or 'x y rotation' for a placement), 'help', 'board' or 'quit'.",
                "The end of the input ends the game."})
final class PlayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions game;

    @Option(names = "--bots", paramLabel = "LIST", defaultValue = "greedy",
            description = "Bots for the other seats in seat order, cycled: random, greedy, mcts:easy|medium|hard, "
                    + "mcts:iters=N, mcts:ms=N (default: ${DEFAULT-VALUE}).")
    String bots;

    @Option(names = "--seat", paramLabel = "N", defaultValue = "0", description = "Your seat, 0 starts (default: ${DEFAULT-VALUE}).")
    int seat;

    /** Where the person's input comes from; tests replace it. */
    BufferedReader input;

    @Override
    public Integer call() throws IOException {
        GameConfig config = game.toConfig();
        List<BotSpec> specs;
        try {
            specs = BotSpec.parseList(bots);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--bots: " + e.getMessage());
        }
        if (specs.size() > config.players() - 1) {
            throw new ParameterException(spec.commandLine(), "--bots: " + specs.size() + " bots for "
                    + (config.players() - 1) + (config.players() == 2 ? " other seat" : " other seats"));
        }
        if (seat < 0 || seat >= config.players()) {
            throw new ParameterException(spec.commandLine(),
                    "--seat must be 0 to " + (config.players() - 1) + ", not " + seat);
        }
        BufferedReader in = input != null ? input
                : new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()));
        new TerminalGame(config, seat, specs, ~config.seed(), in, spec.commandLine().getOut()).play();
        return 0;
    }
}
