package dev.fortuna.server;

import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.Rejection;

/** A refusal with a stable code, turned into a JSON error by the HTTP and WebSocket layers. */
final class ApiException extends RuntimeException {
    final transient Rejection rejection;

    ApiException(ErrorCode code, String message) {
        super(message, null, false, false);
        this.rejection = Rejection.of(code, message);
    }
}
