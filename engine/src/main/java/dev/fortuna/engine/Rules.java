package dev.fortuna.engine;

import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The immutable part of a game, shared by every copy of its states: the configuration, the tile types in
 * play (indexed densely), the tile multiset of the draw pile, the start piece, the expansions in registry
 * order, and the array sizes that bound the state.
 */
final class Rules {
    final GameConfig config;
    final int players;
    final TileType[] types;
    /** {@link #types} followed by the wheel board's square types (when the board is in play). */
    final TileType[] squareTypes;
    /** What a new segment of each square type's features starts with in the {@link FeatureGraph}. */
    final FeatureGraph.Template segmentTemplate;
    final Map<String, Integer> typeIndex;
    /** The draw pile before shuffling: type indices, in catalog order. */
    final int[] tileMultiset;
    /** The start tile's type index, or -1 when the wheel board is the start piece. */
    final int startType;
    /** The wheel board, when it is the start piece. */
    final WheelBoard board;
    final Expansion[] expansions;
    /** Per {@code DecisionKind} ordinal: the index of the first expansion that owns it, or -1. */
    final int[] owner;
    /** Partial cloisters count all wheel-board squares around them as one square (a Wheel of Fortune option). */
    final boolean boardIsOneTileForCloisters;
    final int maxInstances;
    final int maxSegments;
    /** Crown spaces per sector and the index of each sector's first crown space. */
    final int[] crownCount = new int[6], crownBase = new int[6];
    final int totalCrowns;
    /** Words of a set of tile types (bit t = {@link #types}[t]): {@code (types.length + 63) / 64}. */
    final int typeWords;
    /**
     * The tile types with a rotation that fits constraint c ({@code TileType.fits(c) != 0}) are bits of words
     * {@code c * typeWords} to {@code c * typeWords + typeWords - 1}: whether any tile of a set of types can fill
     * an empty square is one AND per word (GameState.deadOpenings).
     */
    final long[] fittingTypes;

    private static final int CACHE_LIMIT = 512;
    private static final ConcurrentHashMap<GameConfig, Rules> CACHE = new ConcurrentHashMap<>();
    /**
     * Set (system property {@code fortuna.rules.uncached=true}) only in the JVMs of the mutation-testing profile
     * (engine/pom.xml): there {@link #of} builds the rules afresh every time, so that rules built while one mutant
     * was in place never serve the tests of the next, and every test judges the code that runs once per configuration.
     */
    private static final boolean UNCACHED = Boolean.getBoolean("fortuna.rules.uncached");

    /**
     * The rules of a configuration. Rules do not depend on the seed, so they are memoised by the configuration
     * without its seed (a pure cache: the result is the same with or without it).
     */
    static Rules of(GameConfig config) {
        return UNCACHED ? uncached(config) : cached(config);
    }

    /** {@link #of} with the cache, whatever {@code fortuna.rules.uncached} says: package-private for its tests. */
    static Rules cached(GameConfig config) {
        GameConfig key = config.withSeed(0);
        Rules r = CACHE.get(key);
        if (r == null) {
            r = new Rules(key);
            if (CACHE.size() >= CACHE_LIMIT) {
                CACHE.clear();
            }
            CACHE.putIfAbsent(key, r);
        }
        return r;
    }

    /**
     * The rules of a configuration built afresh, bypassing the cache: for tests only. Code that runs once per
     * configuration (the segment template, the decision owners) runs again, so that mutation testing can judge it
     * (docs/testing.md). The game plays exactly as with {@link #of}.
     */
    static Rules uncached(GameConfig config) {
        return new Rules(config.withSeed(0));
    }

