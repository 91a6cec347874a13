package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.WheelOptions.TileMode;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the rules of a configuration hold, built afresh for each test ({@code Rules.uncached}, not the cache of
 * {@code Rules.of}): the tile mix of every mode, the start piece, the crown table, the decision owners, the bounds of
 * the state's arrays and the sets of tile types that fit each constraint. The expansions' {@code setup} hooks run
 * here too, so that a change to them or to {@code Rules} shows (and mutation testing can judge both; docs/testing.md).
 */
class RulesTest {
    private static final TileCatalog CATALOG = TileCatalog.standard();
    private static final int BASE_TILES = 72, WHEEL_TILES = 72, NUMBERED_WHEEL_TILES = 19;

    private static GameConfig.Builder game() {
        return GameConfig.builder().players(2);
    }

    private static Rules wheel(TileMode tiles, boolean wheelIsStart, boolean excludeBaseStartTile) {
        return Rules.uncached(game().expansion(ExpansionId.WHEEL_OF_FORTUNE).wheel(WheelOptions.DEFAULT
                .withTiles(tiles).withWheelIsStart(wheelIsStart).withExcludeBaseStartTile(excludeBaseStartTile))
                .build());
    }

    private static Rules cropCircles(boolean setI, boolean setII) {
        return Rules.uncached(game().expansion(ExpansionId.CROP_CIRCLES)
                .cropCircles(new CropCircleOptions(setI, setII)).build());
    }

    /** How many tiles of a type the pile holds. */
    private static long inPile(Rules r, String id) {
        Integer t = r.typeIndex.get(id);
        return t == null ? 0 : Arrays.stream(r.tileMultiset).filter(i -> i == t).count();
    }

    private static int features(TileSet set) {
        return set.entries().stream().mapToInt(e -> e.count() * e.type().features().size()).sum();
    }

    private static int boardFeatures() {
        return CATALOG.wheelBoard().squares().stream().mapToInt(s -> s.type().features().size()).sum();
    }

    private static String start(Rules r) {
        return r.startType < 0 ? (r.board != null ? "the wheel board" : "nothing") : r.types[r.startType].id();
    }

    @Test
    void theBaseGameShufflesItsSeventyTwoTilesButTheStartTileD() {
        Rules r = Rules.uncached(game().build());
        assertEquals("D", start(r));
        assertNull(r.board);
        assertEquals(BASE_TILES - 1, r.tileMultiset.length);
        assertEquals(3, inPile(r, "D"), "four D tiles, one of them the start tile");
        assertEquals(4, inPile(r, "B"));
        assertEquals(BASE_TILES, r.maxInstances, "one square per tile");
        assertEquals(features(CATALOG.base()), r.maxSegments, "one segment per feature of every tile");
        assertEquals(0, r.totalCrowns);
        assertArrayEquals(new int[6], r.crownCount);
        assertFalse(r.boardIsOneTileForCloisters);
    }

    @Test
    void aForcedPileBoundsTheGameByItsOwnTiles() {
        Rules r = Rules.uncached(game().draws("M", "E").build());
        assertEquals(1 + 2, r.maxInstances);
        int d = CATALOG.base().type("D").features().size(), m = CATALOG.base().type("M").features().size(),
                e = CATALOG.base().type("E").features().size();
        assertEquals(d + m + e, r.maxSegments);
        assertEquals(BASE_TILES - 1, r.tileMultiset.length, "the mix is the mode's, whatever is drawn");
    }

    @Test
    void theStandaloneWheelGameShufflesItsSeventyTwoTilesAroundTheBoard() {
        Rules r = wheel(TileMode.STANDALONE, true, false);
        assertEquals("the wheel board", start(r));
        assertEquals(WHEEL_TILES, r.tileMultiset.length);
        assertEquals(0, inPile(r, "A"), "no base game tile");
        int squares = CATALOG.wheelBoard().squares().size();
        assertEquals(16, squares);
        assertEquals(squares + WHEEL_TILES, r.maxInstances);
        assertEquals(boardFeatures() + features(CATALOG.wheelOfFortune()), r.maxSegments);
    }

    @Test
    void theStandaloneWheelGameWithoutTheBoardStartsWithItsOwnD() {
        Rules r = wheel(TileMode.STANDALONE, false, false);
        assertEquals("wof:D", start(r));
        assertNull(r.board);
        assertEquals(WHEEL_TILES - 1, r.tileMultiset.length);
        assertEquals(CATALOG.wheelOfFortune().entries().stream().filter(e -> e.type().id().equals("wof:D"))
                .mapToInt(TileSet.Entry::count).sum() - 1, inPile(r, "wof:D"));
    }

