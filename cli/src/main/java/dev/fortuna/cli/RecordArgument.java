package dev.fortuna.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The game record that a command steps through ({@code analyse}, {@code hint}; {@code @Mixin RecordArgument
 * record}): the one positional parameter, read and checked as {@code replay} checks it.
 */
final class RecordArgument {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RECORD", description = "A game record (JSON, format fortuna-game-record).")
    Path file;

    /**
     * The checked record, or null after printing why it is bad ({@code fortuna COMMAND: FILE: reason}); the
     * command then exits with {@link ReplayCommand#BAD_RECORD}.
     */
    RecordPositions read() {
        return RecordPositions.read(spec.name(), file, spec.commandLine().getErr());
    }
}
