package dev.fortuna.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * What the server sends over a game's WebSocket, named by {@code "type"}. Every applied action becomes one
 * {@link Update} with the game's next version (versions count updates: version v is the state after ply v); a
 * client that holds version v and receives v+2 has missed one and sends {@link ClientMessage.Resync}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ServerMessage.Snapshot.class, name = "snapshot"),
        @JsonSubTypes.Type(value = ServerMessage.Update.class, name = "update"),
        @JsonSubTypes.Type(value = ServerMessage.Ack.class, name = "ack"),
        @JsonSubTypes.Type(value = ServerMessage.Rejected.class, name = "rejected"),
        @JsonSubTypes.Type(value = ServerMessage.Presence.class, name = "presence"),
        @JsonSubTypes.Type(value = ServerMessage.Clock.class, name = "clock"),
        @JsonSubTypes.Type(value = ServerMessage.Pong.class, name = "pong"),
        @JsonSubTypes.Type(value = ServerMessage.Error.class, name = "error")})
public sealed interface ServerMessage {

    /** The whole view at {@code version}: sent on connecting, and on a resync whose gap is no longer kept. */
    record Snapshot(long version, GameView view) implements ServerMessage {
    }

    /**
     * One applied action: who took it, what it was, the events it caused, the decision that follows (with its
     * options) and what each occupied feature would now score if the game ended ({@link GameView#featureValues()},
     * which no event carries). {@code version} equals the ply after the action. {@code featureValues} is absent
     * (null) only in the updates that catch a reconnecting client up, in all of them but the last: a client keeps
     * the values it has until an update brings new ones.
     */
    record Update(long version, SeatAction action, List<EventDto> events, GameView.DecisionView decision,
                  List<GameView.FeatureValue> featureValues) implements ServerMessage {
    }

    /** The connection's action {@code clientActionId} was applied as ply {@code ply}. */
    record Ack(String clientActionId, int ply, long version) implements ServerMessage {
    }

    /** The connection's action {@code clientActionId} was refused; nothing changed. */
    record Rejected(String clientActionId, Rejection rejection) implements ServerMessage {
    }

    /**
     * The table: per seat (index = seat) whether someone is connected now (a bot always is), whether its person
     * has joined, and whether a stand-in bot plays it now; and the game's status (it starts when every person seat
     * has joined). Sent on connecting and on every change.
     */
    record Presence(List<Boolean> connected, List<Boolean> joined, List<Boolean> standIn, Lobby.Status status)
            implements ServerMessage {
    }

    /**
     * A game with a clock: each seat's remaining time in milliseconds when this was sent, the seat whose time is
     * running ({@code deciding}, absent when none is), and who ran out of time (a bot decides for them). Sent on
     * connecting and after every update.
     */
    record Clock(List<Long> remainingMillis, Integer deciding, List<Boolean> outOfTime) implements ServerMessage {
    }

    record Pong(long nonce) implements ServerMessage {
    }

    /** A message that could not be handled (malformed, too large, throttled). */
    record Error(Rejection rejection) implements ServerMessage {
    }
}
