package dev.fortuna.cli;

import dev.fortuna.cli.Failures.CommandFailure;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Messages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Where commands write game records ({@code --record}): the path is checked before the first game, so that a
 * bad one costs nothing, and a write that fails later (a game file that turns out to be a directory, a full
 * disk) is one line naming the file and the reason, never a stack trace.
 */
final class RecordFiles {
    private RecordFiles() {
    }

    /**
     * Makes sure {@code dir} (a {@code --record} value, may be null) is a directory that can be written into,
     * creating it if need be.
     */
    static void prepareDirectory(CommandSpec spec, String option, Path dir) {
        if (dir == null) {
            return;
        }
        if (dir.toString().isEmpty()) { // "--record=": would write into the current directory
            throw new CommandLine.ParameterException(spec.commandLine(), option + " needs a directory name");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new CommandFailure(option + " " + dir + ": exists and is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CommandFailure(option + " " + dir + ": cannot create the directory: " + blocker(dir, e));
        }
        if (!Files.isWritable(dir)) {
            throw new CommandFailure(option + " " + dir + ": cannot write into the directory: permission denied");
        }
    }

    /** Makes sure a single record file ({@code play --record}) can be written: its directory exists. */
    static void prepareFile(CommandSpec spec, String option, Path file) {
        if (file == null) {
            return;
        }
        if (file.toString().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " needs a file name");
        }
        if (Files.isDirectory(file)) {
            throw new CommandFailure(option + " " + file + ": it is a directory");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new CommandFailure(option + " " + file + ": " + blocker(parent, null));
        }
        if (!Files.exists(file)) { // a directory may take no new files (/proc, a read-only disk): try, before the game
            try {
                Files.delete(Files.createFile(file));
            } catch (IOException e) {
                throw new CommandFailure(option + " " + file + ": cannot create the file: " + blocker(parent, e));
            }
        }
    }

    /** Writes one record; a failure is a {@link CommandFailure} naming the file. */
    static void write(GameRecord record, Path file) {
        if (Files.isDirectory(file)) {
            throw new CommandFailure("cannot write " + file + ": it is a directory");
        }
        try {
            GameRecords.write(record, file);
        } catch (IOException e) {
            throw new CommandFailure("cannot write " + file + ": " + blocker(file.toAbsolutePath().getParent(), e));
        }
    }

    /**
     * Why {@code dir} or a file in it cannot be made: the nearest existing ancestor that is a file; or, where the
     * system said "no such file" although that ancestor is a directory, that the directory takes no new files (as
     * /proc and /sys do, whatever their permissions say); else the I/O reason.
     */
    private static String blocker(Path dir, IOException e) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    return p + " is not a directory";
                }
                if (e instanceof NoSuchFileException) {
                    return p + " takes no new files" + fileSystem(p);
                }
                break;
            }
        }
        return e == null ? "no such directory" : Messages.ioReason(e);
    }

    /** E.g. " (a proc file system)", or nothing when the type is not known. */
    private static String fileSystem(Path p) {
        try {
            return " (a " + Messages.printable(Files.getFileStore(p).type()) + " file system)";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
