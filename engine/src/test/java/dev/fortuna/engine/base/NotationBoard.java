package dev.fortuna.engine.base;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * An independent, deliberately simple model of the base game's landscape for cross-checking the engine's move
 * generation: it parses the tile notation of RULES.md §1 itself (the strings are copied here as literals), matches
 * edges square by square, joins features with its own union–find and tracks which features hold a follower. It
 * shares no code with the engine; it knows nothing about scoring (which never changes future legal moves in the
 * base game: a completed road or city has no open edge left to join, and farmers never go home).
 */
final class NotationBoard {
    /** The base tile notations of RULES.md §2.10. */
    static final Map<String, String> BASE = Map.ofEntries(
            Map.entry("A", "FFRF; M; R1:S; F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn"),
            Map.entry("B", "FFFF; M; F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn"),
            Map.entry("C", "CCCC; C1:N-E-S-W*"),
            Map.entry("D", "CRFR; C1:N; R1:E-W; F1:En,Wn>C1; F2:Es,Se,Sw,Ws"),
            Map.entry("E", "CFFF; C1:N; F1:En,Es,Se,Sw,Ws,Wn>C1"),
            Map.entry("F", "FCFC; C1:E-W*; F1:Nw,Ne>C1; F2:Se,Sw>C1"),
            Map.entry("G", "FCFC; C1:E-W; F1:Nw,Ne>C1; F2:Se,Sw>C1"),
            Map.entry("H", "CFCF; C1:N; C2:S; F1:En,Es,Ws,Wn>C1,C2"),
            Map.entry("I", "CFFC; C1:N; C2:W; F1:En,Es,Se,Sw>C1,C2"),
            Map.entry("J", "CRRF; C1:N; R1:E-S; F1:En,Sw,Ws,Wn>C1; F2:Es,Se"),
            Map.entry("K", "CFRR; C1:N; R1:S-W; F1:En,Es,Se,Wn>C1; F2:Sw,Ws"),
            Map.entry("L", "CRRR; C1:N; R1:E; R2:S; R3:W; F1:En,Wn>C1; F2:Es,Se; F3:Sw,Ws"),
            Map.entry("M", "CCFF; C1:N-E*; F1:Se,Sw,Ws,Wn>C1"),
            Map.entry("N", "CCFF; C1:N-E; F1:Se,Sw,Ws,Wn>C1"),
            Map.entry("O", "CRRC; C1:N-W*; R1:E-S; F1:En,Sw>C1; F2:Es,Se"),
            Map.entry("P", "CRRC; C1:N-W; R1:E-S; F1:En,Sw>C1; F2:Es,Se"),
            Map.entry("Q", "CCFC; C1:N-E-W*; F1:Se,Sw>C1"),
            Map.entry("R", "CCFC; C1:N-E-W; F1:Se,Sw>C1"),
            Map.entry("S", "CCRC; C1:N-E-W*; R1:S; F1:Se>C1; F2:Sw>C1"),
            Map.entry("T", "CCRC; C1:N-E-W; R1:S; F1:Se>C1; F2:Sw>C1"),
            Map.entry("U", "RFRF; R1:N-S; F1:Ne,En,Es,Se; F2:Sw,Ws,Wn,Nw"),
            Map.entry("V", "FFRR; R1:S-W; F1:Nw,Ne,En,Es,Se,Wn; F2:Sw,Ws"),
            Map.entry("W", "FRRR; R1:E; R2:S; R3:W; F1:Wn,Nw,Ne,En; F2:Es,Se; F3:Sw,Ws"),
            Map.entry("X", "RRRR; R1:N; R2:E; R3:S; R4:W; F1:Wn,Nw; F2:Ne,En; F3:Es,Se; F4:Sw,Ws"));

    private static final List<String> EDGE_NAMES = List.of("N", "E", "S", "W");
    private static final List<String> HALF_NAMES = List.of("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn");

    /** One feature as printed: kind letter (C, R, F, M), edge bits (N=1, E=2, S=4, W=8), half-edge bits. */
    record Feat(String name, char kind, int edges, int halves, int pennants, List<String> cities) {
    }

