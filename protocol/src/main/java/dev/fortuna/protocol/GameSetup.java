package dev.fortuna.protocol;

import dev.fortuna.engine.ConfigProblem;
import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.WheelOptions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A game's configuration as a client gives it: the command line's game options under the same names and with the
 * same values ({@code --wheel-tiles base+numbered} is {@code "wheelTiles": "base+numbered"}). Absent fields take the
 * command line's defaults. There is no seed: the server shuffles, and nobody outside it may know the order.
 *
 * @param players              2 to 5
 * @param expansions           {@code wheel-of-fortune}, {@code crop-circles}
 * @param wheelTiles           {@code standalone} (default), {@code base+numbered}, {@code base+all}
 * @param wheelBeside          house rule: the wheel lies beside the landscape and a D tile starts
 * @param famine               {@code all} (default), {@code majority}, {@code per-field}
 * @param crowns               crown spaces per sector (six counts of 0..2), or null for the board's 1,2,1,2,1,2
 * @param excludeBaseStartTile base tiles with the wheel as start: leave the base start tile out
 * @param cropSets             {@code I,II} (default), {@code I}, {@code II}
 * @param farmRule             {@code 3} (default), {@code 2}, {@code 1}: field scoring by edition
 * @param twoTileCity          1st-edition rule: a two-tile city scores 1 per tile and pennant
 */
