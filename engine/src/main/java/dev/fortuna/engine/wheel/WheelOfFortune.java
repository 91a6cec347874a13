package dev.fortuna.engine.wheel;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.Expansion;
import dev.fortuna.engine.ExpansionContext;
import dev.fortuna.engine.ExpansionState;
import dev.fortuna.engine.FeatureGraph;
import dev.fortuna.engine.Followers;
import dev.fortuna.engine.GameSetup;
import dev.fortuna.engine.IntList;
import dev.fortuna.engine.PigPosition;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.List;

/**
 * The Wheel of Fortune (Hans im Glück 2009), RULES.md §3 and §5.
 *
 * <p>Implements: the wheel board as the start piece (its landscape is data, {@code tiles/wheel-board.txt});
 * the pig and the six sectors; crown spaces (default 1/2/1/2/1/2, data); deployment on an empty crown space
 * instead of on the tile, on any turn; the wheel-tile sequence (a numbered tile is set aside, the pig moves,
 * the landed sector's event is resolved and its crowns are scored, and only then is the tile placed or,
 * if it fits nowhere, discarded); the six events Fortune, Tax, Famine, Storm, Inquisition and Plague (whose
 * returns are ordinary decisions of each seat in turn, active seat first); crown scoring (3; 6; 3 each).
 *
 * <p>Options ({@link WheelOptions}): the tile mix (standalone 72, base + 19 numbered tiles, base + 72); the
 * house rule with the wheel beside the landscape (a D tile starts); the Famine reading (all farmers, majority,
 * per field); crown spaces per sector; leaving the base start tile out; partial cloisters counting the board
 * as one tile.
 */
public final class WheelOfFortune implements Expansion {

    /** The expansion's own state: where the pig stands and the Plague's progress. */
    static final class State implements PigPosition {
        int pig; // Sector ordinal; starts on Fortune
        int plagueStep; // how many seats (from the active one, clockwise) have been through the Plague

        @Override
        public Sector pig() {
            return Sector.of(pig);
        }

        @Override
        public State copy() {
            State s = new State();
            s.pig = pig;
            s.plagueStep = plagueStep;
            return s;
        }
    }

    @Override
    public void setup(GameSetup b) {
        WheelOptions o = b.config().wheel();
        TileCatalog cat = TileCatalog.standard();
        TileSet wof = cat.wheelOfFortune();
        TileType baseStart = cat.base().startType();
        TileType start;
        TileType takenFromPile;
        switch (o.tiles()) {
            case STANDALONE -> {
                b.clearTiles();
                b.add(wof);
                TileType d = wof.type(TileCatalog.WHEEL_PREFIX + "D");
                start = o.wheelIsStart() ? null : d;
                takenFromPile = start;
            }
            case BASE_PLUS_WHEEL_TILES, BASE_PLUS_ALL -> {
                if (o.tiles() == WheelOptions.TileMode.BASE_PLUS_ALL) {
                    b.add(wof);
                } else {
                    for (TileSet.Entry e : wof.entries()) {
                        if (e.type().wheel() > 0) {
                            b.add(e);
                        }
                    }
                }
                if (o.wheelIsStart()) {
                    start = null;
                    takenFromPile = o.excludeBaseStartTile() ? baseStart : null;
                } else {
                    start = baseStart;
                    takenFromPile = baseStart;
                }
            }
            default -> throw new IllegalStateException();
        }
        b.start(start, takenFromPile, o.wheelIsStart() ? cat.wheelBoard() : null);
        b.crownSpaces(o.crownsPerSector() != null ? o.crownsPerSector() : cat.wheelBoard().crownsPerSector());
    }

    @Override
    public ExpansionState newState(ExpansionContext g) {
        return new State();
    }

    // ---------------------------------------------------------------------------------------------------
    // Drawing a numbered tile (RULES.md §3.5)
    // ---------------------------------------------------------------------------------------------------

