package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.DecisionKind;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A server in a process of its own is killed with SIGKILL in the middle of a game and started again on the same
 * data: every acknowledged action is there, the same client action id gets the same answer, and the game goes on.
 */
class CrashSafetyTest {
    private static final Pattern LISTENING = Pattern.compile("listening on http://localhost:(\\d+)/");

    @Test
    void killedServerOnH2KeepsEveryAcknowledgedAction() throws Exception {
        try (TestDatabases.Db db = TestDatabases.h2()) {
            Path dir = Path.of(db.url().substring("jdbc:h2:file:".length(), db.url().indexOf(';'))).getParent();
            killAndRestart(List.of("--data", dir.toString()));
        }
    }

    @Test
    void killedServerOnPostgresKeepsEveryAcknowledgedAction() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres()) {
            killAndRestart(List.of("--db", db.url()));
        }
    }

    /** An action, the seat that took it and the answer the client got for it. */
    record Acked(int seat, ActionDto action, ServerMessage.Ack ack) {
    }

    private static void killAndRestart(List<String> dbArgs) throws Exception {
        Process first = startServer(dbArgs);
        String id, token0, token1;
        List<Acked> acked = Collections.synchronizedList(new ArrayList<>());
        try {
            TestClient c = new TestClient(port(first));
            TestClient.Reply r = c.post("/api/games", null, new Lobby.CreateGame(null,
                    List.of(ServerContractTest.PERSON, ServerContractTest.PERSON)));
            Lobby.Created created = r.as(Lobby.Created.class);
            id = created.gameId();
            token0 = created.invitations().get(0).token();
            token1 = created.invitations().get(1).token();
            c.post("/api/games/" + id + "/join", token0, "");
            c.post("/api/games/" + id + "/join", token1, "");
            Thread players = new Thread(() -> {
                try {
                    while (true) {
                        play(c, id, token0, token1, acked);
                    }
                } catch (RuntimeException dead) {
                    // the server was killed under us: the action in flight has no answer
                }
            });
            players.start();
            while (acked.size() < 25) {
                Thread.sleep(5);
            }
            first.destroyForcibly(); // SIGKILL: no shutdown hook runs
            first.waitFor(10, TimeUnit.SECONDS);
            players.join(30_000);
        } finally {
            first.destroyForcibly();
        }

        Process second = startServer(dbArgs);
        try {
            TestClient c = new TestClient(port(second));
            GameView v = c.get("/api/games/" + id + "/view", null).as(GameView.class);
            int n = acked.size();
            // Every acknowledged action is stored; one more may be stored whose answer the kill swallowed.
            assertTrue(v.ply() == n || v.ply() == n + 1, "stored " + v.ply() + ", acknowledged " + n);
            Acked last = acked.get(n - 1);
            String token = null; // the seat that took it: the only token whose resend is acknowledged
            for (String t : List.of(token0, token1)) {
                TestClient.Reply again = c.post("/api/games/" + id + "/actions", t,
                        new ActionRequest(last.action(), last.ack().ply(), last.ack().clientActionId()));
                if (again.status() == 200) {
                    token = t;
                    assertEquals(last.ack(), again.as(ServerMessage.class));
                }
            }
            assertTrue(token != null, "the last acknowledged action's id is answered with its ack after the restart");
            // The stored history starts with exactly the acknowledged actions, by the same seats at the same plies.
            SeatAction[] stored = c.get("/api/games/" + id + "/actions", null).as(SeatAction[].class);
            assertEquals(v.ply(), stored.length);
            for (int i = 0; i < n; i++) {
                Acked a = acked.get(i);
                assertEquals(i, a.ack().ply());
                assertEquals(new SeatAction(a.seat(), i, a.action()), stored[i]);
            }
            // The game goes on.
            for (int i = 0; i < 6; i++) {
                assertTrue(play(c, id, token0, token1, acked));
            }
            assertEquals(v.ply() + 6, c.get("/api/games/" + id + "/view", null).as(GameView.class).ply());
        } finally {
            second.destroy();
            second.waitFor(10, TimeUnit.SECONDS);
            second.destroyForcibly();
        }
    }

    /** Plays one decision of the person whose turn it is; false once the game is over. */
    private static boolean play(TestClient c, String id, String token0, String token1, List<Acked> acked) {
        GameView v = c.get("/api/games/" + id + "/view", null).as(GameView.class);
        if (v.decision().kind() == DecisionKind.GAME_OVER) {
            return false;
        }
        ActionDto a = Scripted.choose(v.decision(), v.ply());
        TestClient.Reply r = c.post("/api/games/" + id + "/actions", v.decision().seat() == 0 ? token0 : token1,
                new ActionRequest(a, v.ply(), "crash-" + v.ply()));
        assertEquals(200, r.status(), r.body());
        acked.add(new Acked(v.decision().seat(), a, (ServerMessage.Ack) r.as(ServerMessage.class)));
        return true;
    }

    /** A server in a process of its own on the test class path, with these database arguments. */
    static Process startServer(List<String> dbArgs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx256m", FortunaServer.class.getName(), "--port", "0"));
        cmd.addAll(dbArgs);
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The port the server process prints once it listens. */
    static int port(Process p) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        throw new IllegalStateException("the server process ended without listening (exit " + p.waitFor() + ")");
    }
}