public record GameSetup(Integer players, List<String> expansions, String wheelTiles, Boolean wheelBeside,
                        String famine, List<Integer> crowns, Boolean excludeBaseStartTile, String cropSets,
                        String farmRule, Boolean twoTileCity) {

    public GameSetup {
        expansions = expansions == null ? List.of() : List.copyOf(expansions);
        crowns = crowns == null ? null : List.copyOf(crowns);
    }

    /** The base game for {@code players} players with every default. */
    public static GameSetup base(int players) {
        return new GameSetup(players, List.of(), null, null, null, null, null, null, null, null);
    }

    /**
     * The engine configuration these options describe, with the server's {@code seed}.
     *
     * @throws IllegalArgumentException naming the field and the value when an option is bad or needs another one
     */
    public GameConfig toConfig(long seed) {
        return toConfig(seed, UnaryOperator.identity());
    }

    /**
     * As {@link #toConfig(long)}, with the options named in messages by {@code name} (the command line passes
     * {@code wheelTiles -> --wheel-tiles}), so that both front ends explain a mistake in their own terms.
     */
    public GameConfig toConfig(long seed, UnaryOperator<String> name) {
        int p = players == null ? 2 : players;
        if (p < GameConfig.MIN_PLAYERS || p > GameConfig.MAX_PLAYERS) {
            throw new IllegalArgumentException(name.apply("players") + " must be 2 to 5, not " + p);
        }
        Set<ExpansionId> ex = EnumSet.noneOf(ExpansionId.class);
        for (String e : expansions) {
            if (e == null || e.isBlank()) {
                continue;
            }
            try {
                ex.add(ExpansionId.parse(e));
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException(name.apply("expansions") + ": " + bad.getMessage());
            }
        }
        WheelOptions wheel = WheelOptions.DEFAULT;
        if (wheelTiles != null) {
            wheel = wheel.withTiles(switch (wheelTiles.trim().toLowerCase(Locale.ROOT)) {
                case "standalone" -> WheelOptions.TileMode.STANDALONE;
                case "base+numbered" -> WheelOptions.TileMode.BASE_PLUS_WHEEL_TILES;
                case "base+all" -> WheelOptions.TileMode.BASE_PLUS_ALL;
                default -> throw new IllegalArgumentException(name.apply("wheelTiles")
                        + " must be standalone, base+numbered or base+all, not '" + wheelTiles + "'");
            });
        }
        if (isTrue(wheelBeside)) {
            wheel = wheel.withWheelIsStart(false);
        }
        if (famine != null) {
            wheel = wheel.withFamine(switch (famine.trim().toLowerCase(Locale.ROOT)) {
                case "all" -> WheelOptions.FamineRule.ALL_FARMERS;
                case "majority" -> WheelOptions.FamineRule.MAJORITY;
                case "per-field" -> WheelOptions.FamineRule.PER_FIELD;
                default -> throw new IllegalArgumentException(name.apply("famine")
                        + " must be all, majority or per-field, not '" + famine + "'");
            });
        }
        if (crowns != null) {
            if (crowns.size() != 6 || crowns.stream().anyMatch(c -> c == null || c < 0 || c > 2)) {
                throw new IllegalArgumentException(name.apply("crowns") + " needs six counts of 0, 1 or 2 "
                        + "(Fortune,Tax,Famine,Storm,Inquisition,Plague), not " + crowns);
            }
            wheel = wheel.withCrownsPerSector(crowns);
        }
        if (isTrue(excludeBaseStartTile)) {
            wheel = wheel.withExcludeBaseStartTile(true);
        }
        // A wheel option given without the wheel is refused even at its default value (famine all): whoever gave
        // it expects a wheel. Combinations are GameConfig.problems()' business, below.
        String wheelField = wheelTiles != null ? "wheelTiles" : isTrue(wheelBeside) ? "wheelBeside"
                : famine != null ? "famine" : crowns != null ? "crowns"
                : isTrue(excludeBaseStartTile) ? "excludeBaseStartTile" : null;
        if (wheelField != null && !ex.contains(ExpansionId.WHEEL_OF_FORTUNE)) {
            throw new IllegalArgumentException(name.apply(wheelField) + " needs " + name.apply("expansions")
                    + " wheel-of-fortune");
        }
        CropCircleOptions crop = CropCircleOptions.DEFAULT;
        if (cropSets != null) {
            if (!ex.contains(ExpansionId.CROP_CIRCLES)) {
                throw new IllegalArgumentException(name.apply("cropSets") + " needs " + name.apply("expansions")
                        + " crop-circles");
            }
            crop = switch (cropSets.replace(" ", "").toUpperCase(Locale.ROOT)) {
                case "I,II", "II,I" -> new CropCircleOptions(true, true);
                case "I" -> new CropCircleOptions(true, false);
                case "II" -> new CropCircleOptions(false, true);
                default -> throw new IllegalArgumentException(name.apply("cropSets") + " must be I,II or I or II, not '"
                        + cropSets + "'");
            };
        }
        RuleOptions.FarmRule farm = RuleOptions.FarmRule.THIRD_EDITION;
        if (farmRule != null) {
            farm = switch (farmRule.trim()) {
                case "3" -> RuleOptions.FarmRule.THIRD_EDITION;
                case "2" -> RuleOptions.FarmRule.SECOND_EDITION;
                case "1" -> RuleOptions.FarmRule.FIRST_EDITION;
                default -> throw new IllegalArgumentException(name.apply("farmRule")
                        + " must be 3, 2 or 1 (the edition), not '" + farmRule + "'");
            };
        }
        GameConfig config = new GameConfig(p, seed, ex, new RuleOptions(farm, isTrue(twoTileCity)), wheel, crop, null);
        List<ConfigProblem> problems = config.problems(); // the same check as for records
        if (!problems.isEmpty()) {
            ConfigProblem problem = problems.get(0);
            throw new IllegalArgumentException(name.apply(field(problem.setting()))
                    + (problem.missingExpansion() != null
                    ? " needs " + name.apply("expansions") + " " + problem.missingExpansion().key
                    : " " + problem.reason()));
        }
        return config;
    }

    /** The field of this record that sets a configuration setting. */
    private static String field(ConfigProblem.Setting s) {
        return switch (s) {
            case WHEEL_TILES -> "wheelTiles";
            case WHEEL_IS_START -> "wheelBeside";
            case FAMINE -> "famine";
            case CROWNS_PER_SECTOR -> "crowns";
            case EXCLUDE_BASE_START_TILE -> "excludeBaseStartTile";
            // No field sets it, so a setup never has this problem; named for completeness.
            case BOARD_IS_ONE_TILE_FOR_CLOISTERS -> "boardIsOneTileForCloisters";
            case CROP_CIRCLES_SET_I, CROP_CIRCLES_SET_II -> "cropSets";
        };
    }

    /** The options of an engine configuration, every field spelled out (seed and forced draws are left out). */
    public static GameSetup of(GameConfig c) {
        List<String> ex = new ArrayList<>();
        c.expansionList().forEach(e -> ex.add(e.key));
        boolean wof = c.has(ExpansionId.WHEEL_OF_FORTUNE), cc = c.has(ExpansionId.CROP_CIRCLES);
        WheelOptions w = c.wheel();
        String tiles = switch (w.tiles()) {
            case STANDALONE -> "standalone";
            case BASE_PLUS_WHEEL_TILES -> "base+numbered";
            case BASE_PLUS_ALL -> "base+all";
        };
        String fam = switch (w.famine()) {
            case ALL_FARMERS -> "all";
            case MAJORITY -> "majority";
            case PER_FIELD -> "per-field";
        };
        String sets = c.cropCircles().setI() ? (c.cropCircles().setII() ? "I,II" : "I") : "II";
        String farm = switch (c.rules().farmRule()) {
            case THIRD_EDITION -> "3";
            case SECOND_EDITION -> "2";
            case FIRST_EDITION -> "1";
        };
        return new GameSetup(c.players(), ex, wof ? tiles : null, wof ? !w.wheelIsStart() : null, wof ? fam : null,
                wof ? w.crownsPerSector() : null, wof ? w.excludeBaseStartTile() : null, cc ? sets : null, farm,
                c.rules().twoTileCityScoresTwo());
    }

    private static boolean isTrue(Boolean b) {
        return b != null && b;
    }
}
