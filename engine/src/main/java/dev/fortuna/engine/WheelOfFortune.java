package dev.fortuna.engine;

import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.Arrays;
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
final class WheelOfFortune implements Expansion {

    /** The expansion's own state: where the pig stands, who is on each crown space, Plague progress. */
    static final class State {
        int pig; // Sector ordinal; starts on Fortune
        final int[] crown; // follower slot on each crown space, or -1
        int plagueStep; // how many seats (from the active one, clockwise) have been through the Plague

        State(int crowns) {
            crown = new int[crowns];
            Arrays.fill(crown, -1);
        }

        private State(State o) {
            pig = o.pig;
            crown = o.crown.clone();
            plagueStep = o.plagueStep;
        }

        State copy() {
            return new State(this);
        }
    }

    @Override
    public ExpansionId id() {
        return ExpansionId.WHEEL_OF_FORTUNE;
    }

    @Override
    public void setup(Rules.Builder b) {
        WheelOptions o = b.config.wheel();
        TileCatalog cat = TileCatalog.standard();
        TileSet wof = cat.wheelOfFortune();
        TileType baseStart = cat.base().startType();
        switch (o.tiles()) {
            case STANDALONE -> {
                b.clearTiles();
                b.add(wof);
                TileType d = wof.type(TileCatalog.WHEEL_PREFIX + "D");
                b.startTile = o.wheelIsStart() ? null : d;
                b.removeFromPile = o.wheelIsStart() ? null : d;
            }
            case BASE_PLUS_WHEEL_TILES, BASE_PLUS_ALL -> {
                if (o.tiles() == WheelOptions.TileMode.BASE_PLUS_ALL) {
                    b.add(wof);
                } else {
                    for (TileSet.Entry e : wof.entries()) {
                        if (e.type().wheel() > 0) {
                            b.entries.add(e);
                        }
                    }
                }
                if (o.wheelIsStart()) {
                    b.startTile = null;
                    b.removeFromPile = o.excludeBaseStartTile() ? baseStart : null;
                } else {
                    b.startTile = baseStart;
                    b.removeFromPile = baseStart;
                }
            }
        }
        b.board = o.wheelIsStart() ? cat.wheelBoard() : null;
    }

    // ---------------------------------------------------------------------------------------------------
    // Drawing a numbered tile (RULES.md §3.5)
    // ---------------------------------------------------------------------------------------------------

    @Override
    public boolean onTileDrawn(GameState g, int tileType) {
        int n = g.rules.types[tileType].wheel();
        if (n == 0) {
            return false;
        }
        State st = g.wof;
        int from = st.pig;
        st.pig = (st.pig + n) % 6;
        if (g.events != null) {
            g.events.add(new Event.PigMoved(Seat.of(g.active), Sector.of(from), Sector.of(st.pig), n));
        }
        Sector landed = Sector.of(st.pig);
        if (landed == Sector.PLAGUE) {
            if (g.events != null) {
                List<String> why = new ArrayList<>();
                for (int p = 0; p < g.rules.players; p++) {
                    why.add(g.followersOnLandscape(p) > 0 ? "must return a follower from the landscape" : "");
                }
                g.events.add(new Event.SectorResolved(landed, Seat.of(g.active), zeros(g.rules.players), why));
            }
            st.plagueStep = 0;
            if (advancePlague(g)) {
                return true;
            }
        } else {
            resolveScoringSector(g, landed);
        }
        scoreCrowns(g, landed);
        return false;
    }

