package dev.fortuna.records;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.io.StringWriter;
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

    private GameRecords() {
    }

    // =====================================================================================================
    // Writing
    // =====================================================================================================

    /**
     * Writes a record: one line per action, so that records diff and read well. The target is not closed.
     * (A Writer, never bytes: Jackson's byte generator refuses a lone surrogate, which a record read from a
     * hand-written file may carry and which the text is written with as it is.)
     */
    public static void write(GameRecord record, Writer out) throws IOException {
        try (JsonGenerator g = WRITER_FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(RecordLayout.INSTANCE);
            g.setCharacterEscapes(RecordEscapes.INSTANCE);
            g.writeStartObject();
            g.writeStringField("format", GameRecord.FORMAT);
            g.writeNumberField("version", GameRecord.VERSION);
            g.writeFieldName("config");
            writeConfig(g, record.config());
            if (record.exactPile()) {
                g.writeBooleanField("exactPile", true);
            }
            g.writeArrayFieldStart("draws");
            for (String tile : record.draws()) {
                g.writeString(tile);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("actions");
            for (RecordedAction a : record.actions()) {
                writeAction(g, a);
            }
            g.writeEndArray();
            if (record.scores() != null) {
                g.writeObjectFieldStart("result");
                g.writeArrayFieldStart("scores");
                for (int score : record.scores()) {
                    g.writeNumber(score);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    public static void write(GameRecord record, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(record, w);
        }
    }

    /** The record as JSON text (ends with a newline). */
    public static String toJson(GameRecord record) {
        StringWriter out = new StringWriter(64 + record.actions().size() * 48);
        try {
            write(record, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** Generators that leave the caller's Writer open: {@link #write(GameRecord, Writer)} is given it. */
    private static final JsonFactory WRITER_FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    private static void writeConfig(JsonGenerator g, GameConfig c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("players", c.players());
        g.writeNumberField("seed", c.seed());
        g.writeArrayFieldStart("expansions");
        for (ExpansionId e : c.expansionList()) {
            g.writeString(e.key);
        }
        g.writeEndArray();
        g.writeObjectFieldStart("rules");
        g.writeStringField("farmRule", Names.farmRule(c.rules().farmRule()));
        g.writeBooleanField("twoTileCityScoresTwo", c.rules().twoTileCityScoresTwo());
        g.writeEndObject();
        WheelOptions w = c.wheel();
        g.writeObjectFieldStart("wheel");
        g.writeStringField("tiles", Names.tileMode(w.tiles()));
        g.writeBooleanField("wheelIsStart", w.wheelIsStart());
        g.writeStringField("famine", Names.famine(w.famine()));
        g.writeFieldName("crownsPerSector");
        if (w.crownsPerSector() == null) {
            g.writeNull();
        } else {
            g.writeStartArray();
            for (int crowns : w.crownsPerSector()) {
                g.writeNumber(crowns);
            }
            g.writeEndArray();
        }
        g.writeBooleanField("excludeBaseStartTile", w.excludeBaseStartTile());
        g.writeBooleanField("boardIsOneTileForCloisters", w.boardIsOneTileForCloisters());
        g.writeEndObject();
        g.writeObjectFieldStart("cropCircles");
        g.writeBooleanField("setI", c.cropCircles().setI());
        g.writeBooleanField("setII", c.cropCircles().setII());
        g.writeEndObject();
        g.writeEndObject();
    }

    /** One action, field order seat (left out when the record did not say), action, then the action's fields. */
    private static void writeAction(JsonGenerator g, RecordedAction a) throws IOException {
        g.writeStartObject();
        if (a.seat() != RecordedAction.ANY_SEAT) {
            g.writeNumberField("seat", a.seat());
        }
        g.writeStringField("action", a.name());
        if (a instanceof RecordedAction.Place p) {
            g.writeNumberField("x", p.x());
            g.writeNumberField("y", p.y());
            g.writeNumberField("rotation", p.rotation());
        } else if (a instanceof RecordedAction.Deploy d) {
            g.writeStringField("feature", d.feature());
        } else if (a instanceof RecordedAction.Crown c) {
            g.writeStringField("sector", c.sector().label);
        } else if (a instanceof RecordedAction.Return r) {
            writeSquareAndFeature(g, r.x(), r.y(), r.feature());
        } else if (a instanceof RecordedAction.CropChoice o) {
            g.writeStringField("option", o.option().name().toLowerCase(Locale.ROOT));
        } else if (a instanceof RecordedAction.Add ad) {
            writeSquareAndFeature(g, ad.x(), ad.y(), ad.feature());
        }
        g.writeEndObject();
    }

    private static void writeSquareAndFeature(JsonGenerator g, int x, int y, String feature) throws IOException {
        g.writeNumberField("x", x);
        g.writeNumberField("y", y);
        g.writeStringField("feature", feature);
    }

    /**
     * The record's layout: the record's own fields one per line, indented by two, with ": " after the key; each
     * action on a line of its own, indented by four; everything else (config, draws, an action, the result)
     * compact on one line. Decided from the generator's context alone, so one instance serves every thread.
     */
    private static final class RecordLayout extends MinimalPrettyPrinter {
        static final RecordLayout INSTANCE = new RecordLayout();

        /** True while the generator is inside the record object itself (not in a value nested in it). */
        private static boolean atRecordLevel(JsonGenerator g) {
            JsonStreamContext c = g.getOutputContext();
            return c.inObject() && c.getParent().inRoot();
        }

        /** True while the generator is inside the actions array (not in an action). */
        private static boolean inActions(JsonGenerator g) {
            JsonStreamContext c = g.getOutputContext();
            return c.inArray() && c.getParent().getParent() != null && c.getParent().getParent().inRoot()
                    && "actions".equals(c.getParent().getCurrentName());
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            if (atRecordLevel(g)) {
                g.writeRaw("\n  ");
            }
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(atRecordLevel(g) ? ": " : ":");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(atRecordLevel(g) ? ",\n  " : ",");
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            g.writeRaw(atRecordLevel(g) ? "\n}" : "}");
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            if (inActions(g)) {
                g.writeRaw("\n    ");
            }
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(inActions(g) ? ",\n    " : ",");
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            g.writeRaw(inActions(g) && values > 0 ? "\n  ]" : "]");
        }
    }

    /**
     * Record files escape only what JSON requires — quotes, backslashes and control characters — and write
     * every control character as &#92;u00xx with lower-case hex digits (Jackson's own escapes would write
     * &#92;n or &#92;u001F): the hand-written writer before Jackson did so, and a record's text does not change
     * with the library that writes it.
     */
    private static final class RecordEscapes extends CharacterEscapes {
        static final RecordEscapes INSTANCE = new RecordEscapes();
        private final int[] ascii = standardAsciiEscapesForJSON();
        private final SerializableString[] controls = new SerializableString[0x20];

        private RecordEscapes() {
            for (int c = 0; c < 0x20; c++) {
                ascii[c] = ESCAPE_CUSTOM;
                controls[c] = new SerializedString(String.format(Locale.ROOT, "\\u%04x", c));
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch < 0x20 ? controls[ch] : null;
        }
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
