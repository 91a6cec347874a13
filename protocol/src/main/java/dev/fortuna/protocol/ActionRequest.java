package dev.fortuna.protocol;

/**
 * What a client sends to act: the action, the ply it was chosen at (the number of actions applied when the client
 * decided; a different one is refused as stale with the current ply) and an id of the client's choosing that makes a
 * resend safe: the same id gets the same answer and is applied at most once. The seat comes from the seat token,
 * never from the request.
 */
public record ActionRequest(ActionDto action, int ply, String clientActionId) {
}
