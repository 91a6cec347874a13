package dev.fortuna.protocol;

import java.util.List;

/** The lobby's plain data over HTTP: creating, listing and joining games. */
public final class Lobby {
    private Lobby() {
    }

    /** Who plays a seat. */
    public enum SeatKind { PERSON, BOT }

    /** Where a game stands: waiting for people to join, being played, or over. */
    public enum Status { OPEN, RUNNING, FINISHED }

    /**
     * A seat as the creator describes it: a person (with an optional name), or a bot by the command line's syntax
     * ({@code random}, {@code greedy}, {@code mcts:easy|medium|hard}).
     */
    public record SeatSpec(SeatKind kind, String bot, String name) {
    }

    /**
     * Create a game: its options ({@code players} may be left out: the seats say how many) and 2 to 5 seats in
     * order. With {@code graceSeconds}, a person who stays disconnected that long while the game runs is replaced by
     * the {@code standIn} bot until they come back; a person who resigns is replaced by it too. {@code standIn} is a
     * bot spec (default {@code greedy}). With {@code clockSeconds}, every seat has that much time for the whole
     * game plus {@code incrementSeconds} (default 0) after each decision made in time; a person whose time runs
     * out is played by the stand-in for the rest of the game.
     */
    public record CreateGame(GameSetup setup, List<SeatSpec> seats, Integer graceSeconds, String standIn,
                             Integer clockSeconds, Integer incrementSeconds) {
        public CreateGame(GameSetup setup, List<SeatSpec> seats) {
            this(setup, seats, null, null, null, null);
        }

        public CreateGame(GameSetup setup, List<SeatSpec> seats, Integer graceSeconds, String standIn) {
            this(setup, seats, graceSeconds, standIn, null, null);
        }
    }

    /**
     * A created game: for each person seat its invitation (a link that carries the seat's secret token; the token
     * is shown once and only its hash is stored), and the link for spectators.
     */
    public record Created(String gameId, List<Invitation> invitations, String spectatorUrl, GameSummary game) {
    }

    public record Invitation(int seat, String token, String url) {
    }

    /** Claim a person seat with its token (sent as {@code Authorization: Bearer <token>}), under a name. */
    public record Join(String name) {
    }

    /**
     * One seat in a listing: its kind, bot spec or name, whether its person has joined and is connected now, whether
     * a stand-in bot plays it now, and whether its person resigned.
     */
    public record SeatInfo(int seat, SeatKind kind, String bot, String name, boolean joined, boolean connected,
                           boolean standIn, boolean resigned) {
    }

    /** A game in a listing; {@code clockSeconds} and {@code incrementSeconds} are absent without a clock. */
    public record GameSummary(String gameId, Status status, GameSetup setup, List<SeatInfo> seats, int ply,
                              List<Integer> scores, Integer graceSeconds, String standIn, Integer clockSeconds,
                              Integer incrementSeconds) {
    }

    public record GameList(List<GameSummary> games) {
    }
}
