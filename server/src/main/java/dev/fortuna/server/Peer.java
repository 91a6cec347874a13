package dev.fortuna.server;

/** A live connection to a game: who watches through it (a seat, or null for a spectator) and how to reach it. */
interface Peer {
    Integer viewer();

    /** Sends one JSON message; must not throw (a dead peer is dropped by its own close handler). */
    void send(String json);
}