    record Tile(String id, char[] edges, List<Feat> feats) {
        static Tile parse(String id, String notation) {
            String[] parts = notation.split(";");
            char[] e = parts[0].trim().toCharArray();
            List<Feat> feats = new ArrayList<>();
            for (int i = 1; i < parts.length; i++) {
                String p = parts[i].trim();
                if (p.equals("M")) {
                    feats.add(new Feat("M", 'M', 0, 0, 0, List.of()));
                    continue;
                }
                String name = p.substring(0, p.indexOf(':'));
                String body = p.substring(p.indexOf(':') + 1).replace("(inn)", "");
                int pennants = body.endsWith("*") ? 1 : 0;
                body = body.replace("*", "");
                List<String> cities = List.of();
                if (body.contains(">")) {
                    cities = List.of(body.substring(body.indexOf('>') + 1).split(","));
                    body = body.substring(0, body.indexOf('>'));
                }
                int edges = 0, halves = 0;
                if (name.charAt(0) == 'F') {
                    for (String h : body.split(",")) {
                        halves |= 1 << HALF_NAMES.indexOf(h.trim());
                    }
                } else {
                    for (String x : body.split("-")) {
                        edges |= 1 << EDGE_NAMES.indexOf(x.trim());
                    }
                }
                feats.add(new Feat(name, name.charAt(0), edges, halves, pennants, cities));
            }
            return new Tile(id, e, feats);
        }

        /** The edge letter shown on world edge d when turned r quarter turns clockwise. */
        char edgeAt(int r, int d) {
            return edges[((d - r) % 4 + 4) % 4];
        }

        /** Index of the feature reaching world edge d (roads, cities), or -1. */
        int featAtEdge(int r, int d) {
            int canon = ((d - r) % 4 + 4) % 4;
            for (int i = 0; i < feats.size(); i++) {
                if ((feats.get(i).edges() >> canon & 1) != 0) {
                    return i;
                }
            }
            return -1;
        }

        /** Index of the field owning world half-edge h, or -1. */
        int featAtHalf(int r, int h) {
            int canon = ((h - 2 * r) % 8 + 8) % 8;
            for (int i = 0; i < feats.size(); i++) {
                if ((feats.get(i).halves() >> canon & 1) != 0) {
                    return i;
                }
            }
            return -1;
        }

        /** What the turned tile looks like: equal strings for rotations that give the same picture. */
        String picture(int r) {
            TreeSet<String> parts = new TreeSet<>();
            for (Feat f : feats) {
                int e = rotBits(f.edges(), r, 4), h = rotBits(f.halves(), 2 * r, 8);
                TreeSet<Integer> adj = new TreeSet<>();
                for (String c : f.cities()) {
                    for (Feat g : feats) {
                        if (g.name().equals(c)) {
                            adj.add(rotBits(g.edges(), r, 4));
                        }
                    }
                }
                parts.add(f.kind() + ":" + e + ":" + h + ":" + f.pennants() + ":" + adj);
            }
            StringBuilder sb = new StringBuilder();
            for (int d = 0; d < 4; d++) {
                sb.append(edgeAt(r, d));
            }
            return sb + " " + parts;
        }

        /** The rotations 0..3 that give distinct pictures (the smallest of each kind). */
        List<Integer> distinctRotations() {
            List<Integer> out = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            for (int r = 0; r < 4; r++) {
                String p = picture(r);
                if (!seen.contains(p)) {
                    seen.add(p);
                    out.add(r);
                }
            }
            return out;
        }
    }

    private static final Map<String, Tile> PARSED = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Map<String, List<Integer>> ROTATIONS = new java.util.concurrent.ConcurrentHashMap<>();

    private static Tile tile(String id) {
        return PARSED.computeIfAbsent(id, k -> Tile.parse(k, BASE.get(k)));
    }

    private static int rotBits(int bits, int by, int n) {
        int out = 0;
        for (int i = 0; i < n; i++) {
            if ((bits >> i & 1) != 0) {
                out |= 1 << ((i + by) % n);
            }
        }
        return out;
    }

    private static final int[] DX = {0, 1, 0, -1}, DY = {-1, 0, 1, 0};

    private record Placed(Tile tile, int rot, int firstSeg) {
    }

    private final Map<Long, Placed> squares = new HashMap<>();
    private int[] parent = new int[0];
    private boolean[] occupied = new boolean[0];
    private int nSeg;
    private int lastFirstSeg = -1, lastCount;

    NotationBoard(String startId) {
        put(tile(startId), 0, 0, 0);
    }

    private NotationBoard(NotationBoard o) {
        squares.putAll(o.squares);
        parent = o.parent.clone();
        occupied = o.occupied.clone();
        nSeg = o.nSeg;
        lastFirstSeg = o.lastFirstSeg;
        lastCount = o.lastCount;
    }

    NotationBoard copy() {
        return new NotationBoard(this);
    }

    private static long key(int x, int y) {
        return ((long) x << 32) ^ (y & 0xFFFFFFFFL);
    }

    private Placed at(int x, int y) {
        return squares.get(key(x, y));
    }

    private int find(int s) {
        while (parent[s] != s) {
            s = parent[s];
        }
        return s;
    }

