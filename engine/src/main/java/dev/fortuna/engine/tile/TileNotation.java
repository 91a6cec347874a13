package dev.fortuna.engine.tile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parser for the tile notation of RULES.md §1.2: {@code EDGES; feature; feature; …}, for example
 * {@code CRFR; C1:N; R1:E-W; F1:En,Wn>C1; F2:Es,Se,Sw,Ws}. Extensions used by Fortuna: a '-' edge
 * (no landscape: the wheel board's inner sides), a road suffix {@code (inn)}, and more than one '*' for
 * several pennants. Every error names the token at fault.
 */
public final class TileNotation {
    private TileNotation() {
    }

    public static TileType parse(String id, String notation, int wheel, CropSymbol symbol) {
        try {
            return parseChecked(id, notation, wheel, symbol);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("tile " + id + " (" + notation + "): " + e.getMessage(), e);
        }
    }

    private static TileType parseChecked(String id, String notation, int wheel, CropSymbol symbol) {
        String[] parts = notation.split(";");
        String edgeText = parts[0].trim();
        if (edgeText.length() != 4) {
            throw new IllegalArgumentException("edges must be four letters N,E,S,W, got '" + edgeText + "'");
        }
        EdgeType[] edges = new EdgeType[4];
        for (int i = 0; i < 4; i++) {
            edges[i] = EdgeType.ofCode(edgeText.charAt(i));
        }
        List<String> names = new ArrayList<>();
        List<String[]> raw = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            String tok = parts[i].trim();
            if (tok.isEmpty()) {
                throw new IllegalArgumentException("empty feature token");
            }
            if (tok.equals("M")) {
                names.add("M");
                raw.add(new String[] {"M", ""});
                continue;
            }
            int colon = tok.indexOf(':');
            if (colon < 2) {
                throw new IllegalArgumentException("feature '" + tok + "' must look like Ck:…, Rk:…, Fk:… or M");
            }
            String name = tok.substring(0, colon);
            if (names.contains(name)) {
                throw new IllegalArgumentException("feature " + name + " is defined twice");
            }
            names.add(name);
            raw.add(new String[] {name, tok.substring(colon + 1)});
        }
        Map<String, Integer> cityIndex = new HashMap<>();
        for (int i = 0; i < raw.size(); i++) {
            if (raw.get(i)[0].charAt(0) == 'C') {
                cityIndex.put(raw.get(i)[0], i);
            }
        }
        List<TileFeature> features = new ArrayList<>();
        int edgeOwned = 0, halfOwned = 0;
        for (String[] r : raw) {
            String name = r[0], body = r[1];
            char k = name.charAt(0);
            switch (k) {
                case 'M' -> {
                    if (features.stream().anyMatch(f -> f.kind() == FeatureKind.CLOISTER)) {
                        throw new IllegalArgumentException("a tile has at most one cloister");
                    }
                    features.add(new TileFeature("M", FeatureKind.CLOISTER, 0, 0, 0, List.of(), false));
                }
                case 'C', 'R' -> {
                    boolean city = k == 'C';
                    int pennants = 0;
                    boolean inn = false;
                    while (body.endsWith("*")) {
                        if (!city) {
                            throw new IllegalArgumentException("pennant on road " + name);
                        }
                        pennants++;
                        body = body.substring(0, body.length() - 1);
                    }
                    if (body.endsWith("(inn)")) {
                        if (city) {
                            throw new IllegalArgumentException("inn on city " + name);
                        }
                        inn = true;
                        body = body.substring(0, body.length() - 5);
                    }
                    int mask = 0;
                    for (String e : body.split("-")) {
                        Edge edge = parseEdge(e, name);
                        EdgeType want = city ? EdgeType.CITY : EdgeType.ROAD;
                        if (edges[edge.ordinal()] != want) {
                            throw new IllegalArgumentException(name + " uses edge " + e + ", which is "
                                    + edges[edge.ordinal()] + ", not " + want);
                        }
                        int bit = 1 << edge.ordinal();
                        if ((edgeOwned & bit) != 0) {
                            throw new IllegalArgumentException("edge " + e + " belongs to two features");
                        }
                        edgeOwned |= bit;
                        mask |= bit;
                    }
                    features.add(new TileFeature(name, city ? FeatureKind.CITY : FeatureKind.ROAD, mask, 0,
                            pennants, List.of(), inn));
                }
                case 'F' -> {
                    String halves = body;
                    List<Integer> adj = new ArrayList<>();
                    int gt = body.indexOf('>');
                    if (gt >= 0) {
                        halves = body.substring(0, gt);
                        for (String c : body.substring(gt + 1).split(",")) {
                            Integer ci = cityIndex.get(c.trim());
                            if (ci == null) {
                                throw new IllegalArgumentException("field " + name + " is adjacent to unknown city '"
                                        + c.trim() + "'");
                            }
                            adj.add(ci);
                        }
                    }
                    int mask = 0;
                    for (String h : halves.split(",")) {
                        HalfEdge he = parseHalf(h.trim(), name);
                        EdgeType t = edges[he.edge().ordinal()];
                        if (t != EdgeType.FIELD && t != EdgeType.ROAD) {
                            throw new IllegalArgumentException("field " + name + " uses half-edge " + he
                                    + " of a " + t + " edge");
                        }
                        int bit = 1 << he.ordinal();
                        if ((halfOwned & bit) != 0) {
                            throw new IllegalArgumentException("half-edge " + he + " belongs to two fields");
                        }
                        halfOwned |= bit;
                        mask |= bit;
                    }
                    features.add(new TileFeature(name, FeatureKind.FIELD, 0, mask, 0, adj, false));
                }
                default -> throw new IllegalArgumentException("unknown feature '" + name + "'");
            }
        }
        for (int e = 0; e < 4; e++) {
            EdgeType t = edges[e];
            if ((t == EdgeType.CITY || t == EdgeType.ROAD) && (edgeOwned >> e & 1) == 0) {
                throw new IllegalArgumentException(t + " edge " + Edge.of(e) + " belongs to no feature");
            }
            if (t == EdgeType.ROAD || t == EdgeType.FIELD) {
                for (int k = 0; k < 2; k++) {
                    int h = 2 * e + k;
                    if ((halfOwned >> h & 1) == 0) {
                        throw new IllegalArgumentException("half-edge " + HalfEdge.of(h) + " belongs to no field");
                    }
                }
            }
        }
        if (wheel < 0 || wheel > 3) {
            throw new IllegalArgumentException("wheel number must be 1, 2 or 3, not " + wheel);
        }
        return new TileType(id, notation.trim(), edges, features, wheel, symbol);
    }

    private static Edge parseEdge(String s, String feature) {
        try {
            return Edge.valueOf(s.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(feature + ": '" + s + "' is not an edge (N, E, S, W)");
        }
    }

    private static HalfEdge parseHalf(String s, String feature) {
        try {
            return HalfEdge.valueOf(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(feature + ": '" + s + "' is not a half-edge (Nw Ne En Es Se Sw Ws Wn)");
        }
    }
}
