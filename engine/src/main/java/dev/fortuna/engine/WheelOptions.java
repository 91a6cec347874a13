package dev.fortuna.engine;

import java.util.List;

/**
 * Options of the Wheel of Fortune (RULES.md §3.3, §3.6, §3.9, §6).
 *
 * @param tiles            which tiles are shuffled: the standalone game's 72, or the base game plus the 19
 *                         numbered wheel tiles, or the base game plus all 72
 * @param wheelIsStart     true (default): the wheel board is the start piece; false: the Czech house rule,
 *                         the wheel lies beside the landscape (no landscape edges) and a D tile starts
 * @param famine           reading of the Famine event (default: all players, per farmer)
 * @param crownsPerSector  crown spaces per sector in sector order, or null for the board data (1,2,1,2,1,2)
 * @param excludeBaseStartTile with the base game and the wheel board as start: leave the base game's start
 *                         tile out instead of shuffling it in (default false: shuffled in)
 * @param boardIsOneTileForCloisters partial cloister scoring counts all board squares next to a cloister
 *                         as one tile (default false: count squares)
 */
public record WheelOptions(TileMode tiles, boolean wheelIsStart, FamineRule famine, List<Integer> crownsPerSector,
                           boolean excludeBaseStartTile, boolean boardIsOneTileForCloisters) {
    public static final WheelOptions DEFAULT =
            new WheelOptions(TileMode.STANDALONE, true, FamineRule.ALL_FARMERS, null, false, false);

    public WheelOptions {
        if (tiles == null || famine == null) {
            throw new IllegalArgumentException("tiles and famine are required");
        }
        if (crownsPerSector != null) {
            crownsPerSector = List.copyOf(crownsPerSector);
            if (crownsPerSector.size() != 6 || crownsPerSector.stream().anyMatch(c -> c < 0 || c > 2)) {
                throw new IllegalArgumentException("crownsPerSector: six counts of 0, 1 or 2");
            }
        }
    }

    public WheelOptions withTiles(TileMode t) {
        return new WheelOptions(t, wheelIsStart, famine, crownsPerSector, excludeBaseStartTile,
                boardIsOneTileForCloisters);
    }

    public WheelOptions withWheelIsStart(boolean b) {
        return new WheelOptions(tiles, b, famine, crownsPerSector, excludeBaseStartTile, boardIsOneTileForCloisters);
    }

    public WheelOptions withFamine(FamineRule f) {
        return new WheelOptions(tiles, wheelIsStart, f, crownsPerSector, excludeBaseStartTile,
                boardIsOneTileForCloisters);
    }

    public WheelOptions withCrownsPerSector(List<Integer> c) {
        return new WheelOptions(tiles, wheelIsStart, famine, c, excludeBaseStartTile, boardIsOneTileForCloisters);
    }

    public WheelOptions withExcludeBaseStartTile(boolean b) {
        return new WheelOptions(tiles, wheelIsStart, famine, crownsPerSector, b, boardIsOneTileForCloisters);
    }

    public WheelOptions withBoardIsOneTileForCloisters(boolean b) {
        return new WheelOptions(tiles, wheelIsStart, famine, crownsPerSector, excludeBaseStartTile, b);
    }

    public enum TileMode {
        /** The standalone game: the 72 Wheel of Fortune tiles. */
        STANDALONE,
        /** The base game's 72 tiles plus the 19 numbered wheel tiles. */
        BASE_PLUS_WHEEL_TILES,
        /** The base game's 72 tiles plus all 72 Wheel of Fortune tiles. */
        BASE_PLUS_ALL
    }

    /** Readings of Famine (RULES.md §3.6). Example field with 3 completed cities, 2 red and 1 blue farmer. */
    public enum FamineRule {
        /** Default (Big Box 5): every farmer scores 1 per completed adjacent city (red 6, blue 3). */
        ALL_FARMERS,
        /** Pre-2014: as above, but only the field's majority scores (red 6, blue 0). */
        MAJORITY,
        /** Russian text: each player with a farmer in the field scores 1 per city, once (red 3, blue 3). */
        PER_FIELD
    }
}
