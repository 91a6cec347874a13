package dev.fortuna.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.WheelOptions;
import java.io.UncheckedIOException;
import java.util.Locale;

/** TEMPORARY: the hand-written writer as it was, to compare the Jackson writer against. */
final class OldWriter {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

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

}
