package dev.fortuna.cli;

import dev.fortuna.engine.GameState;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecords;
import dev.fortuna.records.Messages;
import dev.fortuna.records.RecordException;
import dev.fortuna.records.Replay;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * A checked game record to step through ({@code analyse}, {@code hint}): it is read and replayed as
 * {@code replay} does, so a bad record is refused the same way (one line naming the entry, exit code 2), and
 * then played again from the start on the same pile, one action at a time.
 */
final class RecordPositions {
    final GameRecord record;
    final Replay.Result result;
    private final List<String> pile;

    private RecordPositions(GameRecord record, Replay.Result result, List<String> pile) {
        this.record = record;
        this.result = result;
        this.pile = pile;
    }

    /** The record in {@code file}, or null after printing why it is bad ({@code fortuna COMMAND: FILE: reason}). */
    static RecordPositions read(String command, Path file, PrintWriter err) {
        try {
            GameRecord record = GameRecords.read(file);
            Replay.Result result = Replay.run(record);
            return new RecordPositions(record, result, Replay.pile(record));
        } catch (RecordException e) {
            err.println("fortuna " + command + ": " + Messages.printable(file.toString()) + ": " + e.getMessage());
            err.flush();
            return null;
        }
    }

    /** The number of actions in the record. */
    int plies() {
        return result.steps().size();
    }

    /** A new game at its start; {@link #apply} plays the record's actions on it. */
    GameState start() {
        return GameState.newGame(record.config().withDraws(pile));
    }

    /** Applies the record's action {@code index} (the replay accepted it, so it is legal). */
    void apply(GameState g, int index) {
        g.apply(result.steps().get(index).action());
    }

    /** The game after the first {@code plies} actions. */
    GameState at(int plies) {
        GameState g = start();
        for (int i = 0; i < plies; i++) {
            apply(g, i);
        }
        return g;
    }
}
