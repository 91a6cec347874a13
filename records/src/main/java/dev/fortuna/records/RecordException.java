package dev.fortuna.records;

/**
 * A game record could not be read or does not replay. The message names the offending entry (for example
 * {@code actions[17] (seat 1, place x=3 y=-1 rotation 90): …}) so that a person can find it in the file.
 */
public final class RecordException extends Exception {
    private final String entry;

    public RecordException(String entry, String problem) {
        super(text(entry, problem));
        this.entry = entry;
    }

    public RecordException(String entry, String problem, Throwable cause) {
        super(text(entry, problem), cause);
        this.entry = entry;
    }

    /** Entries and problems quote the record; its control characters must not reach a terminal raw. */
    private static String text(String entry, String problem) {
        return Messages.printable(entry == null ? problem : entry + ": " + problem);
    }

    /** The record entry at fault, e.g. {@code actions[17]} or {@code config.players}; null for the whole file. */
    public String entry() {
        return entry;
    }
}
