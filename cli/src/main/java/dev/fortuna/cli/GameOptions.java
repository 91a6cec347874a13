package dev.fortuna.cli;

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
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options that define a game, shared by every command that starts games ({@code @Mixin GameOptions game}).
 * {@link #toConfig()} checks them together and builds the {@link GameConfig}; a bad value or a combination that
 * makes no sense is a {@link ParameterException} (printed with a pointer to the help, exit code 2).
 */
public final class GameOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--players", paramLabel = "P", defaultValue = "2", description = "Players, 2 to 5 (default: ${DEFAULT-VALUE}).")
    int players;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the tile shuffle (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--expansions", paramLabel = "LIST", split = ",",
            description = "Comma list of wheel-of-fortune, crop-circles (default: base game only). "
                    + "wheel-of-fortune alone is the standalone Wheel of Fortune game.")
    List<String> expansions = new ArrayList<>();

    @Option(names = "--wheel-tiles", paramLabel = "MODE",
            description = "Wheel of Fortune tiles: standalone (default), base+numbered, base+all.")
    String wheelTiles;

    @Option(names = "--wheel-beside", description = "House rule: the wheel lies beside the landscape and a D tile starts.")
    boolean wheelBeside;

    @Option(names = "--famine", paramLabel = "RULE", description = "Famine reading: all (default), majority, per-field.")
    String famine;

    @Option(names = "--crowns", paramLabel = "LIST",
            description = "Crown spaces per sector (Fortune,Tax,Famine,Storm,Inquisition,Plague), e.g. 1,2,1,2,1,2.")
    String crowns;

    @Option(names = "--exclude-base-start-tile",
            description = "With base tiles and the wheel as start: leave the base start tile out of the pile.")
    boolean excludeBaseStartTile;

    @Option(names = "--crop-sets", paramLabel = "SETS", description = "Crop Circles sets: I,II (default), I or II.")
    String cropSets;

    @Option(names = "--farm-rule", paramLabel = "EDITION", description = "Field scoring by edition: 3 (default), 2 or 1.")
    String farmRule;

    @Option(names = "--two-tile-city",
            description = "1st-edition rule: a completed city of exactly two tiles scores 1 per tile and pennant, not 2.")
    boolean twoTileCity;

    /** The configuration these options describe. */
    public GameConfig toConfig() {
        if (players < GameConfig.MIN_PLAYERS || players > GameConfig.MAX_PLAYERS) {
            throw bad("--players must be 2 to 5, not " + players);
        }
        Set<ExpansionId> ex = EnumSet.noneOf(ExpansionId.class);
        for (String name : expansions) {
            if (name.isBlank()) {
                continue;
            }
            try {
                ex.add(ExpansionId.parse(name));
            } catch (IllegalArgumentException e) {
                throw bad("--expansions: " + e.getMessage());
            }
        }
        boolean wof = ex.contains(ExpansionId.WHEEL_OF_FORTUNE), cc = ex.contains(ExpansionId.CROP_CIRCLES);
        WheelOptions wheel = WheelOptions.DEFAULT;
        if (wheelTiles != null) {
            wheel = wheel.withTiles(switch (wheelTiles.trim().toLowerCase(Locale.ROOT)) {
                case "standalone" -> WheelOptions.TileMode.STANDALONE;
                case "base+numbered" -> WheelOptions.TileMode.BASE_PLUS_WHEEL_TILES;
                case "base+all" -> WheelOptions.TileMode.BASE_PLUS_ALL;
                default -> throw bad("--wheel-tiles must be standalone, base+numbered or base+all, not '" + wheelTiles + "'");
            });
        }
        if (wheelBeside) {
            wheel = wheel.withWheelIsStart(false);
        }
        if (famine != null) {
            wheel = wheel.withFamine(switch (famine.trim().toLowerCase(Locale.ROOT)) {
                case "all" -> WheelOptions.FamineRule.ALL_FARMERS;
                case "majority" -> WheelOptions.FamineRule.MAJORITY;
                case "per-field" -> WheelOptions.FamineRule.PER_FIELD;
                default -> throw bad("--famine must be all, majority or per-field, not '" + famine + "'");
            });
        }
        if (crowns != null) {
            String[] parts = crowns.split(",", -1);
            List<Integer> counts = new ArrayList<>();
            for (String p : parts) {
                String t = p.trim();
                if (!t.equals("0") && !t.equals("1") && !t.equals("2")) {
                    throw bad("--crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), "
                            + "not '" + crowns + "'");
                }
                counts.add(Integer.parseInt(t));
            }
            if (counts.size() != 6) {
                throw bad("--crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), not "
                        + counts.size() + " in '" + crowns + "'");
            }
            wheel = wheel.withCrownsPerSector(counts);
        }
        if (excludeBaseStartTile) {
            wheel = wheel.withExcludeBaseStartTile(true);
        }
        // A flag given without its expansion is refused even when its value is the default (--famine all):
        // whoever typed it expects a wheel. Combinations are GameConfig.problems()' business, below.
        String wheelFlag = wheelTiles != null ? "--wheel-tiles" : wheelBeside ? "--wheel-beside"
                : famine != null ? "--famine" : crowns != null ? "--crowns"
                : excludeBaseStartTile ? "--exclude-base-start-tile" : null;
        if (wheelFlag != null && !wof) {
            throw bad(wheelFlag + " needs --expansions wheel-of-fortune");
        }
        CropCircleOptions crop = CropCircleOptions.DEFAULT;
        if (cropSets != null) {
            if (!cc) {
                throw bad("--crop-sets needs --expansions crop-circles");
            }
            String s = cropSets.replace(" ", "").toUpperCase(Locale.ROOT);
            crop = switch (s) {
                case "I,II", "II,I" -> new CropCircleOptions(true, true);
                case "I" -> new CropCircleOptions(true, false);
                case "II" -> new CropCircleOptions(false, true);
                default -> throw bad("--crop-sets must be I,II or I or II, not '" + cropSets + "'");
            };
        }
        RuleOptions.FarmRule farm = RuleOptions.FarmRule.THIRD_EDITION;
        if (farmRule != null) {
            farm = switch (farmRule.trim()) {
                case "3" -> RuleOptions.FarmRule.THIRD_EDITION;
                case "2" -> RuleOptions.FarmRule.SECOND_EDITION;
                case "1" -> RuleOptions.FarmRule.FIRST_EDITION;
                default -> throw bad("--farm-rule must be 3, 2 or 1 (the edition), not '" + farmRule + "'");
            };
        }
        GameConfig config = new GameConfig(players, seed, ex, new RuleOptions(farm, twoTileCity), wheel, crop, null);
        List<ConfigProblem> problems = config.problems();
        if (!problems.isEmpty()) { // the same check as for records
            ConfigProblem p = problems.get(0);
            throw bad(flag(p.setting()) + (p.missingExpansion() != null
                    ? " needs --expansions " + p.missingExpansion().key : " " + p.reason()));
        }
        return config;
    }

    /** The option that sets a configuration setting. */
    private static String flag(ConfigProblem.Setting s) {
        return switch (s) {
            case WHEEL_TILES -> "--wheel-tiles";
            case WHEEL_IS_START -> "--wheel-beside";
            case FAMINE -> "--famine";
            case CROWNS_PER_SECTOR -> "--crowns";
            case EXCLUDE_BASE_START_TILE -> "--exclude-base-start-tile";
            case BOARD_IS_ONE_TILE_FOR_CLOISTERS -> "the cloister rule for the wheel board";
            case CROP_CIRCLES_SET_I, CROP_CIRCLES_SET_II -> "--crop-sets";
        };
    }

    /** A short description of the game mode for summaries, e.g. {@code wheel-of-fortune (base+numbered)}. */
    public static String describe(GameConfig c) {
        if (c.expansions().isEmpty()) {
            return "base";
        }
        return c.expansionList().stream().map(e -> e == ExpansionId.WHEEL_OF_FORTUNE
                ? e.key + " (" + dev.fortuna.records.Names.tileMode(c.wheel().tiles())
                        + (c.wheel().wheelIsStart() ? "" : ", wheel beside") + ")" : e.key)
                .collect(Collectors.joining(", "));
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