    private static List<Integer> zeros(int n) {
        List<Integer> z = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            z.add(0);
        }
        return z;
    }

    /** Fortune, Tax, Famine, Storm, Inquisition (RULES.md §3.6). */
    private void resolveScoringSector(GameState g, Sector s) {
        int n = g.rules.players;
        int[] pts = new int[n];
        String[] why = new String[n];
        Arrays.fill(why, "");
        switch (s) {
            case FORTUNE -> {
                pts[g.active] = 3;
                why[g.active] = "moved the pig onto Fortune: 3";
            }
            case TAX -> {
                IntList cities = g.occupiedRoots(FeatureKind.CITY.ordinal());
                for (int i = 0; i < cities.size(); i++) {
                    int root = cities.get(i);
                    int[] k = g.followerCounts(root);
                    int pennants = g.rootPennants[root];
                    for (int p = 0; p < n; p++) {
                        if (k[p] > 0) {
                            int v = k[p] * (pennants + k[p]);
                            pts[p] += v;
                            why[p] = append(why[p], k[p] + " knight(s) × (" + pennants + " pennant(s) + " + k[p]
                                    + " own knight(s)) = " + v);
                        }
                    }
                }
            }
            case FAMINE -> {
                IntList fields = g.occupiedRoots(FeatureKind.FIELD.ordinal());
                WheelOptions.FamineRule rule = g.rules.config.wheel().famine();
                for (int i = 0; i < fields.size(); i++) {
                    int root = fields.get(i);
                    int cities = g.completedCitiesNextTo(root, null);
                    if (cities == 0) {
                        continue;
                    }
                    int[] k = g.followerCounts(root);
                    int best = 0;
                    for (int v : k) {
                        best = Math.max(best, v);
                    }
                    for (int p = 0; p < n; p++) {
                        if (k[p] == 0 || (rule == WheelOptions.FamineRule.MAJORITY && k[p] != best)) {
                            continue;
                        }
                        int v = rule == WheelOptions.FamineRule.PER_FIELD ? cities : k[p] * cities;
                        pts[p] += v;
                        why[p] = append(why[p], rule == WheelOptions.FamineRule.PER_FIELD
                                ? "a field with " + cities + " completed cit(ies) = " + v
                                : k[p] + " farmer(s) × " + cities + " completed cit(ies) = " + v);
                    }
                }
            }
            case STORM -> {
                for (int p = 0; p < n; p++) {
                    pts[p] = g.supply[p];
                    if (pts[p] > 0) {
                        why[p] = pts[p] + " follower(s) in supply";
                    }
                }
            }
            case INQUISITION -> {
                for (int f = 0; f < g.fLoc.length; f++) {
                    int loc = g.fLoc[f];
                    if (loc >= 0 && g.segKind[loc] == FeatureKind.CLOISTER.ordinal()) {
                        pts[f / Rules.FOLLOWERS_PER_PLAYER] += 2;
                    }
                }
                for (int p = 0; p < n; p++) {
                    if (pts[p] > 0) {
                        why[p] = pts[p] / 2 + " monk(s) × 2";
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
        if (g.events != null) {
            g.events.add(new Event.SectorResolved(s, Seat.of(g.active), GameState.boxed(pts), List.of(why)));
        }
    }

    private static String append(String a, String b) {
        return a.isEmpty() ? b : a + "; " + b;
    }

    /** Crown scoring of one sector (RULES.md §3.7); its followers go home. */
    private void scoreCrowns(GameState g, Sector s) {
        int c = g.rules.crownCount[s.ordinal()], base = g.rules.crownBase[s.ordinal()];
        int filled = 0;
        for (int k = 0; k < c; k++) {
            if (g.wof.crown[base + k] >= 0) {
                filled++;
            }
        }
        if (filled == 0) {
            return;
        }
        int each = (c == 2 && filled == 1) ? 6 : 3;
        int n = g.rules.players;
        int[] pts = new int[n], followers = new int[n];
        for (int k = 0; k < c; k++) {
            int slot = g.wof.crown[base + k];
            if (slot >= 0) {
                int p = slot / Rules.FOLLOWERS_PER_PLAYER;
                pts[p] += each;
                followers[p]++;
                g.addScore(p, each, ScoreKind.CROWN);
            }
        }
        if (g.events != null) {
            g.events.add(new Event.CrownsScored(s, GameState.boxed(pts), GameState.boxed(followers)));
        }
        for (int k = 0; k < c; k++) {
            int slot = g.wof.crown[base + k];
            if (slot >= 0) {
                g.returnFollower(slot, Event.ReturnReason.CROWN_SCORED);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Plague: each seat in turn, from the active one, returns a follower of its choice
    // ---------------------------------------------------------------------------------------------------

    /** Moves to the next seat that must return a follower; false when every seat is done. */
    private boolean advancePlague(GameState g) {
        State st = g.wof;
        int n = g.rules.players;
        while (st.plagueStep < n) {
            int seat = (g.active + st.plagueStep) % n;
            if (g.followersOnLandscape(seat) > 0) {
                g.setDecision(DecisionKind.PLAGUE_RETURN, seat);
                return true;
            }
            if (g.events != null) {
                g.events.add(new Event.Skipped(Seat.of(seat), DecisionKind.PLAGUE_RETURN,
                        "no follower on the landscape"));
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
    public void legalActions(GameState g, IntList out) {
        returnOptions(g, g.decider, -1, out);
    }

    /**
     * One {@link Action.ReturnFollower} per distinct square feature holding a follower of {@code seat} on the
     * landscape (of {@code kind}, or any kind when -1), in follower slot order.
     */
    static void returnOptions(GameState g, int seat, int kind, IntList out) {
        int base = seat * Rules.FOLLOWERS_PER_PLAYER;
        for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
            int loc = g.fLoc[base + i];
            if (loc >= 0 && (kind < 0 || g.segKind[loc] == kind)) {
                int inst = g.segInst[loc];
                int code = Action.pack(Action.TYPE_RETURN, g.instX[inst], g.instY[inst], g.segLocal[loc]);
                if (!out.contains(code)) {
                    out.add(code);
                }
            }
        }
    }

    /** The follower slot of {@code seat} standing on the square feature named by an action code. */
    static int slotAt(GameState g, int seat, int code) {
        int inst = g.instAt(Action.xOf(code), Action.yOf(code));
        int seg = g.instSeg[inst] + Action.extraOf(code);
        int base = seat * Rules.FOLLOWERS_PER_PLAYER;
        for (int i = 0; i < Rules.FOLLOWERS_PER_PLAYER; i++) {
            if (g.fLoc[base + i] == seg) {
                return base + i;
            }
        }
        throw new IllegalStateException("no follower of seat " + seat + " there");
    }

    @Override
    public void apply(GameState g, int code) {
        g.returnFollower(slotAt(g, g.decider, code), Event.ReturnReason.PLAGUE);
        g.wof.plagueStep++;
        if (advancePlague(g)) {
            return;
        }
        scoreCrowns(g, Sector.PLAGUE);
        g.resumeAfterDraw();
    }

    // ---------------------------------------------------------------------------------------------------
    // Crown deployment (RULES.md §3.4)
    // ---------------------------------------------------------------------------------------------------

    @Override
    public void addDeployOptions(GameState g, IntList out) {
        for (int s = 0; s < 6; s++) {
            if (firstEmptyCrown(g, s) >= 0) {
                out.add(Action.pack(Action.TYPE_CROWN, 0, 0, s));
            }
        }
    }

    private static int firstEmptyCrown(GameState g, int sector) {
        int base = g.rules.crownBase[sector];
        for (int k = 0; k < g.rules.crownCount[sector]; k++) {
            if (g.wof.crown[base + k] < 0) {
                return base + k;
            }
        }
        return -1;
    }

    @Override
    public void applyDeploy(GameState g, int code) {
        if (Action.typeOf(code) != Action.TYPE_CROWN) {
            return;
        }
        int sector = Action.extraOf(code);
        int crown = firstEmptyCrown(g, sector);
        int slot = g.takeFromSupply(g.active);
        g.fLoc[slot] = -2 - crown;
        g.wof.crown[crown] = slot;
        if (g.events != null) {
            g.events.add(new Event.CrownDeployed(Seat.of(g.active), Sector.of(sector)));
        }
    }
}
