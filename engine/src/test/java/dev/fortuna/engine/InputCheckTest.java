package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fortuna.engine.tile.Rotation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Checks of what comes from outside (records, typed input): exact at the extremes, and in the player's words. */
class InputCheckTest {
    @Test
    void positionsAreCheckedExactlyAtBothEnds() {
        // Math.abs(Integer.MIN_VALUE) is negative, so an abs-based check let it through.
        assertThrows(IllegalArgumentException.class, () -> new Position(Integer.MIN_VALUE, 0));
        assertThrows(IllegalArgumentException.class, () -> new Position(0, Integer.MIN_VALUE));
        assertThrows(IllegalArgumentException.class, () -> new Position(Integer.MAX_VALUE, 0));
        assertThrows(IllegalArgumentException.class, () -> new Position(-2001, 0));
        assertEquals(-2000, new Position(-2000, 2000).x());
        assertEquals(false, Position.inRange(Integer.MIN_VALUE));
        assertEquals(true, Position.inRange(-2000));
    }

    @Test
    void aRefusalQuotesTheActionInTheRulebooksWords() {
        GameState g = GameState.newGame(GameConfig.builder().draws("E", "U").build());
        ApplyResult r = g.apply(Action.PASS);
        assertEquals("seat 0 must place tile E, not pass", ((ApplyResult.Rejected) r).reason());
        assertEquals("place a tile at (1,-2) turned 90°",
                new Action.PlaceTile(new Position(1, -2), Rotation.R90).describe());
        assertEquals("deploy a follower on feature 2", new Action.Deploy(2).describe());
        assertEquals("deploy a follower on a crown space of Tax", new Action.DeployOnCrown(Sector.TAX).describe());
        assertEquals("return the follower on feature 1 at (0,0)",
                new Action.ReturnFollower(new Position(0, 0), 1).describe());
        assertEquals("choose remove for the crop circle",
                new Action.ChooseCropCircleOption(CropCircleOption.REMOVE).describe());
        assertEquals("add a follower to feature 3 at (2,1)", new Action.AddFollower(new Position(2, 1), 3).describe());
    }

    @Test
    void configurationProblemsNameTheSettingAndTheCause() {
        assertEquals(List.of(), GameConfig.base(2, 1).problems());
        GameConfig wheelOptionsInBase = new GameConfig(2, 1, java.util.Set.of(), null,
                WheelOptions.DEFAULT.withFamine(WheelOptions.FamineRule.MAJORITY).withWheelIsStart(false), null, null);
        assertEquals(List.of(
                new ConfigProblem(ConfigProblem.Setting.WHEEL_IS_START, ExpansionId.WHEEL_OF_FORTUNE, null),
                new ConfigProblem(ConfigProblem.Setting.FAMINE, ExpansionId.WHEEL_OF_FORTUNE, null)),
                wheelOptionsInBase.problems());
        GameConfig excludeStandalone = GameConfig.builder()
                .wheel(WheelOptions.DEFAULT.withExcludeBaseStartTile(true)).build();
        assertEquals(List.of(new ConfigProblem(ConfigProblem.Setting.EXCLUDE_BASE_START_TILE, null,
                        "needs the base game's tiles (base+numbered or base+all) with the wheel as the start")),
                excludeStandalone.problems());
        GameConfig fine = GameConfig.builder().wheel(WheelOptions.DEFAULT
                .withTiles(WheelOptions.TileMode.BASE_PLUS_ALL).withExcludeBaseStartTile(true)).build();
        assertEquals(List.of(), fine.problems());
        GameConfig cropInBase = new GameConfig(3, 1, java.util.Set.of(), null, null,
                new CropCircleOptions(false, true), null);
        assertEquals(List.of(new ConfigProblem(ConfigProblem.Setting.CROP_CIRCLES_SET_I, ExpansionId.CROP_CIRCLES,
                null)), cropInBase.problems());
    }
}
