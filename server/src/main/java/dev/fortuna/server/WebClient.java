package dev.fortuna.server;

import dev.fortuna.engine.geometry.TileGeometry;
import dev.fortuna.engine.geometry.WheelBoardGeometry;
import dev.fortuna.engine.tile.Rotation;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the browser client needs from the server besides the game protocol: the drawable geometry of every tile
 * type (in its printed orientation; the client turns tiles itself) and of the wheel board, and its own page. Both
 * never change while the server runs, so each is built once.
 */
final class WebClient {
    private WebClient() {
    }

    private static final class Geometry {
        static final String JSON = build();

        private static String build() {
            TileCatalog catalog = TileCatalog.standard();
            Map<String, TileGeometry> tiles = new LinkedHashMap<>();
            for (TileType t : catalog.allTypes()) {
                tiles.put(t.id(), TileGeometry.of(t, Rotation.R0));
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("tiles", tiles);
            out.put("wheelBoard", WheelBoardGeometry.of(catalog.wheelBoard()));
            return Json.write(out);
        }
    }

    private static final class Page {
        static final String INDEX = load();

        private static String load() {
            try (InputStream in = WebClient.class.getClassLoader().getResourceAsStream("web/index.html")) {
                return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** {"tiles": {id: TileGeometry}, "wheelBoard": WheelBoardGeometry} as JSON. */
    static String geometryJson() {
        return Geometry.JSON;
    }

    /** The client's page, or null when the server was built without the web module. */
    static String indexHtml() {
        return Page.INDEX;
    }
}
