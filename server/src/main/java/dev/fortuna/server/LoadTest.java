package dev.fortuna.server;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.ServerMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load generator: starts a server on a free loopback port, creates {@code games} games of two scripted people,
 * connects every seat over a real WebSocket, and lets all games play at once to their end. It measures actions per
 * second, the latency from sending an action to its acknowledgement and to the other seat's receipt of the update,
 * and the heap each running game takes (server and client objects together, measured after a full GC once every
 * game is created, joined and connected).
 */
public final class LoadTest {
    private LoadTest() {
    }

    /** The figures of one run; latencies in milliseconds. */
    public record Result(int games, long actions, double seconds, double actionsPerSecond, double ackP50, double ackP99,
                         double fanOutP50, double fanOutP99, long heapBytesPerGame, String database) {
    }

    /** Runs {@code games} games on {@code jdbcUrl} (null: H2 in a temporary directory, deleted afterwards). */
    public static Result run(int games, String jdbcUrl) throws Exception {
        if (games < 1) {
            throw new IllegalArgumentException("games must be at least 1, not " + games);
        }
        Path tmp = jdbcUrl == null ? Files.createTempDirectory("fortuna-loadtest-") : null;
        String url = jdbcUrl != null ? jdbcUrl : ServerConfig.h2(tmp);
        ServerConfig config = new ServerConfig("127.0.0.1", 0, url, 1, 1000, 0, null);
        try (FortunaServer server = FortunaServer.start(config)) {
            return drive(server.port(), games, jdbcUrl == null ? "H2 (file, " + tmp + ")" : url);
        } finally {
            if (tmp != null) {
                try (var s = Files.walk(tmp)) {
                    s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    private static Result drive(int port, int games, String database) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        String base = "http://127.0.0.1:" + port;
        long[] sentAt = new long[games * 400];
        AtomicLong actions = new AtomicLong();
        Samples ack = new Samples(), fanOut = new Samples();
        CountDownLatch done = new CountDownLatch(games);
        CountDownLatch ready = new CountDownLatch(games * 2);
        System.gc();
        long heapBefore = usedHeap();
        List<Seat> seats = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            // Creation and joining go through HTTP like a browser's; the lobby's flood control counts per address,
            // so the generator paces itself below it.
            Lobby.Created c = Json.read(post(http, base + "/api/games", null, new Lobby.CreateGame(null, List.of(
                    new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null),
                    new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, null)))), Lobby.Created.class);
            long[] gameSent = new long[400];
            for (Lobby.Invitation inv : c.invitations()) {
                post(http, base + "/api/games/" + c.gameId() + "/join", inv.token(), "");
                Seat s = new Seat(inv.seat(), gameSent, ack, fanOut, actions, done, ready);
                s.socket = http.newWebSocketBuilder().buildAsync(URI.create(base.replace("http:", "ws:") + "/api/games/"
                        + c.gameId() + "/ws?token=" + inv.token()), s).join();
                seats.add(s);
            }
        }
        if (!ready.await(120, TimeUnit.SECONDS)) {
            throw new IllegalStateException("not every seat got its snapshot");
        }
        System.gc();
        long heapPerGame = (usedHeap() - heapBefore) / games;
        long start = System.nanoTime();
        seats.forEach(Seat::go);
        if (!done.await(30, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the games did not end within 30 minutes");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        seats.forEach(s -> s.socket.abort());
        return new Result(games, actions.get(), seconds, actions.get() / seconds, ack.quantile(0.5), ack.quantile(0.99),
                fanOut.quantile(0.5), fanOut.quantile(0.99), heapPerGame, database);
    }

    private static long usedHeap() {
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private static String post(HttpClient http, String url, String token, Object body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        String json = body instanceof String s ? s : Json.write(body);
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> r = http.send(b.POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 429 && attempt < 100) {
                Thread.sleep(50);
                continue;
            }
            if (r.statusCode() / 100 != 2) {
                throw new IllegalStateException(url + " answered " + r.statusCode() + ": " + r.body());
            }
            return r.body();
        }
    }

    /** Latency samples in nanoseconds. */
    private static final class Samples {
        private long[] values = new long[1024];
        private int n;

        synchronized void add(long nanos) {
            if (n == values.length) {
                values = Arrays.copyOf(values, n * 2);
            }
            values[n++] = nanos;
        }

        synchronized double quantile(double p) {
            if (n == 0) {
                return 0;
            }
            long[] s = Arrays.copyOf(values, n);
            Arrays.sort(s);
            return s[(int) Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))] / 1e6;
        }
    }

