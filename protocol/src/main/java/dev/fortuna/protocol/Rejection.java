package dev.fortuna.protocol;

/**
 * Why an action or a request was refused: a stable {@link ErrorCode}, a readable message, and (for actions) the
 * game's current ply so that a client can resynchronise.
 */
public record Rejection(ErrorCode code, String message, Integer ply) {
    public static Rejection of(ErrorCode code, String message) {
        return new Rejection(code, message, null);
    }
}
