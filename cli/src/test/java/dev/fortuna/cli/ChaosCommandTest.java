package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChaosCommandTest {

    @Test
    void oneKillOnH2PrintsTheSummaryAndPasses() {
        MainTest.Run r = MainTest.run("chaos", "--kills", "1", "--games", "1", "--bot-games", "0",
                "--bot-only-games", "1", "--min-gap", "300", "--max-gap", "800");
        assertEquals(0, r.code(), r.out() + r.err());
        for (String line : new String[] {"kill 1/1: server 0", "chaos: 1 server on H2 (file)",
                "kills: 1 with SIGKILL, each restarted on the same data", "games: ", "actions: ", "clients saw: ",
                "during restarts: ", "verdict: no acknowledged action lost, none applied twice"}) {
            assertTrue(r.out().contains(line), "missing '" + line + "' in:\n" + r.out());
        }
    }

    @Test
    void twoServersNeedPostgres() {
        MainTest.Run r = MainTest.run("chaos", "--servers", "2");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("two servers share a PostgreSQL database"), r.err());
    }
}
