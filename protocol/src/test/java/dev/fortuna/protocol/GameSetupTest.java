package dev.fortuna.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.RuleOptions;
import dev.fortuna.engine.WheelOptions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GameSetupTest {

    @Test
    void everyOptionMapsToTheEngineAndBack() {
        WheelOptions w = WheelOptions.DEFAULT.withTiles(WheelOptions.TileMode.BASE_PLUS_ALL)
                .withFamine(WheelOptions.FamineRule.PER_FIELD).withCrownsPerSector(List.of(2, 2, 1, 0, 1, 2))
                .withExcludeBaseStartTile(true);
        List<GameConfig> configs = List.of(GameConfig.base(2, 7),
                new GameConfig(5, 7, Set.of(ExpansionId.WHEEL_OF_FORTUNE, ExpansionId.CROP_CIRCLES),
                        new RuleOptions(RuleOptions.FarmRule.FIRST_EDITION, true), w, new CropCircleOptions(false, true),
                        null),
                GameConfig.builder().players(3).seed(7).wheel(WheelOptions.DEFAULT.withWheelIsStart(false)).build());
        for (GameConfig c : configs) {
            GameSetup s = GameSetup.of(c);
            assertEquals(c, s.toConfig(7));
            assertEquals(s, Json.read(Json.write(s), GameSetup.class));
        }
        GameSetup full = GameSetup.of(configs.get(1));
        assertEquals(new GameSetup(5, List.of("wheel-of-fortune", "crop-circles"), "base+all", false, "per-field",
                List.of(2, 2, 1, 0, 1, 2), true, "II", "1", true), full);
    }

    @Test
    void absentFieldsTakeTheCommandLineDefaults() {
        GameSetup s = Json.read("{\"expansions\":[\"wheel-of-fortune\"]}", GameSetup.class);
        assertEquals(GameConfig.builder().players(2).seed(3).wheel(WheelOptions.DEFAULT).build(), s.toConfig(3));
    }

    @Test
    void badOptionsAreRefusedWithTheFieldAndValue() {
        assertBad("players must be 2 to 5, not 6", new GameSetup(6, null, null, null, null, null, null, null, null, null));
        assertBad("expansions: unknown expansion 'tower' (known: wheel-of-fortune, crop-circles)",
                new GameSetup(2, List.of("tower"), null, null, null, null, null, null, null, null));
        List<String> wof = List.of("wheel-of-fortune");
        assertBad("wheelTiles must be standalone, base+numbered or base+all, not 'some'",
                new GameSetup(2, wof, "some", null, null, null, null, null, null, null));
        assertBad("famine must be all, majority or per-field, not 'none'",
                new GameSetup(2, wof, null, null, "none", null, null, null, null, null));
        assertBad("crowns needs six counts of 0, 1 or 2 (Fortune,Tax,Famine,Storm,Inquisition,Plague), not [1, 2, 3]",
                new GameSetup(2, wof, null, null, null, List.of(1, 2, 3), null, null, null, null));
        assertBad("excludeBaseStartTile needs the base game's tiles (base+numbered or base+all) with the wheel as "
                + "the start", new GameSetup(2, wof, null, null, null, null, true, null, null, null));
        assertBad("wheelBeside needs expansions wheel-of-fortune",
                new GameSetup(2, null, null, true, null, null, null, null, null, null));
        assertBad("cropSets needs expansions crop-circles",
                new GameSetup(2, null, null, null, null, null, null, "I", null, null));
        assertBad("cropSets must be I,II or I or II, not 'III'",
                new GameSetup(2, List.of("crop-circles"), null, null, null, null, null, "III", null, null));
        assertBad("farmRule must be 3, 2 or 1 (the edition), not '4'",
                new GameSetup(2, null, null, null, null, null, null, null, "4", null));
    }

    private static void assertBad(String message, GameSetup s) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> s.toConfig(1)).getMessage());
    }
}
