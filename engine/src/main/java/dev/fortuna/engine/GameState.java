package dev.fortuna.engine;

import dev.fortuna.engine.tile.Edge;
import dev.fortuna.engine.tile.EdgeType;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The state of one game, and the rules that move it on. A state always says whose decision it is
 * ({@link #decision()}) and which actions are legal ({@link #legalActions()}, in a stable order); applying
 * a legal action moves the game to the next decision, running draws, wheel events and scoring on the way.
 * Any other action is rejected with a reason and changes nothing.
 *
 * <h2>Representation</h2>
 * The state is flat arrays so that {@link #copy()} is a handful of array clones:
 * <ul>
 * <li>Placed squares are <em>instances</em> 0..n-1 in placement order (the start piece first). A dynamic grid
 *     covering the bounding box plus a margin maps positions to instances; a sorted array holds the open
 *     positions (empty squares next to the landscape), each with the constraint its neighbours impose, so that
 *     a tile type's table ({@code TileType.fits}) answers which rotations fit there.</li>
 * <li>Every feature segment of every instance is a <em>segment</em> id; segments that connect are merged by
 *     union–find. Each root keeps the feature's open edge count (a road or city is complete at 0), pennants
 *     and follower count; a circular linked list ({@code next}) enumerates a feature's segments.</li>
 * <li>Followers are slots {@code seat * 7 + i}, each in the supply (-1), on a segment (&ge; 0) or on a crown
 *     space ({@code -2 - crown}). Invariant: supply + landscape + crowns = 7 for every seat.</li>
 * <li>The draw pile is an array shared by copies (never written after creation) and an index of the next tile.</li>
 * <li>The legal actions of the current decision are computed once and cached until the decision changes
 *     ({@link #setDecision}); for placements the fast path counts and picks without building the list.</li>
 * <li>For {@link #deadOpenings}, the set of tile types still to come (pile and hand) is cached, stamped with the
 *     pile, its top and the drawn tile; {@code Rules.fittingTypes} gives per constraint the types that fit it.</li>
 * </ul>
 * Not thread-safe; copies are independent and may be used on different threads.
 */
public final class GameState {
    private static final int SUPPLY = -1;
    private static final int KEY_OFFSET = 2048;

    final Rules rules;
    /** The configuration as given (with seed and forced draws); a player's view holds a sanitised one. */
    final GameConfig config;

    // --- turn ---
    DecisionKind phase;
    int decider;
    int active;
    int current = -1; // type index of the tile drawn and not yet placed or discarded
    int placedInst = -1; // instance placed this turn
    int[] pile;
    int pileTop;
    int tilesPlaced, tilesDiscarded;

    // --- board ---
    int nInst;
    // Squares and segments stay far below 32,767, so shorts halve what a copy has to clone.
    short[] instType, instRot, instX, instY, instSeg;
    int boardInstances; // the first boardInstances instances are wheel-board squares
    int gx0, gy0, gw, gh;
    short[] grid;
    int[] open;
    /** Per open position (parallel to {@code open}): the constraint its neighbours impose (TileType.fits). */
    int[] openCid;
    int openCount;

    // --- features ---
    int nSeg;
    short[] parent, next, segInst, segLocal;
    byte[] segKind;
    short[] rootOpen, rootPennants, rootFollowers;
    /** Board fields that touch a board city on another square: extra (field segment, city segment) pairs. */
    int[] extraAdj = new int[0];

    // --- followers and scores ---
    int[] fLoc;
    int[] supply;
    int[] score;
    int[] scoreByKind;

    // --- expansions ---
    WheelOfFortune.State wof;
    CropCircles.State crop;

    // --- cache of the tile types still to come (copied; see availableTypes) ---
    /** Bit t (words as in {@code Rules.fittingTypes}) set when a tile of type t is in the pile or in hand. */
    private long[] availTypes;
    /** The pile, pile top and drawn tile {@link #availTypes} was computed for (null pile: not computed yet). */
    private int[] availPile;
    private int availTop, availCurrent;

    /** {@code FeatureKind.values()} once: {@code values()} copies its array on every call, and bots ask often. */
    private static final FeatureKind[] KINDS = FeatureKind.values();

    // --- transient (not copied) ---
    private IntList legal;
    private boolean legalValid;
    private int placementCount = -1; // number of placements when known without the list, else -1
    private int[] openCum = new int[0]; // with placementCount: placements before each open position
    List<Event> events;

    private GameState(Rules rules, GameConfig config) {
        this.rules = rules;
        this.config = config;
    }

    // =====================================================================================================
    // Creation and copying
    // =====================================================================================================

    /** Starts a new game: sets up the start piece, shuffles (or takes the forced) draw pile, draws. */
    public static GameState newGame(GameConfig config) {
        return newGame(config, null);
    }

    /** As {@link #newGame(GameConfig)}, collecting the events of the opening draw into {@code eventsOut}. */
    public static GameState newGame(GameConfig config, List<Event> eventsOut) {
        Rules rules = Rules.of(config);
        GameState g = new GameState(rules, config);
        int[] pile;
        if (config.draws() != null) {
            pile = new int[config.draws().size()];
            for (int i = 0; i < pile.length; i++) {
                pile[i] = rules.typeIndexOf(config.draws().get(i));
            }
        } else {
            pile = rules.tileMultiset.clone();
            new SplitMix64(config.seed()).shuffle(pile, 0, pile.length);
        }
        g.init(pile);
        g.events = eventsOut;
        g.drawNext();
        g.events = null;
        return g;
    }

    private void init(int[] pile) {
        int n = rules.players;
        this.pile = pile;
        int mi = rules.maxInstances, ms = rules.maxSegments;
        instType = new short[mi];
        instRot = new short[mi];
        instX = new short[mi];
        instY = new short[mi];
        instSeg = new short[mi + 1];
        parent = new short[ms];
        next = new short[ms];
        segInst = new short[ms];
        segLocal = new short[ms];
        segKind = new byte[ms];
        rootOpen = new short[ms];
        rootPennants = new short[ms];
        rootFollowers = new short[ms];
        gx0 = -8;
        gy0 = -8;
        gw = 20;
        gh = 20;
        grid = new short[gw * gh];
        open = new int[64];
        openCid = new int[64];
        fLoc = new int[n * Rules.FOLLOWERS_PER_PLAYER];
        Arrays.fill(fLoc, SUPPLY);
        supply = new int[n];
        Arrays.fill(supply, Rules.FOLLOWERS_PER_PLAYER);
        score = new int[n];
        scoreByKind = new int[n * ScoreKind.values().length];
        if (rules.wheel != null) {
            wof = new WheelOfFortune.State(rules.totalCrowns);
        }
        if (rules.crop != null) {
            crop = new CropCircles.State();
        }
        if (rules.board != null) {
            placeBoard(rules.board);
        } else {
            placeInstance(rules.startType, 0, 0, 0, true);
        }
        active = 0;
    }

    private void placeBoard(WheelBoard board) {
        int[][] instAt = new int[4][4];
        for (WheelBoard.Square sq : board.squares()) {
            instAt[sq.x()][sq.y()] = nInst;
            // Board squares are not among the game's tile types: their type indices follow the others'.
            placeInstance(boardTypeIndex(sq.type()), sq.x(), sq.y(), 0, false);
        }
        boardInstances = nInst;
        IntList adj = new IntList(8);
        for (WheelBoard.BoardField f : board.fields()) {
            int first = -1;
            for (WheelBoard.Ref r : f.parts()) {
                int seg = instSeg[instAt[r.x()][r.y()]] + r.feature();
                if (first < 0) {
                    first = seg;
                } else {
                    union(first, seg);
                }
            }
            for (WheelBoard.Ref c : f.adjacentCities()) {
                adj.add(first);
                adj.add(instSeg[instAt[c.x()][c.y()]] + c.feature());
            }
        }
        extraAdj = adj.toArray();
    }

    /** Board square types get indices after the game's tile types ({@link #typeOf(int)} resolves both). */
    private int boardTypeIndex(TileType t) {
        List<WheelBoard.Square> sq = rules.board.squares();
        for (int i = 0; i < sq.size(); i++) {
            if (sq.get(i).type() == t) {
                return rules.types.length + i;
            }
        }
        throw new IllegalStateException();
    }

    TileType typeOf(int typeIndex) {
        return rules.squareTypes[typeIndex];
    }

    /** An independent copy: applying actions to one never affects the other. */
    public GameState copy() {
        return copyWith(config);
    }

    private GameState copyWith(GameConfig cfg) {
        GameState c = new GameState(rules, cfg);
        c.phase = phase;
        c.decider = decider;
        c.active = active;
        c.current = current;
        c.placedInst = placedInst;
        c.pile = pile;
        c.pileTop = pileTop;
        c.tilesPlaced = tilesPlaced;
        c.tilesDiscarded = tilesDiscarded;
        c.nInst = nInst;
        c.instType = instType.clone();
        c.instRot = instRot.clone();
        c.instX = instX.clone();
        c.instY = instY.clone();
        c.instSeg = instSeg.clone();
        c.boardInstances = boardInstances;
        c.gx0 = gx0;
        c.gy0 = gy0;
        c.gw = gw;
        c.gh = gh;
        c.grid = grid.clone();
        c.open = open.clone();
        c.openCid = openCid.clone();
        c.openCount = openCount;
        c.nSeg = nSeg;
        c.parent = parent.clone();
        c.next = next.clone();
        c.segInst = segInst.clone();
        c.segLocal = segLocal.clone();
        c.segKind = segKind.clone();
        c.rootOpen = rootOpen.clone();
        c.rootPennants = rootPennants.clone();
        c.rootFollowers = rootFollowers.clone();
        c.extraAdj = extraAdj;
        c.fLoc = fLoc.clone();
        c.supply = supply.clone();
        c.score = score.clone();
        c.scoreByKind = scoreByKind.clone();
        c.wof = wof == null ? null : wof.copy();
        c.crop = crop == null ? null : crop.copy();
        // Never written once computed, so the copy may share it; its stamp still names the copy's pile.
        c.availTypes = availTypes;
        c.availPile = availPile;
        c.availTop = availTop;
        c.availCurrent = availCurrent;
        return c;
    }

    /** A copy whose undrawn tiles are in a new order, drawn from {@code seed}; everything else is equal. */
    GameState withPileShuffled(long seed) {
        GameState c = copy();
        c.pile = pile.clone();
        new SplitMix64(seed).shuffle(c.pile, pileTop, c.pile.length);
        return c;
    }

    /** A copy whose undrawn tiles are sorted by type: what a player may know of the pile. */
    GameState withPileHidden() {
        // The public configuration has no seed and no forced draw list: either would reveal the order.
        GameState c = copyWith(config.withDraws(null).withSeed(0));
        c.pile = pile.clone();
        Arrays.sort(c.pile, pileTop, c.pile.length);
        return c;
    }

    // =====================================================================================================
    // Public queries
    // =====================================================================================================

    public GameConfig config() {
        return config;
    }

    public int players() {
        return rules.players;
    }

    public Decision decision() {
        return new Decision(phase, phase == DecisionKind.GAME_OVER ? null : Seat.of(decider));
    }

    public DecisionKind decisionKind() {
        return phase;
    }

    /** The seat that decides now, or -1 when the game is over. */
    public int decidingSeat() {
        return phase == DecisionKind.GAME_OVER ? -1 : decider;
    }

    /** The player whose turn it is (who drew the current tile). */
    public Seat activeSeat() {
        return Seat.of(active);
    }

    public boolean isOver() {
        return phase == DecisionKind.GAME_OVER;
    }

    public int score(int seat) {
        return score[seat];
    }

    public int[] scores() {
        return score.clone();
    }

    public int score(int seat, ScoreKind kind) {
        return scoreByKind[seat * ScoreKind.values().length + kind.ordinal()];
    }

    /** Followers in the seat's supply. */
    public int supply(int seat) {
        return supply[seat];
    }

    /** The drawn tile waiting to be placed (null when none is). */
    public TileType drawnTile() {
        return current < 0 ? null : rules.types[current];
    }

    /** The tile placed this turn (null before placement). */
    public PlacedTile placedTile() {
        return placedInst < 0 ? null : placedTile(placedInst);
    }

    /** Tiles left in the draw pile. */
    public int pileSize() {
        return pile.length - pileTop;
    }

    public int tilesPlaced() {
        return tilesPlaced;
    }

    public int tilesDiscarded() {
        return tilesDiscarded;
    }

    /** Every tile drawn so far, in order (including discarded ones and the one waiting to be placed). */
    public List<String> drawnTiles() {
        List<String> out = new ArrayList<>(pileTop);
        for (int i = 0; i < pileTop; i++) {
            out.add(rules.types[pile[i]].id());
        }
        return out;
    }

    /** The tiles still in the pile as a sorted multiset of ids: what every player may know. */
    public List<String> remainingTiles() {
        int[] rest = Arrays.copyOfRange(pile, pileTop, pile.length);
        Arrays.sort(rest);
        List<String> out = new ArrayList<>(rest.length);
        for (int t : rest) {
            out.add(rules.types[t].id());
        }
        return out;
    }

    /** The landscape: every placed square, start piece first, in placement order. */
    public List<PlacedTile> board() {
        List<PlacedTile> out = new ArrayList<>(nInst);
        for (int i = 0; i < nInst; i++) {
            out.add(placedTile(i));
        }
        return out;
    }

    private PlacedTile placedTile(int i) {
        return new PlacedTile(new Position(instX[i], instY[i]), typeOf(instType[i]), Rotation.of(instRot[i]),
                i < boardInstances);
    }

    /** The square at a position, or null. */
    public PlacedTile tileAt(Position p) {
        int i = instAt(p.x(), p.y());
        return i < 0 ? null : placedTile(i);
    }

    /** Every follower not in a supply, by seat and slot order. */
    public List<FollowerPlacement> followers() {
        List<FollowerPlacement> out = new ArrayList<>();
        for (int f = 0; f < fLoc.length; f++) {
            int loc = fLoc[f];
            if (loc == SUPPLY) {
                continue;
            }
            Seat s = Seat.of(f / Rules.FOLLOWERS_PER_PLAYER);
            if (loc >= 0) {
                int inst = segInst[loc];
                out.add(new FollowerPlacement(s, new Position(instX[inst], instY[inst]), segLocal[loc],
                        KINDS[segKind[loc]], null));
            } else {
                out.add(new FollowerPlacement(s, null, -1, null, crownSector(-2 - loc)));
            }
        }
        return out;
    }

    /** Followers of a seat on the landscape (not in supply, not on crowns). */
    public int followersOnLandscape(int seat) {
        int n = 0;
        for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
            if (fLoc[seat * Rules.FOLLOWERS_PER_PLAYER + i] >= 0) {
                n++;
            }
        }
        return n;
    }

    /** Followers of a seat on crown spaces. */
    public int followersOnCrowns(int seat) {
        int n = 0;
        for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
            if (fLoc[seat * Rules.FOLLOWERS_PER_PLAYER + i] <= -2) {
                n++;
            }
        }
        return n;
    }

    /** Wheel of Fortune: where the pig stands (null without the expansion). */
    public Sector pig() {
        return wof == null ? null : Sector.of(wof.pig);
    }

    /** Wheel of Fortune: crown spaces of a sector, each the seat on it or null. */
    public List<Seat> crowns(Sector s) {
        List<Seat> out = new ArrayList<>();
        for (int k = 0; k < rules.crownCount[s.ordinal()]; k++) {
            int f = wof.crown[rules.crownBase[s.ordinal()] + k];
            out.add(f < 0 ? null : Seat.of(f / Rules.FOLLOWERS_PER_PLAYER));
        }
        return out;
    }

    public int crownSpaces(Sector s) {
        return rules.crownCount[s.ordinal()];
    }

    Sector crownSector(int crown) {
        for (int s = 5; s >= 0; s--) {
            if (rules.crownCount[s] > 0 && crown >= rules.crownBase[s]) {
                return Sector.of(s);
            }
        }
        throw new IllegalStateException();
    }

    /** The seats with the highest score (all of them share the win). */
    public List<Seat> leaders() {
        int best = Integer.MIN_VALUE;
        for (int s : score) {
            best = Math.max(best, s);
        }
        List<Seat> out = new ArrayList<>();
        for (int i = 0; i < score.length; i++) {
            if (score[i] == best) {
                out.add(Seat.of(i));
            }
        }
        return out;
    }

    /** What one seat may see: everything but the order of the draw pile. */
    public PlayerView viewFor(Seat seat) {
        return new PlayerView(seat, withPileHidden());
    }

    /**
     * Describes the feature that contains feature {@code feature} of the square at {@code p}: its kind,
     * whether it is complete, its squares, pennants and followers per seat. For tests, clients and bots.
     */
    public FeatureInfo feature(Position p, int feature) {
        int inst = instAt(p.x(), p.y());
        if (inst < 0) {
            throw new IllegalArgumentException("no tile at " + p);
        }
        TileType t = typeOf(instType[inst]);
        if (feature < 0 || feature >= t.features().size()) {
            throw new IllegalArgumentException("tile " + t.id() + " has no feature " + feature);
        }
        int root = find(instSeg[inst] + feature);
        FeatureKind kind = KINDS[segKind[root]];
        List<Position> tiles = new ArrayList<>();
        int nTiles = featureTiles(root, tiles);
        int[] f = followerCounts(root);
        List<Integer> fl = new ArrayList<>();
        for (int x : f) {
            fl.add(x);
        }
        boolean complete = switch (kind) {
            case ROAD, CITY -> rootOpen[root] == 0;
            case CLOISTER -> occupiedAround(segInst[root]) == 9;
            case FIELD -> false;
        };
        int cities = kind == FeatureKind.FIELD ? completedCitiesNextTo(root, null) : 0;
        return new FeatureInfo(kind, complete, nTiles, tiles, rootPennants[root], fl, cities);
    }

    /** The union–find root of feature {@code feature} of the square at {@code p}; refuses a missing one. */
    private int featureRoot(Position p, int feature) {
        int inst = instAt(p.x(), p.y());
        if (inst < 0) {
            throw new IllegalArgumentException("no tile at " + p);
        }
        if (feature < 0 || feature >= instSeg[inst + 1] - instSeg[inst]) {
            throw new IllegalArgumentException("the square at " + p + " has no feature " + feature);
        }
        return find(instSeg[inst] + feature);
    }

    /**
     * For bots' evaluation (cheap, no allocation): how far the feature containing feature {@code feature} of
     * the square at {@code p} is from completion, and which feature it is. The low 32 bits are the open edges
     * of a road or city (0 = complete), the empty squares around a cloister, 0 for a field; the high 32 bits
     * are an id of the whole feature, equal for two square features exactly when they are joined in this state.
     */
    public long featureProgress(Position p, int feature) {
        int root = featureRoot(p, feature);
        int open = switch (KINDS[segKind[root]]) {
            case ROAD, CITY -> rootOpen[root];
            case CLOISTER -> 9 - occupiedAround(segInst[root]);
            case FIELD -> 0;
        };
        return (long) root << 32 | open;
    }

    /**
     * For bots' evaluation: the open edges of every distinct city next to the field that contains feature
     * {@code feature} of the square at {@code p} (0 for a completed city), in no particular order. Empty when the
     * feature is not a field or touches no city.
     */
    public int[] fieldCityOpenEdges(Position p, int feature) {
        int root = featureRoot(p, feature);
        if (segKind[root] != FeatureKind.FIELD.ordinal()) {
            return new int[0];
        }
        IntList cities = new IntList(8);
        citiesNextTo(root, cities, false);
        int[] out = new int[cities.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rootOpen[cities.get(i)];
        }
        return out;
    }

    /**
     * For bots' evaluation (cheap, no allocation but one small array a turn): how many openings of the feature
     * containing feature {@code feature} of the square at {@code p} face an empty square that no tile still to come
     * (in the pile, or drawn and not yet placed) fits in any rotation. For a road or city: its open edges whose
     * empty neighbour square is such a square (a square that two open edges face counts twice, so the result is at
     * most the open edge count of {@link #featureProgress}); for a cloister: such squares among the 8 around it;
     * 0 for a field, which is never completed. Above 0, the road, city or cloister can never be completed; 0 does
     * not promise that it can be (a square that fits a tile now may not after more neighbours are placed, or the
     * tiles that fit may go elsewhere).
     *
     * <p>Why a dead square stays dead: tiles never leave the landscape, so an empty square's constraint only gains
     * terms, and a rotation that fits a constraint fits every constraint it extends (each term is one more edge to
     * match); and the tiles still to come only become fewer. So a square that no tile to come fits now will stay
     * empty to the end of the game, and the openings facing it never close.
     */
    public int deadOpenings(Position p, int feature) {
        int root = featureRoot(p, feature);
        int kind = segKind[root];
        if (kind == FeatureKind.ROAD.ordinal() || kind == FeatureKind.CITY.ordinal()) {
            return rootOpen[root] == 0 ? 0 : deadEdges(root, availableTypes());
        }
        return kind == FeatureKind.CLOISTER.ordinal() ? deadAround(segInst[root], availableTypes()) : 0;
    }

    /** A snapshot of one whole feature (see {@link #feature(Position, int)}). */
    public record FeatureInfo(FeatureKind kind, boolean complete, int tileCount, List<Position> tiles, int pennants,
                              List<Integer> followers, int adjacentCompletedCities) {
    }

    // =====================================================================================================
    // Legal actions and applying them
    // =====================================================================================================

    /** The legal actions of the current decision, in a stable order (empty when the game is over). */
    public List<Action> legalActions() {
        IntList l = legal();
        List<Action> out = new ArrayList<>(l.size());
        for (int i = 0; i < l.size(); i++) {
            out.add(Action.decode(l.get(i)));
        }
        return out;
    }

    /** The number of legal actions (fast path: no objects). */
    public int legalCount() {
        if (!legalValid && phase == DecisionKind.PLACE_TILE) {
            // Counting placements needs no list: random playouts never build one.
            if (placementCount < 0) {
                placementCount = countPlacements(current);
            }
            return placementCount;
        }
        return legal().size();
    }

    /** The code of the i-th legal action (fast path). */
    public int legalCode(int i) {
        int n = legalCount();
        if (i < 0 || i >= n) {
            throw new IndexOutOfBoundsException("legal action " + i + " of " + n);
        }
        // Placements are picked without building the list unless it already exists.
        return !legalValid && phase == DecisionKind.PLACE_TILE ? placementAt(current, i) : legal().get(i);
    }

    /** The codes of all legal actions, in order. */
    public int[] legalCodes() {
        return legal().toArray();
    }

    /** Moves the game to a new decision; the legal actions are computed afresh for it. */
    void setDecision(DecisionKind kind, int seat) {
        phase = kind;
        decider = seat;
        legalValid = false;
        placementCount = -1;
    }

    private IntList legal() {
        if (legal == null) {
            legal = new IntList(64);
        }
        if (!legalValid) {
            legal.clear();
            computeLegal(legal);
            legalValid = true;
        }
        return legal;
    }

    private void computeLegal(IntList out) {
        switch (phase) {
            case PLACE_TILE -> placements(current, out);
            case DEPLOY -> deployOptions(out);
            case GAME_OVER -> {
            }
            default -> {
                for (Expansion e : rules.expansions) {
                    if (e.owns(phase)) {
                        e.legalActions(this, out);
                        return;
                    }
                }
                throw new IllegalStateException("no handler for " + phase);
            }
        }
    }

    /**
     * Applies an action if it is legal and returns the events it caused; otherwise returns the reason and
     * leaves the state unchanged. A placement given with a rotation that shows the same picture as a smaller
     * one (a symmetric tile) is taken as that smaller rotation.
     */
    public ApplyResult apply(Action action) {
        if (action == null) {
            return new ApplyResult.Rejected("no action given");
        }
        if (phase == DecisionKind.GAME_OVER) {
            return new ApplyResult.Rejected("the game is over");
        }
        int code;
        try {
            code = action.code();
        } catch (RuntimeException e) {
            return new ApplyResult.Rejected("malformed action: " + e.getMessage());
        }
        if (action instanceof Action.PlaceTile p && phase == DecisionKind.PLACE_TILE) {
            TileType t = rules.types[current];
            code = Action.pack(Action.TYPE_PLACE, p.position().x(), p.position().y(),
                    t.canonicalRotation(p.rotation().ordinal()));
        }
        if (action instanceof Action.AddFollower a && phase == DecisionKind.CROP_CIRCLE_ADD) {
            code = canonicalAddCode(a, code);
        }
        IntList l = legal();
        if (!l.contains(code)) {
            return new ApplyResult.Rejected(whyIllegal(action));
        }
        List<Event> out = new ArrayList<>();
        events = out;
        try {
            applyCode(code);
        } finally {
            events = null;
        }
        return new ApplyResult.Applied(Collections.unmodifiableList(out));
    }

    /** Applies the i-th legal action (fast path for bots and simulations; events are not collected). */
    public void applyLegal(int index) {
        applyCode(legalCode(index));
    }

    /**
     * Applies a legal action code, collecting events into {@code sink} when it is not null.
     *
     * @throws IllegalArgumentException if the code is not legal now
     */
    public void applyCode(int code, List<Event> sink) {
        if (!legal().contains(code)) {
            throw new IllegalArgumentException("not a legal action now: " + Action.decode(code));
        }
        events = sink;
        try {
            applyCode(code);
        } finally {
            events = null;
        }
    }

    private void applyCode(int code) {
        // Every change of decision goes through setDecision, which drops the cached legal actions; the list
        // computed for the new decision inside this call stays valid.
        legalValid = false;
        switch (phase) {
            case PLACE_TILE -> {
                int x = Action.xOf(code), y = Action.yOf(code), r = Action.extraOf(code);
                placeDrawnTile(x, y, r);
            }
            case DEPLOY -> {
                int type = Action.typeOf(code);
                if (type == Action.TYPE_DEPLOY) {
                    deployOnPlaced(Action.extraOf(code));
                } else if (type == Action.TYPE_PASS) {
                    if (events != null) {
                        events.add(new Event.DeploymentPassed(Seat.of(active)));
                    }
                } else {
                    for (Expansion e : rules.expansions) {
                        e.applyDeploy(this, code);
                    }
                }
                scoreTurn();
            }
            default -> {
                for (Expansion e : rules.expansions) {
                    if (e.owns(phase)) {
                        e.apply(this, code);
                        break;
                    }
                }
            }
        }
    }

    /**
     * A crop-circle addition may name the feature through any of its squares; the legal list names it through
     * the square of the seat's first follower there. Returns that listed code, or the code unchanged.
     */
    private int canonicalAddCode(Action.AddFollower a, int code) {
        int inst = instAt(a.position().x(), a.position().y());
        if (inst < 0 || a.feature() < 0 || a.feature() >= instSeg[inst + 1] - instSeg[inst]) {
            return code;
        }
        int root = find(instSeg[inst] + a.feature());
        IntList l = legal();
        for (int i = 0; i < l.size(); i++) {
            int c = l.get(i);
            if (Action.typeOf(c) == Action.TYPE_ADD) {
                int li = instAt(Action.xOf(c), Action.yOf(c));
                if (find(instSeg[li] + Action.extraOf(c)) == root) {
                    return c;
                }
            }
        }
        return code;
    }

    private String whyIllegal(Action a) {
        String who = "seat " + decider;
        return switch (phase) {
            case PLACE_TILE -> {
                if (!(a instanceof Action.PlaceTile p)) {
                    yield who + " must place tile " + rules.types[current].id() + ", not " + describe(a);
                }
                Position pos = p.position();
                if (instAt(pos.x(), pos.y()) >= 0) {
                    yield "square " + pos + " is already taken";
                }
                if (!isOpen(pos.x(), pos.y())) {
                    yield "square " + pos + " does not share an edge with the landscape";
                }
                yield "tile " + rules.types[current].id() + " turned " + p.rotation().degrees()
                        + "° does not match its neighbours at " + pos;
            }
            case DEPLOY -> {
                if (a instanceof Action.Deploy d) {
                    TileType t = typeOf(instType[placedInst]);
                    if (d.feature() < 0 || d.feature() >= t.features().size()) {
                        yield "tile " + t.id() + " has no feature " + d.feature();
                    }
                    if (supply[active] == 0) {
                        yield who + " has no follower in supply";
                    }
                    yield "the " + t.feature(d.feature()).kind().label + " " + t.feature(d.feature()).name()
                            + " already holds a follower (occupancy rule)";
                }
                if (a instanceof Action.DeployOnCrown c) {
                    if (wof == null) {
                        yield "crown spaces exist only with the Wheel of Fortune";
                    }
                    if (supply[active] == 0) {
                        yield who + " has no follower in supply";
                    }
                    yield "no empty crown space in sector " + c.sector().label;
                }
                yield who + " must deploy a follower or pass, not " + describe(a);
            }
            case PLAGUE_RETURN, CROP_CIRCLE_REMOVE -> a instanceof Action.ReturnFollower r
                    ? who + " has no follower that may be returned on feature " + r.feature() + " of the square at "
                    + r.position() + " (options: " + legalActions() + ")"
                    : who + " must return one of their followers, not " + describe(a);
            case CROP_CIRCLE_ADD -> a instanceof Action.AddFollower f
                    ? "the feature at " + f.position() + " feature " + f.feature() + " holds no follower of " + who
                    + " of the crop circle's kind (options: " + legalActions() + ")"
                    : who + " must add a follower or pass, not " + describe(a);
            default -> who + " cannot " + describe(a) + " now (decision: " + phase + ")";
        };
    }

    private static String describe(Action a) {
        return a.describe();
    }

    // =====================================================================================================
    // Turn pipeline
    // =====================================================================================================

    /** Draws tiles until one can be placed (or the pile runs out), running draw hooks for each. */
    void drawNext() {
        while (true) {
            if (pileTop >= pile.length) {
                endGame();
                return;
            }
            current = pile[pileTop++];
            placedInst = -1;
            if (events != null) {
                events.add(new Event.TileDrawn(Seat.of(active), rules.types[current].id(), pile.length - pileTop));
            }
            if (runDrawHooks()) {
                return;
            }
            if (settleDrawnTile()) {
                return;
            }
        }
    }

    private boolean runDrawHooks() {
        for (Expansion e : rules.expansions) {
            if (e.onTileDrawn(this, current)) {
                return true;
            }
        }
        return false;
    }

    /** Called by an expansion whose draw-time decisions are done: place the tile, or discard it and draw on. */
    void resumeAfterDraw() {
        if (!settleDrawnTile()) {
            drawNext();
        }
    }

    /** Sets up the placement decision, or discards the tile when it fits nowhere; true when placeable. */
    private boolean settleDrawnTile() {
        setDecision(DecisionKind.PLACE_TILE, active);
        placementCount = countPlacements(current);
        if (placementCount > 0) {
            return true;
        }
        tilesDiscarded++;
        if (events != null) {
            events.add(new Event.TileDiscarded(Seat.of(active), rules.types[current].id()));
        }
        current = -1;
        return false;
    }

    private void placeDrawnTile(int x, int y, int r) {
        int t = current;
        current = -1;
        placedInst = placeInstance(t, x, y, r, true);
        tilesPlaced++;
        if (events != null) {
            events.add(new Event.TilePlaced(Seat.of(active), rules.types[t].id(), new Position(x, y), Rotation.of(r)));
        }
        setDecision(DecisionKind.DEPLOY, active);
        if (legal().size() == 1) { // only "pass": nothing to decide
            scoreTurn();
        }
    }

    private void deployOptions(IntList out) {
        if (supply[active] > 0) {
            int inst = placedInst;
            int base = instSeg[inst], n = instSeg[inst + 1] - base;
            for (int j = 0; j < n; j++) {
                if (rootFollowers[find(base + j)] == 0) {
                    out.add(Action.pack(Action.TYPE_DEPLOY, 0, 0, j));
                }
            }
            for (Expansion e : rules.expansions) {
                e.addDeployOptions(this, out);
            }
        }
        out.add(Action.pack(Action.TYPE_PASS, 0, 0, 0));
    }

    private void deployOnPlaced(int feature) {
        int seg = instSeg[placedInst] + feature;
        int slot = takeFromSupply(active);
        fLoc[slot] = seg;
        rootFollowers[find(seg)]++;
        if (events != null) {
            TileType t = typeOf(instType[placedInst]);
            events.add(new Event.FollowerDeployed(Seat.of(active), new Position(instX[placedInst], instY[placedInst]),
                    feature, t.feature(feature).name(), t.feature(feature).kind()));
        }
    }

    /** Takes a follower slot of the seat out of the supply (the caller sets its location). */
    int takeFromSupply(int seat) {
        int base = seat * Rules.FOLLOWERS_PER_PLAYER;
        for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
            if (fLoc[base + i] == SUPPLY) {
                supply[seat]--;
                return base + i;
            }
        }
        throw new IllegalStateException("no follower in supply for seat " + seat);
    }

    /** Scores what the placed tile completed, runs the after-scoring hooks, and ends the turn. */
    private void scoreTurn() {
        scoreCompletedBy(placedInst);
        for (Expansion e : rules.expansions) {
            if (e.afterScoring(this, instType[placedInst])) {
                return;
            }
        }
        endTurn();
    }

    /** Passes the turn to the next seat clockwise and draws for it. */
    void endTurn() {
        active = (active + 1) % rules.players;
        drawNext();
    }

    private void endGame() {
        current = -1;
        finalScoring();
        setDecision(DecisionKind.GAME_OVER, -1);
        if (events != null) {
            List<Integer> s = new ArrayList<>();
            for (int v : score) {
                s.add(v);
            }
            events.add(new Event.GameEnded(s, leaders()));
        }
    }

    // =====================================================================================================
    // Board geometry
    // =====================================================================================================

    int instAt(int x, int y) {
        int ix = x - gx0, iy = y - gy0;
        if (ix < 0 || iy < 0 || ix >= gw || iy >= gh) {
            return -1;
        }
        return grid[iy * gw + ix] - 1;
    }

    private static int key(int x, int y) {
        return (y + KEY_OFFSET) << 12 | (x + KEY_OFFSET);
    }

    private boolean isOpen(int x, int y) {
        return openIndex(x, y) >= 0;
    }

    /** The index of an open position in {@code open} and {@code openCid}, or a negative number. */
    private int openIndex(int x, int y) {
        return Arrays.binarySearch(open, 0, openCount, key(x, y));
    }

    private void ensureGrid(int x, int y) {
        if (x - 1 >= gx0 && y - 1 >= gy0 && x + 1 < gx0 + gw && y + 1 < gy0 + gh) {
            return;
        }
        int minX = Math.min(gx0, x - 8), minY = Math.min(gy0, y - 8);
        int maxX = Math.max(gx0 + gw - 1, x + 8), maxY = Math.max(gy0 + gh - 1, y + 8);
        int nw = maxX - minX + 1, nh = maxY - minY + 1;
        short[] ng = new short[nw * nh];
        for (int iy = 0; iy < gh; iy++) {
            System.arraycopy(grid, iy * gw, ng, (iy + gy0 - minY) * nw + (gx0 - minX), gw);
        }
        grid = ng;
        gx0 = minX;
        gy0 = minY;
        gw = nw;
        gh = nh;
    }

    /**
     * Puts a square on the board: grid, open positions, segments, and (when {@code connect}) the unions
     * with its neighbours' features. Returns the instance index.
     */
    private int placeInstance(int type, int x, int y, int r, boolean connect) {
        ensureGrid(x, y);
        int inst = nInst++;
        instType[inst] = (short) type;
        instRot[inst] = (short) r;
        instX[inst] = (short) x;
        instY[inst] = (short) y;
        grid[(y - gy0) * gw + (x - gx0)] = (short) (inst + 1);
        removeOpen(key(x, y));
        TileType t = typeOf(type);
        for (int d = 0; d < 4; d++) {
            Edge e = Edge.of(d);
            int nx = x + e.dx(), ny = y + e.dy();
            if (instAt(nx, ny) < 0) {
                // The empty neighbour's edge facing us (opposite of d) must show what our edge d shows.
                int i = addOpen(key(nx, ny));
                openCid[i] += TileType.constraintTerm((d + 2) & 3, t.edgeAt(r, d));
            }
        }
        int base = nSeg;
        instSeg[inst] = (short) base;
        List<TileFeature> fs = t.features();
        for (int j = 0; j < fs.size(); j++) {
            TileFeature f = fs.get(j);
            int s = nSeg++;
            parent[s] = (short) s;
            next[s] = (short) s;
            segInst[s] = (short) inst;
            segLocal[s] = (short) j;
            segKind[s] = (byte) f.kind().ordinal();
            rootOpen[s] = (short) f.edgeCount();
            rootPennants[s] = (short) f.pennants();
            rootFollowers[s] = 0;
        }
        instSeg[inst + 1] = (short) nSeg;
        if (!connect) {
            return inst;
        }
        for (int d = 0; d < 4; d++) {
            Edge e = Edge.of(d);
            int nb = instAt(x + e.dx(), y + e.dy());
            if (nb < 0) {
                continue;
            }
            TileType nt = typeOf(instType[nb]);
            int nr = instRot[nb], od = (d + 2) & 3;
            EdgeType et = t.edgeAt(r, d);
            if (et == EdgeType.ROAD || et == EdgeType.CITY) {
                connectEdge(base + t.edgeFeature(r, d), instSeg[nb] + nt.edgeFeature(nr, od));
            }
            if (et == EdgeType.ROAD || et == EdgeType.FIELD) {
                int h0 = 2 * d, h1 = h0 + 1;
                int a0 = t.halfFeature(r, h0), b0 = nt.halfFeature(nr, HalfEdge.facing(h0));
                int a1 = t.halfFeature(r, h1), b1 = nt.halfFeature(nr, HalfEdge.facing(h1));
                union(base + a0, instSeg[nb] + b0);
                if (a1 != a0 || b1 != b0) { // a field edge usually joins the same two fields twice
                    union(base + a1, instSeg[nb] + b1);
                }
            }
        }
        return inst;
    }

    /** Adds an open position (if new) and returns its index in the sorted arrays. */
    private int addOpen(int k) {
        int i = Arrays.binarySearch(open, 0, openCount, k);
        if (i >= 0) {
            return i;
        }
        i = -i - 1;
        if (openCount == open.length) {
            open = Arrays.copyOf(open, open.length * 2);
            openCid = Arrays.copyOf(openCid, open.length);
        }
        int tail = openCount - i;
        System.arraycopy(open, i, open, i + 1, tail);
        System.arraycopy(openCid, i, openCid, i + 1, tail);
        open[i] = k;
        openCid[i] = 0;
        openCount++;
        return i;
    }

    private void removeOpen(int k) {
        int i = Arrays.binarySearch(open, 0, openCount, k);
        if (i < 0) {
            return;
        }
        int tail = openCount - i - 1;
        System.arraycopy(open, i + 1, open, i, tail);
        System.arraycopy(openCid, i + 1, openCid, i, tail);
        openCount--;
    }

    /**
     * The legal placements of a tile type, in the order of open positions (north to south, west to east)
     * and rotations; symmetric rotations that look the same are listed once.
     */
    private void placements(int type, IntList out) {
        TileType t = rules.types[type];
        int[] rots = t.canonicalRotations();
        for (int i = 0; i < openCount; i++) {
            int bits = t.fits(openCid[i]);
            while (bits != 0) {
                int j = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int k = open[i];
                out.add(Action.pack(Action.TYPE_PLACE, (k & 0xFFF) - KEY_OFFSET, (k >>> 12) - KEY_OFFSET, rots[j]));
            }
        }
    }

    /**
     * Counts the placements without building the list (same order as {@link #placements(int, IntList)}), and
     * notes in {@code openCum[i]} how many come before open position i, so that {@link #placementAt} can find
     * one by binary search.
     */
    private int countPlacements(int type) {
        TileType t = rules.types[type];
        if (openCum.length < openCount + 1) {
            openCum = new int[open.length + 1];
        }
        int n = 0;
        for (int i = 0; i < openCount; i++) {
            openCum[i] = n;
            n += Integer.bitCount(t.fits(openCid[i]));
        }
        openCum[openCount] = n;
        return n;
    }

    /** The code of placement {@code index} (0 &le; index &lt; {@link #countPlacements}, which ran last). */
    private int placementAt(int type, int index) {
        TileType t = rules.types[type];
        int lo = 0, hi = openCount - 1; // the last i with openCum[i] <= index
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (openCum[mid] <= index) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int bits = t.fits(openCid[lo]);
        for (int skip = index - openCum[lo]; skip > 0; skip--) {
            bits &= bits - 1;
        }
        int k = open[lo];
        return Action.pack(Action.TYPE_PLACE, (k & 0xFFF) - KEY_OFFSET, (k >>> 12) - KEY_OFFSET,
                t.canonicalRotations()[Integer.numberOfTrailingZeros(bits)]);
    }

    /** Number of occupied squares in the 3×3 block centred on an instance (itself included). */
    int occupiedAround(int inst) {
        int x = instX[inst], y = instY[inst], n = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (instAt(x + dx, y + dy) >= 0) {
                    n++;
                }
            }
        }
        return n;
    }

    // =====================================================================================================
    // Dead openings (see deadOpenings)
    // =====================================================================================================

    /**
     * The tile types still to come: those in {@code pile[pileTop..]} and the drawn tile. The pile array is never
     * written after creation, so the pile, its top and the drawn tile determine the set; it is recomputed (one pass
     * over the undrawn tiles, into a new array) only when one of them differs from the stamp, i.e. once after each
     * draw, placement or discard, and the board never enters it. A computed array is never written again, which is
     * what lets {@link #copyWith} share it; a shuffled or sorted pile is a new array, so such a copy recomputes.
     */
    private long[] availableTypes() {
        if (availPile != pile || availTop != pileTop || availCurrent != current) {
            long[] a = new long[rules.typeWords];
            for (int i = pileTop; i < pile.length; i++) {
                a[pile[i] >>> 6] |= 1L << pile[i];
            }
            if (current >= 0) {
                a[current >>> 6] |= 1L << current;
            }
            availTypes = a;
            availPile = pile;
            availTop = pileTop;
            availCurrent = current;
        }
        return availTypes;
    }

    /** True when the empty square at (x, y) fits no type in {@code types} (a set from {@link #availableTypes}). */
    private boolean unfillable(int x, int y, long[] types) {
        int i = openIndex(x, y);
        int c = i >= 0 ? openCid[i] : 0; // an empty square with no neighbour constrains nothing
        long[] fitting = rules.fittingTypes;
        for (int w = 0, base = c * types.length; w < types.length; w++) {
            if ((fitting[base + w] & types[w]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The open edges of a road or city (by its root) whose empty neighbour square is unfillable. */
    private int deadEdges(int root, long[] types) {
        int dead = 0, left = rootOpen[root], s = root;
        do {
            int inst = segInst[s], x = instX[inst], y = instY[inst], r = instRot[inst];
            TileType t = typeOf(instType[inst]);
            for (int d = 0; d < 4; d++) {
                Edge e = Edge.of(d);
                if (t.edgeFeature(r, d) == segLocal[s] && instAt(x + e.dx(), y + e.dy()) < 0) {
                    if (unfillable(x + e.dx(), y + e.dy(), types)) {
                        dead++;
                    }
                    if (--left == 0) { // every open edge seen: the rest of the feature is closed
                        return dead;
                    }
                }
            }
            s = next[s];
        } while (s != root);
        return dead;
    }

    /** The unfillable empty squares of the 3×3 block centred on a cloister's instance. */
    private int deadAround(int inst, long[] types) {
        int x = instX[inst], y = instY[inst], dead = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (instAt(x + dx, y + dy) < 0 && unfillable(x + dx, y + dy, types)) {
                    dead++;
                }
            }
        }
        return dead;
    }

    /** Partial cloister value: occupied squares of the 3×3 block, board squares optionally counted as one. */
    private int cloisterFinalValue(int inst) {
        if (rules.wheel == null || !rules.config.wheel().boardIsOneTileForCloisters()) {
            return occupiedAround(inst);
        }
        int x = instX[inst], y = instY[inst], n = 0;
        boolean board = false;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int i = instAt(x + dx, y + dy);
                if (i >= 0) {
                    if (i < boardInstances) {
                        board = true;
                    } else {
                        n++;
                    }
                }
            }
        }
        return n + (board ? 1 : 0);
    }

    // =====================================================================================================
    // Union–find over feature segments
    // =====================================================================================================

    int find(int s) {
        while (parent[s] != s) {
            parent[s] = parent[parent[s]];
            s = parent[s];
        }
        return s;
    }

    /** Joins two road or city segments across a shared edge: two open edges fewer. */
    private void connectEdge(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra == rb) {
            rootOpen[ra] -= 2; // the feature closes on itself (a loop)
            return;
        }
        int open = rootOpen[ra] + rootOpen[rb] - 2;
        int root = union(ra, rb);
        rootOpen[root] = (short) open;
    }

    /** Merges two features; the smaller root id stays root. Returns the root. */
    private int union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra == rb) {
            return ra;
        }
        if (rb < ra) {
            int t = ra;
            ra = rb;
            rb = t;
        }
        parent[rb] = (short) ra;
        rootOpen[ra] += rootOpen[rb];
        rootPennants[ra] += rootPennants[rb];
        rootFollowers[ra] += rootFollowers[rb];
        short t = next[ra];
        next[ra] = next[rb];
        next[rb] = t;
        return ra;
    }

    /** Distinct squares a feature covers (a square met twice counts once); collects positions if asked. */
    int featureTiles(int root, List<Position> positions) {
        int count = 0, s = root;
        do {
            int inst = segInst[s];
            boolean seen = false;
            for (int j = instSeg[inst]; j < s; j++) {
                if (find(j) == root) {
                    seen = true;
                    break;
                }
            }
            if (!seen) {
                count++;
                if (positions != null) {
                    positions.add(new Position(instX[inst], instY[inst]));
                }
            }
            s = next[s];
        } while (s != root);
        return count;
    }

    /** Followers per seat in the feature with this root. */
    int[] followerCounts(int root) {
        int[] c = new int[rules.players];
        if (rootFollowers[root] == 0) {
            return c;
        }
        for (int f = 0; f < fLoc.length; f++) {
            int loc = fLoc[f];
            if (loc >= 0 && find(loc) == root) {
                c[f / Rules.FOLLOWERS_PER_PLAYER]++;
            }
        }
        return c;
    }

    /** Distinct completed cities next to a field (by its root); their roots go to {@code out} if given. */
    int completedCitiesNextTo(int fieldRoot, IntList out) {
        IntList cities = out != null ? out : new IntList(8);
        citiesNextTo(fieldRoot, cities, true);
        return cities.size();
    }

    /**
     * Adds to {@code cities} the roots of the cities next to a field (by its root) that it does not hold yet:
     * only completed ones when {@code completedOnly}.
     */
    private void citiesNextTo(int fieldRoot, IntList cities, boolean completedOnly) {
        int s = fieldRoot;
        do {
            int inst = segInst[s];
            TileFeature f = typeOf(instType[inst]).feature(segLocal[s]);
            for (int c : f.adjacentCities()) {
                addCity(cities, find(instSeg[inst] + c), completedOnly);
            }
            s = next[s];
        } while (s != fieldRoot);
        for (int i = 0; i < extraAdj.length; i += 2) {
            if (find(extraAdj[i]) == fieldRoot) {
                addCity(cities, find(extraAdj[i + 1]), completedOnly);
            }
        }
    }

    private void addCity(IntList cities, int cityRoot, boolean completedOnly) {
        if ((!completedOnly || rootOpen[cityRoot] == 0) && !cities.contains(cityRoot)) {
            cities.add(cityRoot);
        }
    }

    // =====================================================================================================
    // Followers
    // =====================================================================================================

    /** Sends a follower slot back to its owner's supply. */
    void returnFollower(int slot, Event.ReturnReason reason) {
        int loc = fLoc[slot];
        int seat = slot / Rules.FOLLOWERS_PER_PLAYER;
        if (events != null) {
            if (loc >= 0) {
                int inst = segInst[loc];
                events.add(new Event.FollowerReturned(Seat.of(seat), new Position(instX[inst], instY[inst]),
                        typeOf(instType[inst]).feature(segLocal[loc]).name(), null, reason));
            } else {
                events.add(new Event.FollowerReturned(Seat.of(seat), null, null, crownSector(-2 - loc), reason));
            }
        }
        if (loc >= 0) {
            rootFollowers[find(loc)]--;
        } else if (wof != null) {
            wof.crown[-2 - loc] = -1;
        }
        fLoc[slot] = SUPPLY;
        supply[seat]++;
    }

    void addScore(int seat, int points, ScoreKind kind) {
        score[seat] += points;
        scoreByKind[seat * ScoreKind.values().length + kind.ordinal()] += points;
    }

    // =====================================================================================================
    // Scoring
    // =====================================================================================================

    /** Scores every road, city and cloister the placement of {@code inst} completed (RULES.md §2.6–2.7). */
    private void scoreCompletedBy(int inst) {
        int base = instSeg[inst], end = instSeg[inst + 1];
        for (int s = base; s < end; s++) {
            int kind = segKind[s];
            if (kind == FeatureKind.ROAD.ordinal() || kind == FeatureKind.CITY.ordinal()) {
                int root = find(s);
                if (rootOpen[root] == 0 && rootFollowers[root] > 0) {
                    scoreFeature(root, false);
                }
            }
        }
        int x = instX[inst], y = instY[inst];
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int i = instAt(x + dx, y + dy);
                if (i >= boardInstances && i >= 0 && typeOf(instType[i]).hasCloister() && occupiedAround(i) == 9) {
                    int seg = cloisterSegment(i);
                    if (rootFollowers[seg] > 0) {
                        scoreFeature(seg, false);
                    }
                }
            }
        }
    }

    private int cloisterSegment(int inst) {
        TileType t = typeOf(instType[inst]);
        for (int j = 0; j < t.features().size(); j++) {
            if (t.feature(j).kind() == FeatureKind.CLOISTER) {
                return instSeg[inst] + j;
            }
        }
        throw new IllegalStateException();
    }

    /**
     * Scores one road, city or cloister (completed during play, or incomplete at the end): the seats with the
     * most followers in it score its value; all its followers go home when it was completed.
     */
    private void scoreFeature(int root, boolean atEnd) {
        int[] counts = followerCounts(root);
        int best = 0;
        for (int c : counts) {
            best = Math.max(best, c);
        }
        FeatureKind kind = KINDS[segKind[root]];
        List<Position> tiles = events != null ? new ArrayList<>() : null;
        int value;
        ScoreKind sk;
        switch (kind) {
            case ROAD -> {
                value = featureTiles(root, tiles);
                sk = ScoreKind.ROAD;
            }
            case CITY -> {
                int n = featureTiles(root, tiles);
                int pennants = rootPennants[root];
                if (atEnd) {
                    value = n + pennants;
                } else if (n == 2 && rules.config.rules().twoTileCityScoresTwo()) {
                    value = n + pennants;
                } else {
                    value = 2 * n + 2 * pennants;
                }
                sk = ScoreKind.CITY;
            }
            case CLOISTER -> {
                int inst = segInst[root];
                value = atEnd ? cloisterFinalValue(inst) : 9;
                if (tiles != null) {
                    tiles.add(new Position(instX[inst], instY[inst]));
                }
                sk = ScoreKind.CLOISTER;
            }
            default -> throw new IllegalStateException("fields are scored by the farm rules");
        }
        int[] points = new int[rules.players];
        for (int p = 0; p < counts.length; p++) {
            if (best > 0 && counts[p] == best) {
                points[p] = value;
                addScore(p, value, sk);
            }
        }
        if (events != null) {
            events.add(new Event.FeatureScored(kind, atEnd, tiles, rootPennants[root], 0, boxed(counts), boxed(points)));
        }
        if (!atEnd) {
            for (int f = 0; f < fLoc.length; f++) {
                if (fLoc[f] >= 0 && find(fLoc[f]) == root) {
                    returnFollower(f, Event.ReturnReason.SCORED);
                }
            }
        }
    }

    static List<Integer> boxed(int[] a) {
        List<Integer> l = new ArrayList<>(a.length);
        for (int v : a) {
            l.add(v);
        }
        return l;
    }

    /** Roots of features holding at least one follower, in order of first follower slot. */
    IntList occupiedRoots(int kindFilter) {
        IntList roots = new IntList(16);
        for (int f = 0; f < fLoc.length; f++) {
            int loc = fLoc[f];
            if (loc >= 0) {
                int r = find(loc);
                if ((kindFilter < 0 || segKind[r] == kindFilter) && !roots.contains(r)) {
                    roots.add(r);
                }
            }
        }
        return roots;
    }

    /** Final scoring (RULES.md §2.9): incomplete roads, cities, cloisters, then fields. Crowns score nothing. */
    private void finalScoring() {
        IntList roots = occupiedRoots(-1);
        for (int i = 0; i < roots.size(); i++) {
            int r = roots.get(i);
            if (segKind[r] != FeatureKind.FIELD.ordinal()) {
                scoreFeature(r, true);
            }
        }
        IntList fields = new IntList(8);
        for (int i = 0; i < roots.size(); i++) {
            if (segKind[roots.get(i)] == FeatureKind.FIELD.ordinal()) {
                fields.add(roots.get(i));
            }
        }
        switch (rules.config.rules().farmRule()) {
            case THIRD_EDITION, SECOND_EDITION -> scoreFieldsPerField(fields,
                    rules.config.rules().farmRule() == RuleOptions.FarmRule.SECOND_EDITION);
            case FIRST_EDITION -> scoreFieldsPerCity(fields);
        }
    }

    /** 3rd (and 2nd) edition: per field, the majority scores 3 per adjacent completed city. */
    private void scoreFieldsPerField(IntList fields, boolean oncePerCity) {
        int n = rules.players;
        IntList[] paid = new IntList[n];
        for (int i = 0; i < fields.size(); i++) {
            int root = fields.get(i);
            IntList cities = new IntList(8);
            completedCitiesNextTo(root, cities);
            int[] counts = followerCounts(root);
            int best = 0;
            for (int c : counts) {
                best = Math.max(best, c);
            }
            int[] points = new int[n];
            for (int p = 0; p < n; p++) {
                if (counts[p] != best || best == 0) {
                    continue;
                }
                int value = 0;
                for (int c = 0; c < cities.size(); c++) {
                    if (oncePerCity) {
                        if (paid[p] == null) {
                            paid[p] = new IntList(8);
                        }
                        if (paid[p].contains(cities.get(c))) {
                            continue;
                        }
                        paid[p].add(cities.get(c));
                    }
                    value += 3;
                }
                points[p] = value;
                addScore(p, value, ScoreKind.FIELD);
            }
            if (events != null) {
                List<Position> tiles = new ArrayList<>();
                featureTiles(root, tiles);
                events.add(new Event.FeatureScored(FeatureKind.FIELD, true, tiles, 0, cities.size(), boxed(counts),
                        boxed(points)));
            }
        }
    }

    /** 1st edition: per completed city, the majority of farmers in all fields touching it scores 4. */
    private void scoreFieldsPerCity(IntList fields) {
        int n = rules.players;
        IntList cityOrder = new IntList(16);
        List<int[]> farmersPerCity = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            int root = fields.get(i);
            IntList cities = new IntList(8);
            completedCitiesNextTo(root, cities);
            int[] counts = followerCounts(root);
            for (int c = 0; c < cities.size(); c++) {
                int idx = cityOrder.indexOf(cities.get(c));
                if (idx < 0) {
                    cityOrder.add(cities.get(c));
                    farmersPerCity.add(new int[n]);
                    idx = cityOrder.size() - 1;
                }
                for (int p = 0; p < n; p++) {
                    farmersPerCity.get(idx)[p] += counts[p];
                }
            }
        }
        for (int c = 0; c < cityOrder.size(); c++) {
            int[] counts = farmersPerCity.get(c);
            int best = 0;
            for (int v : counts) {
                best = Math.max(best, v);
            }
            int[] points = new int[n];
            for (int p = 0; p < n; p++) {
                if (best > 0 && counts[p] == best) {
                    points[p] = 4;
                    addScore(p, 4, ScoreKind.FIELD);
                }
            }
            if (events != null) {
                List<Position> tiles = new ArrayList<>();
                featureTiles(cityOrder.get(c), tiles);
                events.add(new Event.FeatureScored(FeatureKind.FIELD, true, tiles, 0, 1, boxed(counts), boxed(points)));
            }
        }
    }

    @Override
    public String toString() {
        return "GameState[" + phase + " seat " + decider + ", scores " + Arrays.toString(score) + ", pile "
                + pileSize() + "]";
    }
}
