package dev.fortuna.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.engine.ConfigProblem;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads and writes game records as JSON (format described in docs/record-format.md). Reading checks the
 * structure strictly — unknown fields, wrong types and unknown names are errors naming the entry — but not
 * the game itself; {@link Replay#run(GameRecord)} does that.
 */
public final class GameRecords {
    /** Strict: a second value after the record, or a key given twice (a decoy "result"), is an error. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private GameRecords() {
    }

    // =====================================================================================================
    // Writing
    // =====================================================================================================

    /** Writes a record: one line per action, so that records diff and read well. */
    public static void write(GameRecord record, Writer out) throws IOException {
        out.write(toJson(record));
    }

    public static void write(GameRecord record, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(record, w);
        }
    }

    /** The record as JSON text (ends with a newline). */
    public static String toJson(GameRecord record) {
        try {
            StringBuilder sb = new StringBuilder(64 + record.actions().size() * 48);
            sb.append("{\n  \"format\": \"").append(GameRecord.FORMAT).append("\",\n");
            sb.append("  \"version\": ").append(GameRecord.VERSION).append(",\n");
            sb.append("  \"config\": ").append(MAPPER.writeValueAsString(configNode(record.config()))).append(",\n");
            if (record.exactPile()) {
                sb.append("  \"exactPile\": true,\n");
            }
            sb.append("  \"draws\": [");
            for (int i = 0; i < record.draws().size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                string(sb, record.draws().get(i));
            }
            sb.append("],\n");
            sb.append("  \"actions\": [");
            for (int i = 0; i < record.actions().size(); i++) {
                sb.append(i == 0 ? "\n    " : ",\n    ");
                action(sb, record.actions().get(i));
            }
            sb.append(record.actions().isEmpty() ? "]" : "\n  ]");
            if (record.scores() != null) {
                ObjectNode result = NODES.objectNode();
                ArrayNode scores = result.putArray("scores");
                record.scores().forEach(scores::add);
                sb.append(",\n  \"result\": ").append(MAPPER.writeValueAsString(result));
            }
            sb.append("\n}\n");
            return sb.toString();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e); // cannot happen for trees built here
        }
    }

    static ObjectNode configNode(GameConfig c) {
        ObjectNode n = NODES.objectNode();
        n.put("players", c.players());
        n.put("seed", c.seed());
        ArrayNode ex = n.putArray("expansions");
        for (ExpansionId e : c.expansionList()) {
            ex.add(e.key);
        }
        ObjectNode rules = n.putObject("rules");
        rules.put("farmRule", Names.farmRule(c.rules().farmRule()));
        rules.put("twoTileCityScoresTwo", c.rules().twoTileCityScoresTwo());
        WheelOptions w = c.wheel();
        ObjectNode wheel = n.putObject("wheel");
        wheel.put("tiles", Names.tileMode(w.tiles()));
        wheel.put("wheelIsStart", w.wheelIsStart());
        wheel.put("famine", Names.famine(w.famine()));
        if (w.crownsPerSector() == null) {
            wheel.putNull("crownsPerSector");
        } else {
            ArrayNode crowns = wheel.putArray("crownsPerSector");
            w.crownsPerSector().forEach(crowns::add);
        }
        wheel.put("excludeBaseStartTile", w.excludeBaseStartTile());
        wheel.put("boardIsOneTileForCloisters", w.boardIsOneTileForCloisters());
        ObjectNode crop = n.putObject("cropCircles");
        crop.put("setI", c.cropCircles().setI());
        crop.put("setII", c.cropCircles().setII());
        return n;
    }

    /**
     * Appends one action as compact JSON, field order seat, action, then the action's fields. Written by hand
     * rather than through a tree: records of long games have hundreds of actions and simulations write many.
     */
    static void action(StringBuilder sb, RecordedAction a) {
        sb.append('{');
        if (a.seat() != RecordedAction.ANY_SEAT) {
            sb.append("\"seat\":").append(a.seat()).append(',');
        }
        sb.append("\"action\":");
        string(sb, a.name());
        if (a instanceof RecordedAction.Place p) {
            sb.append(",\"x\":").append(p.x()).append(",\"y\":").append(p.y()).append(",\"rotation\":").append(p.rotation());
        } else if (a instanceof RecordedAction.Deploy d) {
            sb.append(",\"feature\":");
            string(sb, d.feature());
        } else if (a instanceof RecordedAction.Crown c) {
            sb.append(",\"sector\":");
            string(sb, c.sector().label);
        } else if (a instanceof RecordedAction.Return r) {
            sb.append(",\"x\":").append(r.x()).append(",\"y\":").append(r.y()).append(",\"feature\":");
            string(sb, r.feature());
        } else if (a instanceof RecordedAction.CropChoice o) {
            sb.append(",\"option\":");
            string(sb, o.option().name().toLowerCase(Locale.ROOT));
        } else if (a instanceof RecordedAction.Add ad) {
            sb.append(",\"x\":").append(ad.x()).append(",\"y\":").append(ad.y()).append(",\"feature\":");
            string(sb, ad.feature());
        }
        sb.append('}');
    }

    /** Appends a JSON string literal (quotes, backslashes and control characters escaped). */
    static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    // =====================================================================================================
    // Reading
    // =====================================================================================================

    /**
     * The most a record may hold: 8 MiB, in bytes for a file and in characters for a stream. The longest game
     * Fortuna plays (base game and all 72 wheel tiles, 5 players) makes a record of a few dozen kilobytes; a
     * file far larger is no record, and the tree it parses into takes about 20 times its size in memory.
     */
    public static final int MAX_BYTES = 8 << 20;

    /** Reads a record from a stream of characters (at most {@link #MAX_BYTES} of them). */
    public static GameRecord read(Reader in) throws RecordException {
        StringBuilder text = new StringBuilder();
        char[] buf = new char[8192];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                if (text.length() + n > MAX_BYTES) {
                    throw new RecordException(null, "the record is longer than " + MAX_BYTES
                            + " characters (8 MiB), the most a game record may have");
                }
                text.append(buf, 0, n);
            }
        } catch (IOException e) {
            throw new RecordException(null, "cannot read the record: " + Messages.ioReason(e), e);
        }
        return parse(text.toString());
    }

    /**
     * Reads a record file (messages do not repeat its name: callers put it in front). Its size is checked before it is read ({@link #MAX_BYTES}), it must be UTF-8 and may
     * start with a byte-order mark.
     */
    public static GameRecord read(Path file) throws RecordException {
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new RecordException(null, "cannot read the file: it is a directory");
            }
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new RecordException(null, "the file has " + size + " bytes; a game record has at most "
                        + MAX_BYTES + " (8 MiB)");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new RecordException(null, "cannot read the file: " + Messages.ioReason(e), e);
        }
        if (bytes.length > MAX_BYTES) { // the file grew while it was read
            throw new RecordException(null, "the file has more than " + MAX_BYTES + " bytes; a game record has at "
                    + "most " + MAX_BYTES + " (8 MiB)");
        }
        return parse(utf8(bytes));
    }

    /** Strict UTF-8 decoding that names the first bad byte (the JDK's message is "Input length = 1"). */
    private static String utf8(byte[] bytes) throws RecordException {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
        java.nio.charset.CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        java.nio.charset.CoderResult r = dec.decode(in, out, true);
        if (!r.isError()) {
            r = dec.flush(out);
        }
        if (r.isError()) {
            throw new RecordException(null, "the file is not UTF-8 text (invalid byte at offset " + in.position()
                    + ")");
        }
        return out.flip().toString();
    }

    /** Parses the whole text; a leading byte-order mark (some editors write one) is skipped. */
    private static GameRecord parse(String text) throws RecordException {
        String json = text.startsWith("\uFEFF") ? text.substring(1) : text;
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            throw new RecordException(null, "malformed JSON" + where + ": " + jsonProblem(e.getOriginalMessage()),
                    e);
        }
        if (root == null || root.isMissingNode()) {
            throw new RecordException(null, "empty file: not a game record");
        }
        return fromTree(root);
    }

    /**
     * Jackson's message in the record's words: the few that name Java types or Jackson settings are rewritten,
     * and any other is cut before its first line break and before a "[Source: …]" or a parenthesis that
     * names code.
     */
    static String jsonProblem(String m) {
        if (m == null) {
            return "unreadable";
        }
        java.util.regex.Matcher dup = java.util.regex.Pattern.compile("^Duplicate Object property \"(.*)\"$|"
                + "^Duplicate field '(.*)'$").matcher(m);
        if (dup.find()) {
            return "the key \"" + (dup.group(1) != null ? dup.group(1) : dup.group(2)) + "\" appears twice";
        }
        if (m.startsWith("Trailing token")) {
            return "more text after the end of the record";
        }
        java.util.regex.Matcher num = java.util.regex.Pattern.compile(
                "^Number value length \\(\\d+\\) exceeds the maximum allowed \\((\\d+)").matcher(m);
        if (num.find()) {
            return "a number longer than " + num.group(1) + " digits";
        }
        if (m.contains("exceeds the maximum")) {
            return "a value beyond the limits of a game record";
        }
        String s = m;
        int cut = s.indexOf('\n');
        if (cut >= 0) {
            s = s.substring(0, cut);
        }
        s = s.replaceAll("\\s*\\[Source:.*$", "")
                .replaceAll(":\\s*enable `[^`]*` to allow.*$", "")         // how to switch Jackson features on
                .replaceAll("\\s*\\([^()]*(`|Feature)[^()]*\\)", "")     // Java names in parentheses
                .replaceAll("\\s*\\(for (Array|Object) starting at.*$", ""); // points into a cut "[Source: …]"
        return s.strip();
    }

    /** Parses record JSON text. */
    public static GameRecord fromJson(String json) throws RecordException {
        return read(new java.io.StringReader(json));
    }

    static GameRecord fromTree(JsonNode root) throws RecordException {
        if (!root.isObject()) {
            throw new RecordException(null, "a game record is a JSON object, not " + kind(root));
        }
        checkFields(root, "", Set.of("format", "version", "config", "exactPile", "draws", "actions", "result"));
        JsonNode format = root.get("format");
        if (format == null || !format.isTextual() || !format.asText().equals(GameRecord.FORMAT)) {
            throw new RecordException("format", "expected \"" + GameRecord.FORMAT + "\", found "
                    + (format == null ? "nothing" : format.toString()) + " (not a Fortuna game record)");
        }
        int version = intField(root, "version", "version");
        if (version != GameRecord.VERSION) {
            throw new RecordException("version", "unsupported version " + version + " (this reader knows version "
                    + GameRecord.VERSION + ")");
        }
        GameConfig config = readConfig(required(root, "config", "config"));
        boolean exactPile = root.has("exactPile") && bool(root.get("exactPile"), "exactPile");
        JsonNode drawsNode = required(root, "draws", "draws");
        if (!drawsNode.isArray()) {
            throw new RecordException("draws", "expected an array of tile ids, found " + kind(drawsNode));
        }
        List<String> draws = new ArrayList<>();
        for (int i = 0; i < drawsNode.size(); i++) {
            draws.add(text(drawsNode.get(i), "draws[" + i + "]"));
        }
        JsonNode actionsNode = required(root, "actions", "actions");
        if (!actionsNode.isArray()) {
            throw new RecordException("actions", "expected an array of actions, found " + kind(actionsNode));
        }
        List<RecordedAction> actions = new ArrayList<>();
        for (int i = 0; i < actionsNode.size(); i++) {
            actions.add(readAction(actionsNode.get(i), "actions[" + i + "]", config.players()));
        }
        List<Integer> scores = null;
        JsonNode result = root.get("result");
        if (result != null && !result.isNull()) {
            if (!result.isObject()) {
                throw new RecordException("result", "expected an object, found " + kind(result));
            }
            checkFields(result, "result.", Set.of("scores"));
            JsonNode s = required(result, "scores", "result.scores");
            if (!s.isArray()) {
                throw new RecordException("result.scores", "expected an array of numbers, found " + kind(s));
            }
            if (s.size() != config.players()) {
                throw new RecordException("result.scores", s.size() + " scores for " + config.players()
                        + " players");
            }
            scores = new ArrayList<>();
            for (int i = 0; i < s.size(); i++) {
                scores.add(integer(s.get(i), "result.scores[" + i + "]"));
            }
        }
        return new GameRecord(config, draws, actions, scores, exactPile);
    }

    static GameConfig readConfig(JsonNode n) throws RecordException {
        if (!n.isObject()) {
            throw new RecordException("config", "expected an object, found " + kind(n));
        }
        checkFields(n, "config.", Set.of("players", "seed", "expansions", "rules", "wheel", "cropCircles"));
        int players = intField(n, "players", "config.players");
        if (players < GameConfig.MIN_PLAYERS || players > GameConfig.MAX_PLAYERS) {
            throw new RecordException("config.players", "players must be 2 to 5, not " + players);
        }
        long seed = n.has("seed") ? longValue(n.get("seed"), "config.seed") : 0;
        Set<ExpansionId> expansions = new LinkedHashSet<>();
        JsonNode ex = n.get("expansions");
        if (ex != null) {
            if (!ex.isArray()) {
                throw new RecordException("config.expansions", "expected an array of names, found " + kind(ex));
            }
            for (int i = 0; i < ex.size(); i++) {
                String entry = "config.expansions[" + i + "]";
                String name = text(ex.get(i), entry);
                try {
                    if (!expansions.add(ExpansionId.parse(name))) {
                        throw new RecordException(entry, "expansion '" + name + "' is listed twice");
                    }
                } catch (IllegalArgumentException e) {
                    throw new RecordException(entry, e.getMessage());
                }
            }
        }
        RuleOptions rules = RuleOptions.DEFAULT;
        JsonNode r = n.get("rules");
        if (r != null) {
            object(r, "config.rules");
            checkFields(r, "config.rules.", Set.of("farmRule", "twoTileCityScoresTwo"));
            RuleOptions.FarmRule farm = r.has("farmRule")
                    ? Names.parseFarmRule(text(r.get("farmRule"), "config.rules.farmRule"), "config.rules.farmRule")
                    : RuleOptions.DEFAULT.farmRule();
            boolean two = r.has("twoTileCityScoresTwo")
                    && bool(r.get("twoTileCityScoresTwo"), "config.rules.twoTileCityScoresTwo");
            rules = new RuleOptions(farm, two);
        }
        WheelOptions wheel = WheelOptions.DEFAULT;
        JsonNode w = n.get("wheel");
        if (w != null) {
            object(w, "config.wheel");
            checkFields(w, "config.wheel.", Set.of("tiles", "wheelIsStart", "famine", "crownsPerSector",
                    "excludeBaseStartTile", "boardIsOneTileForCloisters"));
            WheelOptions d = WheelOptions.DEFAULT;
            WheelOptions.TileMode tiles = w.has("tiles")
                    ? Names.parseTileMode(text(w.get("tiles"), "config.wheel.tiles"), "config.wheel.tiles")
                    : d.tiles();
            boolean isStart = w.has("wheelIsStart") ? bool(w.get("wheelIsStart"), "config.wheel.wheelIsStart")
                    : d.wheelIsStart();
            WheelOptions.FamineRule famine = w.has("famine")
                    ? Names.parseFamine(text(w.get("famine"), "config.wheel.famine"), "config.wheel.famine")
                    : d.famine();
            List<Integer> crowns = null;
            JsonNode c = w.get("crownsPerSector");
            if (c != null && !c.isNull()) {
                if (!c.isArray() || c.size() != 6) {
                    throw new RecordException("config.wheel.crownsPerSector",
                            "expected null or six counts (one per sector), found " + c);
                }
                crowns = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    int k = integer(c.get(i), "config.wheel.crownsPerSector[" + i + "]");
                    if (k < 0 || k > 2) {
                        throw new RecordException("config.wheel.crownsPerSector[" + i + "]",
                                "a sector has 0, 1 or 2 crown spaces, not " + k);
                    }
                    crowns.add(k);
                }
            }
            boolean exclude = w.has("excludeBaseStartTile")
                    && bool(w.get("excludeBaseStartTile"), "config.wheel.excludeBaseStartTile");
            boolean oneTile = w.has("boardIsOneTileForCloisters")
                    && bool(w.get("boardIsOneTileForCloisters"), "config.wheel.boardIsOneTileForCloisters");
            wheel = new WheelOptions(tiles, isStart, famine, crowns, exclude, oneTile);
        }
        CropCircleOptions crop = CropCircleOptions.DEFAULT;
        JsonNode cc = n.get("cropCircles");
        if (cc != null) {
            object(cc, "config.cropCircles");
            checkFields(cc, "config.cropCircles.", Set.of("setI", "setII"));
            boolean one = !cc.has("setI") || bool(cc.get("setI"), "config.cropCircles.setI");
            boolean two = !cc.has("setII") || bool(cc.get("setII"), "config.cropCircles.setII");
            if (!one && !two) {
                throw new RecordException("config.cropCircles", "choose set I, set II or both");
            }
            crop = new CropCircleOptions(one, two);
        }
        GameConfig config = new GameConfig(players, seed, expansions, rules, wheel, crop, null);
        List<ConfigProblem> problems = config.problems();
        if (!problems.isEmpty()) {
            ConfigProblem p = problems.get(0);
            throw new RecordException(configEntry(p.setting()), p.missingExpansion() != null
                    ? "needs \"" + p.missingExpansion().key + "\" in config.expansions" : p.reason());
        }
        return config;
    }

    /** The record field of a configuration setting. */
    static String configEntry(ConfigProblem.Setting s) {
        return switch (s) {
            case WHEEL_TILES -> "config.wheel.tiles";
            case WHEEL_IS_START -> "config.wheel.wheelIsStart";
            case FAMINE -> "config.wheel.famine";
            case CROWNS_PER_SECTOR -> "config.wheel.crownsPerSector";
            case EXCLUDE_BASE_START_TILE -> "config.wheel.excludeBaseStartTile";
            case BOARD_IS_ONE_TILE_FOR_CLOISTERS -> "config.wheel.boardIsOneTileForCloisters";
            case CROP_CIRCLES_SET_I -> "config.cropCircles.setI";
            case CROP_CIRCLES_SET_II -> "config.cropCircles.setII";
        };
    }

    static RecordedAction readAction(JsonNode n, String entry, int players) throws RecordException {
        if (!n.isObject()) {
            throw new RecordException(entry, "expected an action object, found " + kind(n));
        }
        int seat = RecordedAction.ANY_SEAT;
        if (n.has("seat")) {
            seat = integer(n.get("seat"), entry + ".seat");
            if (seat < 0 || seat >= players) {
                throw new RecordException(entry, "seat " + seat + " does not exist in a " + players + "-player game");
            }
        }
        String action = text(required(n, "action", entry + ".action"), entry + ".action");
        switch (action) {
            case "place" -> {
                checkFields(n, entry + ".", Set.of("seat", "action", "x", "y", "rotation"));
                int x = intField(n, "x", entry + ".x"), y = intField(n, "y", entry + ".y");
                int rot = intField(n, "rotation", entry + ".rotation");
                if (rot != 0 && rot != 90 && rot != 180 && rot != 270) {
                    throw new RecordException(entry + ".rotation", "rotation must be 0, 90, 180 or 270, not " + rot);
                }
                return new RecordedAction.Place(seat, x, y, rot);
            }
            case "deploy" -> {
                checkFields(n, entry + ".", Set.of("seat", "action", "feature"));
                return new RecordedAction.Deploy(seat, text(required(n, "feature", entry + ".feature"),
                        entry + ".feature"));
            }
            case "crown" -> {
                checkFields(n, entry + ".", Set.of("seat", "action", "sector"));
                String s = text(required(n, "sector", entry + ".sector"), entry + ".sector");
                try {
                    return new RecordedAction.Crown(seat, Sector.parse(s));
                } catch (IllegalArgumentException e) {
                    throw new RecordException(entry + ".sector", e.getMessage()
                            + " (sectors: Fortune, Tax, Famine, Storm, Inquisition, Plague)");
                }
            }
            case "pass" -> {
                checkFields(n, entry + ".", Set.of("seat", "action"));
                return new RecordedAction.Pass(seat);
            }
            case "return", "add" -> {
                checkFields(n, entry + ".", Set.of("seat", "action", "x", "y", "feature"));
                int x = intField(n, "x", entry + ".x"), y = intField(n, "y", entry + ".y");
                String f = text(required(n, "feature", entry + ".feature"), entry + ".feature");
                return action.equals("return") ? new RecordedAction.Return(seat, x, y, f)
                        : new RecordedAction.Add(seat, x, y, f);
            }
            case "crop-choice" -> {
                checkFields(n, entry + ".", Set.of("seat", "action", "option"));
                String o = text(required(n, "option", entry + ".option"), entry + ".option");
                for (CropCircleOption opt : CropCircleOption.values()) {
                    if (opt.name().equalsIgnoreCase(o)) {
                        return new RecordedAction.CropChoice(seat, opt);
                    }
                }
                throw new RecordException(entry + ".option", "unknown crop-circle option '" + o
                        + "' (add or remove)");
            }
            default -> throw new RecordException(entry + ".action", "unknown action '" + action
                    + "' (place, deploy, crown, pass, return, crop-choice, add)");
        }
    }

    // --- small strict readers ---

    private static void checkFields(JsonNode n, String prefix, Set<String> allowed) throws RecordException {
        Iterator<String> it = n.fieldNames();
        while (it.hasNext()) {
            String f = it.next();
            if (!allowed.contains(f)) {
                if (f.isEmpty()) { // "actions[3]." would name nothing
                    throw new RecordException(prefix.isEmpty() ? null : prefix.substring(0, prefix.length() - 1),
                            "unknown field \"\"");
                }
                throw new RecordException(prefix + f, "unknown field");
            }
        }
    }

    private static JsonNode required(JsonNode n, String field, String entry) throws RecordException {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            throw new RecordException(entry, "missing");
        }
        return v;
    }

    private static void object(JsonNode n, String entry) throws RecordException {
        if (!n.isObject()) {
            throw new RecordException(entry, "expected an object, found " + kind(n));
        }
    }

    private static int intField(JsonNode n, String field, String entry) throws RecordException {
        return integer(required(n, field, entry), entry);
    }

    private static int integer(JsonNode v, String entry) throws RecordException {
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new RecordException(entry, "expected a whole number, found " + kind(v));
        }
        return v.intValue();
    }

    private static long longValue(JsonNode v, String entry) throws RecordException {
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new RecordException(entry, "expected a whole number (64-bit), found " + kind(v));
        }
        return v.longValue();
    }

    private static boolean bool(JsonNode v, String entry) throws RecordException {
        if (v == null || !v.isBoolean()) {
            throw new RecordException(entry, "expected true or false, found " + kind(v));
        }
        return v.booleanValue();
    }

    private static String text(JsonNode v, String entry) throws RecordException {
        if (v == null || !v.isTextual()) {
            throw new RecordException(entry, "expected a string, found " + kind(v));
        }
        return v.textValue();
    }

    private static String kind(JsonNode v) {
        if (v == null || v.isNull()) {
            return "null";
        }
        String text = v.toString();
        if (text.length() > 40) {
            text = text.substring(0, 37) + "...";
        }
        return v.getNodeType().name().toLowerCase(Locale.ROOT) + " " + text;
    }
}
