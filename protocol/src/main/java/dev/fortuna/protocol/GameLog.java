package dev.fortuna.protocol;

import java.util.List;

/**
 * A game's events so far, as {@code GET /api/games/{id}/log} answers: one {@link Entry} per applied action, in ply
 * order, each with exactly the events of the {@link ServerMessage.Update} that action produced (so a client can seed
 * its log with it and then append live updates after {@code version} without gaps or duplicates). Like the updates,
 * it names no tile before it is drawn and the pile only by its size.
 *
 * @param version the game's version the log reaches (the number of applied actions; the last entry's version)
 * @param entries one per applied action, oldest first
 */
public record GameLog(long version, List<Entry> entries) {
    public GameLog {
        entries = List.copyOf(entries);
    }

    /**
     * One applied action's events.
     *
     * @param version the version its update produced (its ply + 1)
     * @param seat the seat that decided
     * @param events its events, as in the update
     */
    public record Entry(long version, int seat, List<EventDto> events) {
        public Entry {
            events = List.copyOf(events);
        }
    }
}
