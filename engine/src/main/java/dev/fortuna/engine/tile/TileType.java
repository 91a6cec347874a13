package dev.fortuna.engine.tile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An immutable tile type: its edges and feature segments in canonical orientation (north up), plus the
 * look-up tables the engine needs for each of the four rotations. Built once by {@link TileNotation}.
 *
 * <p>Invariants (checked when parsed): every C edge belongs to exactly one city segment, every R edge to
 * exactly one road segment, every half-edge of an R or F edge to exactly one field segment, no half-edge
 * of a C or '-' edge to any; a field's adjacent cities are city segments of this tile.
 */
public final class TileType {
    private final String id;
    private final String notation;
    private final EdgeType[] edges;
    private final List<TileFeature> features;
    private final int wheel;
    private final CropSymbol cropSymbol;
    private final boolean hasCloister;

    // Per rotation r (world orientation): packed edge types, 2 bits per world edge (EdgeType ordinal).
    private final int[] edgeCode = new int[4];
    // edgeFeature[r][d]: feature index of the road/city at world edge d, or -1.
    private final byte[][] edgeFeature = new byte[4][4];
    // halfFeature[r][h]: feature index of the field at world half-edge h, or -1.
    private final byte[][] halfFeature = new byte[4][8];
    // canonical[r]: the smallest rotation that yields the same physical tile (symmetric tiles).
    private final int[] canonical = new int[4];
    private final int distinctRotations;
    private final int[] canonicalRotations;
    /**
     * fits[c]: bit j set when canonical rotation j fits an empty square whose neighbours impose constraint c.
     * A constraint is {@code sum over edges d of v(d) * 5^d}, with v = 0 for no neighbour and
     * {@code EdgeType.ordinal() + 1} for the edge type the neighbour shows there (see {@link #constraintTerm}).
     */
    private final byte[] fits = new byte[CONSTRAINTS];

    /** Number of distinct neighbour constraints of a square. */
    public static final int CONSTRAINTS = 625;

    TileType(String id, String notation, EdgeType[] edges, List<TileFeature> features, int wheel,
             CropSymbol cropSymbol) {
        this.id = Objects.requireNonNull(id);
        this.notation = notation;
        this.edges = edges.clone();
        this.features = List.copyOf(features);
        this.wheel = wheel;
        this.cropSymbol = cropSymbol;
        this.hasCloister = features.stream().anyMatch(f -> f.kind() == FeatureKind.CLOISTER);
        String[] signature = new String[4];
        int distinct = 0;
        for (int r = 0; r < 4; r++) {
            int code = 0;
            Arrays.fill(edgeFeature[r], (byte) -1);
            Arrays.fill(halfFeature[r], (byte) -1);
            for (int d = 0; d < 4; d++) {
                code |= this.edges[(d - r) & 3].ordinal() << (2 * d);
            }
            edgeCode[r] = code;
            for (int i = 0; i < this.features.size(); i++) {
                TileFeature f = this.features.get(i);
                for (int e = 0; e < 4; e++) {
                    if ((f.edges() >> e & 1) != 0) {
                        edgeFeature[r][(e + r) & 3] = (byte) i;
                    }
                }
                for (int h = 0; h < 8; h++) {
                    if ((f.halfEdges() >> h & 1) != 0) {
                        halfFeature[r][(h + 2 * r) & 7] = (byte) i;
                    }
                }
            }
            signature[r] = signature(r);
            canonical[r] = r;
            for (int q = 0; q < r; q++) {
                if (signature[q].equals(signature[r])) {
                    canonical[r] = canonical[q];
                    break;
                }
            }
            if (canonical[r] == r) {
                distinct++;
            }
        }
        this.distinctRotations = distinct;
        this.canonicalRotations = new int[distinct];
        int[] canonicalEdgeCodes = new int[distinct];
        for (int r = 0, j = 0; r < 4; r++) {
            if (canonical[r] == r) {
                canonicalRotations[j] = r;
                canonicalEdgeCodes[j++] = edgeCode[r];
            }
        }
        for (int c = 0; c < CONSTRAINTS; c++) {
            int bits = 0;
            for (int j = 0; j < distinct; j++) {
                boolean ok = true;
                for (int d = 0, rest = c; d < 4 && ok; d++, rest /= 5) {
                    int v = rest % 5;
                    // A '-' edge (v = 4) of a neighbour matches nothing, not even another '-'.
                    ok = v == 0 || (v != 4 && ((canonicalEdgeCodes[j] >>> (2 * d)) & 3) == v - 1);
                }
                if (ok) {
                    bits |= 1 << j;
                }
            }
            fits[c] = (byte) bits;
        }
    }

