package dev.fortuna.engine.conformance;

import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.WheelOptions;
import java.util.List;

/**
 * One game mode of the conformance harness: a configuration template (players and seed are set per game),
 * how many random games to play in it, and the exact facts every game of the mode must show: how many tiles
 * are dealt (the pile at the start, counting the first drawn tile), how many squares the start piece covers
 * and the crown spaces per sector (WoF).
 *
 * <p>Pile sizes (RULES.md §2.1, §3.3, §4.1, as literals): base 72 tiles minus the start tile = 71; WoF
 * standalone 72 (the wheel board starts); base + 19 numbered wheel tiles = 91 (the base start tile is
 * shuffled in), 90 when it is left out; base + all 72 WoF tiles = 144; house rule (wheel beside the
 * landscape, a D starts) takes that D out of the pile; each Crop Circles set adds 6 tiles.
 */
record Mode(String name, GameConfig template, int games, int dealt, int startSquares, List<Integer> crowns) {
    static final List<Integer> NO_CROWNS = List.of(0, 0, 0, 0, 0, 0);
    static final List<Integer> DEFAULT_CROWNS = List.of(1, 2, 1, 2, 1, 2);

    GameConfig config(int players, long seed) {
        return new GameConfig(players, seed, template.expansions(), template.rules(), template.wheel(),
                template.cropCircles(), template.draws());
    }

    boolean wheel() {
        return template.has(ExpansionId.WHEEL_OF_FORTUNE);
    }

    boolean crop() {
        return template.has(ExpansionId.CROP_CIRCLES);
    }

    @Override
    public String toString() {
        return name;
    }

    private static Mode base(String name, RuleOptions rules, int games) {
        return new Mode(name, GameConfig.builder().rules(rules).build(), games, 71, 1, NO_CROWNS);
    }

    private static Mode wheel(String name, WheelOptions w, int games, int dealt, int startSquares,
                              List<Integer> crowns) {
        return new Mode(name, GameConfig.builder().wheel(w).build(), games, dealt, startSquares, crowns);
    }

    private static Mode crop(String name, CropCircleOptions c, int games, int dealt) {
        return new Mode(name, GameConfig.builder().cropCircles(c).build(), games, dealt, 1, NO_CROWNS);
    }

    /** Every mode the harness plays; game counts are weighted by game length to keep the suite fast. */
    static List<Mode> all() {
        WheelOptions w = WheelOptions.DEFAULT;
        WheelOptions baseWheel = w.withTiles(WheelOptions.TileMode.BASE_PLUS_WHEEL_TILES);
        WheelOptions baseAll = w.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL);
        return List.of(
                base("base", RuleOptions.DEFAULT, 1400),
                base("base, farm rule 2nd edition", new RuleOptions(RuleOptions.FarmRule.SECOND_EDITION, false), 600),
                base("base, farm rule 1st edition", new RuleOptions(RuleOptions.FarmRule.FIRST_EDITION, false), 600),
                base("base, two-tile city scores two", new RuleOptions(RuleOptions.FarmRule.THIRD_EDITION, true),
                        600),
                wheel("WoF standalone", w, 1200, 72, 16, DEFAULT_CROWNS),
                wheel("WoF base + numbered tiles", baseWheel, 600, 91, 16, DEFAULT_CROWNS),
                wheel("WoF base + numbered tiles, base start tile left out, board one tile for cloisters",
                        baseWheel.withExcludeBaseStartTile(true).withBoardIsOneTileForCloisters(true), 400, 90, 16,
                        DEFAULT_CROWNS),
                wheel("WoF base + all", baseAll, 400, 144, 16, DEFAULT_CROWNS),
                wheel("WoF house rule (wheel beside)", w.withWheelIsStart(false), 600, 71, 1, DEFAULT_CROWNS),
                wheel("WoF house rule, base + all", baseAll.withWheelIsStart(false), 250, 143, 1, DEFAULT_CROWNS),
                wheel("WoF famine majority", w.withFamine(WheelOptions.FamineRule.MAJORITY), 500, 72, 16,
                        DEFAULT_CROWNS),
                wheel("WoF famine per field", w.withFamine(WheelOptions.FamineRule.PER_FIELD), 500, 72, 16,
                        DEFAULT_CROWNS),
                wheel("WoF crowns 2,2,2,2,2,2", w.withCrownsPerSector(List.of(2, 2, 2, 2, 2, 2)), 500, 72, 16,
                        List.of(2, 2, 2, 2, 2, 2)),
                wheel("WoF crowns 1,1,1,1,1,1", w.withCrownsPerSector(List.of(1, 1, 1, 1, 1, 1)), 500, 72, 16,
                        List.of(1, 1, 1, 1, 1, 1)),
                crop("crop circles I+II", CropCircleOptions.DEFAULT, 1000, 83),
                crop("crop circles I", new CropCircleOptions(true, false), 500, 77),
                crop("crop circles II", new CropCircleOptions(false, true), 500, 77),
                new Mode("WoF + crop circles", GameConfig.builder().wheel(w).cropCircles(CropCircleOptions.DEFAULT)
                        .build(), 900, 84, 16, DEFAULT_CROWNS),
                new Mode("WoF house rule + crop circles I, farm rule 1st edition",
                        GameConfig.builder().wheel(w.withWheelIsStart(false).withFamine(WheelOptions.FamineRule.PER_FIELD))
                                .cropCircles(new CropCircleOptions(true, false))
                                .rules(new RuleOptions(RuleOptions.FarmRule.FIRST_EDITION, true)).build(),
                        300, 77, 1, DEFAULT_CROWNS),
                new Mode("WoF base + all + crop circles I+II",
                        GameConfig.builder().wheel(baseAll).cropCircles(CropCircleOptions.DEFAULT).build(),
                        200, 156, 16, DEFAULT_CROWNS));
    }
}
