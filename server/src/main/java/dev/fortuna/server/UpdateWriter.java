package dev.fortuna.server;

import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import java.util.List;

/**
 * Writes one game's {@link ServerMessage.Update}s, exactly as {@code Json.write} writes them, but reusing the JSON
 * of every feature value that the previous update carried unchanged. Feature values (what each occupied feature
 * would score now) are most of an update's text, and one action changes only the few features its tile or
 * follower touches.
 *
 * <p>The update is written by Jackson with an empty feature value list, which is its last property, and the values
 * are put into that list; a test compares the result with {@code Json.write} on every ply of many games.
 *
 * <p>It also gives the update without its feature values, which the game keeps for reconnecting clients: a
 * catch-up sends those for every missed update but the last (which is sent whole), so the feature values, about
 * two thirds of an update's text, are kept once instead of once per kept update (docs/protocol.md).
 *
 * <p>Not thread-safe: its {@link LiveGame} uses it under the game's monitor.
 */
final class UpdateWriter {
    private static final String EMPTY_TAIL = "\"featureValues\":[]}";

    /** The previous update's feature values and their JSON, index by index. */
    private List<GameView.FeatureValue> previous = List.of();
    private String[] previousJson = new String[0];

    /** An update's JSON, whole and without its feature values ({@code featureValues} left out). */
    record Written(String json, String withoutValues) {
    }

    Written write(long version, SeatAction action, List<EventDto> events, GameView.DecisionView decision,
                  List<GameView.FeatureValue> featureValues) {
        String head = Json.write(new ServerMessage.Update(version, action, events, decision, List.of()));
        if (!head.endsWith(EMPTY_TAIL)) {
            throw new IllegalStateException("an update no longer ends with its feature values: " + head);
        }
        String[] json = new String[featureValues.size()];
        int length = head.length();
        for (int i = 0; i < json.length; i++) {
            GameView.FeatureValue v = featureValues.get(i);
            json[i] = earlier(v, i);
            if (json[i] == null) {
                json[i] = Json.write(v);
            }
            length += json[i].length() + 1;
        }
        StringBuilder out = new StringBuilder(length); // room for the whole text: it never grows while written
        out.append(head, 0, head.length() - 2); // up to and with the '['
        for (int i = 0; i < json.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(json[i]);
        }
        out.append("]}");
        previous = featureValues;
        previousJson = json;
        // The head less ',"featureValues":[]' (the update always has properties before it).
        String withoutValues = head.substring(0, head.length() - EMPTY_TAIL.length() - 1) + "}";
        return new Written(out.toString(), withoutValues);
    }

    /**
     * The JSON of {@code v} when the previous update had it, else null. It is mostly at the same index, or a few
     * places off when values were added or dropped before it, so the search goes outwards from the index: a search
     * from the start compared each shifted value with every value before it. The comparisons were 7% of the
     * request threads' CPU samples under load (JFR, 2026-12-03); this order makes 31% fewer of them (25,520 against
     * 37,081 over the 1,530 updates of {@code UpdateWriterTest}'s games). Equal values have equal JSON, so which of
     * two equal previous values is found does not matter.
     */
    private String earlier(GameView.FeatureValue v, int index) {
        int n = previous.size();
        for (int d = 0; ; d++) {
            int after = index + d, before = index - d;
            if (after >= n && before < 0) {
                return null; // every previous value was compared
            }
            if (after < n && previous.get(after).equals(v)) {
                return previousJson[after];
            }
            if (d > 0 && before >= 0 && before < n && previous.get(before).equals(v)) {
                return previousJson[before];
            }
        }
    }

    /** Forgets the previous update (a finished game keeps nothing for the next one). */
    void clear() {
        previous = List.of();
        previousJson = new String[0];
    }
}