    @Test
    void theBaseGamePlusTheNineteenNumberedWheelTiles() {
        Rules board = wheel(TileMode.BASE_PLUS_WHEEL_TILES, true, false);
        assertEquals("the wheel board", start(board));
        assertEquals(BASE_TILES + NUMBERED_WHEEL_TILES, board.tileMultiset.length, "D is shuffled in");
        assertEquals(4, inPile(board, "D"));
        assertTrue(Arrays.stream(board.tileMultiset).mapToObj(t -> board.types[t])
                .filter(t -> t.id().startsWith(TileCatalog.WHEEL_PREFIX)).allMatch(t -> t.wheel() > 0));

        Rules excluded = wheel(TileMode.BASE_PLUS_WHEEL_TILES, true, true);
        assertEquals(BASE_TILES + NUMBERED_WHEEL_TILES - 1, excluded.tileMultiset.length, "D is left out");
        assertEquals(3, inPile(excluded, "D"));

        Rules startTile = wheel(TileMode.BASE_PLUS_WHEEL_TILES, false, false);
        assertEquals("D", start(startTile));
        assertNull(startTile.board);
        assertEquals(BASE_TILES + NUMBERED_WHEEL_TILES - 1, startTile.tileMultiset.length);
        assertEquals(1 + BASE_TILES + NUMBERED_WHEEL_TILES - 1, startTile.maxInstances);
    }

    @Test
    void theBaseGamePlusAllWheelTiles() {
        assertEquals(BASE_TILES + WHEEL_TILES, wheel(TileMode.BASE_PLUS_ALL, true, false).tileMultiset.length);
        assertEquals(BASE_TILES + WHEEL_TILES - 1, wheel(TileMode.BASE_PLUS_ALL, true, true).tileMultiset.length);
        Rules startTile = wheel(TileMode.BASE_PLUS_ALL, false, true);
        assertEquals("D", start(startTile));
        assertEquals(BASE_TILES + WHEEL_TILES - 1, startTile.tileMultiset.length);
    }

    @Test
    void theBoardsCrownSpacesOrACustomTableNumberTheSectorsCrownSpacesInOrder() {
        Rules board = wheel(TileMode.STANDALONE, true, false);
        assertArrayEquals(new int[] {1, 2, 1, 2, 1, 2}, board.crownCount);
        assertArrayEquals(new int[] {0, 1, 3, 4, 6, 7}, board.crownBase);
        assertEquals(9, board.totalCrowns);

        Rules custom = Rules.uncached(game().expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .wheel(WheelOptions.DEFAULT.withCrownsPerSector(List.of(2, 0, 1, 0, 0, 2))).build());
        assertArrayEquals(new int[] {2, 0, 1, 0, 0, 2}, custom.crownCount);
        assertArrayEquals(new int[] {0, 2, 2, 3, 3, 3}, custom.crownBase);
        assertEquals(5, custom.totalCrowns);
    }

    @Test
    void eachCropCircleSetAddsItsTilesToTheBaseGame() {
        int setI = CATALOG.cropCirclesI().size(), setII = CATALOG.cropCirclesII().size();
        assertEquals(List.of(6, 6), List.of(setI, setII));
        assertEquals(BASE_TILES - 1 + setI, cropCircles(true, false).tileMultiset.length);
        assertEquals(BASE_TILES - 1 + setII, cropCircles(false, true).tileMultiset.length);
        Rules both = cropCircles(true, true);
        assertEquals(BASE_TILES - 1 + setI + setII, both.tileMultiset.length);
        assertEquals("D", start(both));
        assertEquals(1, inPile(both, "CC1-b"));
    }

    @Test
    void eachDecisionIsOwnedByTheFirstExpansionThatDecidesIt() {
        int[] none = {-1, -1, -1, -1, -1, -1, -1};
        assertArrayEquals(none, Rules.uncached(game().build()).owner);
        Rules wheel = wheel(TileMode.STANDALONE, true, false);
        assertEquals(0, wheel.owner[DecisionKind.PLAGUE_RETURN.ordinal()], "the Wheel of Fortune decides the Plague");
        assertEquals(-1, wheel.owner[DecisionKind.CROP_CIRCLE_ADD.ordinal()]);
        Rules crops = cropCircles(true, true);
        assertEquals(0, crops.owner[DecisionKind.CROP_CIRCLE_CHOICE.ordinal()]);
        Rules both = Rules.uncached(game().expansion(ExpansionId.WHEEL_OF_FORTUNE)
                .expansion(ExpansionId.CROP_CIRCLES).build());
        assertArrayEquals(new int[] {-1, -1, 0, 1, 1, 1, -1}, both.owner, "wheel first, then crop circles");
        for (int[] owner : List.of(wheel.owner, crops.owner, both.owner)) {
            for (DecisionKind k : List.of(DecisionKind.PLACE_TILE, DecisionKind.DEPLOY, DecisionKind.GAME_OVER)) {
                assertEquals(-1, owner[k.ordinal()], "the game itself decides " + k);
            }
        }
    }