    @Override
    public boolean afterDraw(ExpansionContext g, ExpansionState state, int tileType) {
        int n = g.tileType(tileType).wheel();
        if (n == 0) {
            return false;
        }
        State st = (State) state;
        int from = st.pig;
        st.pig = (st.pig + n) % 6;
        if (g.recording()) {
            g.emit(new Event.PigMoved(Seat.of(g.active()), Sector.of(from), Sector.of(st.pig), n));
        }
        Sector landed = Sector.of(st.pig);
        if (landed == Sector.PLAGUE) {
            if (g.recording()) {
                List<Event.SectorReason> why = new ArrayList<>();
                for (int p = 0; p < g.players(); p++) {
                    int on = g.followers().onLandscape(p);
                    why.add(on > 0 ? new Event.SectorReason(List.of(new Event.SectorTerm.Plague(on)))
                            : Event.SectorReason.NONE);
                }
                g.emit(new Event.SectorResolved(landed, Seat.of(g.active()), Event.perSeat(new int[g.players()]), why));
            }
            st.plagueStep = 0;
            if (advancePlague(g, st)) {
                return true;
            }
        } else {
            resolveScoringSector(g, landed);
        }
        scoreCrowns(g, landed);
        return false;
    }

    /** Fortune, Tax, Famine, Storm, Inquisition (RULES.md §3.6). */
    private void resolveScoringSector(ExpansionContext g, Sector s) {
        int n = g.players();
        int active = g.active();
        FeatureGraph graph = g.features();
        Followers followers = g.followers();
        int[] pts = new int[n];
        // Per seat, the terms of its points; only built when events are recorded (random playouts never do).
        List<List<Event.SectorTerm>> terms = g.recording() ? new ArrayList<>() : null;
        for (int p = 0; terms != null && p < n; p++) {
            terms.add(new ArrayList<>());
        }
        switch (s) {
            case FORTUNE -> {
                pts[active] = 3;
                note(terms, active, new Event.SectorTerm.Fortune(3));
            }
            case TAX -> {
                IntList cities = followers.occupiedRoots(FeatureKind.CITY.ordinal(), graph);
                for (int i = 0; i < cities.size(); i++) {
                    int root = cities.get(i);
                    int[] k = followers.countsIn(root, n, graph);
                    int pennants = graph.pennants(root);
                    for (int p = 0; p < n; p++) {
                        if (k[p] > 0) {
                            int v = k[p] * (pennants + k[p]);
                            pts[p] += v;
                            note(terms, p, new Event.SectorTerm.Tax(k[p], pennants, v));
                        }
                    }
                }
            }
            case FAMINE -> {
                IntList fields = followers.occupiedRoots(FeatureKind.FIELD.ordinal(), graph);
                WheelOptions.FamineRule rule = g.config().wheel().famine();
                boolean perField = rule == WheelOptions.FamineRule.PER_FIELD;
                for (int i = 0; i < fields.size(); i++) {
                    int root = fields.get(i);
                    int cities = graph.completedCitiesNextTo(g.board(), root, null);
                    if (cities == 0) {
                        continue;
                    }
                    int[] k = followers.countsIn(root, n, graph);
                    int best = 0;
                    for (int v : k) {
                        best = Math.max(best, v);
                    }
                    for (int p = 0; p < n; p++) {
                        if (k[p] == 0 || (rule == WheelOptions.FamineRule.MAJORITY && k[p] != best)) {
                            continue;
                        }
                        int v = perField ? cities : k[p] * cities;
                        pts[p] += v;
                        note(terms, p, new Event.SectorTerm.Famine(k[p], cities, perField, v));
                    }
                }
            }
            case STORM -> {
                for (int p = 0; p < n; p++) {
                    pts[p] = followers.supply(p);
                    if (pts[p] > 0) {
                        note(terms, p, new Event.SectorTerm.Storm(pts[p], pts[p]));
                    }
                }
            }
            case INQUISITION -> {
                for (int f = 0; f < followers.slots(); f++) {
                    int loc = followers.location(f);
                    if (loc >= 0 && graph.kind(loc) == FeatureKind.CLOISTER.ordinal()) {
                        pts[f / Followers.PER_SEAT] += 2;
                    }
                }
                for (int p = 0; p < n; p++) {
                    if (pts[p] > 0) {
                        note(terms, p, new Event.SectorTerm.Inquisition(pts[p] / 2, pts[p]));
                    }
                }
            }
            default -> throw new IllegalStateException("Plague is resolved by decisions");
        }
        for (int p = 0; p < n; p++) {
            if (pts[p] != 0) {
                g.addScore(p, pts[p], ScoreKind.WHEEL_EVENT);
            }
        }
        if (g.recording()) {
            List<Event.SectorReason> why = new ArrayList<>(n);
            for (List<Event.SectorTerm> t : terms) {
                why.add(t.isEmpty() ? Event.SectorReason.NONE : new Event.SectorReason(t));
            }
            g.emit(new Event.SectorResolved(s, Seat.of(active), Event.perSeat(pts), why));
        }
    }

