package dev.fortuna.records;

import dev.fortuna.engine.GameConfig;
import java.util.List;

/**
 * A whole game as data: the configuration (without a forced pile), every tile drawn in order (discarded ones
 * included), every action with its seat, and the final scores when the game was finished.
 *
 * @param config    the game's configuration; its {@code draws} is always null (the pile is {@code draws})
 * @param draws     tile ids in drawing order; with {@code exactPile}, the whole pile instead
 * @param actions   the actions in the order they were applied
 * @param scores    final scores per seat, or null for an unfinished game
 * @param exactPile true when the game was played on a forced pile that is exactly {@code draws} (a scenario
 *                  shorter than the tile set); a replay then uses that pile and nothing else
 */
public record GameRecord(GameConfig config, List<String> draws, List<RecordedAction> actions, List<Integer> scores,
                         boolean exactPile) {
    public static final String FORMAT = "fortuna-game-record";
    public static final int VERSION = 1;

    public GameRecord {
        if (config == null || draws == null || actions == null) {
            throw new IllegalArgumentException("config, draws and actions are required");
        }
        config = config.withDraws(null);
        draws = List.copyOf(draws);
        actions = List.copyOf(actions);
        scores = scores == null ? null : List.copyOf(scores);
    }

    public GameRecord(GameConfig config, List<String> draws, List<RecordedAction> actions, List<Integer> scores) {
        this(config, draws, actions, scores, false);
    }
}
