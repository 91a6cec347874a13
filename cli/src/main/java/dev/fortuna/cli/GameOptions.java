package dev.fortuna.cli;

import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.protocol.GameSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /**
     * The configuration these options describe. The rules of the options live in {@link GameSetup} (the game
     * server's lobby takes the same options); only {@code --crowns}, a string here, is read first.
     */
    public GameConfig toConfig() {
        List<Integer> crownCounts = null;
        if (crowns != null) {
            String[] parts = crowns.split(",", -1);
            crownCounts = new ArrayList<>();
            for (String p : parts) {
                String t = p.trim();
                if (!t.equals("0") && !t.equals("1") && !t.equals("2")) {
                    throw bad("--crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), "
                            + "not '" + crowns + "'");
                }
                crownCounts.add(Integer.parseInt(t));
            }
            if (crownCounts.size() != 6) {
                throw bad("--crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), not "
                        + crownCounts.size() + " in '" + crowns + "'");
            }
        }
        GameSetup setup = new GameSetup(players, expansions, wheelTiles, wheelBeside, famine, crownCounts,
                excludeBaseStartTile, cropSets, farmRule, twoTileCity);
        try {
            return setup.toConfig(seed, GameOptions::optionName);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /** The command-line spelling of a setup field: {@code wheelTiles} is {@code --wheel-tiles}. */
    static String optionName(String field) {
        return "--" + field.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
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