    @Test
    void theBoardCountsAsOneSquareForCloistersOnlyInAWheelGameWithThatOption() {
        WheelOptions oneSquare = WheelOptions.DEFAULT.withBoardIsOneTileForCloisters(true);
        assertTrue(Rules.uncached(game().expansion(ExpansionId.WHEEL_OF_FORTUNE).wheel(oneSquare).build())
                .boardIsOneTileForCloisters);
        assertFalse(wheel(TileMode.STANDALONE, true, false).boardIsOneTileForCloisters);
        GameConfig baseWithTheOption = new GameConfig(2, 0, Set.of(), null, oneSquare, null, null);
        assertFalse(Rules.uncached(baseWithTheOption).boardIsOneTileForCloisters,
                "the option means nothing without the Wheel of Fortune");
    }

    /** Bit t of word {@code c * typeWords + t / 64} is set exactly when tile type t has a rotation that fits c. */
    private static void assertFittingTypes(Rules r) {
        assertEquals((r.types.length + 63) / 64, r.typeWords);
        assertEquals(TileType.CONSTRAINTS * r.typeWords, r.fittingTypes.length);
        int fitting = 0;
        for (int c = 0; c < TileType.CONSTRAINTS; c++) {
            for (int t = 0; t < r.types.length; t++) {
                boolean fits = r.types[t].fits(c) != 0;
                assertEquals(fits, (r.fittingTypes[c * r.typeWords + t / 64] >>> (t % 64) & 1) == 1,
                        r.types[t].id() + " fits constraint " + c);
                fitting += fits ? 1 : 0;
            }
        }
        assertEquals(fitting, Arrays.stream(r.fittingTypes).map(Long::bitCount).sum(), "no other bit is set");
    }

    @Test
    void theTypesThatFitEachConstraintAreOneBitPerType() {
        Rules base = Rules.uncached(game().build());
        assertEquals(1, base.typeWords);
        assertFittingTypes(base);
        Rules all = Rules.uncached(game().expansion(ExpansionId.WHEEL_OF_FORTUNE).expansion(ExpansionId.CROP_CIRCLES)
                .wheel(WheelOptions.DEFAULT.withTiles(TileMode.BASE_PLUS_ALL)).build());
        assertTrue(all.types.length > 64, "base, wheel and crop-circle tiles: more than one word");
        assertEquals(2, all.typeWords);
        assertFittingTypes(all);
    }

    @Test
    void configurationsThatDifferOnlyInTheSeedShareTheirRules() {
        GameConfig config = game().expansion(ExpansionId.WHEEL_OF_FORTUNE).build();
        Rules r = Rules.cached(config.withSeed(1));
        assertSame(r, Rules.cached(config.withSeed(2)));
        assertSame(r, Rules.cached(config));
        assertNotNull(r.board);
    }

    /** A configuration made up for the cache test, new to the JVM's cache: its pile is the next in a count. */
    private static int madeUp;

    private static GameConfig madeUpConfiguration() {
        List<TileSet.Entry> base = CATALOG.base().entries();
        String[] pile = new String[5];
        for (int k = madeUp++, i = 0; i < pile.length; i++, k /= base.size()) {
            pile[i] = base.get(k % base.size()).type().id();
        }
        return game().players(5).draws(pile).build();
    }

    /**
     * The cache holds at most 512 configurations; when it is full, it starts again empty. Every configuration here
     * is made up for this test and new to the cache, even when the test runs again in the same JVM (mutation testing).
     * ({@code Rules.cached} is {@code Rules.of} with the cache even where the mutation-testing profile turns it off.)
     */
    @Test
    void theCacheOfRulesHoldsAtMost512Configurations() {
        for (int i = 0; i < 600; i++) {
            int before = Rules.cachedConfigurations();
            GameConfig config = madeUpConfiguration();
            Rules r = Rules.cached(config);
            // ">= 512": where a mutant that lets the cache overfill ran before in the same JVM (mutation testing)
            assertEquals(before >= 512 ? 1 : before + 1, Rules.cachedConfigurations(), "after " + before);
            assertSame(r, Rules.cached(config));
        }
    }
}
