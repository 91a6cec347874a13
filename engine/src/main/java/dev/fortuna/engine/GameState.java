package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.engine.tile.WheelBoard;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The state of one game, and the rules that move it on. A state always says whose decision it is
 * ({@link #decision()}) and which actions are legal ({@link #legalActions()}, in a stable order); applying
 * a legal action moves the game to the next decision, running draws, wheel events and scoring on the way.
 * Any other action is rejected with a reason and changes nothing.
 *
 * <h2>Representation</h2>
 * The state is a few parts, each flat arrays, so that {@link #copy()} is a handful of array clones:
 * <ul>
 * <li>{@link Board}: the placed squares, the grid and the open positions with their constraints;</li>
 * <li>{@link FeatureGraph}: the features as union–find over segments, with open edges, pennants and followers;</li>
 * <li>{@link Followers}: where every follower stands (supply, a segment, a crown space);</li>
 * <li>{@link Scores}, and the {@link DrawPile} (shared by copies, never written) with the number of tiles drawn;</li>
 * <li>one {@link ExpansionState} slot per expansion in play, in registry order.</li>
 * </ul>
 * Scoring is in {@link FeatureScoring} and {@link FieldScoring}. This class keeps the public API, the cache of the
 * current decision's legal actions (computed once, dropped by {@link #setDecision}; for placements the fast path
 * counts and picks without building the list) and the one turn pipeline (see "Turn pipeline" below).
 * Not thread-safe; copies are independent and may be used on different threads.
 */
public final class GameState {
    final Rules rules;
    /** The configuration as given (with seed and forced draws); a player's view holds a sanitised one. */
    final GameConfig config;

    // --- turn ---
    DecisionKind phase;
    int decider;
    int active;
    int current = -1; // type index of the tile drawn and not yet placed or discarded
    int placedInst = -1; // instance placed this turn
    int tilesPlaced, tilesDiscarded;
    /** Decisions applied so far (see {@link #ply()}). */
    int ply;
    /**
     * While an expansion's decision interrupts the pipeline: the stage of the hook that opened it and the index of
     * that expansion, so that the pipeline goes on with the next hook of that stage when the decisions are done.
     */
    private Stage hookStage;
    private int hookIndex;

    // --- parts ---
    DrawPile pile;
    /** Tiles drawn from the pile so far: the next tile is {@code pile.order[pileTop]}. */
    int pileTop;
    Board board;
    FeatureGraph graph;
    Followers followers;
    Scores scores;
    /** One slot per expansion in play ({@code rules.expansions} order); null for one that keeps no state. */
    ExpansionState[] slots;

    // --- cache of the tile types still to come (copied; see availableTypes) ---
    /** Bit t (words as in {@code Rules.fittingTypes}) set when a tile of type t is in the pile or in hand. */
    private long[] availTypes;
    /** Tiles of each type in the pile or in hand, computed with {@link #availTypes} (never written after). */
    private int[] availCounts;
    /** The pile, pile top and drawn tile {@link #availTypes} was computed for (null pile: not computed yet). */
    private int[] availPile;
    private int availTop, availCurrent;
    /**
     * Cache of {@link #remainingByWheelNumber} (copied; never written once computed): counts by wheel number 0..3 of
     * the pile {@code wheelPile} from {@code wheelTop} on.
     */
    private int[] wheelLeft, wheelPile;
    private int wheelTop;
    /** Wheel numbers are 0 (none) to 3 ({@code TileType.wheel()}). */
    private static final int WHEEL_NUMBERS = 4;

    /** {@code FeatureKind.values()} once: {@code values()} copies its array on every call, and bots ask often. */
    static final FeatureKind[] KINDS = FeatureKind.values();

    // --- transient (not copied) ---
    private IntList legal;
    private boolean legalValid;
    private int placementCount = -1; // number of placements when known without the list, else -1
    List<Event> events;
    private ExpansionContext context;

    /** The pipeline stages at which an expansion's hook may open a decision. */
    private enum Stage { AFTER_DRAW, AFTER_SCORING }

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
        return newGame(Rules.of(config), config, eventsOut);
    }

    /** As {@link #newGame(GameConfig, List)} with the given rules of {@code config} (tests: {@code Rules.uncached}). */
    static GameState newGame(Rules rules, GameConfig config, List<Event> eventsOut) {
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

    private void init(int[] pileOrder) {
        pile = new DrawPile(pileOrder);
        board = new Board(rules.squareTypes, rules.maxInstances);
        graph = new FeatureGraph(rules.maxInstances, rules.maxSegments, rules.segmentTemplate);
        followers = new Followers(rules.players, rules.totalCrowns);
        scores = new Scores(rules.players);
        slots = new ExpansionState[rules.expansions.length];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = rules.expansions[i].newState(context());
        }
        if (rules.board != null) {
            placeBoard(rules.board);
        } else {
            placeSquare(rules.startType, 0, 0, 0, true);
        }
        active = 0;
    }

    private void placeBoard(WheelBoard wheelBoard) {
        int[][] instAt = new int[4][4];
        for (WheelBoard.Square sq : wheelBoard.squares()) {
            instAt[sq.x()][sq.y()] = board.squares();
            // Board squares are not among the game's tile types: their type indices follow the others'.
            placeSquare(boardTypeIndex(sq.type()), sq.x(), sq.y(), 0, false);
        }
        board.boardInstances = board.squares();
        IntList adj = new IntList(8);
        for (WheelBoard.BoardField f : wheelBoard.fields()) {
            int first = -1;
            for (WheelBoard.Ref r : f.parts()) {
                int seg = graph.segment(instAt[r.x()][r.y()], r.feature());
                if (first < 0) {
                    first = seg;
                } else {
                    graph.union(first, seg);
                }
            }
            for (WheelBoard.Ref c : f.adjacentCities()) {
                adj.add(first);
                adj.add(graph.segment(instAt[c.x()][c.y()], c.feature()));
            }
        }
        graph.extraAdj = adj.toArray();
    }

    /** Board square types get indices after the game's tile types ({@code Rules.squareTypes} resolves both). */
    private int boardTypeIndex(TileType t) {
        List<WheelBoard.Square> sq = rules.board.squares();
        for (int i = 0; i < sq.size(); i++) {
            if (sq.get(i).type() == t) {
                return rules.types.length + i;
            }
        }
        throw new IllegalStateException();
    }

    /**
     * Puts a square on the board and its features into the graph, joined (when {@code connect}) with its neighbours'
     * features. Returns the instance index.
     */
    private int placeSquare(int type, int x, int y, int r, boolean connect) {
        int inst = board.put(type, x, y, r);
        TileType t = rules.squareTypes[type];
        graph.addSquare(inst, type);
        if (connect) {
            graph.connect(board, inst, t, r);
        }
        return inst;
    }

    /** An independent copy: applying actions to one never affects the other. */
    public GameState copy() {
        return copyWith(config, pile);
    }

    private GameState copyWith(GameConfig cfg, DrawPile drawPile) {
        GameState c = new GameState(rules, cfg);
        c.phase = phase;
        c.decider = decider;
        c.active = active;
        c.current = current;
        c.placedInst = placedInst;
        c.tilesPlaced = tilesPlaced;
        c.tilesDiscarded = tilesDiscarded;
        c.ply = ply;
        c.hookStage = hookStage;
        c.hookIndex = hookIndex;
        c.pile = drawPile;
        c.pileTop = pileTop;
        c.board = board.copy();
        c.graph = graph.copy();
        c.followers = followers.copy();
        c.scores = scores.copy();
        // Without expansions the (empty) slot array is shared: nothing in it can change.
        if (slots.length == 0) {
            c.slots = slots;
        } else {
            ExpansionState[] cs = new ExpansionState[slots.length];
            for (int i = 0; i < cs.length; i++) {
                ExpansionState s = slots[i];
                cs[i] = s == null ? null : s.copy();
            }
            c.slots = cs;
        }
        // Never written once computed, so the copy may share it; its stamp still names the copy's pile.
        c.availTypes = availTypes;
        c.availCounts = availCounts;
        c.availPile = availPile;
        c.availTop = availTop;
        c.availCurrent = availCurrent;
        c.wheelLeft = wheelLeft;
        c.wheelPile = wheelPile;
        c.wheelTop = wheelTop;
        return c;
    }

    /** A copy whose undrawn tiles are in a new order, drawn from {@code seed}; everything else is equal. */
    GameState withPileShuffled(long seed) {
        return copyWith(config, pile.shuffled(pileTop, seed));
    }

    /** A copy whose undrawn tiles are sorted by type: what a player may know of the pile. */
    GameState withPileHidden() {
        // The public configuration has no seed and no forced draw list: either would reveal the order.
        return copyWith(config.withDraws(null).withSeed(0), pile.sorted(pileTop));
    }

    private ExpansionContext context() {
        if (context == null) {
            context = new ExpansionContext(this);
        }
        return context;
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
        return scores.total(seat);
    }

    public int[] scores() {
        return scores.totals();
    }

    public int score(int seat, ScoreKind kind) {
        return scores.of(seat, kind);
    }

    /** Followers in the seat's supply. */
    public int supply(int seat) {
        return followers.supply(seat);
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
        return pile.size(pileTop);
    }

    public int tilesPlaced() {
        return tilesPlaced;
    }

    public int tilesDiscarded() {
        return tilesDiscarded;
    }

    /**
     * How many decisions have been applied since the game started (every applied action, of any seat). A server
     * tags what it sends with it and refuses an action that was chosen at another ply (a stale one).
     */
    public int ply() {
        return ply;
    }

    /** Every tile drawn so far, in order (including discarded ones and the one waiting to be placed). */
    public List<String> drawnTiles() {
        List<String> out = new ArrayList<>(pileTop);
        for (int i = 0; i < pileTop; i++) {
            out.add(rules.types[pile.order[i]].id());
        }
        return out;
    }

    /** The tiles still in the pile as a sorted multiset of ids: what every player may know. */
    public List<String> remainingTiles() {
        int[] rest = pile.remainingSorted(pileTop);
        List<String> out = new ArrayList<>(rest.length);
        for (int t : rest) {
            out.add(rules.types[t].id());
        }
        return out;
    }

    /** The landscape: every placed square, start piece first, in placement order. */
    public List<PlacedTile> board() {
        List<PlacedTile> out = new ArrayList<>(board.squares());
        for (int i = 0; i < board.squares(); i++) {
            out.add(placedTile(i));
        }
        return out;
    }

    private PlacedTile placedTile(int i) {
        return new PlacedTile(position(i), board.type(i), Rotation.of(board.rotation(i)), i < board.boardInstances());
    }

    private Position position(int inst) {
        return new Position(board.x(inst), board.y(inst));
    }

    /** The square at a position, or null. */
    public PlacedTile tileAt(Position p) {
        int i = board.instAt(p.x(), p.y());
        return i < 0 ? null : placedTile(i);
    }

    /** Every follower not in a supply, by seat and slot order. */
    public List<FollowerPlacement> followers() {
        List<FollowerPlacement> out = new ArrayList<>();
        for (int f = 0; f < followers.slots(); f++) {
            int loc = followers.location(f);
            if (loc == Followers.SUPPLY) {
                continue;
            }
            Seat s = Seat.of(f / Followers.PER_SEAT);
            if (loc >= 0) {
                out.add(new FollowerPlacement(s, position(graph.square(loc)), graph.local(loc), KINDS[graph.kind(loc)],
                        null));
            } else {
                out.add(new FollowerPlacement(s, null, -1, null, crownSector(-2 - loc)));
            }
        }
        return out;
    }

    /** Followers of a seat on the landscape (not in supply, not on crowns). */
    public int followersOnLandscape(int seat) {
        return followers.onLandscape(seat);
    }

    /** Followers of a seat on crown spaces. */
    public int followersOnCrowns(int seat) {
        return followers.onSpots(seat);
    }

    /** Wheel of Fortune: where the pig stands (null without the expansion). */
    public Sector pig() {
        for (ExpansionState s : slots) {
            if (s instanceof PigPosition p) {
                return p.pig();
            }
        }
        return null;
    }

    /** Wheel of Fortune: crown spaces of a sector, each the seat on it or null. */
    public List<Seat> crowns(Sector s) {
        List<Seat> out = new ArrayList<>();
        for (int k = 0; k < rules.crownCount[s.ordinal()]; k++) {
            int f = followers.onSpot(rules.crownBase[s.ordinal()] + k);
            out.add(f < 0 ? null : Seat.of(f / Followers.PER_SEAT));
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
        int best = scores.best();
        List<Seat> out = new ArrayList<>();
        for (int i = 0; i < rules.players; i++) {
            if (scores.total(i) == best) {
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
        int inst = board.instAt(p.x(), p.y());
        if (inst < 0) {
            throw new IllegalArgumentException("no tile at " + p);
        }
        TileType t = board.type(inst);
        if (feature < 0 || feature >= t.features().size()) {
            throw new IllegalArgumentException("tile " + t.id() + " has no feature " + feature);
        }
        int root = graph.find(graph.segment(inst, feature));
        FeatureKind kind = KINDS[graph.kind(root)];
        IntList squares = new IntList(8);
        int nTiles = graph.featureTiles(root, squares);
        int[] f = followers.countsIn(root, rules.players, graph);
        boolean complete = switch (kind) {
            case ROAD, CITY -> graph.openEdges(root) == 0;
            case CLOISTER -> board.occupiedAround(graph.square(root)) == 9;
            case FIELD -> false;
        };
        int cities = kind == FeatureKind.FIELD ? graph.completedCitiesNextTo(board, root, null) : 0;
        return new FeatureInfo(kind, complete, nTiles, positionsOf(squares), graph.pennants(root), Event.perSeat(f), cities);
    }

    /**
     * What every road, city, cloister and field holding followers would score if the game ended now, with nothing
     * else placed and nothing deployed (see {@link FeatureValue}: a feature the tile just placed completed scores as
     * completed), in the order scoring would meet them; empty once the game is over. Followers on crown spaces score nothing at the end and are not listed. Pure: the game is unchanged.
     */
    public List<FeatureValue> featureValues() {
        return FeatureValues.of(this);
    }

    /** The squares of segments (one per square, from {@link FeatureGraph#featureTiles}). */
    List<Position> positionsOf(IntList segments) {
        List<Position> out = new ArrayList<>(segments.size());
        for (int i = 0; i < segments.size(); i++) {
            out.add(position(graph.square(segments.get(i))));
        }
        return out;
    }

    /** The event of a scored feature (by its root): its squares and square features with the given figures. */
    Event.FeatureScored scoredEvent(FeatureKind kind, boolean atEnd, int root, int pennants, int cities, int[] counts,
                                    int[] points) {
        IntList squares = new IntList(8);
        graph.featureTiles(root, squares);
        return new Event.FeatureScored(kind, atEnd, positionsOf(squares), squareFeatures(root), pennants, cities,
                Event.perSeat(counts), Event.perSeat(points));
    }

    /** Every square feature of a feature (by its root), for events: in placement order, then notation order. */
    private List<Event.SquareFeature> squareFeatures(int root) {
        int[] segs = graph.segments(root);
        List<Event.SquareFeature> out = new ArrayList<>(segs.length);
        for (int s : segs) {
            int inst = graph.square(s);
            out.add(new Event.SquareFeature(position(inst), graph.local(s), board.type(inst).feature(graph.local(s)).name()));
        }
        return out;
    }

    /** The union–find root of feature {@code feature} of the square at {@code p}; refuses a missing one. */
    int featureRoot(Position p, int feature) {
        int inst = board.instAt(p.x(), p.y());
        if (inst < 0) {
            throw new IllegalArgumentException("no tile at " + p);
        }
        if (feature < 0 || feature >= graph.featureCount(inst)) {
            throw new IllegalArgumentException("the square at " + p + " has no feature " + feature);
        }
        return graph.find(graph.segment(inst, feature));
    }

    /**
     * For bots' evaluation (cheap, no allocation): how far the feature containing feature {@code feature} of
     * the square at {@code p} is from completion, and which feature it is. The low 32 bits are the open edges
     * of a road or city (0 = complete), the empty squares around a cloister, 0 for a field; the high 32 bits
     * are an id of the whole feature, equal for two square features exactly when they are joined in this state.
     */
    public long featureProgress(Position p, int feature) {
        int root = featureRoot(p, feature);
        int open = switch (KINDS[graph.kind(root)]) {
            case ROAD, CITY -> graph.openEdges(root);
            case CLOISTER -> 9 - board.occupiedAround(graph.square(root));
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
        if (graph.kind(root) != FeatureKind.FIELD.ordinal()) {
            return new int[0];
        }
        IntList cities = new IntList(8);
        graph.citiesNextTo(board, root, cities, false);
        int[] out = new int[cities.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = graph.openEdges(cities.get(i));
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
        return featureDeadOpenings(featureRoot(p, feature));
    }

    /**
     * The tile types still to come: those in the undrawn pile and the drawn tile. The pile array is never written
     * after creation, so the pile, its top and the drawn tile determine the set; it is recomputed (one pass over the
     * undrawn tiles, into a new array) only when one of them differs from the stamp, i.e. once after each draw,
     * placement or discard, and the board never enters it. A computed array is never written again, which is what
     * lets {@link #copyWith} share it; a shuffled or sorted pile is a new array, so such a copy recomputes.
     */
    private long[] availableTypes() {
        if (availPile != pile.order || availTop != pileTop || availCurrent != current) {
            long[] a = new long[rules.typeWords];
            int[] n = new int[rules.typeWords << 6];
            for (int i = pileTop; i < pile.order.length; i++) {
                a[pile.order[i] >>> 6] |= 1L << pile.order[i];
                n[pile.order[i]]++;
            }
            if (current >= 0) {
                a[current >>> 6] |= 1L << current;
                n[current]++;
            }
            availTypes = a;
            availCounts = n;
            availPile = pile.order;
            availTop = pileTop;
            availCurrent = current;
        }
        return availTypes;
    }

    // --- Queries for bots' evaluation, by feature id: no allocation, no Position, no boxing. A feature id is the
    // one in the high bits of featureProgress (the feature's union-find root): valid until the next action is
    // applied, and equal for two followers exactly when they stand in the same feature. Each query answers what
    // the matching part of feature(Position, int) / featureProgress / fieldCityOpenEdges answers, from the same
    // graph walks, so a bot may switch to them without changing a single value.

    /** Follower slots: those of seat {@code s} are {@code 7s} to {@code 7s + 6} (see {@link #followerFeature}). */
    public int followerSlots() {
        return followers.slots();
    }

    /**
     * The id of the feature follower slot {@code slot} stands in, or -1 when it is in its supply or on a crown space.
     * Slots in order visit the followers in the order of {@link #followers()}.
     */
    public int followerFeature(int slot) {
        int loc = followers.location(slot);
        return loc >= 0 ? graph.find(loc) : -1;
    }

    /** Wheel of Fortune: the {@link Sector} ordinal of the crown space follower slot {@code slot} stands on, or -1. */
    public int followerCrownSector(int slot) {
        int loc = followers.location(slot);
        return loc <= -2 ? crownSector(-2 - loc).ordinal() : -1;
    }

    /** Refuses what is not a feature id now (a root of the feature graph). */
    private int checkFeatureId(int id) {
        if (id < 0 || id >= graph.nSeg || graph.parent[id] != id) {
            throw new IllegalArgumentException("not a feature id now: " + id);
        }
        return id;
    }

    /** The {@link FeatureKind} ordinal of a feature (by id). */
    public int featureKind(int id) {
        return graph.kind(checkFeatureId(id));
    }

    /** What a feature (by id) lacks, as the low bits of {@link #featureProgress}: open edges, empty squares, 0. */
    public int featureOpen(int id) {
        checkFeatureId(id);
        return switch (KINDS[graph.kind(id)]) {
            case ROAD, CITY -> graph.openEdges(id);
            case CLOISTER -> 9 - board.occupiedAround(graph.square(id));
            case FIELD -> 0;
        };
    }

    /**
     * The openings of a road, city or cloister (by id) that face an empty square no tile still to come fits: what
     * {@link #deadOpenings} answers for the same feature; 0 for a field or a completed feature.
     */
    public int featureDeadOpenings(int id) {
        int kind = graph.kind(checkFeatureId(id));
        if (kind == FeatureKind.ROAD.ordinal() || kind == FeatureKind.CITY.ordinal()) {
            return graph.openEdges(id) == 0 ? 0 : DeadOpenings.edges(board, graph, id, rules, availableTypes());
        }
        return kind == FeatureKind.CLOISTER.ordinal()
                ? DeadOpenings.around(board, graph.square(id), rules, availableTypes()) : 0;
    }

    /**
     * For each opening of a road or city (by id), or each empty square around a cloister, adds to {@code out} how
     * many of the tiles still to come (the pile and the drawn tile) fit the empty square it faces; a 0 is a dead
     * opening ({@link #featureDeadOpenings}). Adds nothing for a field or a completed feature.
     */
    public void featureOpeningFits(int id, IntList out) {
        int kind = graph.kind(checkFeatureId(id));
        long[] types = availableTypes();
        if (kind == FeatureKind.ROAD.ordinal() || kind == FeatureKind.CITY.ordinal()) {
            if (graph.openEdges(id) > 0) {
                DeadOpenings.edgeFits(board, graph, id, rules, types, availCounts, out);
            }
        } else if (kind == FeatureKind.CLOISTER.ordinal()) {
            DeadOpenings.aroundFits(board, graph.square(id), rules, types, availCounts, out);
        }
    }

    /** The distinct squares of a feature (by id): {@link FeatureInfo#tileCount()}. */
    public int featureTileCount(int id) {
        return graph.featureTiles(checkFeatureId(id), null);
    }

    /** The pennants of a feature (by id): {@link FeatureInfo#pennants()}. */
    public int featurePennants(int id) {
        return graph.pennants(checkFeatureId(id));
    }

    /** Writes the followers per seat in a feature (by id) to {@code perSeat[0..players)}: {@link FeatureInfo#followers()}. */
    public void featureFollowers(int id, int[] perSeat) {
        followers.countsInto(checkFeatureId(id), rules.players, graph, perSeat);
    }

    /**
     * Adds to {@code out} the ids of the distinct cities next to a field (by id), completed or not, in the order
     * of {@link #fieldCityOpenEdges} (so their {@link #featureOpen} values are that list, and those at 0 are the
     * {@link FeatureInfo#adjacentCompletedCities()}); adds nothing for another kind of feature.
     */
    public void fieldCities(int id, IntList out) {
        if (graph.kind(checkFeatureId(id)) == FeatureKind.FIELD.ordinal()) {
            graph.citiesNextTo(board, id, out, false);
        }
    }

    /** Wheel of Fortune: how many crown spaces of a sector (by ordinal) hold a follower. */
    public int crownsTaken(int sector) {
        int n = 0;
        for (int k = 0; k < rules.crownCount[sector]; k++) {
            if (followers.onSpot(rules.crownBase[sector] + k) >= 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * Counts the tiles still in the pile (not the drawn one) by their {@link TileType#wheel()} number: adds one to
     * {@code counts[w]} per tile of number {@code w < counts.length}, after setting every count to 0.
     */
    public void remainingByWheelNumber(int[] counts) {
        // Like availableTypes: the pile array is never written, so pile and top determine the counts; a bot
        // evaluating several copies of one sample (each deployment of a leaf) counts once.
        if (wheelPile != pile.order || wheelTop != pileTop) {
            int[] c = new int[WHEEL_NUMBERS];
            int[] order = pile.order;
            for (int i = pileTop; i < order.length; i++) {
                c[rules.types[order[i]].wheel()]++;
            }
            wheelLeft = c;
            wheelPile = order;
            wheelTop = pileTop;
        }
        Arrays.fill(counts, 0);
        System.arraycopy(wheelLeft, 0, counts, 0, Math.min(counts.length, WHEEL_NUMBERS));
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
                placementCount = board.countPlacements(rules.types[current]);
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
        return !legalValid && phase == DecisionKind.PLACE_TILE ? board.placementAt(rules.types[current], i)
                : legal().get(i);
    }

    /** The codes of all legal actions, in order. */
    public int[] legalCodes() {
        return legal().toArray();
    }

    /**
     * The legal placements of the drawn tile grouped by square, in the order of {@link #legalActions()} (north to
     * south, west to east); empty when the decision is not a placement.
     */
    public List<PlacementOption> placementOptions() {
        List<PlacementOption> out = new ArrayList<>();
        if (phase != DecisionKind.PLACE_TILE) {
            return out;
        }
        IntList l = legal();
        int i = 0;
        while (i < l.size()) {
            int x = Action.xOf(l.get(i)), y = Action.yOf(l.get(i));
            List<Rotation> rotations = new ArrayList<>(4);
            for (; i < l.size() && Action.xOf(l.get(i)) == x && Action.yOf(l.get(i)) == y; i++) {
                rotations.add(Rotation.of(Action.extraOf(l.get(i))));
            }
            out.add(new PlacementOption(new Position(x, y), rotations));
        }
        return out;
    }

    /**
     * Why placing the drawn tile at {@code position} turned by {@code rotation} would be refused (the rejection
     * {@link #apply(Seat, Action)} would give the deciding seat), or empty when it is legal. Changes nothing.
     */
    public Optional<ApplyResult.Rejected> placementRefusal(Position position, Rotation rotation) {
        Action a = new Action.PlaceTile(position, rotation);
        if (phase == DecisionKind.GAME_OVER) {
            return Optional.of(ApplyResult.Rejected.of(RejectionCode.GAME_OVER, "the game is over"));
        }
        if (phase != DecisionKind.PLACE_TILE) {
            return Optional.of(Refusals.whyIllegal(this, a));
        }
        return Optional.ofNullable(Refusals.placement(this, position, rotation));
    }

    /**
     * The deployment on offer: the placed tile's features a follower may stand on and the sectors with an empty
     * crown space, as in {@link #legalActions()}; empty when the decision is not a deployment.
     */
    public Optional<DeploymentOptions> deploymentOptions() {
        if (phase != DecisionKind.DEPLOY) {
            return Optional.empty();
        }
        List<DeploymentOptions.Spot> spots = new ArrayList<>();
        List<Sector> crowns = new ArrayList<>();
        TileType t = board.type(placedInst);
        IntList l = legal();
        for (int i = 0; i < l.size(); i++) {
            int c = l.get(i), e = Action.extraOf(c);
            if (Action.typeOf(c) == Action.TYPE_DEPLOY) {
                spots.add(new DeploymentOptions.Spot(e, t.feature(e).name(), t.feature(e).kind()));
            } else if (Action.typeOf(c) == Action.TYPE_CROWN) {
                crowns.add(Sector.of(e));
            }
        }
        return Optional.of(new DeploymentOptions(position(placedInst), spots, crowns));
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
            case PLACE_TILE -> board.placements(rules.types[current], out);
            case DEPLOY -> deployOptions(out);
            case GAME_OVER -> {
            }
            default -> {
                int e = owner(phase);
                rules.expansions[e].legalActions(context(), slots[e], out);
            }
        }
    }

    /** The index of the expansion that owns a decision kind. */
    private int owner(DecisionKind kind) {
        int e = rules.owner[kind.ordinal()];
        if (e < 0) {
            throw new IllegalStateException("no handler for " + kind);
        }
        return e;
    }

    /**
     * Applies an action for whoever decides now (see {@link #apply(Seat, Action)}, which also checks the seat).
     */
    public ApplyResult apply(Action action) {
        return apply(phase == DecisionKind.GAME_OVER ? null : Seat.of(decider), action);
    }

    /**
     * Applies an action sent by {@code seat} if it is that seat's decision and the action is legal, and returns the
     * events it caused; otherwise returns why not (a {@link RejectionCode} with its arguments and a readable message)
     * and leaves the state unchanged. A placement given with a rotation that shows the same picture as a smaller one
     * (a symmetric tile) is taken as that smaller rotation.
     */
    public ApplyResult apply(Seat seat, Action action) {
        if (action == null) {
            return ApplyResult.Rejected.of(RejectionCode.NO_ACTION, "no action given");
        }
        if (phase == DecisionKind.GAME_OVER) {
            return ApplyResult.Rejected.of(RejectionCode.GAME_OVER, "the game is over");
        }
        if (seat == null || seat.index() != decider) {
            return ApplyResult.Rejected.of(RejectionCode.NOT_YOUR_DECISION,
                    "it is seat " + decider + "'s decision (" + phase + "), not "
                            + (seat == null ? "that of no seat" : seat + "'s"),
                    RejectionArg.SEAT, seat, RejectionArg.DECIDER, Seat.of(decider));
        }
        int code;
        try {
            code = action.code();
        } catch (RuntimeException e) {
            return ApplyResult.Rejected.of(RejectionCode.MALFORMED_ACTION, "malformed action: " + e.getMessage(),
                    RejectionArg.ACTION, action);
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
            return Refusals.whyIllegal(this, action);
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

    /**
     * A crop-circle addition may name the feature through any of its squares; the legal list names it through
     * the square of the seat's first follower there. Returns that listed code, or the code unchanged.
     */
    private int canonicalAddCode(Action.AddFollower a, int code) {
        int inst = board.instAt(a.position().x(), a.position().y());
        if (inst < 0 || a.feature() < 0 || a.feature() >= graph.featureCount(inst)) {
            return code;
        }
        int root = graph.find(graph.segment(inst, a.feature()));
        IntList l = legal();
        for (int i = 0; i < l.size(); i++) {
            int c = l.get(i);
            if (Action.typeOf(c) == Action.TYPE_ADD) {
                int li = board.instAt(Action.xOf(c), Action.yOf(c));
                if (graph.find(graph.segment(li, Action.extraOf(c))) == root) {
                    return c;
                }
            }
        }
        return code;
    }

    // =====================================================================================================
    // Turn pipeline: draw → after-draw hooks → place or discard → deploy → score → after-scoring hooks → end turn.
    // Each step that waits for a decision returns; applyCode resumes the pipeline at the step after it.
    // =====================================================================================================

    /** Applies a legal code of the current decision and runs the pipeline on to the next decision. */
    private void applyCode(int code) {
        ply++;
        // Every change of decision goes through setDecision, which drops the cached legal actions; the list
        // computed for the new decision inside this call stays valid.
        legalValid = false;
        switch (phase) {
            case PLACE_TILE -> {
                placeDrawnTile(Action.xOf(code), Action.yOf(code), Action.extraOf(code));
                setDecision(DecisionKind.DEPLOY, active);
                if (legal().size() == 1) { // only "pass": nothing to decide
                    scoreTurn();
                }
            }
            case DEPLOY -> {
                deploy(code);
                scoreTurn();
            }
            default -> {
                int e = owner(phase);
                if (!rules.expansions[e].apply(context(), slots[e], code)) {
                    resumeAfterHook();
                }
            }
        }
    }

    /** Draws tiles until one can be placed, a hook opens a decision, or the pile runs out (the game ends). */
    private void drawNext() {
        while (true) {
            if (pileTop >= pile.order.length) {
                endGame();
                return;
            }
            current = pile.order[pileTop++];
            placedInst = -1;
            if (events != null) {
                events.add(new Event.TileDrawn(Seat.of(active), rules.types[current].id(), pile.size(pileTop)));
            }
            if (runHooks(Stage.AFTER_DRAW, 0) || settleDrawnTile()) {
                return;
            }
        }
    }

    /**
     * Runs the hooks of a stage from expansion {@code from} on; true when one opened a decision (the pipeline then
     * waits, and {@link #resumeAfterHook} goes on from the next expansion).
     */
    private boolean runHooks(Stage stage, int from) {
        for (int i = from; i < rules.expansions.length; i++) {
            Expansion e = rules.expansions[i];
            boolean opened = stage == Stage.AFTER_DRAW ? e.afterDraw(context(), slots[i], current)
                    : e.afterScoring(context(), slots[i], board.typeIndex(placedInst));
            if (opened) {
                hookStage = stage;
                hookIndex = i;
                return true;
            }
        }
        return false;
    }

    /** An expansion's decisions are done: the pipeline goes on after the hook that opened them. */
    private void resumeAfterHook() {
        Stage stage = hookStage;
        hookStage = null;
        if (runHooks(stage, hookIndex + 1)) {
            return;
        }
        if (stage == Stage.AFTER_DRAW) {
            if (!settleDrawnTile()) {
                drawNext();
            }
        } else {
            endTurn();
        }
    }

    /** Sets up the placement decision, or discards the tile when it fits nowhere; true when placeable. */
    private boolean settleDrawnTile() {
        setDecision(DecisionKind.PLACE_TILE, active);
        placementCount = board.countPlacements(rules.types[current]);
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
        placedInst = placeSquare(t, x, y, r, true);
        tilesPlaced++;
        if (events != null) {
            events.add(new Event.TilePlaced(Seat.of(active), rules.types[t].id(), new Position(x, y), Rotation.of(r)));
        }
    }

    private void deployOptions(IntList out) {
        if (followers.supply(active) > 0) {
            int base = graph.segment(placedInst, 0), n = graph.featureCount(placedInst);
            for (int j = 0; j < n; j++) {
                if (graph.rootFollowers[graph.find(base + j)] == 0) {
                    out.add(Action.pack(Action.TYPE_DEPLOY, 0, 0, j));
                }
            }
            for (int i = 0; i < rules.expansions.length; i++) {
                rules.expansions[i].addDeployOptions(context(), slots[i], out);
            }
        }
        out.add(Action.pack(Action.TYPE_PASS, 0, 0, 0));
    }

    /** Applies a legal deployment code: on the placed tile, a pass, or an expansion's option. */
    private void deploy(int code) {
        int type = Action.typeOf(code);
        if (type == Action.TYPE_DEPLOY) {
            int feature = Action.extraOf(code);
            followers.deploy(active, graph.segment(placedInst, feature), graph);
            if (events != null) {
                TileFeature f = board.type(placedInst).feature(feature);
                events.add(new Event.FollowerDeployed(Seat.of(active), position(placedInst), feature, f.name(),
                        f.kind()));
            }
        } else if (type == Action.TYPE_PASS) {
            if (events != null) {
                events.add(new Event.DeploymentPassed(Seat.of(active)));
            }
        } else {
            for (int i = 0; i < rules.expansions.length; i++) {
                rules.expansions[i].applyDeploy(context(), slots[i], code);
            }
        }
    }

    /** Scores what the placed tile completed, runs the after-scoring hooks, and ends the turn. */
    private void scoreTurn() {
        FeatureScoring.scoreCompletedBy(this, placedInst);
        if (!runHooks(Stage.AFTER_SCORING, 0)) {
            endTurn();
        }
    }

    /** Passes the turn to the next seat clockwise and draws for it. */
    private void endTurn() {
        active = (active + 1) % rules.players;
        drawNext();
    }

    private void endGame() {
        current = -1;
        FeatureScoring.finalScoring(this);
        setDecision(DecisionKind.GAME_OVER, -1);
        if (events != null) {
            events.add(new Event.GameEnded(Event.perSeat(scores.totals()), leaders()));
        }
    }

    // =====================================================================================================
    // Followers going home
    // =====================================================================================================

    /** Sends a follower slot back to its owner's supply, reporting where it stood. */
    void returnFollower(int slot, Event.ReturnReason reason) {
        if (events != null) {
            int loc = followers.location(slot);
            Seat seat = Seat.of(slot / Followers.PER_SEAT);
            if (loc >= 0) {
                int inst = graph.square(loc), feature = graph.local(loc);
                events.add(new Event.FollowerReturned(seat, position(inst), feature,
                        board.type(inst).feature(feature).name(), null, reason));
            } else {
                events.add(new Event.FollowerReturned(seat, null, -1, null, crownSector(-2 - loc), reason));
            }
        }
        followers.toSupply(slot, graph);
    }

    @Override
    public String toString() {
        return "GameState[" + phase + " seat " + decider + ", scores " + Arrays.toString(scores.totals()) + ", pile "
                + pileSize() + "]";
    }
}
