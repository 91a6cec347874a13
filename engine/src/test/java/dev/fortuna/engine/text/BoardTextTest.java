package dev.fortuna.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.tile.FeatureKind;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BoardTextTest {
    @Test
    void startTileAloneWithAMarginOfEmptySquares() {
        assertEquals("""
                     -1      0      1


                -1


                          .#####.
                          ..###..
                 0        =======
                          .......
                          .......


                 1


                a (seat 0): score 0, supply 7  <- to decide
                b (seat 1): score 0, supply 7
                """, BoardText.render(Scenario.base(2, "V", "E").state()));
    }

    @Test
    void roadCityWithPennantCloisterAndFollowersOfTwoSeats() {
        // D at (0,0); seat 0: V at (1,0) with a thief on its bend; seat 1: F turned 90° at (0,-1) (city
        // N-S joined to D's city) with a knight beside the pennant; seat 0: B at (1,-1) with a monk.
        Scenario s = Scenario.base(2, "V", "F", "B", "E")
                .place(1, 0, 0).deploy("R1")
                .place(0, -1, 90).deploy("C1")
                .place(1, -1, 0).deploy("M");
        assertEquals("""
                     -1      0      1      2


                -2


                          .#####........
                          ..###....MMM..
                -1        ..b*#....MaM..
                          ..###....MMM..
                          .#####........
                          .#####........
                          ..###.........
                 0        =========a=...
                          ..........|...
                          ..........|...


                 1


                a (seat 0): score 0, supply 5
                b (seat 1): score 0, supply 6  <- to decide
                """, BoardText.render(s.state()));
    }

    @Test
    void cropCircleTileWithAThiefOnTheRoadEndingAtTheCircle() {
        // CC2-d (city N, roads E and W ending at the crop circle) east of the start tile; the pitchfork
        // symbol finds no farmers, so the crop-circle step passes and seat 1 is to place.
        Scenario s = Scenario.cropCircles(2, "CC2-d", "E", "E").place(1, 0, 0).deploy("R2");
        assertEquals("""
                     -1      0      1      2


                -1


                          .#####..#####.
                          ..###....###..
                 0        ========a=@===
                          ..............
                          ..............


                 1


                a (seat 0): score 0, supply 6
                b (seat 1): score 0, supply 7  <- to decide
                """, BoardText.render(s.state()));
    }

    @Test
    void wheelBoardWithThePigACrownFollowerAndAFarmer() {
        // wof:U/w1 moves the pig from Fortune to Tax; seat 0 places it on the board's north road and takes a
        // crown space of Tax; seat 1 places wof:E north of the board and puts a farmer on the board's field.
        Scenario s = Scenario.wheel(2, "wof:U/w1", "wof:E", "wof:B")
                .place(2, -1, 0).crown(Sector.TAX)
                .place(1, -1, 0).deploy("F1");
        assertEquals("""
                     -1      0      1      2      3      4


                -2


                                 .#####....|...
                                 ..###.....|...
                -1               ...b......|...
                                 ..........|...
                                 ..........|...
                          ..#####..........|..........
                          ..#####..........|..........
                 0        ..~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~..
                 1        ==~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~..
                          ..~~~~~~~~~~~~~~~~~~~~~~~~##
                          ..~~~~~~~~~~~~~~~~~~~~~~~~##
                 2        ..~~~~~~~~~~~~~~~~~~~~~~~~##
                          ..~~~~~~~~~~~~~~~~~~~~~~~~##
                          ..~~~~~~~~~~~~~~~~~~~~~~~~##
                          ##~~~~~~~~~~~~~~~~~~~~~~~~..
                          ##~~~~~~~~~~~~~~~~~~~~~~~~..
                 3        ##~~~~~~~~~~~~~~~~~~~~~~~~..
                          #######.................|...
                          #######.................|...


                 4


                Wheel: pig on Tax | Fortune [ ] | Tax [a, ] | Famine [ ] | Storm [ , ] | Inquisition [ ] | Plague [ , ]
                a (seat 0): score 0, supply 6  <- to decide
                b (seat 1): score 0, supply 6
                """, BoardText.render(s.state()));
    }

    @Test
    void randomGamesDrawEveryFollowerAndCloisterAndKeepTheGridRectangular() {
        GameConfig[] configs = {
            GameConfig.builder().players(2).seed(11).build(),
            GameConfig.builder().players(3).seed(12).expansion(ExpansionId.CROP_CIRCLES).build(),
            GameConfig.builder().players(5).seed(13).expansion(ExpansionId.WHEEL_OF_FORTUNE).build(),
            GameConfig.builder().players(4).seed(14).expansion(ExpansionId.WHEEL_OF_FORTUNE)
                    .expansion(ExpansionId.CROP_CIRCLES).build()};
        int checks = 0;
        for (GameConfig config : configs) {
            GameState state = GameState.newGame(config);
            Random random = new Random(config.seed());
            int step = 0;
            while (!state.isOver()) {
                if (step++ % 25 == 0) {
                    checkBoard(state);
                    checks++;
                }
                state.applyLegal(random.nextInt(state.legalCount()));
            }
            checkBoard(state);
            checks++;
        }
        assertTrue(checks >= 4 * 3, "several positions per game, got " + checks);
    }

    private static void checkBoard(GameState state) {
        String text = BoardText.render(state);
        String[] lines = text.split("\n", -1);
        int minX = Integer.MAX_VALUE, maxX = Integer.MIN_VALUE, minY = Integer.MAX_VALUE, maxY = Integer.MIN_VALUE;
        int cloisters = 0;
        for (PlacedTile t : state.board()) {
            minX = Math.min(minX, t.position().x());
            maxX = Math.max(maxX, t.position().x());
            minY = Math.min(minY, t.position().y());
            maxY = Math.max(maxY, t.position().y());
            if (t.type().hasCloister()) {
                cloisters++;
            }
        }
        int gridRows = (maxY - minY + 3) * TileArt.HEIGHT, gridCols = (maxX - minX + 3) * TileArt.WIDTH;
        int[] letters = new int[5];
        int monksCells = 0, width = 0;
        for (int i = 1; i <= gridRows; i++) {
            width = Math.max(width, lines[i].length());
            for (char c : lines[i].toCharArray()) {
                if (c >= 'a' && c <= 'e') {
                    letters[c - 'a']++;
                } else if (c == 'M') {
                    monksCells++;
                }
            }
        }
        int gutter = Math.max(Integer.toString(minY - 1).length(), Integer.toString(maxY + 1).length());
        assertTrue(width <= gutter + 1 + gridCols, "grid width " + width);
        for (int s = 0; s < state.players(); s++) {
            assertEquals(state.followersOnLandscape(s), letters[s], "followers of seat " + s + " drawn");
        }
        // A cloister is 9 cells of 'M', one of them replaced by its monk if it has one.
        int monks = (int) state.followers().stream()
                .filter(f -> !f.onCrown() && f.kind() == FeatureKind.CLOISTER).count();
        assertEquals(9 * cloisters - monks, monksCells, "cloister cells");
        int seatLines = state.players() + (state.pig() != null ? 1 : 0);
        assertEquals(1 + gridRows + seatLines + 1, lines.length, "header, grid, wheel and seat lines");
    }
}
