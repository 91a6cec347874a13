package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fortuna.engine.RejectionCode;
import dev.fortuna.protocol.ErrorCode;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wire code of every engine refusal ({@link GameSession#errorCode}). */
class GameSessionTest {
    @Test
    void everyEngineRejectionCodeHasItsWireCode() {
        Map<RejectionCode, ErrorCode> expected = new EnumMap<>(RejectionCode.class);
        expected.put(RejectionCode.NO_ACTION, ErrorCode.MALFORMED_ACTION);
        expected.put(RejectionCode.GAME_OVER, ErrorCode.GAME_OVER);
        expected.put(RejectionCode.NOT_YOUR_DECISION, ErrorCode.NOT_YOUR_DECISION);
        expected.put(RejectionCode.MALFORMED_ACTION, ErrorCode.MALFORMED_ACTION);
        expected.put(RejectionCode.WRONG_KIND_OF_ACTION, ErrorCode.NOT_A_LEGAL_OPTION);
        expected.put(RejectionCode.SQUARE_OCCUPIED, ErrorCode.SQUARE_TAKEN);
        expected.put(RejectionCode.NOT_ADJACENT, ErrorCode.NOT_ADJACENT);
        expected.put(RejectionCode.TILE_DOES_NOT_FIT, ErrorCode.TILE_DOES_NOT_FIT);
        expected.put(RejectionCode.NO_SUCH_FEATURE, ErrorCode.NO_SUCH_FEATURE);
        expected.put(RejectionCode.FEATURE_OCCUPIED, ErrorCode.FEATURE_OCCUPIED);
        expected.put(RejectionCode.NO_CROWN_SPACES, ErrorCode.NO_CROWN_SPACE);
        expected.put(RejectionCode.CROWN_SPACES_FULL, ErrorCode.NO_CROWN_SPACE);
        expected.put(RejectionCode.NOT_A_LEGAL_OPTION, ErrorCode.NOT_A_LEGAL_OPTION);
        assertEquals(EnumSet.allOf(RejectionCode.class), expected.keySet(), "a new engine code needs its wire code");
        for (RejectionCode code : RejectionCode.values()) {
            assertEquals(expected.get(code), GameSession.errorCode(code), code.name());
        }
    }

    /** Every wire code of the rules is sent for some engine refusal, and each is a 4xx (never a server failure). */
    @Test
    void everyRulesWireCodeIsReachedFromTheEngine() {
        EnumSet<ErrorCode> reached = EnumSet.noneOf(ErrorCode.class);
        for (RejectionCode code : RejectionCode.values()) {
            ErrorCode wire = GameSession.errorCode(code);
            reached.add(wire);
            int status = FortunaServer.httpStatus(wire);
            assertEquals(4, status / 100, wire + " is sent with " + status);
        }
        assertEquals(EnumSet.of(ErrorCode.MALFORMED_ACTION, ErrorCode.GAME_OVER, ErrorCode.NOT_YOUR_DECISION,
                ErrorCode.NOT_A_LEGAL_OPTION, ErrorCode.SQUARE_TAKEN, ErrorCode.NOT_ADJACENT,
                ErrorCode.TILE_DOES_NOT_FIT, ErrorCode.NO_SUCH_FEATURE, ErrorCode.FEATURE_OCCUPIED,
                ErrorCode.NO_CROWN_SPACE), reached);
    }
}
