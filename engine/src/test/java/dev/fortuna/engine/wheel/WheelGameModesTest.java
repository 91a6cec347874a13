package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlacedTile;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.WheelOptions.TileMode;
import dev.fortuna.engine.tile.Rotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** How a Wheel of Fortune game is set up in each mode (RULES.md §3.3, §3.9, §6 #8). */
class WheelGameModesTest {

    private static GameState game(WheelOptions o, long seed, List<Event> events) {
        return GameState.newGame(GameConfig.builder().players(3).seed(seed).wheel(o).build(), events);
    }

    /** The whole draw pile of a fresh game: what was drawn so far plus what is left. */
    private static List<String> pile(GameState g) {
        List<String> all = new ArrayList<>(g.drawnTiles());
        all.addAll(g.remainingTiles());
        return all;
    }

    private static Map<String, Integer> countBy(List<String> ids, boolean wheelBox) {
        Map<String, Integer> m = new TreeMap<>();
        for (String id : ids) {
            if (id.startsWith("wof:") == wheelBox) {
                m.merge(id, 1, Integer::sum);
            }
        }
        return m;
    }

    private static int sum(Map<String, Integer> m) {
        return m.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static void assertBoardIsTheStart(GameState g) {
        List<PlacedTile> b = g.board();
        int squares = 0;
        for (PlacedTile t : b) {
            if (t.boardSquare()) {
                squares++;
                assertTrue(t.position().x() >= 0 && t.position().x() <= 3 && t.position().y() >= 0
                        && t.position().y() <= 3);
            }
        }
        assertEquals(16, squares);
        assertTrue(b.get(0).boardSquare(), "the board is laid first");
        assertTrue(g.tileAt(new Position(1, 1)).boardSquare());
    }

    /** The pig starts on Fortune: if the opening draw moved it, it moved from Fortune. */
    private static void assertPigStartedOnFortune(GameState g, List<Event> opening) {
        List<Event.PigMoved> moves = opening.stream().filter(e -> e instanceof Event.PigMoved)
                .map(e -> (Event.PigMoved) e).toList();
        if (moves.isEmpty()) {
            assertEquals(Sector.FORTUNE, g.pig());
        } else {
            assertEquals(Sector.FORTUNE, moves.get(0).from());
        }
    }

    @Test
    void standaloneSeventyTwoTilesBoardStartPigOnFortune() {
        List<Event> opening = new ArrayList<>();
        GameState g = game(WheelOptions.DEFAULT, 7, opening);
        List<String> all = pile(g);
        assertEquals(72, all.size());
        assertEquals(72, sum(countBy(all, true)), "only Wheel of Fortune tiles");
        assertEquals(4, countBy(all, true).get("wof:D"), "all four D tiles are ordinary tiles");
        assertEquals(19, all.stream().filter(id -> id.contains("/w") || id.equals("wof:IC-f")).count());
        assertBoardIsTheStart(g);
        assertPigStartedOnFortune(g, opening);
        for (Sector s : Sector.values()) {
            assertEquals(s.ordinal() % 2 == 0 ? 1 : 2, g.crownSpaces(s));
        }
        // With a forced non-wheel first tile the pig visibly stands on Fortune.
        Scenario s = Scenario.wheel(2, "wof:B");
        assertEquals(Sector.FORTUNE, s.state().pig());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
    }

    @Test
    void basePlusTheNineteenNumberedTilesBaseStartTileShuffledIn() {
        GameState g = game(WheelOptions.DEFAULT.withTiles(TileMode.BASE_PLUS_WHEEL_TILES), 3, null);
        List<String> all = pile(g);
        assertEquals(91, all.size());
        Map<String, Integer> base = countBy(all, false), wof = countBy(all, true);
        assertEquals(72, sum(base));
        assertEquals(4, base.get("D"), "the base start tile is an ordinary D in the pile");
        assertEquals(Map.of("wof:U/w1", 3, "wof:U/w2", 3, "wof:U/w3", 2, "wof:V/w1", 4, "wof:V/w2", 2,
                "wof:V/w3", 1, "wof:X/w1", 1, "wof:N/w1", 2, "wof:IC-f", 1), wof);
        assertBoardIsTheStart(g);
    }

    @Test
    void basePlusTheNineteenWithTheBaseStartTileLeftOut() {
        GameState g = game(WheelOptions.DEFAULT.withTiles(TileMode.BASE_PLUS_WHEEL_TILES)
                .withExcludeBaseStartTile(true), 3, null);
        List<String> all = pile(g);
        assertEquals(90, all.size());
        assertEquals(71, sum(countBy(all, false)));
        assertEquals(3, countBy(all, false).get("D"));
        assertEquals(19, sum(countBy(all, true)));
        assertBoardIsTheStart(g);
    }

    @Test
    void basePlusAllWheelTiles() {
        GameState g = game(WheelOptions.DEFAULT.withTiles(TileMode.BASE_PLUS_ALL), 5, null);
        List<String> all = pile(g);
        assertEquals(144, all.size());
        assertEquals(72, sum(countBy(all, false)));
        assertEquals(72, sum(countBy(all, true)));
        assertBoardIsTheStart(g);

        GameState h = game(WheelOptions.DEFAULT.withTiles(TileMode.BASE_PLUS_ALL).withExcludeBaseStartTile(true), 5,
                null);
        assertEquals(143, pile(h).size());
        assertEquals(3, countBy(pile(h), false).get("D"));
        assertEquals(4, countBy(pile(h), true).get("wof:D"));
        assertBoardIsTheStart(h);
    }

    @Test
    void houseRuleWheelBesideTheLandscapeDStartsSeventyOneInThePile() {
        WheelOptions beside = WheelOptions.DEFAULT.withWheelIsStart(false);
        List<Event> opening = new ArrayList<>();
        GameState g = game(beside, 11, opening);
        List<String> all = pile(g);
        assertEquals(71, all.size());
        assertEquals(3, countBy(all, true).get("wof:D"), "the start D came out of the pile");
        List<PlacedTile> board = g.board();
        assertEquals(1, board.size(), "the board is not on the landscape");
        PlacedTile start = board.get(0);
        assertEquals("wof:D", start.type().id());
        assertEquals(new Position(0, 0), start.position());
        assertEquals(Rotation.R0, start.rotation());
        assertFalse(start.boardSquare());
        assertNull(g.tileAt(new Position(1, 1)));
        assertPigStartedOnFortune(g, opening);

        // Crowns and pig still work: a crown deployment is offered, and a numbered tile moves the pig.
        Scenario s = Scenario.of(GameConfig.builder().players(2).wheel(beside).draws("wof:E", "wof:U/w1").build());
        assertEquals(Sector.FORTUNE, s.state().pig());
        s.place(0, -1, 180); // closes the D's city: a 2-tile city
        assertTrue(s.state().legalActions().contains(new Action.DeployOnCrown(Sector.TAX)));
        s.crown(Sector.TAX);
        // Seat 1 draws U/w1: Fortune → Tax; seat 0's lone follower on Tax's two crowns scores 6.
        assertEquals(Sector.TAX, s.state().pig());
        s.expectScores(6, 0).expectSupplies(7, 7);
        assertEquals(1, s.events(Event.PigMoved.class).size());
        assertEquals(List.of(6, 0), s.events(Event.CrownsScored.class).get(0).points());
        assertEquals(2, s.state().crownSpaces(Sector.TAX));
    }

    @Test
    void houseRuleWithTheBaseGameTheBaseStartTileStarts() {
        GameState g = game(WheelOptions.DEFAULT.withWheelIsStart(false).withTiles(TileMode.BASE_PLUS_WHEEL_TILES), 2,
                null);
        List<String> all = pile(g);
        assertEquals(90, all.size());
        assertEquals(3, countBy(all, false).get("D"));
        assertEquals(1, g.board().size());
        assertEquals("D", g.board().get(0).type().id());
        assertEquals(143, pile(game(WheelOptions.DEFAULT.withWheelIsStart(false).withTiles(TileMode.BASE_PLUS_ALL), 2,
                null)).size());
    }

    @Test
    void theWheelExpansionIsOffWithoutBeingAsked() {
        GameState g = GameState.newGame(GameConfig.base(2, 1));
        assertNull(g.pig());
        assertFalse(g.config().has(ExpansionId.WHEEL_OF_FORTUNE));
        assertEquals(72, pile(g).size() + 1, "base: 71 in the pile plus the start tile");
    }
}
