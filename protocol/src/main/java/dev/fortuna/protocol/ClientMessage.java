package dev.fortuna.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What a client sends over the game's WebSocket, named by {@code "type"}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ClientMessage.Act.class, name = "act"),
        @JsonSubTypes.Type(value = ClientMessage.Resync.class, name = "resync"),
        @JsonSubTypes.Type(value = ClientMessage.Ping.class, name = "ping")})
public sealed interface ClientMessage {

    /** Take an action for the connection's seat (see {@link ActionRequest}). */
    record Act(ActionDto action, int ply, String clientActionId) implements ClientMessage {
        public ActionRequest request() {
            return new ActionRequest(action, ply, clientActionId);
        }
    }

    /** Send the events after {@code lastVersion}, or the whole view when they are no longer kept. */
    record Resync(long lastVersion) implements ClientMessage {
    }

    /** Heartbeat; answered by {@link ServerMessage.Pong}. */
    record Ping(long nonce) implements ClientMessage {
    }
}
