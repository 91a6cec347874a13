package dev.fortuna.engine.geometry;

import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Draws every tile type (base, Wheel of Fortune, Crop Circles) and the wheel board as one SVG sheet, from
 * {@link TileGeometry} and {@link WheelBoardGeometry} only, so that a person can look at the geometry:
 *
 * <pre>
 * mvn -o -q -pl engine test-compile
 * java -cp engine/target/classes:engine/target/test-classes dev.fortuna.engine.geometry.TileSheet tiles.svg
 * rsvg-convert tiles.svg -o tiles.png
 * </pre>
 *
 * White dots are the follower anchors. Not a test: a picture for people (docs/geometry.md shows it).
 */
public final class TileSheet {
    static final int TILE = 100, GAP = 18, COLUMNS = 12;

    private TileSheet() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: TileSheet OUTPUT.svg [TILE-ID...]   (only the listed tiles, no board)");
            System.exit(2);
        }
        List<TileType> types = TileCatalog.standard().allTypes();
        if (args.length > 1) {
            types = java.util.Arrays.stream(args, 1, args.length).map(id -> TileCatalog.standard().type(id)).toList();
        }
        Files.writeString(Path.of(args[0]), sheet(types, args.length == 1), StandardCharsets.UTF_8);
    }

    /** The sheet: the given tile types in order, then (if asked) the wheel board. */
    static String sheet(List<TileType> types, boolean withBoard) {
        int rows = (types.size() + COLUMNS - 1) / COLUMNS;
        int cell = TILE + GAP;
        int boardSide = 4 * TILE;
        int width = Math.min(COLUMNS, types.size()) * cell + GAP;
        // The board goes beside the last, short row of tiles when it fits there, else below all rows.
        int lastRow = types.size() % COLUMNS;
        boolean beside = lastRow > 0 && width - (lastRow * cell + GAP) >= boardSide + GAP;
        int boardTop = beside ? GAP + (rows - 1) * cell : rows * cell + GAP;
        int boardLeft = beside ? GAP + lastRow * cell + GAP : GAP;
        int height = withBoard ? boardTop + boardSide + 2 * GAP : rows * cell + GAP;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fbf8f0\"/>%n", width, height));
        for (int i = 0; i < types.size(); i++) {
            TileType t = types.get(i);
            int x = GAP + (i % COLUMNS) * cell, y = GAP + (i / COLUMNS) * cell;
            svg.append(String.format(Locale.ROOT, "<g transform=\"translate(%d %d) scale(%d)\">%n", x, y, TILE));
            tile(svg, TileGeometry.of(t, Rotation.R0));
            svg.append("</g>\n");
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#333\">%s</text>%n",
                    x, y + TILE + 12, escape(t.id())));
        }
        if (withBoard) {
            svg.append(String.format(Locale.ROOT, "<g transform=\"translate(%d %d) scale(%d)\">%n", boardLeft, boardTop, TILE));
            board(svg, WheelBoardGeometry.of(TileCatalog.standard().wheelBoard()));
            svg.append("</g>\n");
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    static void tile(StringBuilder svg, TileGeometry g) {
        features(svg, g.features(), g.areas());
        if (g.cropMark() != null) {
            cropMark(svg, g.cropMark());
        }
        if (g.wheelNumber() != null) {
            WheelNumber w = g.wheelNumber();
            String colour = switch (w.value()) {
                case 1 -> "#f2c12e";
                case 2 -> "#e8782a";
                default -> "#c8332b";
            };
            circle(svg, w.centre(), w.radius(), colour, "#5a3a10", 0.008);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.4f\" y=\"%.4f\" font-size=\"%.4f\" text-anchor=\"middle\""
                    + " font-weight=\"bold\" fill=\"#222\">%d</text>%n", w.centre().x(), w.centre().y() + w.radius() * 0.45,
                    w.radius() * 1.3, w.value()));
        }
        svg.append("<rect width=\"1\" height=\"1\" fill=\"none\" stroke=\"#444\" stroke-width=\"0.01\"/>\n");
    }

    private static void features(StringBuilder svg, List<FeatureShape> features, List<Area> areas) {
        for (FeatureShape f : features) {
            switch (f.kind()) {
                case FIELD -> path(svg, f.region(), "#74ad4a", "#5f9a3a", 0.004);
                case CITY -> path(svg, f.region(), "#cbb891", "#6b5137", 0.018);
                case ROAD -> path(svg, f.region(), "#efe6cc", "#a89672", 0.006);
                case CLOISTER -> {
                    path(svg, f.region(), "#8fbf62", "#5f9a3a", 0.004);
                    building(svg, f.anchor(), 1);
                }
            }
        }
        for (Area a : areas) {
            switch (a.kind()) {
                case CROP_CIRCLE -> path(svg, a.region(), "#e6cf63", "#b89b2e", 0.006);
                case JUNCTION -> {
                    path(svg, a.region(), "#efe6cc", "#a89672", 0.006);
                    building(svg, Spots.centroid(a.region()), 0.45);
                }
                case WHEEL -> path(svg, a.region(), "#d8c9a3", "none", 0);
            }
        }
        for (FeatureShape f : features) {
            if (f.kind() == dev.fortuna.engine.tile.FeatureKind.ROAD && f.inn()) {
                Point p = f.path().get(f.path().size() / 2);
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.4f\" y=\"%.4f\" width=\"0.1\" height=\"0.07\""
                        + " fill=\"#8a4b2a\"/>%n", p.x() + 0.07, p.y() - 0.035));
            }
            for (Pennant p : f.pennants()) {
                shield(svg, p);
            }
        }
        for (FeatureShape f : features) {
            circle(svg, f.anchor(), 0.022, "#ffffff", "#222", 0.006);
        }
    }

    /**
     * A building with a red roof, {@code scale} 1 for a cloister's chapel, smaller for the village house where
     * roads end.
     */
    private static void building(StringBuilder svg, Point c, double scale) {
        double k = scale;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.4f\" y=\"%.4f\" width=\"%.4f\" height=\"%.4f\""
                + " fill=\"#ede2c8\" stroke=\"#6d5a3f\" stroke-width=\"%.4f\"/>%n", c.x() - 0.11 * k, c.y() - 0.02 * k,
                0.22 * k, 0.16 * k, 0.008 * Math.sqrt(k)));
        svg.append(String.format(Locale.ROOT, "<path d=\"M %.4f %.4f L %.4f %.4f L %.4f %.4f Z\" fill=\"#b5523b\""
                + " stroke=\"#6d2b1e\" stroke-width=\"%.4f\"/>%n", c.x() - 0.13 * k, c.y() - 0.02 * k, c.x(),
                c.y() - 0.14 * k, c.x() + 0.13 * k, c.y() - 0.02 * k, 0.008 * Math.sqrt(k)));
    }

    private static void shield(StringBuilder svg, Pennant p) {
        double r = p.radius(), x = p.centre().x(), y = p.centre().y();
        svg.append(String.format(Locale.ROOT, "<path d=\"M %.4f %.4f L %.4f %.4f L %.4f %.4f Q %.4f %.4f %.4f %.4f"
                + " Q %.4f %.4f %.4f %.4f Z\" fill=\"#1f4fa8\" stroke=\"#f4f0e0\" stroke-width=\"0.012\"/>%n",
                x - r, y - r, x + r, y - r, x + r, y, x + r, y + 0.7 * r, x, y + r, x - r, y + 0.7 * r, x - r, y));
    }

    private static void cropMark(StringBuilder svg, CropMark c) {
        double x = c.centre().x(), y = c.centre().y(), r = c.radius();
        circle(svg, c.centre(), r, "none", "#9c7f1c", 0.01);
        String glyph = switch (c.symbol()) {
            case PITCHFORK -> String.format(Locale.ROOT, "M %.4f %.4f L %.4f %.4f M %.4f %.4f L %.4f %.4f L %.4f %.4f"
                    + " M %.4f %.4f L %.4f %.4f", x, y + 0.7 * r, x, y - 0.2 * r, x - 0.45 * r, y - 0.7 * r,
                    x - 0.45 * r, y - 0.2 * r, x + 0.45 * r, y - 0.2 * r, x + 0.45 * r, y - 0.2 * r, x + 0.45 * r, y - 0.7 * r);
            case CLUB -> String.format(Locale.ROOT, "M %.4f %.4f L %.4f %.4f M %.4f %.4f L %.4f %.4f",
                    x - 0.5 * r, y + 0.6 * r, x + 0.3 * r, y - 0.3 * r, x + 0.15 * r, y - 0.6 * r, x + 0.6 * r, y - 0.15 * r);
            case SHIELD -> String.format(Locale.ROOT, "M %.4f %.4f L %.4f %.4f L %.4f %.4f Q %.4f %.4f %.4f %.4f"
                    + " Q %.4f %.4f %.4f %.4f Z", x - 0.5 * r, y - 0.55 * r, x + 0.5 * r, y - 0.55 * r, x + 0.5 * r, y,
                    x + 0.5 * r, y + 0.4 * r, x, y + 0.65 * r, x - 0.5 * r, y + 0.4 * r, x - 0.5 * r, y);
        };
        svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"#6b5310\" stroke-width=\"%.4f\""
                + " stroke-linecap=\"round\"/>%n", glyph, c.symbol() == dev.fortuna.engine.tile.CropSymbol.CLUB ? 0.03 : 0.015));
    }

    static void board(StringBuilder svg, WheelBoardGeometry b) {
        for (BoardSquareGeometry s : b.squares()) {
            features(svg, s.features(), s.areas());
        }
        WheelGeometry w = b.wheel();
        String[] colours = {"#f5d76e", "#a7c4e2", "#d9b48a", "#9fa8b8", "#c9a0c9", "#a9c98f"};
        for (SectorGeometry sg : w.sectors()) {
            path(svg, sg.region(), colours[sg.sector().ordinal()], "#5a4a30", 0.012);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.4f\" y=\"%.4f\" font-size=\"0.16\" text-anchor=\"middle\""
                    + " fill=\"#333\">%s</text>%n", sg.labelPosition().x(), sg.labelPosition().y() + 0.05,
                    sg.sector().label));
            for (Point c : sg.crownSpaces()) {
                svg.append(String.format(Locale.ROOT, "<path d=\"M %.4f %.4f L %.4f %.4f L %.4f %.4f L %.4f %.4f L %.4f %.4f"
                        + " L %.4f %.4f L %.4f %.4f Z\" fill=\"#e2b53b\" stroke=\"#7a5a10\" stroke-width=\"0.01\"/>%n",
                        c.x() - 0.1, c.y() + 0.06, c.x() - 0.1, c.y() - 0.06, c.x() - 0.05, c.y(), c.x(), c.y() - 0.08,
                        c.x() + 0.05, c.y(), c.x() + 0.1, c.y() - 0.06, c.x() + 0.1, c.y() + 0.06));
            }
            circle(svg, sg.pigPosition(), 0.06, "#f4a7b9", "#9c4a5e", 0.01);
        }
        circle(svg, w.centre(), w.hubRadius(), "#8a6d45", "#4a3a20", 0.015);
        svg.append("<rect width=\"4\" height=\"4\" fill=\"none\" stroke=\"#444\" stroke-width=\"0.012\"/>\n");
    }

    private static void path(StringBuilder svg, Region r, String fill, String stroke, double width) {
        StringBuilder d = new StringBuilder();
        for (List<Point> ring : r.rings()) {
            for (int i = 0; i < ring.size(); i++) {
                d.append(String.format(Locale.ROOT, "%s%.4f %.4f ", i == 0 ? "M" : "L", ring.get(i).x(), ring.get(i).y()));
            }
            d.append("Z ");
        }
        svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"%s\" fill-rule=\"evenodd\" stroke=\"%s\""
                + " stroke-width=\"%.4f\" stroke-linejoin=\"round\"/>%n", d.toString().trim(), fill, stroke, width));
    }

    private static void circle(StringBuilder svg, Point c, double r, String fill, String stroke, double width) {
        svg.append(String.format(Locale.ROOT, "<circle cx=\"%.4f\" cy=\"%.4f\" r=\"%.4f\" fill=\"%s\" stroke=\"%s\""
                + " stroke-width=\"%.4f\"/>%n", c.x(), c.y(), r, fill, stroke, width));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;");
    }
}
