package dev.fortuna.engine;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Everything that defines a game before the first move: players, expansions with their options, the base
 * rule options and the seed that orders the draw pile. With {@code draws} set, the pile is exactly that
 * sequence of tile ids instead (tests, replays); the seed is then unused.
 */
public record GameConfig(int players, long seed, Set<ExpansionId> expansions, RuleOptions rules,
                         WheelOptions wheel, CropCircleOptions cropCircles, List<String> draws) {
    public static final int MIN_PLAYERS = 2, MAX_PLAYERS = 5;

    public GameConfig {
        if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
            throw new IllegalArgumentException("players must be 2 to 5, not " + players);
        }
        expansions = expansions.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(expansions));
        rules = rules == null ? RuleOptions.DEFAULT : rules;
        wheel = wheel == null ? WheelOptions.DEFAULT : wheel;
        cropCircles = cropCircles == null ? CropCircleOptions.DEFAULT : cropCircles;
        draws = draws == null ? null : List.copyOf(draws);
    }

    public static GameConfig base(int players, long seed) {
        return new GameConfig(players, seed, Set.of(), null, null, null, null);
    }

    public static Builder builder() {
        return new Builder();
    }

    public boolean has(ExpansionId id) {
        return expansions.contains(id);
    }

    public GameConfig withDraws(List<String> forced) {
        return new GameConfig(players, seed, expansions, rules, wheel, cropCircles, forced);
    }

    public GameConfig withSeed(long s) {
        return new GameConfig(players, s, expansions, rules, wheel, cropCircles, draws);
    }

    /**
     * What makes this configuration no game to play, in a fixed order (empty when it is fine): an expansion's
     * setting changed from its default without that expansion, or leaving the base start tile out where there
     * is none to leave out. The constructor accepts such configurations (the engine ignores an absent
     * expansion's options); everything that takes a configuration from a person or a file asks this first.
     */
    public List<ConfigProblem> problems() {
        List<ConfigProblem> out = new ArrayList<>();
        if (!has(ExpansionId.WHEEL_OF_FORTUNE)) {
            WheelOptions d = WheelOptions.DEFAULT;
            needs(out, wheel.tiles() != d.tiles(), ConfigProblem.Setting.WHEEL_TILES, ExpansionId.WHEEL_OF_FORTUNE);
            needs(out, wheel.wheelIsStart() != d.wheelIsStart(), ConfigProblem.Setting.WHEEL_IS_START,
                    ExpansionId.WHEEL_OF_FORTUNE);
            needs(out, wheel.famine() != d.famine(), ConfigProblem.Setting.FAMINE, ExpansionId.WHEEL_OF_FORTUNE);
            needs(out, wheel.crownsPerSector() != null, ConfigProblem.Setting.CROWNS_PER_SECTOR,
                    ExpansionId.WHEEL_OF_FORTUNE);
            needs(out, wheel.excludeBaseStartTile(), ConfigProblem.Setting.EXCLUDE_BASE_START_TILE,
                    ExpansionId.WHEEL_OF_FORTUNE);
            needs(out, wheel.boardIsOneTileForCloisters(), ConfigProblem.Setting.BOARD_IS_ONE_TILE_FOR_CLOISTERS,
                    ExpansionId.WHEEL_OF_FORTUNE);
        } else {
            // Only the base game's tiles bring a start tile to leave out, and only a wheel that starts replaces it.
            if (wheel.excludeBaseStartTile()
                    && (wheel.tiles() == WheelOptions.TileMode.STANDALONE || !wheel.wheelIsStart())) {
                out.add(new ConfigProblem(ConfigProblem.Setting.EXCLUDE_BASE_START_TILE, null,
                        "needs the base game's tiles (base+numbered or base+all) with the wheel as the start"));
            }
            if (wheel.boardIsOneTileForCloisters() && !wheel.wheelIsStart()) {
                out.add(new ConfigProblem(ConfigProblem.Setting.BOARD_IS_ONE_TILE_FOR_CLOISTERS, null,
                        "needs the wheel as the start (a wheel beside the landscape has no cloister neighbours)"));
            }
        }
        if (!has(ExpansionId.CROP_CIRCLES)) {
            needs(out, !cropCircles.setI(), ConfigProblem.Setting.CROP_CIRCLES_SET_I, ExpansionId.CROP_CIRCLES);
            needs(out, !cropCircles.setII(), ConfigProblem.Setting.CROP_CIRCLES_SET_II, ExpansionId.CROP_CIRCLES);
        }
        return out;
    }

    private static void needs(List<ConfigProblem> out, boolean changed, ConfigProblem.Setting s, ExpansionId e) {
        if (changed) {
            out.add(new ConfigProblem(s, e, null));
        }
    }

    /** Expansion ids in registry order. */
    public List<ExpansionId> expansionList() {
        List<ExpansionId> out = new ArrayList<>();
        for (ExpansionId e : ExpansionId.values()) {
            if (expansions.contains(e)) {
                out.add(e);
            }
        }
        return out;
    }

    public static final class Builder {
        private int players = 2;
        private long seed;
        private final EnumSet<ExpansionId> expansions = EnumSet.noneOf(ExpansionId.class);
        private RuleOptions rules = RuleOptions.DEFAULT;
        private WheelOptions wheel = WheelOptions.DEFAULT;
        private CropCircleOptions crop = CropCircleOptions.DEFAULT;
        private List<String> draws;

        public Builder players(int p) {
            players = p;
            return this;
        }

        public Builder seed(long s) {
            seed = s;
            return this;
        }

        public Builder expansion(ExpansionId e) {
            expansions.add(e);
            return this;
        }

        public Builder rules(RuleOptions r) {
            rules = r;
            return this;
        }

        public Builder wheel(WheelOptions w) {
            expansions.add(ExpansionId.WHEEL_OF_FORTUNE);
            wheel = w;
            return this;
        }

        public Builder cropCircles(CropCircleOptions c) {
            expansions.add(ExpansionId.CROP_CIRCLES);
            crop = c;
            return this;
        }

        public Builder draws(List<String> d) {
            draws = d;
            return this;
        }

        public Builder draws(String... d) {
            draws = List.of(d);
            return this;
        }

        public GameConfig build() {
            return new GameConfig(players, seed, expansions, rules, wheel, crop, draws);
        }
    }
}
