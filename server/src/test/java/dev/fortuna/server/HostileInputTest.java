package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.protocol.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A short run of the hostile-input fuzzer (the long one is {@code fortuna fuzz}) on H2 and on PostgreSQL: every
 * case is refused with the code it calls for, stored games are unchanged, no token is logged, the server stays up
 * and the people playing meanwhile are never refused. (Their latency is reported by the command, not judged here.)
 */
class HostileInputTest {
    static final int CASES = 2000;

    @Test
    void everyHostileCaseIsRefusedWithItsCodeOnH2() throws Exception {
        check(HostileInput.run(new HostileInput.Options(CASES, null, 7, 2, 25), line -> { }));
    }

    @Test
    void everyHostileCaseIsRefusedWithItsCodeOnPostgres() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres()) {
            check(HostileInput.run(new HostileInput.Options(CASES, db.url(), 8, 2, 25), line -> { }));
        }
    }

    private static void check(HostileInput.Result r) {
        List<String> why = new ArrayList<>(r.failureSamples());
        why.addAll(r.changedGames());
        assertEquals(0, r.failures(), String.join("\n", why));
        assertEquals(List.of(), r.changedGames());
        assertEquals(0, r.tokensInLog(), String.join("\n", r.logSamples()));
        assertTrue(r.serverUp());
        assertEquals(0, r.normalRefused());
        assertTrue(r.normalActions() > 0, "the people played meanwhile");
        assertEquals(CASES, r.cases());
        assertTrue(r.gamesCompared() >= 4, "the four aimed-at games were compared: " + r.gamesCompared());
        // Every kind of case ran, and the codes the issue names came back.
        assertTrue(r.counts().size() >= 30, r.counts().keySet().toString());
        Map<String, Integer> outcomes = r.byOutcome();
        for (String code : List.of(ErrorCode.BAD_REQUEST.name(), ErrorCode.BAD_TOKEN.name(),
                ErrorCode.NOT_YOUR_DECISION.name(), ErrorCode.STALE_PLY.name(), ErrorCode.TOO_LARGE.name(),
                ErrorCode.THROTTLED.name(), ErrorCode.FOREIGN_ORIGIN.name(), ErrorCode.UNSUPPORTED_MEDIA_TYPE.name(),
                ErrorCode.NOT_FOUND.name(), ErrorCode.SPECTATOR_CANNOT_ACT.name(), ErrorCode.GAME_OVER.name(),
                ErrorCode.GAME_NOT_STARTED.name(), "ACK_REPLAYED", "PONG", "CLOSED_1009")) {
            assertTrue(outcomes.getOrDefault(code, 0) > 0, code + " in " + outcomes);
        }
    }
}
