package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.ServerMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Heartbeats over a real server with short ones (ping every 1 s, dead after 3 s): a seat whose client goes silent
 * without closing is shown disconnected to the others; an idle client that answers pings stays connected.
 */
class HeartbeatTest extends ServerFixture {
    static final FortunaServer.Heartbeat SHORT = new FortunaServer.Heartbeat(Duration.ofSeconds(1),
            Duration.ofSeconds(3));
    static final Lobby.SeatSpec PERSON = new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null);

    HeartbeatTest() {
        super(1, 1000, 0, 11L);
    }

    @Override
    FortunaServer.Heartbeat heartbeat() {
        return SHORT;
    }

    /** A running game of two people: its id and the two seat tokens. */
    private String[] twoPeople() {
        TestClient.Reply r = client.post("/api/games", null, new Lobby.CreateGame(null, List.of(PERSON, PERSON)));
        assertEquals(201, r.status(), r.body());
        Lobby.Created c = r.as(Lobby.Created.class);
        for (Lobby.Invitation inv : c.invitations()) {
            assertEquals(200, client.post("/api/games/" + c.gameId() + "/join", inv.token(), "").status());
        }
        return new String[] {c.gameId(), c.invitations().get(0).token(), c.invitations().get(1).token()};
    }

    /**
     * A client that completes the WebSocket handshake and then goes silent without closing: it never reads (what
     * the server sends piles up in the socket buffers, which the kernel still acknowledges), never answers a ping,
     * never sends.
     */
    private Socket silentSeat(String gameId, String token) throws IOException {
        Socket s = new Socket("127.0.0.1", server.port());
        String key = Base64.getEncoder().encodeToString("fortuna-silent!!".getBytes(StandardCharsets.US_ASCII));
        OutputStream out = s.getOutputStream();
        out.write(("GET /api/games/" + gameId + "/ws?token=" + token + " HTTP/1.1\r\n"
                + "Host: 127.0.0.1:" + server.port() + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Version: 13\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) { // the headers only, byte by byte
            int b = in.read();
            if (b < 0) {
                fail("connection closed during the handshake: " + head);
            }
            head.write(b);
        }
        assertTrue(head.toString(StandardCharsets.US_ASCII).startsWith("HTTP/1.1 101"), head.toString());
        return s;
    }

    /** The next presence message within {@code millis}, or null. */
    private static ServerMessage.Presence presenceWithin(TestClient.Ws ws, long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            long left = end - System.nanoTime();
            String s = ws.inbox.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (s == null) {
                return null;
            }
            if (Json.read(s, ServerMessage.class) instanceof ServerMessage.Presence p) {
                return p;
            }
        }
    }

    /** Waits (at most {@code millis}) for a presence with these connected flags; fails with the last one seen. */
    private static long awaitConnected(TestClient.Ws ws, List<Boolean> connected, long millis)
            throws InterruptedException {
        long start = System.nanoTime(), end = start + TimeUnit.MILLISECONDS.toNanos(millis);
        ServerMessage.Presence last = null;
        while (System.nanoTime() < end) {
            ServerMessage.Presence p = presenceWithin(ws, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime()));
            if (p == null) {
                break;
            }
            last = p;
            if (p.connected().equals(connected)) {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            }
        }
        fail("no presence " + connected + " within " + millis + " ms; last seen: " + last);
        return -1;
    }

    @Test
    void aSilentSeatIsShownDisconnectedWithinTheHeartbeatWindow() throws Exception {
        String[] g = twoPeople();
        try (TestClient.Ws other = client.ws(g[0], "token=" + g[2])) {
            awaitConnected(other, List.of(false, true), 5_000);
            try (Socket silent = silentSeat(g[0], g[1])) {
                awaitConnected(other, List.of(true, true), 5_000);
                // dead after 3 s of silence; a sweep every 1/4 of it and the close take a little more
                long took = awaitConnected(other, List.of(false, true), SHORT.dead().toMillis() + 3_000);
                assertTrue(took >= SHORT.dead().toMillis() - 200, "cut after " + took + " ms only");
            }
        }
    }

    @Test
    void anIdleClientThatAnswersPingsStaysConnected() throws Exception {
        String[] g = twoPeople();
        try (TestClient.Ws seat0 = client.ws(g[0], "token=" + g[1]);
             TestClient.Ws seat1 = client.ws(g[0], "token=" + g[2])) {
            awaitConnected(seat1, List.of(true, true), 5_000);
            // idle (nothing sent by the application) for well past the dead time; java.net.http answers pings
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(3 * SHORT.dead().toMillis());
            for (long left; (left = end - System.nanoTime()) > 0; ) {
                ServerMessage.Presence p = presenceWithin(seat1, TimeUnit.NANOSECONDS.toMillis(left));
                assertTrue(p == null || p.connected().equals(List.of(true, true)), "shown disconnected: " + p);
            }
            assertNull(seat0.closeCode);
            assertNull(seat1.closeCode);
            seat0.inbox.clear();
            seat0.send(new ClientMessage.Ping(7));
            assertEquals(new ServerMessage.Pong(7), seat0.until(ServerMessage.Pong.class));
        }
    }
}