    /** The term a neighbour adds to an empty square's constraint: it shows {@code type} on the square's edge {@code d}. */
    public static int constraintTerm(int d, EdgeType type) {
        int v = type.ordinal() + 1;
        return v * POW5[d];
    }

    private static final int[] POW5 = {1, 5, 25, 125};

    /** Bit j set when canonical rotation j fits constraint {@code c} (engine hot path). */
    public int fits(int c) {
        return fits[c];
    }

    /** A description of the rotated tile that is equal for two rotations exactly when they look the same. */
    private String signature(int r) {
        List<String> parts = new ArrayList<>();
        for (TileFeature f : features) {
            int e = 0, h = 0;
            for (int i = 0; i < 4; i++) {
                if ((f.edges() >> i & 1) != 0) {
                    e |= 1 << ((i + r) & 3);
                }
            }
            for (int i = 0; i < 8; i++) {
                if ((f.halfEdges() >> i & 1) != 0) {
                    h |= 1 << ((i + 2 * r) & 7);
                }
            }
            List<Integer> adjEdges = new ArrayList<>();
            for (int c : f.adjacentCities()) {
                TileFeature city = features.get(c);
                int ce = 0;
                for (int i = 0; i < 4; i++) {
                    if ((city.edges() >> i & 1) != 0) {
                        ce |= 1 << ((i + r) & 3);
                    }
                }
                adjEdges.add(ce);
            }
            adjEdges.sort(null); // a set of cities: H turned 180° lists C1, C2 in the other order
            StringBuilder adj = new StringBuilder();
            for (int ce : adjEdges) {
                adj.append(ce).append(',');
            }
            parts.add(f.kind() + "/" + e + "/" + h + "/" + f.pennants() + "/" + adj);
        }
        parts.sort(null);
        return edgeCode[r] + ":" + String.join(";", parts);
    }

    public String id() {
        return id;
    }

    public String notation() {
        return notation;
    }

    public EdgeType edge(Edge e) {
        return edges[e.ordinal()];
    }

    /** The type shown on world edge {@code d} when the tile is turned by {@code r} quarter turns. */
    public EdgeType edgeAt(int r, int d) {
        return edges[(d - r) & 3];
    }

    public List<TileFeature> features() {
        return features;
    }

    public TileFeature feature(int index) {
        return features.get(index);
    }

    /** The coloured wheel number 1–3 (Wheel of Fortune), or 0. */
    public int wheel() {
        return wheel;
    }

    /** The crop-circle symbol, or null. */
    public CropSymbol cropSymbol() {
        return cropSymbol;
    }

    public boolean hasCloister() {
        return hasCloister;
    }

    public int edgeCode(int r) {
        return edgeCode[r];
    }

    public int edgeFeature(int r, int d) {
        return edgeFeature[r][d];
    }

    public int halfFeature(int r, int h) {
        return halfFeature[r][h];
    }

    public int canonicalRotation(int r) {
        return canonical[r & 3];
    }

    /** The rotations that look different, ascending (engine hot path; do not modify). */
    public int[] canonicalRotations() {
        return canonicalRotations;
    }

    public int distinctRotations() {
        return distinctRotations;
    }

    /** The index of the feature named {@code name} ({@code R1}, {@code C2}, {@code F1}, {@code M}), or -1. */
    public int featureIndex(String name) {
        for (int i = 0; i < features.size(); i++) {
            if (features.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return id + " [" + notation + "]";
    }
}
