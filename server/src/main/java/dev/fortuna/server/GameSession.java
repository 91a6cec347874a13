package dev.fortuna.server;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.RejectionCode;
import dev.fortuna.engine.Seat;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameLog;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.RejectionArgs;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.Views;
import dev.fortuna.records.GameRecord;
import dev.fortuna.records.GameRecorder;
import dev.fortuna.records.GameRecords;
import java.util.ArrayList;
import java.util.List;

/**
 * Every call the server makes into the engine, in one place. The engine checks the seat ({@code apply(Seat,
 * Action)}) and counts the ply (the number of applied decisions, which is also the stored (game, ply) key); its
 * {@link RejectionCode}s map to the wire's stable {@link ErrorCode}s here, and its rejection arguments go along as
 * {@link RejectionArgs}.
 *
 * <p>Not thread-safe: its {@link LiveGame} holds the game's lock around every call.
 */
final class GameSession {
    private final GameConfig config;
    private GameState state;
    private final List<Action> applied = new ArrayList<>();
    /** Every seat's score after each ply (entry p after ply p; entry 0 before any action): the views' chart. */
    private final List<List<Integer>> scoreHistory = new ArrayList<>();
    private final GameRecorder recorder;

    /** A new game on the forced pile of {@code config} (the server always fixes the pile at creation). */
    GameSession(GameConfig config) {
        this.config = config;
        this.state = GameState.newGame(config);
        this.recorder = new GameRecorder(config);
        scoreHistory.add(Event.perSeat(state.scores()));
    }

    /** The outcome of trying an action: the state it leads to and its events, or why it is refused. */
    sealed interface Attempt {
    }

    /**
     * An action the engine takes: either tried on a copy ({@code next} and {@code events} set), or found among the
     * current legal actions (both null; it is applied to the game itself in {@link #advance}).
     */
    record Accepted(Action action, GameState next, List<Event> events) implements Attempt {
    }

    record Refused(Rejection rejection) implements Attempt {
    }

    int ply() {
        return state.ply();
    }

    boolean isOver() {
        return state.isOver();
    }

    /** The seat whose decision it is, or -1 when the game is over. */
    int decidingSeat() {
        return state.decidingSeat();
    }

    int players() {
        return state.players();
    }

    int[] scores() {
        return state.scores();
    }

    /**
     * Tries {@code action} for {@code seat} on a copy; the game itself changes only when {@link #advance} is called
     * with the result (after the action is stored).
     */
    Attempt attempt(int seat, Action action) {
        if (!state.isOver() && seat == state.decidingSeat() && state.legalActions().contains(action)) {
            // The usual case: one of the listed options. Applying it cannot fail, so it waits until it is stored,
            // and the game needs no copy to stay unchanged meanwhile.
            return new Accepted(action, null, null);
        }
        // Anything else (a refusal, or an equivalent form such as a symmetric tile's larger rotation) goes through
        // the engine on a copy, for its exact answer.
        GameState next = state.copy();
        ApplyResult r = next.apply(Seat.of(seat), action);
        if (r instanceof ApplyResult.Rejected rej) {
            return new Refused(new Rejection(errorCode(rej.code()), rej.reason(), ply(), RejectionArgs.of(rej.args())));
        }
        return new Accepted(action, next, ((ApplyResult.Applied) r).events());
    }

    /** Makes an accepted attempt part of the game (it must have been made on the current state); its events. */
    List<Event> advance(Accepted a) {
        recorder.record(state, a.action());
        applied.add(a.action());
        List<Event> events;
        if (a.next() != null) {
            state = a.next();
            events = a.events();
        } else {
            events = ((ApplyResult.Applied) state.apply(a.action())).events();
        }
        scoreHistory.add(Event.perSeat(state.scores()));
        return events;
    }

    /** The wire code of an engine refusal (several engine codes share one wire code). */
    static ErrorCode errorCode(RejectionCode code) {
        return switch (code) {
            case NO_ACTION, MALFORMED_ACTION -> ErrorCode.MALFORMED_ACTION;
            case GAME_OVER -> ErrorCode.GAME_OVER;
            case NOT_YOUR_DECISION -> ErrorCode.NOT_YOUR_DECISION;
            case SQUARE_OCCUPIED -> ErrorCode.SQUARE_TAKEN;
            case NOT_ADJACENT -> ErrorCode.NOT_ADJACENT;
            case TILE_DOES_NOT_FIT -> ErrorCode.TILE_DOES_NOT_FIT;
            case NO_SUCH_FEATURE -> ErrorCode.NO_SUCH_FEATURE;
            case FEATURE_OCCUPIED -> ErrorCode.FEATURE_OCCUPIED;
            case NO_CROWN_SPACES, CROWN_SPACES_FULL -> ErrorCode.NO_CROWN_SPACE;
            case WRONG_KIND_OF_ACTION, NOT_A_LEGAL_OPTION -> ErrorCode.NOT_A_LEGAL_OPTION;
        };
    }

    /** What {@code seat} may know now (for bots). */
    PlayerView viewFor(int seat) {
        return state.viewFor(Seat.of(seat));
    }

    /** The wire view for a seat or a spectator (null) now. */
    GameView view(Integer viewer) {
        return Views.of(state, viewer, ply(), scoreHistory);
    }

    /** The wire view at an earlier ply, rebuilt by replaying the first {@code ply} actions. */
    GameView viewAt(int ply, Integer viewer) {
        if (ply < 0 || ply > applied.size()) {
            throw new IllegalArgumentException("ply must be 0 to " + applied.size() + ", not " + ply);
        }
        GameState g = GameState.newGame(config);
        for (int i = 0; i < ply; i++) {
            g.apply(applied.get(i));
        }
        return Views.of(g, viewer, ply, scoreHistory.subList(0, ply + 1));
    }

    /**
     * The game's events so far, one entry per applied action, rebuilt by replaying the applied actions: each entry
     * holds exactly the events its update carried ({@link EventDto#of}, the same mapping the updates use).
     */
    GameLog log(List<SeatAction> history) {
        GameState g = GameState.newGame(config);
        List<GameLog.Entry> entries = new ArrayList<>(applied.size());
        for (int i = 0; i < applied.size(); i++) {
            List<Event> events = ((ApplyResult.Applied) g.apply(applied.get(i))).events();
            entries.add(new GameLog.Entry(i + 1, history.get(i).seat(), EventDto.of(events)));
        }
        return new GameLog(applied.size(), entries);
    }

    /** The decision now, with its options (sent with every update). */
    GameView.DecisionView decision() {
        return Views.decision(state);
    }

    /** What each occupied feature would score if the game ended now (sent with every update). */
    List<GameView.FeatureValue> featureValues() {
        return Views.featureValues(state);
    }

    /**
     * The game's start and the actions applied so far (a copy), to replay outside the game's monitor. The start
     * holds the true pile: only ever pass it to code that looks at spectators' views of it
     * ({@link dev.fortuna.bots.Analysis}).
     */
    GameState start() {
        return GameState.newGame(config);
    }

    List<Action> appliedActions() {
        return List.copyOf(applied);
    }

    /** The game's record in the records format (the draws so far; with the scores once over). */
    String recordJson() {
        GameRecord r = recorder.finish(state);
        return GameRecords.toJson(r);
    }
}
