package dev.fortuna.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * One server on a free loopback port for a whole test class, on a database of its own (H2 in a temporary
 * directory unless the class says otherwise), with a client of it; stopped and the database removed after the
 * class's last test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerFixture {
    private final int botThreads;
    private final long botMillis, botDelayMillis, shuffleSeed;
    TestDatabases.Db db;
    FortunaServer server;
    TestClient client;

    /** The server's bot pool, a bot's time per decision, the pause before it, and the seed of every pile. */
    ServerFixture(int botThreads, long botMillis, long botDelayMillis, long shuffleSeed) {
        this.botThreads = botThreads;
        this.botMillis = botMillis;
        this.botDelayMillis = botDelayMillis;
        this.shuffleSeed = shuffleSeed;
    }

    TestDatabases.Db database() throws Exception {
        return TestDatabases.h2();
    }

    FortunaServer.Heartbeat heartbeat() {
        return FortunaServer.Heartbeat.DEFAULT;
    }

    @BeforeAll
    void startServer() throws Exception {
        db = database();
        server = FortunaServer.start(new ServerConfig("127.0.0.1", 0, db.url(), botThreads, botMillis,
                botDelayMillis, shuffleSeed), heartbeat());
        client = new TestClient(server.port());
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
        if (db != null) {
            db.close();
        }
    }
}