    /** Adds a term to a seat's reason when reasons are being built. */
    private static void note(List<List<Event.SectorTerm>> terms, int seat, Event.SectorTerm term) {
        if (terms != null) {
            terms.get(seat).add(term);
        }
    }

    /** Crown scoring of one sector (RULES.md §3.7); its followers go home. */
    private void scoreCrowns(ExpansionContext g, Sector s) {
        int c = g.crownCount(s.ordinal()), base = g.crownBase(s.ordinal());
        Followers followers = g.followers();
        int filled = 0;
        for (int k = 0; k < c; k++) {
            if (followers.onSpot(base + k) >= 0) {
                filled++;
            }
        }
        if (filled == 0) {
            return;
        }
        int each = (c == 2 && filled == 1) ? 6 : 3;
        int n = g.players();
        int[] pts = new int[n], count = new int[n];
        for (int k = 0; k < c; k++) {
            int slot = followers.onSpot(base + k);
            if (slot >= 0) {
                int p = slot / Followers.PER_SEAT;
                pts[p] += each;
                count[p]++;
                g.addScore(p, each, ScoreKind.CROWN);
            }
        }
        if (g.recording()) {
            g.emit(new Event.CrownsScored(s, Event.perSeat(pts), Event.perSeat(count)));
        }
        for (int k = 0; k < c; k++) {
            int slot = followers.onSpot(base + k);
            if (slot >= 0) {
                g.returnFollower(slot, Event.ReturnReason.CROWN_SCORED);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Plague: each seat in turn, from the active one, returns a follower of its choice
    // ---------------------------------------------------------------------------------------------------

    /** Opens the decision of the next seat that must return a follower; false when every seat is done. */
    private boolean advancePlague(ExpansionContext g, State st) {
        int n = g.players();
        while (st.plagueStep < n) {
            int seat = (g.active() + st.plagueStep) % n;
            if (g.followers().onLandscape(seat) > 0) {
                g.openDecision(DecisionKind.PLAGUE_RETURN, seat);
                return true;
            }
            if (g.recording()) {
                g.emit(new Event.Skipped(Seat.of(seat), DecisionKind.PLAGUE_RETURN, null));
            }
            st.plagueStep++;
        }
        return false;
    }

    @Override
    public boolean owns(DecisionKind kind) {
        return kind == DecisionKind.PLAGUE_RETURN;
    }

    @Override
    public void legalActions(ExpansionContext g, ExpansionState state, IntList out) {
        g.followers().returnOptions(g.decider(), -1, g.board(), g.features(), out);
    }

    @Override
    public boolean apply(ExpansionContext g, ExpansionState state, int code) {
        State st = (State) state;
        g.returnFollower(g.followers().slotNamedBy(g.decider(), code, g.board(), g.features()),
                Event.ReturnReason.PLAGUE);
        st.plagueStep++;
        if (advancePlague(g, st)) {
            return true;
        }
        scoreCrowns(g, Sector.PLAGUE);
        return false;
    }

    // ---------------------------------------------------------------------------------------------------
    // Crown deployment (RULES.md §3.4)
    // ---------------------------------------------------------------------------------------------------

    @Override
    public void addDeployOptions(ExpansionContext g, ExpansionState state, IntList out) {
        Followers followers = g.followers();
        for (int s = 0; s < 6; s++) {
            if (firstEmptyCrown(g, followers, s) >= 0) {
                out.add(Action.pack(Action.TYPE_CROWN, 0, 0, s));
            }
        }
    }

    private static int firstEmptyCrown(ExpansionContext g, Followers followers, int sector) {
        int base = g.crownBase(sector), end = base + g.crownCount(sector);
        for (int c = base; c < end; c++) {
            if (followers.onSpot(c) < 0) {
                return c;
            }
        }
        return -1;
    }

    @Override
    public void applyDeploy(ExpansionContext g, ExpansionState state, int code) {
        if (Action.typeOf(code) != Action.TYPE_CROWN) {
            return;
        }
        int sector = Action.extraOf(code);
        g.followers().deployOnSpot(g.active(), firstEmptyCrown(g, g.followers(), sector));
        if (g.recording()) {
            g.emit(new Event.CrownDeployed(Seat.of(g.active()), Sector.of(sector)));
        }
    }
}
