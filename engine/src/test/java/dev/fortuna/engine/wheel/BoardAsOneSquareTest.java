package dev.fortuna.engine.wheel;

import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.WheelOptions;
import org.junit.jupiter.api.Test;

/**
 * Incomplete cloisters beside the wheel board at the end of the game (RULES.md §2.9 with the WoF option
 * {@code boardIsOneTileForCloisters}): the board's squares in a cloister's block count as one square together.
 *
 * <pre>
 *   y=-1:  B(-1,-1)  .          the upper cloister's block holds one board square, (0,0), in its east column
 *   y= 0:  B(-1,0)   [board]    the lower cloister's block holds two, (0,0) and (0,1)
 *   y= 1:  .         [board]
 * </pre>
 */
class BoardAsOneSquareTest {

    private static Scenario twoMonksWestOfTheBoard(boolean boardIsOneSquare) {
        Scenario s = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withBoardIsOneTileForCloisters(boardIsOneSquare))
                .draws("wof:B", "wof:B").build());
        s.place(-1, 0, 0).deploy("M");   // seat 0
        s.place(-1, -1, 0).deploy("M");  // seat 1; the pile is empty: the game ends
        return s;
    }

    @Test
    void theBoardCountsOnceInACloistersBlock() {
        // Seat 0: itself, B above, the board once = 3; seat 1: itself, B below, the board once = 3.
        twoMonksWestOfTheBoard(true).expectScores(3, 3);
    }

    @Test
    void byDefaultEveryBoardSquareCounts() {
        // Seat 0: itself, B above, board squares (0,0) and (0,1) = 4; seat 1: itself, B below, (0,0) = 3.
        twoMonksWestOfTheBoard(false).expectScores(4, 3);
    }

    @Test
    void theFirstTilePlacedBesideTheBoardIsACloisterLikeAnyOther() {
        // Its block: board squares (3,0) and (3,1), and the six tiles placed round it afterwards.
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:B", "wof:B", "wof:B", "wof:B", "wof:B");
        s.place(4, 0, 0).deploy("M");   // seat 0: the first tile of the game, a monk
        s.place(4, -1, 0).pass();
        s.place(5, -1, 0).pass();
        s.place(5, 0, 0).pass();
        s.place(5, 1, 0).pass();
        s.place(4, 1, 0).pass();
        s.place(3, -1, 0).pass();       // seat 0: the last square of the block; completed during play
        s.expectScores(9, 0).expectSupplies(7, 7);
    }
}
