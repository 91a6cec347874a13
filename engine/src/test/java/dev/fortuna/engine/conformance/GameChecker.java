package dev.fortuna.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.Decision;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.FeatureValue;
import dev.fortuna.engine.FollowerPlacement;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Plays one random game and checks the engine's invariants at every step.
 *
 * <p>The game's moves come only from {@code SplitMix64(seed ^ CHOICE_SALT)} (an index into the legal actions), so a
 * failure is reproduced by {@link #replay(GameConfig, long, int)} with the mode's config, the players, the seed and
 * the step printed in the failure message. The checks draw from a second generator (the sampler) and never change
 * the moves.
 *
 * <p><b>Every step</b> (cheap checks): followers conserved (supply + landscape + crowns = 7 by the counters, and the
 * counters agree with {@code followers()}); scores (total and per kind) never fall and the total is the sum over the
 * kinds; tiles conserved (placed + discarded + pile + waiting = the tiles dealt, a literal per mode); the legal
 * actions are non-empty until the end, unique, the same from two calls, {@code legalCount}/{@code legalCode} agree
 * and {@code legalActions()} decodes to exactly {@code legalCodes()}; the deciding seat is in range and the decision
 * kind fits the actions (placements only, with canonical rotations; deployments end with the one "pass" and are
 * never offered with "pass" alone, and only with a follower in supply; Plague and crop-circle returns are exactly
 * the seat's followers (of the symbol's kind); the crop-circle choice is [ADD, REMOVE]; adds name the seat's own
 * followers of the kind and end with "pass"). Steps are applied by three paths in rotation: {@code applyLegal} (no
 * events), {@code applyCode} with an event sink, {@code apply(Action)} (never rejected); whenever events are
 * collected they must account exactly for the change of every seat's score per kind, every supply and the tile
 * counters, and only a pass may cause no event; each scored road, city and cloister pays its value to exactly the
 * seats with the most followers; every sector event pays what {@link FeatureOracle#sectorPoints} recomputes from the
 * board for the supplies it saw, and every crown scoring pays 3 per follower then on the sector's crown spaces (6
 * alone on a two-space sector), the supplies and crown spaces being followed from the state before the step
 * through its events (also for the opening draw).
 *
 * <p><b>Deep checks</b> on one step in {@value #DEEP_EVERY} (at random) and at the end: followers stand on real
 * squares and features of the kind they report, crown spaces agree with {@code followers()}, the draw list is as
 * long as the tiles taken, board size = start squares + tiles placed, placements name empty squares, the occupancy
 * rule holds against {@code feature()} (a feature of the placed tile is offered iff nobody stands in it), and no
 * follower stands on a completed road, city or cloister outside the deployment step.
 *
 * <p><b>Feature oracle</b> ({@link FeatureOracle}, an independent recomputation of every feature from the board):
 * at the end of one game in three, and at the all-legal steps of another game in three. Its dead-openings part
 * alone ({@code deadOpenings} against a trial of the tiles to come) runs at the all-legal steps of the other games
 * and on every copy the copy check has played on; a view's determinization must show the same dead openings as the
 * original. At those sampled steps of every game, {@code featureValues()} must add up to the oracle's final scoring
 * of the state (outside deployments; fields not under the 1st edition) and change nothing. At the end of every game,
 * the final scoring recomputed from the oracle's features (roads, cities, cloisters, and fields by the configured farm
 * rule) must equal the points of the atGameEnd {@code FeatureScored} events, per seat and kind (the step that ends
 * the game always collects its events).
 *
 * <p><b>Sampled steps</b> (expensive checks): with probability 1/{@value #ALL_LEGAL_EVERY} every legal action is
 * applied to its own copy with {@code apply(Action)} (accepted, events account for it; a symmetric tile's placement
 * given with an equivalent rotation is accepted and gives the same state; the first action and symmetric placements
 * give the same state via {@code apply(Action)} and {@code applyLegal}); with probability 1/{@value #ILLEGAL_EVERY}
 * a handful of illegal actions (wrong kind, occupied or far square, wrong rotation, bogus or occupied feature, full
 * or absent crown sector, someone else's follower, feature indices beyond the code's range) are rejected with a
 * reason and change nothing (the whole {@link Fingerprint}); with probability 1/{@value #COPY_EVERY} a copy equals
 * the original and is played on for up to {@value #COPY_STEPS} steps, after which the original must be unchanged
 * (and, in every other game, the first such copy is also kept frozen while the original plays to its end, must
 * then be unchanged, and is played to its own end); with probability 1/{@value #VIEW_EVERY} a player view is
 * checked (no seed or draws in its config, the same draws so far, two determinizations with different seeds show
 * the original's public state and play on). At the end: GAME_OVER, no legal action, empty pile, every tile placed
 * or discarded, winners = the seats with the highest score (also in the GameEnded event when collected), and any
 * action is rejected.
 *
 * <p>Cost, measured on the 2-core machine: a bare random step is 1 to 2 µs; with every check above a step costs
 * about 20 µs on average (JIT warm-up included), so the whole harness (12,050 games, 1.6 million steps) takes about
 * 30 s of CPU. Messages are built only on failure ({@link #check}, {@link #eq}) because building them dominated.
 */
final class GameChecker {
    static final long CHOICE_SALT = 0x5DEECE66DL;
    static final long SAMPLER_SALT = 0x2545F4914F6CDD1DL;
    static final int ALL_LEGAL_EVERY = 50;
    static final int ILLEGAL_EVERY = 50;
    static final int COPY_EVERY = 50;
    static final int COPY_STEPS = 12;
    static final int VIEW_EVERY = 60;
    static final int DEEP_EVERY = 4;

    private final Mode mode;
    private final GameConfig config;
    private final long seed;
    private final int players;
    private final Stats stats;
    private final SplitMix64 choices;
    private final SplitMix64 sampler;
    private final List<Event> sink = new ArrayList<>();
    private int step;

    private GameChecker(Mode mode, int players, long seed, Stats stats) {
        this.mode = mode;
        this.config = mode.config(players, seed);
        this.seed = seed;
        this.players = players;
        this.stats = stats;
        this.choices = new SplitMix64(seed ^ CHOICE_SALT);
        this.sampler = new SplitMix64(seed ^ SAMPLER_SALT);
    }

    /** Plays one game with all checks; a failure names the mode, players, seed and step. */
    static void play(Mode mode, int players, long seed, Stats stats) {
        GameChecker c = new GameChecker(mode, players, seed, stats);
        try {
            c.run();
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("conformance failure: mode '" + mode.name() + "', players " + players + ", seed "
                    + seed + ", step " + c.step + " (replay: GameChecker.replay(mode.config(" + players + ", " + seed
                    + "L), " + seed + "L, " + c.step + ")): " + e.getMessage(), e);
        }
    }

    /** The state of a harness game after {@code steps} moves (for reproducing a failure). */
    static GameState replay(GameConfig config, long seed, int steps) {
        GameState s = GameState.newGame(config);
        SplitMix64 choices = new SplitMix64(seed ^ CHOICE_SALT);
        for (int i = 0; i < steps && !s.isOver(); i++) {
            s.applyLegal(choices.nextInt(s.legalCount()));
        }
        return s;
    }

    // =================================================================================================
    // The game loop
    // =================================================================================================

    private void run() {
        List<Event> opening = new ArrayList<>();
        GameState s = GameState.newGame(config, opening);
        checkStart(s, opening);
        Tracker tracker = new Tracker(s);
        GameState frozen = null;
        Fingerprint frozenPrint = null;
        List<Event> finalEvents = null; // the events of the step that ended the game, if that step collected them
        while (true) {
            tracker.observe(s, s.isOver() || sampler.nextInt(DEEP_EVERY) == 0);
            stats.decision(s.decisionKind());
            if (s.isOver()) {
                break;
            }
            if (sampler.nextInt(ALL_LEGAL_EVERY) == 0) {
                checkFeatureValues(s);
                checkAllLegal(s);
                if (seed % 3 == 1) {
                    FeatureOracle.check(s);
                    stats.oracleChecks++;
                } else {
                    checkDeadOpenings(s);
                }
            }
            if (sampler.nextInt(ILLEGAL_EVERY) == 0) {
                checkIllegal(s);
            }
            if (sampler.nextInt(COPY_EVERY) == 0) {
                checkCopy(s);
                if (frozen == null && seed % 2 == 0) {
                    frozen = s.copy();
                    frozenPrint = Fingerprint.of(frozen);
                }
            }
            if (sampler.nextInt(VIEW_EVERY) == 0) {
                checkView(s);
            }
            int index = choices.nextInt(s.legalCount());
            int code = s.legalCode(index);
            Snapshot before = new Snapshot(s);
            // The step that ends the game always collects its events (for the final-scoring check below).
            switch (step % 4 == 0 && s.pileSize() == 0 ? 1 : step % 4) {
                case 0 -> {
                    s.applyLegal(index);
                    stats.fastSteps++;
                }
                case 3 -> {
                    ApplyResult r = s.apply(Action.decode(code));
                    ApplyResult.Applied a = assertInstanceOf(ApplyResult.Applied.class, r,
                            () -> "legal action " + Action.decode(code) + " rejected: " + r);
                    before.checkEvents(s, Action.decode(code), a.events());
                    stats.actionSteps++;
                    finalEvents = s.isOver() ? a.events() : null;
                }
                default -> {
                    sink.clear();
                    s.applyCode(code, sink);
                    before.checkEvents(s, Action.decode(code), sink);
                    stats.codeSteps++;
                    finalEvents = s.isOver() ? List.copyOf(sink) : null;
                }
            }
            step++;
            stats.steps++;
        }
        checkEnd(s, finalEvents);
        if (seed % 3 == 0) {
            FeatureOracle.check(s);
            stats.oracleChecks++;
        }
        if (frozen != null) {
            // The original played on to its end; the copy taken earlier must not have moved.
            assertEquals(frozenPrint, Fingerprint.of(frozen), "a copy changed while the original was played");
            playOut(frozen, new SplitMix64(seed + 1), Integer.MAX_VALUE);
            checkEnd(frozen, null);
            stats.frozenCopies++;
        }
        stats.games++;
    }

    private void checkStart(GameState s, List<Event> opening) {
        assertEquals(players, s.players());
        assertEquals(mode.dealt(), s.pileSize() + s.tilesDiscarded() + (s.drawnTile() != null ? 1 : 0),
                "tiles dealt");
        assertEquals(0, s.tilesPlaced());
        assertEquals(mode.startSquares(), s.board().size(), "start squares");
        assertEquals(mode.wheel(), s.pig() != null, "pig exists iff WoF");
        if (s.pig() != null) {
            // The pig starts on Fortune; the opening draw may already have moved it (a wheel tile).
            Sector start = opening.stream().filter(e -> e instanceof Event.PigMoved).map(e -> ((Event.PigMoved) e).from())
                    .findFirst().orElse(s.pig());
            assertEquals(Sector.FORTUNE, start, "the pig starts on Fortune");
            for (Sector sec : Sector.values()) {
                assertEquals(mode.crowns().get(sec.ordinal()), s.crownSpaces(sec), "crown spaces of " + sec);
            }
        }
        if (mode.wheel()) {
            // The opening draw may already resolve a sector: every seat has all 7 in supply, no crown is taken.
            int[] sevens = new int[players];
            Arrays.fill(sevens, 7);
            List<List<Seat>> empty = new ArrayList<>();
            for (Sector sec : Sector.values()) {
                empty.add(new ArrayList<>(Collections.nCopies(s.crownSpaces(sec), (Seat) null)));
            }
            checkWheelPoints(s, opening, sevens, empty);
        }
        // No follower is out yet; the only points possible are from a wheel tile drawn first (Fortune, Storm).
        int[] opened = new int[players];
        for (Event e : opening) {
            if (e instanceof Event.SectorResolved r) {
                for (int p = 0; p < players; p++) {
                    opened[p] += r.points().get(p);
                }
            }
        }
        for (int p = 0; p < players; p++) {
            assertEquals(7, s.supply(p));
            assertEquals(opened[p], s.score(p), "points from the opening draw");
            assertEquals(opened[p], s.score(p, ScoreKind.WHEEL_EVENT));
        }
        assertTrue(s.followers().isEmpty());
        // The opening events: one TileDrawn per tile taken (plus discards and wheel events before the first
        // placement); the count of TileDrawn equals the draws so far.
        long drawn = opening.stream().filter(e -> e instanceof Event.TileDrawn).count();
        assertEquals(s.drawnTiles().size(), drawn, "opening TileDrawn events");
    }

    private void checkEnd(GameState s, List<Event> lastEvents) {
        assertTrue(s.isOver());
        assertEquals(new Decision(DecisionKind.GAME_OVER, null), s.decision());
        assertEquals(-1, s.decidingSeat());
        assertEquals(0, s.legalCount());
        assertEquals(0, s.legalCodes().length);
        assertTrue(s.legalActions().isEmpty());
        assertEquals(0, s.pileSize(), "pile empty at the end");
        assertNull(s.drawnTile(), "no tile waiting at the end");
        assertEquals(mode.dealt(), s.tilesPlaced() + s.tilesDiscarded(), "every tile placed or discarded");
        int best = Arrays.stream(s.scores()).max().orElseThrow();
        List<Seat> winners = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            if (s.score(p) == best) {
                winners.add(Seat.of(p));
            }
            // Followers on crowns stay there at the end (crowns score nothing at the end); landscape followers
            // that were scored at the end stay counted on the landscape too: conservation still holds.
            assertEquals(7, s.supply(p) + s.followersOnLandscape(p) + s.followersOnCrowns(p));
        }
        assertEquals(winners, s.leaders(), "winners = seats with the highest score");
        if (lastEvents != null) {
            Event last = lastEvents.get(lastEvents.size() - 1);
            Event.GameEnded end = assertInstanceOf(Event.GameEnded.class, last, "the last event ends the game");
            assertEquals(winners, end.winners());
            List<Integer> scores = new ArrayList<>();
            for (int v : s.scores()) {
                scores.add(v);
            }
            assertEquals(scores, end.scores());
            stats.gameEndedEvents++;
            // The final scoring, recomputed independently, matches the atGameEnd FeatureScored events (whose sums
            // the event check has already matched with the score changes).
            int[][] expected = FeatureOracle.finalScoring(s);
            int[][] actual = new int[players][4];
            for (Event e : lastEvents) {
                if (e instanceof Event.FeatureScored f && f.atGameEnd()) {
                    addByKind(actual, f.kind(), f.points());
                }
            }
            for (int p = 0; p < players; p++) {
                assertArrayEquals(expected[p], actual[p], "final scoring (road, city, cloister, field) of seat " + p);
            }
        }
        for (Action a : List.of(Action.PASS, new Action.Deploy(0),
                new Action.PlaceTile(new Position(0, 0), Rotation.R0))) {
            assertRejected(s, a, Fingerprint.of(s));
        }
        ApplyResult nul = s.apply(null);
        assertFalse(nul.ok(), "null action after the end");
    }

    // =================================================================================================
    // Every-step checks
    // =================================================================================================

    /** Per-game memory of the previous step (scores never fall) and the constant tile count. */
    private final class Tracker {
        private final int dealt;
        private final int[] scores;
        private final int[] byKind;

        Tracker(GameState s) {
            dealt = mode.dealt();
            scores = new int[players];
            byKind = new int[players * ScoreKind.values().length];
        }

        void observe(GameState s, boolean deep) {
            checkState(s, deep);
            for (int p = 0; p < players; p++) {
                int sc = s.score(p);
                check(sc >= scores[p], "score fell for seat", p);
                scores[p] = sc;
                for (ScoreKind k : ScoreKind.values()) {
                    int i = p * ScoreKind.values().length + k.ordinal();
                    int v = s.score(p, k);
                    check(v >= byKind[i], "score by kind fell for", k);
                    byKind[i] = v;
                }
            }
            assertEquals(dealt, s.tilesPlaced() + s.tilesDiscarded() + s.pileSize() + (s.drawnTile() != null ? 1 : 0),
                    "tiles conserved");
        }
    }

    /** Invariants that hold in every state, without history (all of them). */
    void checkState(GameState s) {
        checkState(s, true);
    }

    /**
     * Invariants that hold in every state, without history. The {@code deep} ones walk the board (follower
     * features, placement squares, the draw list, crown spaces); the others are cheap enough for every step.
     */
    void checkState(GameState s, boolean deep) {
        int n = players;
        // --- followers ---
        List<FollowerPlacement> fs = s.followers();
        int[] land = new int[n], crown = new int[n];
        int[][] perSector = new int[n][6];
        for (FollowerPlacement f : fs) {
            int p = f.seat().index();
            assertTrue(p >= 0 && p < n, "follower of a seat not in the game");
            if (f.onCrown()) {
                assertTrue(mode.wheel(), "crown follower without the Wheel of Fortune");
                assertNull(f.position());
                crown[p]++;
                perSector[p][f.crownSector().ordinal()]++;
            } else {
                assertNotNull(f.position());
                land[p]++;
                if (!deep) {
                    continue;
                }
                PlacedTile t = s.tileAt(f.position());
                check(t != null, "follower on an empty square", f);
                assertTrue(f.feature() >= 0 && f.feature() < t.type().features().size(), "follower feature index");
                assertEquals(t.type().feature(f.feature()).kind(), f.kind(), "follower kind");
            }
        }
        for (int p = 0; p < n; p++) {
            int sup = s.supply(p), l = s.followersOnLandscape(p), c = s.followersOnCrowns(p);
            check(sup >= 0 && sup <= 7, "supply out of range for seat", p);
            eq(7, sup + l + c, "followers conserved for seat", p);
            eq(land[p], l, "followersOnLandscape agrees with followers() for seat", p);
            eq(crown[p], c, "followersOnCrowns agrees with followers() for seat", p);
            int total = 0;
            for (ScoreKind k : ScoreKind.values()) {
                total += s.score(p, k);
            }
            eq(s.score(p), total, "score = sum over kinds for seat", p);
        }
        if (mode.wheel() && deep) {
            for (Sector sec : Sector.values()) {
                List<Seat> spaces = s.crowns(sec);
                assertEquals(mode.crowns().get(sec.ordinal()), spaces.size());
                int[] on = new int[n];
                for (Seat seat : spaces) {
                    if (seat != null) {
                        on[seat.index()]++;
                    }
                }
                for (int p = 0; p < n; p++) {
                    eq(perSector[p][sec.ordinal()], on[p], "crowns(sector) vs followers() for", sec);
                }
            }
        }
        // --- tiles ---
        if (deep) {
            int taken = s.tilesPlaced() + s.tilesDiscarded() + (s.drawnTile() != null ? 1 : 0);
            assertEquals(taken, s.drawnTiles().size(), "drawnTiles() = tiles taken from the pile");
            assertEquals(mode.startSquares() + s.tilesPlaced(), s.board().size(), "board size");
        }
        // --- decision and legal actions ---
        Decision d = s.decision();
        int[] codes = s.legalCodes();
        assertArrayEquals(codes, s.legalCodes(), "legalCodes() stable");
        assertEquals(codes.length, s.legalCount());
        for (int i = 0; i < codes.length; i++) {
            assertEquals(codes[i], s.legalCode(i));
        }
        List<Action> actions = s.legalActions();
        assertEquals(codes.length, actions.size(), "legalActions() size");
        for (int i = 0; i < codes.length; i++) {
            assertEquals(codes[i], actions.get(i).code(), "legalActions() decodes to legalCodes()");
        }
        int[] sorted = codes.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            assertTrue(sorted[i] != sorted[i - 1], () -> "duplicate legal action " + Action.decode(sorted[0]));
        }
        if (deep && !s.isOver() && d.kind() != DecisionKind.DEPLOY) {
            // Completed roads, cities and cloisters are scored at once and their followers go home, so outside the
            // deployment step (which comes before the turn's scoring) no follower stands on a completed one.
            for (FollowerPlacement f : fs) {
                if (!f.onCrown() && f.kind() != FeatureKind.FIELD) {
                    check(!s.feature(f.position(), f.feature()).complete(), "follower left on a completed feature", f);
                }
            }
        }
        if (s.isOver()) {
            assertEquals(DecisionKind.GAME_OVER, d.kind());
            assertNull(d.seat());
            assertEquals(0, codes.length, "no legal action after the end");
            return;
        }
        assertNotEquals(DecisionKind.GAME_OVER, d.kind());
        check(codes.length > 0, "no legal action in", d);
        assertNotNull(d.seat());
        int seat = d.seat().index();
        assertTrue(seat >= 0 && seat < n, "deciding seat out of range");
        assertEquals(seat, s.decidingSeat());
        int active = s.activeSeat().index();
        assertTrue(active >= 0 && active < n, "active seat out of range");
        switch (d.kind()) {
            case PLACE_TILE -> {
                assertEquals(active, seat);
                TileType t = s.drawnTile();
                assertNotNull(t, "a tile waits to be placed");
                assertNull(s.placedTile());
                Set<Position> seen = new HashSet<>();
                for (Action a : actions) {
                    check(a instanceof Action.PlaceTile, "PLACE_TILE offers", a);
                    Action.PlaceTile p = (Action.PlaceTile) a;
                    int r = p.rotation().ordinal();
                    check(t.canonicalRotation(r) == r, "non-canonical rotation offered", a);
                    if (deep && seen.add(p.position())) {
                        check(s.tileAt(p.position()) == null, "placement on an occupied square", a);
                    }
                }
            }
            case DEPLOY -> {
                assertEquals(active, seat);
                assertNull(s.drawnTile());
                PlacedTile placed = s.placedTile();
                assertNotNull(placed, "a tile was placed this turn");
                assertTrue(codes.length >= 2, "a deployment with only 'pass' must be skipped");
                assertEquals(Action.PASS, actions.get(actions.size() - 1), "pass comes last");
                boolean supply = s.supply(seat) > 0;
                if (deep) {
                    // Occupancy rule, against the feature() API: a feature of the placed tile is offered iff the
                    // seat has a follower in supply and nobody stands in the whole feature.
                    for (int j = 0; j < placed.type().features().size(); j++) {
                        int occupants = s.feature(placed.position(), j).followers().stream().mapToInt(x -> x).sum();
                        check(contains(codes, new Action.Deploy(j).code()) == (supply && occupants == 0),
                                "occupancy rule broken for feature", j);
                    }
                }
                for (int i = 0; i < actions.size() - 1; i++) {
                    Action a = actions.get(i);
                    assertTrue(supply, "deployment offered without a follower in supply");
                    if (a instanceof Action.Deploy dep) {
                        assertTrue(dep.feature() < placed.type().features().size(), "deploy on a bogus feature");
                    } else {
                        check(a instanceof Action.DeployOnCrown, "DEPLOY offers", a);
                        Action.DeployOnCrown dc = (Action.DeployOnCrown) a;
                        assertTrue(mode.wheel());
                        check(s.crowns(dc.sector()).contains(null), "no empty crown space in", dc);
                    }
                }
            }
            case PLAGUE_RETURN -> {
                assertTrue(mode.wheel());
                assertEquals(Sector.PLAGUE, s.pig());
                assertNotNull(s.drawnTile(), "the wheel tile waits during the Plague");
                checkReturns(actions, fs, seat, null);
            }
            case CROP_CIRCLE_CHOICE -> {
                assertTrue(mode.crop());
                assertEquals(active, seat);
                assertCropTile(s);
                assertEquals(List.of(new Action.ChooseCropCircleOption(CropCircleOption.ADD),
                        new Action.ChooseCropCircleOption(CropCircleOption.REMOVE)), actions);
            }
            case CROP_CIRCLE_ADD -> {
                assertTrue(mode.crop());
                FeatureKind kind = assertCropTile(s);
                assertTrue(s.supply(seat) > 0, "asked to add without a follower in supply");
                assertTrue(codes.length >= 2, "add needs a feature besides 'pass'");
                assertEquals(Action.PASS, actions.get(actions.size() - 1), "pass (decline) comes last");
                for (int i = 0; i < actions.size() - 1; i++) {
                    Action.AddFollower a = assertInstanceOf(Action.AddFollower.class, actions.get(i));
                    assertTrue(fs.contains(new FollowerPlacement(Seat.of(seat), a.position(), a.feature(), kind, null)),
                            () -> "add next to a follower the seat does not have: " + a);
                }
            }
            case CROP_CIRCLE_REMOVE -> {
                assertTrue(mode.crop());
                FeatureKind kind = assertCropTile(s);
                checkReturns(actions, fs, seat, kind);
            }
            default -> fail("unexpected decision " + d);
        }
    }

    /** Per sector, the seat on each crown space (null: empty); null without the Wheel of Fortune. */
    private List<List<Seat>> crownsOf(GameState s) {
        if (!mode.wheel()) {
            return null;
        }
        List<List<Seat>> out = new ArrayList<>();
        for (Sector sec : Sector.values()) {
            out.add(new ArrayList<>(s.crowns(sec)));
        }
        return out;
    }

    /**
     * The points of every sector event and crown scoring among a step's events, recomputed: the supplies and crown
     * spaces are followed from the state before the step through the events (deployments, returns), and each sector
     * event must pay what {@link FeatureOracle#sectorPoints} computes from the board for the supplies it saw; each
     * crown scoring (RULES.md §3.7) must count exactly the followers then on the sector's crown spaces and pay 3 per
     * follower, 6 for the only follower of a two-space sector, after which those spaces are empty. At the end the
     * followed crown spaces must be the state's.
     */
    private void checkWheelPoints(GameState after, List<Event> events, int[] supplyBefore, List<List<Seat>> crowns) {
        if (crowns == null) {
            return;
        }
        int[] supply = supplyBefore.clone();
        List<List<Seat>> on = new ArrayList<>();
        for (List<Seat> c : crowns) {
            on.add(new ArrayList<>(c));
        }
        for (Event e : events) {
            if (e instanceof Event.FollowerDeployed f) {
                supply[f.seat().index()]--;
            } else if (e instanceof Event.FollowerAdded a) {
                supply[a.seat().index()]--;
            } else if (e instanceof Event.CrownDeployed c) {
                supply[c.seat().index()]--;
                List<Seat> spaces = on.get(c.sector().ordinal());
                int free = spaces.indexOf(null);
                check(free >= 0, "a crown deployed on a full sector", c);
                spaces.set(free, c.seat());
            } else if (e instanceof Event.FollowerReturned r) {
                supply[r.seat().index()]++;
                if (r.crownSector() != null) {
                    List<Seat> spaces = on.get(r.crownSector().ordinal());
                    int at = spaces.indexOf(r.seat());
                    check(at >= 0, "a follower returned from a crown space it was not on", r);
                    spaces.set(at, null);
                }
            } else if (e instanceof Event.SectorResolved r) {
                int[] expected = FeatureOracle.sectorPoints(after, r.sector(), r.active().index(), supply);
                for (int p = 0; p < players; p++) {
                    eq(expected[p], r.points().get(p), "sector event points of seat " + p, r);
                }
                stats.sectorChecks++;
            } else if (e instanceof Event.CrownsScored c) {
                List<Seat> spaces = on.get(c.sector().ordinal());
                int filled = 0;
                int[] followers = new int[players];
                for (Seat seat : spaces) {
                    if (seat != null) {
                        followers[seat.index()]++;
                        filled++;
                    }
                }
                check(filled > 0, "crowns scored on an empty sector", c);
                int each = spaces.size() == 2 && filled == 1 ? 6 : 3;
                for (int p = 0; p < players; p++) {
                    eq(followers[p], c.followers().get(p), "crown followers of seat " + p, c);
                    eq(each * followers[p], c.points().get(p), "crown points of seat " + p, c);
                }
                stats.crownChecks++;
            }
        }
        assertEquals(on, crownsOf(after), "crown spaces after the step, followed through the events");
    }

    /** Fails with {@code what} and {@code detail} unless {@code ok}: no message is built on the hot path. */
    private static void check(boolean ok, String what, Object detail) {
        if (!ok) {
            fail(what + " " + detail);
        }
    }

    private static void eq(int expected, int actual, String what, Object detail) {
        if (expected != actual) {
            fail(what + " " + detail + " ==> expected: <" + expected + "> but was: <" + actual + ">");
        }
    }

    private static void assertNotEquals(Object a, Object b) {
        org.junit.jupiter.api.Assertions.assertNotEquals(a, b);
    }

    private static FeatureKind assertCropTile(GameState s) {
        assertNull(s.drawnTile());
        PlacedTile placed = s.placedTile();
        assertNotNull(placed);
        assertNotNull(placed.type().cropSymbol(), "crop-circle decision after a tile without a symbol");
        return placed.type().cropSymbol().affects;
    }

    /** The return options are exactly the seat's landscape followers (of the kind), one per square feature. */
    private static void checkReturns(List<Action> actions, List<FollowerPlacement> fs, int seat, FeatureKind kind) {
        Set<Action> expected = new HashSet<>();
        for (FollowerPlacement f : fs) {
            if (f.seat().index() == seat && !f.onCrown() && (kind == null || f.kind() == kind)) {
                expected.add(new Action.ReturnFollower(f.position(), f.feature()));
            }
        }
        assertFalse(expected.isEmpty(), "asked to return a follower without having one");
        assertEquals(expected, new HashSet<>(actions), "return options");
    }

    /** Score, supply and tile counters just before a step, to check that the step's events account for them. */
    private final class Snapshot {
        final int[] scoreByKind;
        final int[] supply;
        final int pile, placed, discarded;
        final boolean over;
        /** Wheel of Fortune: per sector, the seat on each crown space (null: empty); null without the wheel. */
        final List<List<Seat>> crowns;

        Snapshot(GameState s) {
            scoreByKind = new int[players * ScoreKind.values().length];
            supply = new int[players];
            for (int p = 0; p < players; p++) {
                supply[p] = s.supply(p);
                for (ScoreKind k : ScoreKind.values()) {
                    scoreByKind[p * ScoreKind.values().length + k.ordinal()] = s.score(p, k);
                }
            }
            pile = s.pileSize();
            placed = s.tilesPlaced();
            discarded = s.tilesDiscarded();
            over = s.isOver();
            crowns = crownsOf(s);
        }

        void checkEvents(GameState s, Action action, List<Event> events) {
            // Every action leaves a trace in the log, a pass included (DeploymentPassed, Declined).
            assertTrue(!events.isEmpty(), () -> action + " caused no event");
            int k = ScoreKind.values().length;
            int[] points = new int[players * k];
            int[] supplyDelta = new int[players];
            int drawn = 0, placedN = 0, discardedN = 0, ended = 0;
            for (Event e : events) {
                if (e instanceof Event.FeatureScored f) {
                    ScoreKind sk = switch (f.kind()) {
                        case ROAD -> ScoreKind.ROAD;
                        case CITY -> ScoreKind.CITY;
                        case CLOISTER -> ScoreKind.CLOISTER;
                        case FIELD -> ScoreKind.FIELD;
                    };
                    add(points, f.points(), sk);
                    checkFeatureScored(s, f);
                } else if (e instanceof Event.SectorResolved r) {
                    add(points, r.points(), ScoreKind.WHEEL_EVENT);
                } else if (e instanceof Event.CrownsScored c) {
                    add(points, c.points(), ScoreKind.CROWN);
                } else if (e instanceof Event.FollowerDeployed f) {
                    supplyDelta[f.seat().index()]--;
                } else if (e instanceof Event.CrownDeployed c) {
                    supplyDelta[c.seat().index()]--;
                } else if (e instanceof Event.FollowerAdded a) {
                    supplyDelta[a.seat().index()]--;
                } else if (e instanceof Event.FollowerReturned r) {
                    supplyDelta[r.seat().index()]++;
                } else if (e instanceof Event.TileDrawn) {
                    drawn++;
                } else if (e instanceof Event.TilePlaced) {
                    placedN++;
                } else if (e instanceof Event.TileDiscarded) {
                    discardedN++;
                    stats.discards++;
                } else if (e instanceof Event.GameEnded) {
                    ended++;
                }
            }
            for (int p = 0; p < players; p++) {
                for (ScoreKind sk : ScoreKind.values()) {
                    int i = p * k + sk.ordinal();
                    eq(s.score(p, sk) - scoreByKind[i], points[i], "events account for the points of", sk);
                }
                eq(s.supply(p) - supply[p], supplyDelta[p], "events account for the supply of seat", p);
            }
            checkWheelPoints(s, events, supply, crowns);
            assertEquals(pile - s.pileSize(), drawn, "TileDrawn events");
            assertEquals(s.tilesPlaced() - placed, placedN, "TilePlaced events");
            assertEquals(s.tilesDiscarded() - discarded, discardedN, "TileDiscarded events");
            assertEquals(s.isOver() && !over ? 1 : 0, ended, "GameEnded event iff the game ended");
        }

        /**
         * A scored road, city or cloister pays its value (RULES.md §2.6–2.7, 2.9) to exactly the seats with the most
         * followers in it: during play a road 1 per square, a city 2 per square and pennant (1 and 1 for a two-square
         * city with that option), a cloister 9; at the end a city 1 per square and pennant, a cloister at most 9.
         */
        private void checkFeatureScored(GameState s, Event.FeatureScored f) {
            eq(players, f.followers().size(), "followers list per seat", f);
            int best = f.followers().stream().mapToInt(x -> x).max().orElse(0);
            if (f.kind() == FeatureKind.FIELD) {
                return; // fields: checked in aggregate against the final-scoring oracle
            }
            check(best > 0, "a feature without followers was scored", f);
            int n = f.tiles().size();
            int value = switch (f.kind()) {
                case ROAD -> n;
                case CITY -> f.atGameEnd() || (n == 2 && s.config().rules().twoTileCityScoresTwo())
                        ? n + f.pennants() : 2 * (n + f.pennants());
                case CLOISTER -> f.atGameEnd() ? -1 : 9;
                default -> throw new IllegalStateException();
            };
            if (f.kind() == FeatureKind.CLOISTER) {
                eq(1, n, "a cloister lists its own square", f);
            }
            for (int p = 0; p < players; p++) {
                boolean wins = f.followers().get(p) == best;
                if (value < 0) { // a cloister at the end: 1 to 9, the same for every winner
                    int v = f.points().get(p);
                    check(wins ? v >= 1 && v <= 9 && v == f.points().get(f.followers().indexOf(best)) : v == 0,
                            "final cloister points", f);
                } else {
                    eq(wins ? value : 0, f.points().get(p), "feature points", f);
                }
            }
        }

        private void add(int[] points, List<Integer> perSeat, ScoreKind sk) {
            assertEquals(players, perSeat.size(), "points list has one entry per seat");
            for (int p = 0; p < players; p++) {
                points[p * ScoreKind.values().length + sk.ordinal()] += perSeat.get(p);
            }
        }
    }

    // =================================================================================================
    // Sampled checks
    // =================================================================================================

    /** Every legal action, applied with apply(Action) to its own copy, is accepted. */
    private void checkAllLegal(GameState s) {
        stats.allLegalSteps++;
        Fingerprint original = Fingerprint.of(s);
        List<Action> actions = s.legalActions();
        for (int i = 0; i < actions.size(); i++) {
            Action a = actions.get(i);
            GameState c = s.copy();
            Snapshot before = new Snapshot(c);
            ApplyResult r = c.apply(a);
            ApplyResult.Applied applied = assertInstanceOf(ApplyResult.Applied.class, r,
                    () -> "legal action " + a + " rejected: " + r);
            before.checkEvents(c, a, applied.events());
            if (i % 4 == 0) {
                checkState(c, false);
            }
            stats.allLegalActions++;
            if (i == 0 || a instanceof Action.PlaceTile && s.drawnTile().distinctRotations() < 4) {
                // The fast path gives the same state as apply(Action).
                GameState fast = s.copy();
                fast.applyLegal(i);
                Fingerprint fa = Fingerprint.of(c);
                assertEquals(fa, Fingerprint.of(fast), "apply(Action) and applyLegal differ for " + a);
                if (a instanceof Action.PlaceTile p) {
                    TileType t = s.drawnTile();
                    for (int rot = 0; rot < 4; rot++) {
                        if (rot != p.rotation().ordinal() && t.canonicalRotation(rot) == p.rotation().ordinal()) {
                            GameState sym = s.copy();
                            Action alt = new Action.PlaceTile(p.position(), Rotation.of(rot));
                            assertTrue(sym.apply(alt).ok(), "equivalent rotation rejected: " + alt);
                            assertEquals(fa, Fingerprint.of(sym), "equivalent rotation gives another state: " + alt);
                            stats.symmetricPlacements++;
                        }
                    }
                }
            }
        }
        assertEquals(original, Fingerprint.of(s), "applying to copies changed the original");
    }

    /** A few actions that must be rejected with a reason, leaving the state unchanged. */
    private void checkIllegal(GameState s) {
        Fingerprint fp = Fingerprint.of(s);
        int[] codes = s.legalCodes();
        List<Action> illegal = new ArrayList<>();
        // Legal actions with a feature index beyond the code's four bits: they must not alias the legal action
        // whose index they equal modulo 16.
        List<Action> aliases = new ArrayList<>();
        for (int code : codes) {
            Action a = Action.decode(code);
            if (a instanceof Action.Deploy d) {
                aliases.add(new Action.Deploy(d.feature() + 16));
            } else if (a instanceof Action.ReturnFollower r) {
                aliases.add(new Action.ReturnFollower(r.position(), r.feature() + 16));
            } else if (a instanceof Action.AddFollower r) {
                aliases.add(new Action.AddFollower(r.position(), r.feature() + 16));
            }
            if (aliases.size() == 2) {
                break;
            }
        }
        Position far = new Position(1999, -1999);
        Position origin = new Position(0, 0); // the start tile or a wheel-board square: always occupied
        switch (s.decisionKind()) {
            case PLACE_TILE -> {
                illegal.add(Action.PASS);
                illegal.add(new Action.Deploy(0));
                illegal.add(new Action.ChooseCropCircleOption(CropCircleOption.ADD));
                illegal.add(new Action.PlaceTile(origin, Rotation.R0));
                illegal.add(new Action.PlaceTile(far, Rotation.R0));
                // A rotation that does not fit at a square where some rotation fits, if the tile has one.
                TileType t = s.drawnTile();
                Action.PlaceTile first = (Action.PlaceTile) Action.decode(codes[0]);
                for (int rot = 0; rot < 4; rot++) {
                    int canon = t.canonicalRotation(rot);
                    int code = new Action.PlaceTile(first.position(), Rotation.of(canon)).code();
                    if (!contains(codes, code)) {
                        illegal.add(new Action.PlaceTile(first.position(), Rotation.of(rot)));
                        break;
                    }
                }
            }
            case DEPLOY -> {
                TileType t = s.placedTile().type();
                int nf = t.features().size();
                illegal.add(new Action.PlaceTile(far, Rotation.R0));
                illegal.add(new Action.AddFollower(origin, 0));
                illegal.add(new Action.Deploy(nf)); // one past the last feature
                illegal.add(new Action.Deploy(15));
                for (int j = 0; j < nf; j++) {
                    if (!contains(codes, new Action.Deploy(j).code())) { // occupied (or no follower in supply)
                        illegal.add(new Action.Deploy(j));
                        break;
                    }
                }
                if (!mode.wheel()) {
                    illegal.add(new Action.DeployOnCrown(Sector.TAX));
                } else {
                    for (Sector sec : Sector.values()) {
                        if (!s.crowns(sec).contains(null)) {
                            illegal.add(new Action.DeployOnCrown(sec));
                            break;
                        }
                    }
                }
            }
            case PLAGUE_RETURN, CROP_CIRCLE_REMOVE -> {
                illegal.add(Action.PASS);
                illegal.add(new Action.ReturnFollower(far, 0));
                illegal.add(new Action.AddFollower(far, 0));
                for (FollowerPlacement f : s.followers()) {
                    Action.ReturnFollower r = new Action.ReturnFollower(f.position(), f.feature());
                    if (!f.onCrown() && !contains(codes, r.code())) { // another seat's follower, or wrong kind
                        illegal.add(r);
                        break;
                    }
                }
            }
            case CROP_CIRCLE_CHOICE -> {
                illegal.add(Action.PASS);
                illegal.add(new Action.Deploy(0));
                illegal.add(new Action.ReturnFollower(origin, 0));
            }
            case CROP_CIRCLE_ADD -> {
                illegal.add(new Action.ChooseCropCircleOption(CropCircleOption.REMOVE));
                illegal.add(new Action.AddFollower(far, 0));
                illegal.add(new Action.ReturnFollower(far, 0));
            }
            default -> fail("unexpected decision " + s.decision());
        }
        for (Action a : illegal) {
            assertFalse(contains(codes, a.code()) && !(a instanceof Action.PlaceTile),
                    "harness error: " + a + " is legal");
            assertRejected(s, a, fp);
            stats.illegalTried++;
        }
        for (Action a : aliases) {
            assertRejected(s, a, fp);
            stats.aliasTried++;
        }
    }

    private static boolean contains(int[] codes, int code) {
        for (int c : codes) {
            if (c == code) {
                return true;
            }
        }
        return false;
    }

    private static void assertRejected(GameState s, Action a, Fingerprint before) {
        ApplyResult r = s.apply(a);
        ApplyResult.Rejected rej = assertInstanceOf(ApplyResult.Rejected.class, r,
                () -> "illegal action " + a + " was accepted in " + before.decision());
        assertNotNull(rej.reason());
        assertFalse(rej.reason().isBlank(), "a rejection needs a reason");
        assertEquals(before, Fingerprint.of(s), "a rejected action changed the state: " + a);
    }

    /** A copy played on leaves the original untouched. */
    private void checkCopy(GameState s) {
        stats.copyChecks++;
        Fingerprint fp = Fingerprint.of(s);
        GameState c = s.copy();
        assertEquals(fp, Fingerprint.of(c), "a fresh copy differs");
        assertEquals(s.drawnTiles(), c.drawnTiles());
        playOut(c, new SplitMix64(sampler.nextLong()), COPY_STEPS);
        checkDeadOpenings(c);
        assertEquals(fp, Fingerprint.of(s), "playing a copy changed the original");
    }

    /** {@code deadOpenings} of every feature of every square, in board order. */
    private static List<Integer> deadOpenings(GameState s) {
        List<Integer> out = new ArrayList<>();
        for (PlacedTile t : s.board()) {
            for (int f = 0; f < t.type().features().size(); f++) {
                out.add(s.deadOpenings(t.position(), f));
            }
        }
        return out;
    }

    /**
     * What the occupied features would score if the game ended now ({@code featureValues()}) adds up, per seat and
     * kind, to the feature oracle's final scoring of the same state, and asking changes nothing. Not while a
     * deployment is open (a feature the placed tile completed is valued as completed there, the oracle values every
     * feature as incomplete), and fields not under the 1st-edition rule (a field there shows what the cities it
     * touches pay, so a city touching two of them is in both).
     */
    private void checkFeatureValues(GameState s) {
        Fingerprint before = Fingerprint.of(s);
        List<FeatureValue> values = s.featureValues();
        assertEquals(before, Fingerprint.of(s), "featureValues() changed the state");
        if (s.decisionKind() == DecisionKind.DEPLOY) {
            return;
        }
        boolean fields = config.rules().farmRule() != RuleOptions.FarmRule.FIRST_EDITION;
        int[][] expected = FeatureOracle.finalScoring(s);
        int[][] actual = new int[players][4];
        for (FeatureValue v : values) {
            addByKind(actual, v.kind(), v.points());
        }
        for (int p = 0; p < players; p++) {
            if (!fields) {
                expected[p][3] = 0;
                actual[p][3] = 0;
            }
            assertArrayEquals(expected[p], actual[p], "feature values (road, city, cloister, field) of seat " + p);
        }
        stats.featureValueChecks++;
    }

    /** Adds points per seat into {@code bySeat[seat][k]}, k the oracle's column of the kind (road, city, cloister, field). */
    private static void addByKind(int[][] bySeat, FeatureKind kind, List<Integer> points) {
        int k = switch (kind) {
            case ROAD -> 0;
            case CITY -> 1;
            case CLOISTER -> 2;
            case FIELD -> 3;
        };
        for (int p = 0; p < points.size(); p++) {
            bySeat[p][k] += points.get(p);
        }
    }

    /** Dead openings agree with the feature oracle's trial of the tiles to come. */
    private void checkDeadOpenings(GameState s) {
        FeatureOracle.checkDeadOpenings(s);
        stats.deadOpeningChecks++;
    }

    /** Plays random moves with the cheap state checks (up to {@code maxSteps} or the end). */
    private void playOut(GameState s, SplitMix64 rng, int maxSteps) {
        for (int i = 0; i < maxSteps && !s.isOver(); i++) {
            s.applyLegal(rng.nextInt(s.legalCount()));
            checkState(s, false);
        }
    }

    /** A player view hides the pile order and nothing else. */
    private void checkView(GameState s) {
        stats.viewChecks++;
        Seat who = Seat.of(s.decidingSeat());
        PlayerView v = s.viewFor(who);
        assertEquals(who, v.seat());
        assertEquals(0L, v.config().seed(), "a view's config has no seed");
        assertNull(v.config().draws(), "a view's config has no draw list");
        assertEquals(s.config().expansions(), v.config().expansions());
        assertEquals(s.drawnTiles(), v.sortedPileState().drawnTiles());
        assertEquals(s.remainingTiles(), v.remainingTiles());
        assertArrayEquals(s.legalCodes(), v.legalCodes());
        assertArrayEquals(s.scores(), v.scores());
        assertEquals(s.decision(), v.decision());
        Fingerprint fp = Fingerprint.of(s);
        GameState d1 = v.determinize(sampler.nextLong());
        GameState d2 = v.determinize(sampler.nextLong());
        assertEquals(fp, Fingerprint.of(d1), "a determinization shows another public state");
        assertEquals(fp, Fingerprint.of(d2), "a determinization shows another public state");
        assertEquals(fp, Fingerprint.of(v.sortedPileState()));
        assertEquals(0L, d1.config().seed());
        // The view's pile is the multiset of the undrawn tiles: no opening is more or less dead in it.
        assertEquals(deadOpenings(s), deadOpenings(d2), "a determinization sees other dead openings");
        // A determinized state is a full game: it plays on with the invariants intact.
        playOut(d1, new SplitMix64(sampler.nextLong()), COPY_STEPS);
        assertEquals(fp, Fingerprint.of(s), "using a view changed the original");
    }
}