    /**
     * One seat's client: acts when the decision is its own, times its acknowledgements, and times the updates of
     * the other seat's actions (sent at {@code sentAt[ply]}, which both seats of a game share).
     */
    private static final class Seat implements WebSocket.Listener {
        final int seat;
        final long[] sentAt;
        final Samples ack, fanOut;
        final AtomicLong actions;
        final CountDownLatch done, ready;
        final StringBuilder partial = new StringBuilder();
        volatile WebSocket socket;
        private GameView.DecisionView decision;
        private long version = -1;
        private boolean started, finished;
        private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);
        private String lastSent;

        Seat(int seat, long[] sentAt, Samples ack, Samples fanOut, AtomicLong actions, CountDownLatch done,
             CountDownLatch ready) {
            this.seat = seat;
            this.sentAt = sentAt;
            this.ack = ack;
            this.fanOut = fanOut;
            this.actions = actions;
            this.done = done;
            this.ready = ready;
        }

        synchronized void go() {
            started = true;
            maybeAct();
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                long now = System.nanoTime();
                ServerMessage m = Json.read(partial.toString(), ServerMessage.class);
                partial.setLength(0);
                receive(m, now);
            }
            ws.request(1);
            return null;
        }

        private synchronized void receive(ServerMessage m, long now) {
            if (m instanceof ServerMessage.Snapshot s) {
                version = s.version();
                decision = s.view().decision();
                ready.countDown();
            } else if (m instanceof ServerMessage.Update u) {
                version = u.version();
                decision = u.decision();
                int ply = u.action().ply();
                if (u.action().seat() != seat && ply < sentAt.length) {
                    fanOut.add(now - sentAt[ply]);
                }
                if (decision.kind() == DecisionKind.GAME_OVER && seat == 0) {
                    finished = true;
                    done.countDown();
                }
                if (u.events().stream().anyMatch(e -> e instanceof EventDto.GameEnded) && seat != 0) {
                    finished = true;
                }
                maybeAct();
            } else if (m instanceof ServerMessage.Ack a) {
                ack.add(now - sentAt[a.ply()]);
                actions.incrementAndGet();
            } else if (m instanceof ServerMessage.Error e && e.rejection().code() == ErrorCode.THROTTLED) {
                // A few games playing flat out exceed a person's message rate: send the same action again later
                // (same client action id, so it is applied once).
                String again = lastSent;
                CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS).execute(() -> send(again));
            } else if (m instanceof ServerMessage.Rejected || m instanceof ServerMessage.Error) {
                System.err.println("loadtest: seat " + seat + " got " + m);
            }
        }

        private synchronized void send(String json) {
            lastSent = json;
            // java.net.http allows one outstanding send per socket: chain them.
            sending = sending.thenCompose(x -> socket.sendText(json, true));
        }

        private void maybeAct() {
            if (!started || finished || decision == null || decision.seat() == null || decision.seat() != seat) {
                return;
            }
            int ply = (int) version;
            String json = Json.write(new ClientMessage.Act(Scripted.choose(decision, ply), ply, "lt-" + ply));
            decision = null; // act once per decision
            sentAt[ply] = System.nanoTime();
            send(json);
        }
    }
}