    private void join(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra != rb) {
            parent[rb] = ra;
            occupied[ra] |= occupied[rb];
        }
    }

    /** A placement: square and rotation. */
    record Move(int x, int y, int rot) {
    }

    /** Every legal placement of a tile: each empty square next to the landscape × each distinct rotation. */
    List<Move> placements(String id) {
        Tile t = tile(id);
        List<Integer> rotations = ROTATIONS.computeIfAbsent(id, k -> t.distinctRotations());
        TreeSet<List<Integer>> candidates = new TreeSet<>((a, b) -> a.get(0).equals(b.get(0))
                ? Integer.compare(a.get(1), b.get(1)) : Integer.compare(a.get(0), b.get(0)));
        for (long k : squares.keySet()) {
            int x = (int) (k >> 32), y = (int) k;
            for (int d = 0; d < 4; d++) {
                if (at(x + DX[d], y + DY[d]) == null) {
                    candidates.add(List.of(x + DX[d], y + DY[d]));
                }
            }
        }
        List<Move> out = new ArrayList<>();
        for (List<Integer> c : candidates) {
            int x = c.get(0), y = c.get(1);
            for (int r : rotations) {
                boolean ok = true;
                for (int d = 0; d < 4 && ok; d++) {
                    Placed nb = at(x + DX[d], y + DY[d]);
                    if (nb != null && nb.tile().edgeAt(nb.rot(), (d + 2) % 4) != t.edgeAt(r, d)) {
                        ok = false;
                    }
                }
                if (ok) {
                    out.add(new Move(x, y, r));
                }
            }
        }
        return out;
    }

    /** Places a tile (assumed legal) and joins its features with its neighbours'. */
    void place(String id, Move m) {
        put(tile(id), m.x(), m.y(), m.rot());
    }

    private void put(Tile t, int x, int y, int r) {
        int first = nSeg;
        int n = t.feats().size();
        parent = Arrays.copyOf(parent, nSeg + n);
        occupied = Arrays.copyOf(occupied, nSeg + n);
        for (int i = 0; i < n; i++) {
            parent[first + i] = first + i;
        }
        nSeg += n;
        squares.put(key(x, y), new Placed(t, r, first));
        lastFirstSeg = first;
        lastCount = n;
        for (int d = 0; d < 4; d++) {
            Placed nb = at(x + DX[d], y + DY[d]);
            if (nb == null) {
                continue;
            }
            int od = (d + 2) % 4;
            char type = t.edgeAt(r, d);
            if (type == 'R' || type == 'C') {
                join(first + t.featAtEdge(r, d), nb.firstSeg() + nb.tile().featAtEdge(nb.rot(), od));
            }
            if (type == 'R' || type == 'F') {
                // My half-edge k of edge d (k = 0 first clockwise) touches the neighbour's half 1-k of edge od.
                for (int k = 0; k < 2; k++) {
                    join(first + t.featAtHalf(r, 2 * d + k), nb.firstSeg() + nb.tile().featAtHalf(nb.rot(), 2 * od + 1 - k));
                }
            }
        }
    }

    /** Features of the tile placed last whose whole feature holds no follower. */
    List<Integer> freeFeaturesOfLast() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lastCount; i++) {
            if (!occupied[find(lastFirstSeg + i)]) {
                out.add(i);
            }
        }
        return out;
    }

    /** Puts a follower on feature i of the tile placed last. */
    void occupyLast(int i) {
        occupied[find(lastFirstSeg + i)] = true;
    }

    /** Placement sequences of depth plies, passing at every deployment; unplaceable tiles are skipped. */
    static long perftPlacements(NotationBoard b, List<String> pile, int next, int depth) {
        if (depth == 0) {
            return 1;
        }
        while (next < pile.size() && b.placements(pile.get(next)).isEmpty()) {
            next++;
        }
        if (next >= pile.size()) {
            return 1;
        }
        long n = 0;
        for (Move m : b.placements(pile.get(next))) {
            NotationBoard c = b.copy();
            c.place(pile.get(next), m);
            n += perftPlacements(c, pile, next + 1, depth - 1);
        }
        return n;
    }

    /** Sequences of (placement, follower choice or pass) of depth plies. */
    static long perftFull(NotationBoard b, List<String> pile, int next, int depth) {
        if (depth == 0) {
            return 1;
        }
        while (next < pile.size() && b.placements(pile.get(next)).isEmpty()) {
            next++;
        }
        if (next >= pile.size()) {
            return 1;
        }
        long n = 0;
        for (Move m : b.placements(pile.get(next))) {
            NotationBoard c = b.copy();
            c.place(pile.get(next), m);
            for (int f : c.freeFeaturesOfLast()) {
                NotationBoard d = c.copy();
                d.occupyLast(f);
                n += perftFull(d, pile, next + 1, depth - 1);
            }
            n += perftFull(c, pile, next + 1, depth - 1); // pass
        }
        return n;
    }
}
