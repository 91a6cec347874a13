package dev.fortuna.records;

import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.WheelOptions;
import java.util.List;

/** Test helpers: the expansion modes under test and seeded random games played on the engine's fast path. */
final class Games {
    private Games() {
    }

    /** A named game mode. */
    record Mode(String name, GameConfig config) {
        GameConfig with(int players, long seed) {
            return new GameConfig(players, seed, config.expansions(), config.rules(), config.wheel(),
                    config.cropCircles(), config.draws());
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Mode> modes() {
        WheelOptions w = WheelOptions.DEFAULT;
        return List.of(
                new Mode("base", GameConfig.base(2, 0)),
                new Mode("wof standalone", GameConfig.builder().wheel(w).build()),
                new Mode("wof base+numbered", GameConfig.builder().wheel(w.withTiles(WheelOptions.TileMode.BASE_PLUS_WHEEL_TILES)).build()),
                new Mode("wof base+all", GameConfig.builder().wheel(w.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL)).build()),
                new Mode("wof house rule", GameConfig.builder().wheel(w.withWheelIsStart(false)
                        .withFamine(WheelOptions.FamineRule.PER_FIELD)).build()),
                new Mode("cc", GameConfig.builder().cropCircles(CropCircleOptions.DEFAULT).build()),
                new Mode("wof+cc", GameConfig.builder().wheel(w).cropCircles(new CropCircleOptions(true, false)).build()));
    }

    /** Plays a whole game with uniformly random legal actions, recording it when {@code rec} is not null. */
    static GameState playRandom(GameConfig config, long choiceSeed, GameRecorder rec) {
        GameState g = GameState.newGame(config);
        SplitMix64 rng = new SplitMix64(choiceSeed);
        while (!g.isOver()) {
            int code = g.legalCode(rng.nextInt(g.legalCount()));
            if (rec != null) {
                rec.recordCode(g, code);
            }
            g.applyCode(code, null);
        }
        return g;
    }
}
