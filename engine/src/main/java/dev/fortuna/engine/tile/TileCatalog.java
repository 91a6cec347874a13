package dev.fortuna.engine.tile;

import dev.fortuna.engine.Sector;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The tile sets Fortuna knows, parsed once from the text files beside this class
 * ({@code tiles/*.tiles}, {@code tiles/wheel-board.txt}). A set file has one tile type a line,
 * {@code id | count | attributes | notation}, with the attributes {@code start}, {@code wheel=N},
 * {@code set=I|II} and {@code symbol=pitchfork|club|shield}; '#' starts a comment.
 */
public final class TileCatalog {
    /** Ids of types from the Wheel of Fortune box carry this prefix, so that they never collide with base ids. */
    public static final String WHEEL_PREFIX = "wof:";

    private static final class Holder {
        static final TileCatalog STANDARD = new TileCatalog();
    }

    private final TileSet base;
    private final TileSet wheelOfFortune;
    private final TileSet cropCirclesI;
    private final TileSet cropCirclesII;
    private final WheelBoard wheelBoard;

    private TileCatalog() {
        base = parseSet("base", "", resource("base.tiles"));
        wheelOfFortune = parseSet("wheel-of-fortune", WHEEL_PREFIX, resource("wheel-of-fortune.tiles"));
        TileSet crop = parseSet("crop-circles", "", resource("crop-circles.tiles"));
        List<TileSet.Entry> one = new ArrayList<>(), two = new ArrayList<>();
        for (TileSet.Entry e : crop.entries()) {
            (e.type().id().startsWith("CC1") ? one : two).add(e);
        }
        cropCirclesI = new TileSet("crop-circles-1", one, null);
        cropCirclesII = new TileSet("crop-circles-2", two, null);
        wheelBoard = parseBoard(resource("wheel-board.txt"));
    }

    public static TileCatalog standard() {
        return Holder.STANDARD;
    }

    public TileSet base() {
        return base;
    }

    public TileSet wheelOfFortune() {
        return wheelOfFortune;
    }

    public TileSet cropCirclesI() {
        return cropCirclesI;
    }

    public TileSet cropCirclesII() {
        return cropCirclesII;
    }

    public WheelBoard wheelBoard() {
        return wheelBoard;
    }

    /** Every tile type of every set, in a fixed order (base, Wheel of Fortune, Crop Circles I, II). */
    public List<TileType> allTypes() {
        List<TileType> all = new ArrayList<>();
        for (TileSet s : List.of(base, wheelOfFortune, cropCirclesI, cropCirclesII)) {
            s.entries().forEach(e -> all.add(e.type()));
        }
        return all;
    }

    /** Looks a tile type up by its id across all sets, or returns null. */
    public TileType type(String id) {
        for (TileSet s : List.of(base, wheelOfFortune, cropCirclesI, cropCirclesII)) {
            TileType t = s.type(id);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private static String resource(String name) {
        try (InputStream in = TileCatalog.class.getResourceAsStream("/dev/fortuna/engine/tiles/" + name)) {
            if (in == null) {
                throw new IllegalStateException("tile resource missing: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses a set file (format above). Errors name the line. */
    public static TileSet parseSet(String name, String idPrefix, String text) {
        List<TileSet.Entry> entries = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        TileType start = null;
        String[] lines = text.split("\n");
        for (int ln = 0; ln < lines.length; ln++) {
            String line = stripComment(lines[ln]);
            if (line.isEmpty()) {
                continue;
            }
            String where = name + " line " + (ln + 1) + ": ";
            String[] cols = line.split("\\|", -1);
            if (cols.length != 4) {
                throw new IllegalArgumentException(where + "expected 'id | count | attributes | notation'");
            }
            String id = idPrefix + cols[0].trim();
            if (!ids.add(id)) {
                throw new IllegalArgumentException(where + "duplicate tile id " + id);
            }
            int count;
            try {
                count = Integer.parseInt(cols[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "count '" + cols[1].trim() + "' is not a number");
            }
            if (count < 1) {
                throw new IllegalArgumentException(where + "count must be positive");
            }
            int wheel = 0;
            CropSymbol symbol = null;
            boolean isStart = false;
            for (String attr : cols[2].trim().split("\\s+")) {
                if (attr.isEmpty()) {
                    continue;
                }
                if (attr.equals("start")) {
                    isStart = true;
                } else if (attr.startsWith("wheel=")) {
                    wheel = Integer.parseInt(attr.substring(6));
                } else if (attr.startsWith("symbol=")) {
                    symbol = CropSymbol.parse(attr.substring(7));
                } else if (!attr.startsWith("set=")) {
                    throw new IllegalArgumentException(where + "unknown attribute '" + attr + "'");
                }
            }
            try {
                TileType t = TileNotation.parse(id, cols[3].trim(), wheel, symbol);
                if (t.features().isEmpty() && t.edgeCode(0) == 0xFF) {
                    throw new IllegalArgumentException("a land tile needs landscape");
                }
                entries.add(new TileSet.Entry(t, count));
                if (isStart) {
                    start = t;
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        return new TileSet(name, entries, start);
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash >= 0 ? line.substring(0, hash) : line).trim();
    }

    /** Parses the wheel board file (format in the file's header). */
    public static WheelBoard parseBoard(String text) {
        List<WheelBoard.Square> squares = new ArrayList<>();
        List<WheelBoard.BoardField> fields = new ArrayList<>();
        TileType[][] grid = new TileType[4][4];
        int[] crowns = null;
        String[] lines = text.split("\n");
        List<String> fieldLines = new ArrayList<>();
        for (int ln = 0; ln < lines.length; ln++) {
            String line = stripComment(lines[ln]);
            String where = "wheel board line " + (ln + 1) + ": ";
            if (line.isEmpty()) {
                continue;
            }
            try {
                if (line.startsWith("square ")) {
                    String[] cols = line.substring(7).split("\\|");
                    int[] xy = coords(cols[0].trim());
                    if (grid[xy[0]][xy[1]] != null) {
                        throw new IllegalArgumentException("square " + cols[0].trim() + " given twice");
                    }
                    TileType t = TileNotation.parse("wheel-board " + xy[0] + "," + xy[1], cols[1].trim(), 0, null);
                    grid[xy[0]][xy[1]] = t;
                    squares.add(new WheelBoard.Square(xy[0], xy[1], t));
                } else if (line.startsWith("field ")) {
                    fieldLines.add(ln + 1 + "\u0000" + line.substring(6));
                } else if (line.startsWith("crowns ")) {
                    crowns = new int[6];
                    Arrays.fill(crowns, -1);
                    for (String kv : line.substring(7).trim().split("\\s+")) {
                        String[] p = kv.split("=");
                        int n = Integer.parseInt(p[1]);
                        if (n < 0 || n > 2) {
                            throw new IllegalArgumentException("a sector has 0, 1 or 2 crown spaces, not " + n);
                        }
                        crowns[Sector.parse(p[0]).ordinal()] = n;
                    }
                    for (int c : crowns) {
                        if (c < 0) {
                            throw new IllegalArgumentException("crowns: every sector needs a count");
                        }
                    }
                } else {
                    throw new IllegalArgumentException("expected 'square', 'field' or 'crowns'");
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        if (squares.size() != 16) {
            throw new IllegalArgumentException("wheel board: expected 16 squares, got " + squares.size());
        }
        if (crowns == null) {
            throw new IllegalArgumentException("wheel board: missing 'crowns' line");
        }
        for (String fl : fieldLines) {
            String[] p = fl.split("\u0000");
            String where = "wheel board line " + p[0] + ": ";
            try {
                String[] sides = p[1].split(">");
                List<WheelBoard.Ref> parts = refs(sides[0], grid, FeatureKind.FIELD);
                List<WheelBoard.Ref> cities = sides.length > 1 ? refs(sides[1], grid, FeatureKind.CITY) : List.of();
                fields.add(new WheelBoard.BoardField(parts, cities));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(where + e.getMessage(), e);
            }
        }
        List<Integer> crownList = new ArrayList<>();
        for (int c : crowns) {
            crownList.add(c);
        }
        return new WheelBoard(squares, fields, crownList);
    }

    private static int[] coords(String s) {
        String[] p = s.split(",");
        int x = Integer.parseInt(p[0].trim()), y = Integer.parseInt(p[1].trim());
        if (x < 0 || x > 3 || y < 0 || y > 3) {
            throw new IllegalArgumentException("square " + s + " is outside the 4×4 board");
        }
        return new int[] {x, y};
    }

    private static List<WheelBoard.Ref> refs(String text, TileType[][] grid, FeatureKind kind) {
        List<WheelBoard.Ref> out = new ArrayList<>();
        for (String tok : text.trim().split("\\s+")) {
            String[] p = tok.split(":");
            int[] xy = coords(p[0]);
            TileType t = grid[xy[0]][xy[1]];
            if (t == null) {
                throw new IllegalArgumentException("square " + p[0] + " is not defined");
            }
            int f = t.featureIndex(p[1]);
            if (f < 0 || t.feature(f).kind() != kind) {
                throw new IllegalArgumentException(tok + " is not a " + kind.label + " of square " + p[0]);
            }
            out.add(new WheelBoard.Ref(xy[0], xy[1], f));
        }
        return out;
    }
}
