package dev.fortuna.cli;

import dev.fortuna.records.Messages;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How the command line reports what went wrong: a usage error is its message and one line on where help is
 * (not the whole usage text, which buried the message); a {@link CommandFailure} is one line. Both exit with 2,
 * and quoted input is made safe for the terminal. Anything else is a bug and keeps picocli's stack trace.
 */
final class Failures {
    static final int EXIT = 2;

    private Failures() {
    }

    /** A command cannot go on for a reason outside the program (a path, a file): one line, exit 2. */
    static final class CommandFailure extends RuntimeException {
        CommandFailure(String message) {
            super(message);
        }
    }

    /** Installs both handlers. */
    static CommandLine install(CommandLine cl) {
        cl.setParameterExceptionHandler(Failures::usage);
        cl.setExecutionExceptionHandler(Failures::failure);
        return cl;
    }

    private static int usage(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        CommandSpec spec = cmd.getCommandSpec();
        err.println(spec.qualifiedName(" ") + ": " + Messages.printable(plain(ex.getMessage())));
        err.println(spec.parent() == null ? "Try 'fortuna help' for the commands."
                : "Try 'fortuna help " + spec.name() + "' for its options.");
        err.flush();
        return EXIT;
    }

    private static final java.util.regex.Pattern NOT_A_NUMBER = java.util.regex.Pattern.compile(
            "^Invalid value for option '([^']+)': '(.*)' is not an? (int|long|double)$", java.util.regex.Pattern.DOTALL);

    /** Picocli's words for a value of the wrong type ("is not a long") in the player's: a whole number, too big. */
    static String plain(String message) {
        java.util.regex.Matcher m = NOT_A_NUMBER.matcher(message);
        if (!m.matches()) {
            return message;
        }
        String option = m.group(1), value = m.group(2), type = m.group(3);
        if (!type.equals("double") && value.matches("-?[0-9]{1,400}")) {
            return option + " must be between " + (type.equals("int") ? Integer.MIN_VALUE + " and " + Integer.MAX_VALUE
                    : Long.MIN_VALUE + " and " + Long.MAX_VALUE) + ", not " + value;
        }
        return option + " needs " + (type.equals("double") ? "a number" : "a whole number") + ", not '" + value + "'";
    }

    private static int failure(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) throws Exception {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof CommandFailure f) {
                PrintWriter err = cmd.getErr();
                err.println(cmd.getCommandSpec().qualifiedName(" ") + ": " + Messages.printable(f.getMessage()));
                err.flush();
                return EXIT;
            }
        }
        throw ex;
    }

    /** Refuses a count outside {@code min..max} as a usage error naming the option, the range and the value. */
    static void requireRange(CommandSpec spec, String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    option + " must be " + min + " to " + max + ", not " + value);
        }
    }
}
