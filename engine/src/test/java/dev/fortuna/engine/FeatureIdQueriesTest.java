package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The allocation-free queries by feature id (for bots' evaluation) answer what {@code followers()},
 * {@code feature(...)}, {@code featureProgress}, {@code fieldCityOpenEdges}, {@code crowns} and
 * {@code remainingTiles} answer, on every position of seeded random games of every expansion mix.
 */
class FeatureIdQueriesTest {

    @Test
    void idQueriesAgreeWithTheDescriptiveQueries() {
        int followersChecked = 0, crownsChecked = 0, openingsChecked = 0;
        for (int game = 0; game < 16; game++) {
            Set<ExpansionId> ex = EnumSet.noneOf(ExpansionId.class);
            if ((game & 1) != 0) {
                ex.add(ExpansionId.WHEEL_OF_FORTUNE);
            }
            if ((game & 2) != 0) {
                ex.add(ExpansionId.CROP_CIRCLES);
            }
            GameState g = GameState.newGame(new GameConfig(2 + game / 4, 40 + game, ex, null, null, null, null));
            SplitMix64 r = new SplitMix64(game);
            int[] counts = new int[g.players()];
            IntList cities = new IntList(4), fits = new IntList(8);
            int[] byNumber = new int[4];
            while (true) {
                // Followers in slot order are the list of followers(), in order.
                List<FollowerPlacement> fs = g.followers();
                int k = 0;
                for (int slot = 0; slot < g.followerSlots(); slot++) {
                    int id = g.followerFeature(slot), sector = g.followerCrownSector(slot);
                    if (id < 0 && sector < 0) {
                        continue;
                    }
                    FollowerPlacement f = fs.get(k++);
                    assertEquals(f.seat().index(), slot / Followers.PER_SEAT);
                    if (f.onCrown()) {
                        assertEquals(-1, id);
                        assertEquals(f.crownSector().ordinal(), sector);
                        crownsChecked++;
                        continue;
                    }
                    assertEquals(-1, sector);
                    long progress = g.featureProgress(f.position(), f.feature());
                    assertEquals(progress >>> 32, id);
                    assertEquals((int) progress, g.featureOpen(id));
                    GameState.FeatureInfo info = g.feature(f.position(), f.feature());
                    assertEquals(info.kind().ordinal(), g.featureKind(id));
                    assertEquals(info.tileCount(), g.featureTileCount(id));
                    assertEquals(info.pennants(), g.featurePennants(id));
                    int dead = g.deadOpenings(f.position(), f.feature());
                    assertEquals(dead, g.featureDeadOpenings(id));
                    fits.clear();
                    g.featureOpeningFits(id, fits);
                    int zeros = 0;
                    for (int i = 0; i < fits.size(); i++) {
                        zeros += fits.get(i) == 0 ? 1 : 0;
                    }
                    assertEquals(info.kind() == FeatureKind.FIELD ? 0 : g.featureOpen(id), fits.size(),
                            "one count per opening");
                    assertEquals(dead, zeros, "an opening no tile fits is a dead one");
                    openingsChecked += fits.size();
                    g.featureFollowers(id, counts);
                    List<Integer> perSeat = new ArrayList<>();
                    for (int c : counts) {
                        perSeat.add(c);
                    }
                    assertEquals(info.followers(), perSeat);
                    cities.clear();
                    g.fieldCities(id, cities);
                    int[] open = new int[cities.size()];
                    int completed = 0;
                    for (int i = 0; i < open.length; i++) {
                        open[i] = g.featureOpen(cities.get(i));
                        completed += open[i] == 0 ? 1 : 0;
                    }
                    assertArrayEquals(g.fieldCityOpenEdges(f.position(), f.feature()), open);
                    assertEquals(info.adjacentCompletedCities(), completed);
                    followersChecked++;
                }
                assertEquals(fs.size(), k);
                if (g.pig() != null) {
                    for (Sector s : Sector.values()) {
                        long taken = g.crowns(s).stream().filter(x -> x != null).count();
                        assertEquals(taken, g.crownsTaken(s.ordinal()));
                    }
                }
                g.remainingByWheelNumber(byNumber);
                int[] expected = new int[4];
                for (String id : g.remainingTiles()) {
                    expected[TileCatalog.standard().allTypes().stream().filter(t -> t.id().equals(id))
                            .mapToInt(TileType::wheel).findFirst().orElseThrow()]++;
                }
                assertArrayEquals(expected, byNumber);
                if (g.isOver()) {
                    break;
                }
                g.applyLegal(r.nextInt(g.legalCount()));
            }
        }
        assertTrue(followersChecked > 5000, "followers checked: " + followersChecked);
        assertTrue(openingsChecked > 5000, "openings checked: " + openingsChecked);
        assertTrue(crownsChecked > 100, "crown followers checked: " + crownsChecked);
    }

    @Test
    void whatIsNotAFeatureIdIsRefused() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(1).draws("F", "U").build());
        g.apply(new Action.PlaceTile(new Position(0, -1), dev.fortuna.engine.tile.Rotation.of(1)));
        g.apply(new Action.Deploy(0));
        int id = g.followerFeature(0);
        assertEquals(FeatureKind.CITY.ordinal(), g.featureKind(id));
        assertThrows(IllegalArgumentException.class, () -> g.featureKind(-1));
        assertThrows(IllegalArgumentException.class, () -> g.featureOpen(10_000));
        // The knight's own segment (on F, placed second) joined the start tile's city, whose segment is the root.
        int joined = g.graph.segment(1, 0);
        assertTrue(joined != id);
        assertEquals(id, g.graph.find(joined));
        assertThrows(IllegalArgumentException.class, () -> g.featureTileCount(joined));
    }
}
