package dev.fortuna.engine;

import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.List;

/**
 * What the expansions' {@link Expansion#setup} hooks build before a game: the tile mix, the start piece and the
 * spots off the landscape (crown spaces). It starts as the base game (its 72 tiles, start tile D taken from them).
 */
public final class GameSetup {
    private final GameConfig config;
    final List<TileSet.Entry> entries = new ArrayList<>();
    /** The start tile, or null when the wheel board starts. */
    TileType startTile;
    /** A tile type one copy of which leaves the pile (the start tile taken from it), or null. */
    TileType removeFromPile;
    WheelBoard board;
    /** Crown spaces per sector (six counts), or null for none. */
    List<Integer> crownsPerSector;

    GameSetup(GameConfig config) {
        this.config = config;
        TileSet base = TileCatalog.standard().base();
        entries.addAll(base.entries());
        startTile = base.startType();
        removeFromPile = base.startType();
    }

    /** The configuration being set up (its seed and forced draws are not for setup hooks). */
    public GameConfig config() {
        return config;
    }

    /** Leaves the base game's tiles out (a standalone game). */
    public void clearTiles() {
        entries.clear();
    }

    /** Adds every tile of a set to the mix. */
    public void add(TileSet set) {
        entries.addAll(set.entries());
    }

    /** Adds one entry (a tile type and its count) to the mix. */
    public void add(TileSet.Entry entry) {
        entries.add(entry);
    }

    /**
     * The start piece: a start tile (one copy of {@code takenFromPile} leaves the pile, if not null) or, when
     * {@code startTile} is null, the wheel board.
     */
    public void start(TileType startTile, TileType takenFromPile, WheelBoard board) {
        this.startTile = startTile;
        this.removeFromPile = takenFromPile;
        this.board = board;
    }

    /** Crown spaces per sector, in sector order. */
    public void crownSpaces(List<Integer> perSector) {
        this.crownsPerSector = List.copyOf(perSector);
    }
}
