package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.ServerMessage;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A real HTTP and WebSocket client of a server on loopback (java.net.http). */
final class TestClient {
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final long WAIT_SECONDS = 20;

    final String base;

    TestClient(int port) {
        this.base = "http://localhost:" + port;
    }

    /** An HTTP answer: status and body. */
    record Reply(int status, String body) {
        <T> T as(Class<T> type) {
            return Json.read(body, type);
        }
    }

    Reply get(String path, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.GET().build());
    }

    Reply post(String path, String token, Object body) {
        String json = body instanceof String s ? s : Json.write(body);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json");
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    private static Reply send(HttpRequest r) {
        try {
            HttpResponse<String> resp = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
            return new Reply(resp.statusCode(), resp.body());
        } catch (IOException e) {
            throw new IllegalStateException(r.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Opens the game's WebSocket; {@code query} like {@code token=…&version=3}, or empty. */
    Ws ws(String gameId, String query) {
        Ws ws = new Ws();
        String uri = base.replace("http:", "ws:") + "/api/games/" + gameId + "/ws" + (query.isEmpty() ? "" : "?" + query);
        ws.socket = HTTP.newWebSocketBuilder().buildAsync(URI.create(uri), ws).join();
        return ws;
    }

    /** A WebSocket connection that queues every message it receives. */
    static final class Ws implements WebSocket.Listener, AutoCloseable {
        final BlockingQueue<String> inbox = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        volatile WebSocket socket;
        volatile Integer closeCode;

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                inbox.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closeCode = statusCode;
            return null;
        }

        void send(ClientMessage m) {
            sendText(Json.write(m));
        }

        void sendText(String text) {
            socket.sendText(text, true).join();
        }

        /** The next message, waiting at most {@link #WAIT_SECONDS}. */
        ServerMessage next() {
            try {
                String s = inbox.poll(WAIT_SECONDS, TimeUnit.SECONDS);
                assertNotNull(s, "no message within " + WAIT_SECONDS + " s");
                return Json.read(s, ServerMessage.class);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /** The next message, which must be of this type. */
        <T extends ServerMessage> T next(Class<T> type) {
            ServerMessage m = next();
            assertEquals(type, m.getClass(), m.toString());
            return type.cast(m);
        }

        /** Skips messages until one of this type (presence changes and updates come and go around the others). */
        <T extends ServerMessage> T until(Class<T> type) {
            while (true) {
                ServerMessage m = next();
                if (type.isInstance(m)) {
                    return type.cast(m);
                }
            }
        }

        /** Skips messages until one of this type that matches {@code wanted}. */
        <T extends ServerMessage> T until(Class<T> type, Predicate<T> wanted) {
            while (true) {
                T m = until(type);
                if (wanted.test(m)) {
                    return m;
                }
            }
        }

        @Override
        public void close() {
            socket.abort();
        }
    }
}
