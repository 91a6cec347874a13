package dev.fortuna.cli;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Messages;
import dev.fortuna.records.RecordException;
import dev.fortuna.records.Replay;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Play against bots in the terminal.",
                "Each decision fits the terminal: the board around the action and every legal choice with a",
                "number ('m' shows more when they are more than fit); type the number (or 'x y rotation' for a",
                "placement), 'undo' to take back your placement before you decide on a follower, 'board' for",
                "the whole board, 'help', or 'quit'.",
                "--record FILE saves the game after each of your turns; --resume FILE plays a saved game on",
                "(and keeps saving it there). The end of the input ends the game."})
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

    @Option(names = "--record", paramLabel = "FILE", description = "Save the game as a record in FILE.")
    Path recordFile;

    @Option(names = "--resume", paramLabel = "FILE",
            description = "Play on from a saved record (its game options apply; the game is saved back to it).")
    Path resumeFile;

    /** Where the person's input comes from; tests replace it. */
    BufferedReader input;

    /** The terminal's size; tests set it, otherwise it is detected. */
    TerminalGame.Screen screen;

    @Override
    public Integer call() throws IOException {
        GameConfig config;
        GameState resumed = null;
        GameRecord record = null;
        if (resumeFile != null) {
            for (OptionSpec o : spec.mixins().get("game").options()) {
                if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                    throw new ParameterException(spec.commandLine(), "--resume plays the game of the record: "
                            + o.longestName() + " cannot change it");
                }
            }
            try {
                record = GameRecords.read(resumeFile);
                resumed = Replay.resume(record, ~record.config().seed() ^ record.actions().size()).state();
            } catch (RecordException e) {
                throw new Failures.CommandFailure("--resume " + Messages.printable(resumeFile.toString()) + ": "
                        + e.getMessage());
            }
            // A scenario on an exact pile stays one, so that the saved game replays on the same pile.
            config = record.exactPile() ? record.config().withDraws(record.draws()) : record.config();
            if (recordFile == null) {
                recordFile = resumeFile;
            }
        } else {
            config = game.toConfig();
        }
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
        RecordFiles.prepareFile(spec, "--record", recordFile);
        if (recordFile != null && java.nio.file.Files.exists(recordFile)
                && (resumeFile == null || !java.nio.file.Files.isSameFile(recordFile, resumeFile))) {
            // Another game's record would be overwritten at the first save.
            throw new Failures.CommandFailure("--record " + Messages.printable(recordFile.toString())
                    + ": exists; 'play --resume " + Messages.printable(recordFile.toString())
                    + "' plays that game on, or choose another name");
        }
        BufferedReader in = input != null ? input
                : new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()));
        long botSeed = ~config.seed() ^ (record == null ? 0 : record.actions().size());
        TerminalGame t = new TerminalGame(config, seat, specs, botSeed, in, spec.commandLine().getOut())
                .screen(screen != null ? screen : detectScreen()).recordTo(recordFile);
        if (resumed != null) {
            t.resume(resumed, record.actions());
        }
        t.play();
        return 0;
    }

    /**
     * The terminal's size: the launcher passes it ({@code fortuna.columns}, {@code fortuna.lines}, from
     * {@code stty size}), a shell may export {@code COLUMNS} and {@code LINES}; else 80×24.
     */
    static TerminalGame.Screen detectScreen() {
        return new TerminalGame.Screen(
                number(System.getProperty("fortuna.columns"), number(System.getenv("COLUMNS"), 80)),
                number(System.getProperty("fortuna.lines"), number(System.getenv("LINES"), 24)));
    }

    private static int number(String s, int otherwise) {
        try {
            return s == null ? otherwise : Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
