package dev.fortuna.protocol;

/**
 * Why an action or a request was refused: a stable {@link ErrorCode}, a readable message, (for actions) the game's
 * current ply so that a client can resynchronise, and (for a refusal by the rules) its {@link RejectionArgs}, so
 * that a client can say or show what was refused without parsing the message.
 */
public record Rejection(ErrorCode code, String message, Integer ply, RejectionArgs args) {
    /** A refusal without arguments. */
    public Rejection(ErrorCode code, String message, Integer ply) {
        this(code, message, ply, null);
    }

    public static Rejection of(ErrorCode code, String message) {
        return new Rejection(code, message, null, null);
    }
}
