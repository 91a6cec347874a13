package dev.fortuna.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fortuna} command: a Carcassonne engine with Wheel of Fortune and Crop Circles. */
@Command(name = "fortuna", mixinStandardHelpOptions = true, version = "fortuna 0.1.0",
        description = "Carcassonne rules engine (base game, Wheel of Fortune, Crop Circles).",
        subcommands = {SimulateCommand.class, ReplayCommand.class, AnalyseCommand.class, HintCommand.class,
                ArenaCommand.class, PlayCommand.class, FitEvalCommand.class, FitWinCommand.class,
                ServeCommand.class, LoadtestCommand.class, ChaosCommand.class, FuzzCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements java.util.concurrent.Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // No subcommand: show what there is, and fail like any other usage error.
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** Refuses a count option below 1 as a usage error naming the option and the value given. */
    static void requireAtLeastOne(CommandLine.Model.CommandSpec spec, String option, int value) {
        if (value < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " must be at least 1, not " + value);
        }
    }

    /** The command line, ready to execute; tests call this with their own writers. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cl = Failures.install(new CommandLine(new Main()));
        cl.setOut(out);
        cl.setErr(err);
        return cl;
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = commandLine(out, err).execute(args);
        out.flush();
        err.flush();
        System.exit(code);
    }
}
