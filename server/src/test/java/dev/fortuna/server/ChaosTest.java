package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A short crash-and-restart run ({@link Chaos}; the long runs are {@code fortuna chaos}): server processes killed
 * with SIGKILL, at random moments and while actions are in flight, restarted on the same data; every stored game
 * replays to what its clients saw, every acknowledged action is stored once, every update came once and in order.
 */
class ChaosTest {
    static Chaos.Options shortRun() {
        return Chaos.Options.defaults().withKills(3).withGames(2, 1, 1).withGaps(300, 1200).withSeed(7);
    }

    @Test
    void killedAndRestartedOnH2NothingIsLostOrDoubled() throws Exception {
        assertClean(Chaos.run(shortRun(), System.out::println), 3);
    }

    @Test
    void killedAndRestartedOnPostgresNothingIsLostOrDoubled() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres()) {
            assertClean(Chaos.run(shortRun().withDatabase(db.url()), System.out::println), 3);
        }
    }

    /** The check can fail: an acknowledged action taken out of the store is found missing. */
    @Test
    void theCheckFindsAnAcknowledgedActionThatIsNotStored() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("fortuna-chaos-test-");
        Chaos.Result r;
        try {
            r = failingCheck(dir);
        } finally {
            TestDatabases.deleteTree(dir); // a run with violations keeps its directory
        }
        r.lines().forEach(System.out::println);
        assertTrue(!r.clean());
        assertTrue(r.violations().stream().anyMatch(v -> v.contains("(acknowledged and lost)")), r.violations()
                .toString());
    }

    private static Chaos.Result failingCheck(java.nio.file.Path dir) throws Exception {
        return Chaos.run(shortRun().withKills(0).withGames(1, 0, 0).withWorkDir(dir), System.out::println, url -> {
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(url);
                 java.sql.Statement s = c.createStatement()) {
                // the last action of the game, which its people acknowledged and saw
                assertEquals(1, s.executeUpdate("delete from actions where ply = (select max(ply) from actions)"));
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static void assertClean(Chaos.Result r, int kills) {
        r.lines().forEach(System.out::println);
        assertTrue(r.clean(), String.join("\n", r.lines()));
        assertEquals(kills, r.kills());
        assertTrue(r.acknowledged() > 0 && r.actionsStored() >= r.acknowledged(), String.join("\n", r.lines()));
        assertTrue(r.updatesSeen() > 0, String.join("\n", r.lines()));
    }
}