    /** The options that shape the rules; never read the seed or the draws from here. */
    private Rules(GameConfig config) {
        this.config = config.withDraws(null).withSeed(0);
        this.players = config.players();
        GameSetup b = new GameSetup(this.config);
        List<Expansion> exps = new ArrayList<>();
        for (ExpansionId id : config.expansionList()) {
            exps.add(Expansions.of(id));
        }
        // The Wheel of Fortune decides the base of the tile mix, so it goes first (registry order).
        for (Expansion e : exps) {
            e.setup(b);
        }
        this.expansions = exps.toArray(new Expansion[0]);
        this.owner = new int[DecisionKind.values().length];
        for (DecisionKind k : DecisionKind.values()) {
            owner[k.ordinal()] = -1;
            for (int i = expansions.length - 1; i >= 0; i--) {
                if (expansions[i].owns(k)) {
                    owner[k.ordinal()] = i; // the first in registry order that owns it
                }
            }
        }
        this.boardIsOneTileForCloisters = config.has(ExpansionId.WHEEL_OF_FORTUNE)
                && config.wheel().boardIsOneTileForCloisters();
        // Dense type indices: every type that is in the mix or is the start tile.
        LinkedHashMap<String, TileType> byId = new LinkedHashMap<>();
        for (TileSet.Entry e : b.entries) {
            byId.putIfAbsent(e.type().id(), e.type());
        }
        if (b.startTile != null) {
            byId.putIfAbsent(b.startTile.id(), b.startTile);
        }
        this.types = byId.values().toArray(new TileType[0]);
        this.typeIndex = new HashMap<>();
        for (int i = 0; i < types.length; i++) {
            typeIndex.put(types[i].id(), i);
        }
        List<Integer> multiset = new ArrayList<>();
        for (TileSet.Entry e : b.entries) {
            for (int k = 0; k < e.count(); k++) {
                multiset.add(typeIndex.get(e.type().id()));
            }
        }
        if (b.removeFromPile != null) {
            Integer idx = typeIndex.get(b.removeFromPile.id());
            if (idx == null || !multiset.remove(idx)) {
                throw new IllegalStateException("start tile " + b.removeFromPile.id() + " is not in the pile");
            }
        }
        this.tileMultiset = multiset.stream().mapToInt(Integer::intValue).toArray();
        this.startType = b.startTile == null ? -1 : typeIndex.get(b.startTile.id());
        this.board = b.startTile == null ? b.board : null;
        if (startType < 0 && board == null) {
            throw new IllegalStateException("no start piece");
        }
        // Exact bounds: one segment per feature of every tile that can be placed.
        int pileLength, pileFeatures = 0;
        if (config.draws() != null) {
            pileLength = config.draws().size();
            for (String id : config.draws()) {
                pileFeatures += types[typeIndexOf(id)].features().size();
            }
        } else {
            pileLength = tileMultiset.length;
            for (int t : tileMultiset) {
                pileFeatures += types[t].features().size();
            }
        }
        int startInstances = board != null ? board.squares().size() : 1;
        int startSegments = 0;
        if (board != null) {
            for (WheelBoard.Square s : board.squares()) {
                startSegments += s.type().features().size();
            }
        } else {
            startSegments = types[startType].features().size();
        }
        // Square types: the game's tile types, then the board's squares (indices after the tile types).
        List<TileType> all = new ArrayList<>(List.of(types));
        if (board != null) {
            board.squares().forEach(sq -> all.add(sq.type()));
        }
        this.squareTypes = all.toArray(new TileType[0]);
        this.segmentTemplate = FeatureGraph.templateOf(squareTypes);
        this.maxInstances = startInstances + pileLength;
        this.maxSegments = startSegments + pileFeatures;
        int total = 0;
        for (int s = 0; s < 6; s++) {
            crownCount[s] = b.crownsPerSector == null ? 0 : b.crownsPerSector.get(s);
            crownBase[s] = total;
            total += crownCount[s];
        }
        this.totalCrowns = total;
        this.typeWords = (types.length + 63) >>> 6;
        this.fittingTypes = new long[TileType.CONSTRAINTS * typeWords];
        for (int c = 0; c < TileType.CONSTRAINTS; c++) {
            for (int t = 0; t < types.length; t++) {
                if (types[t].fits(c) != 0) {
                    fittingTypes[c * typeWords + (t >>> 6)] |= 1L << t;
                }
            }
        }
    }

    int typeIndexOf(String id) {
        Integer i = typeIndex.get(id);
        if (i == null) {
            throw new IllegalArgumentException("tile '" + id + "' is not part of this game's tile sets");
        }
        return i;
    }

    /** How many configurations the cache of {@link #of} holds now: for tests only (its bound, CACHE_LIMIT). */
    static int cachedConfigurations() {
        return CACHE.size();
    }
}
