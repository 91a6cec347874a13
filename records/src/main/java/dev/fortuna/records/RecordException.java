package dev.fortuna.records;

/**
 * A game record could not be read or does not replay. The message names the offending entry (for example
 * {@code actions[17] (seat 1, place x=3 y=-1 rotation 90): …}) so that a person can find it in the file.
 */
public final class RecordException extends Exception {
    private final String entry;

    public RecordException(String entry, String problem) {
        super(entry == null ? problem : entry + ": " + problem);
        this.entry = entry;
    }

    public RecordException(String entry, String problem, Throwable cause) {
        super(entry == null ? problem : entry + ": " + problem, cause);
        this.entry = entry;
    }

    /** The record entry at fault, e.g. {@code actions[17]} or {@code config.players}; null for the whole file. */
    public String entry() {
        return entry;
    }
}
