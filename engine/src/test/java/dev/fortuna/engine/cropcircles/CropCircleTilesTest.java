package dev.fortuna.engine.cropcircles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.ExpansionId;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.HalfEdge;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileFeature;
import dev.fortuna.engine.tile.TileSet;
import dev.fortuna.engine.tile.TileType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 12 Crop Circles tiles as data (RULES.md §4.1–4.2) and how the set options change the draw pile. */
class CropCircleTilesTest {
    private static final TileCatalog CATALOG = TileCatalog.standard();

    /** RULES.md §4.2, copied as literals: id → symbol and notation. */
    private static final Map<String, String[]> TABLE = new LinkedHashMap<>();

    static {
        TABLE.put("CC1-a", new String[] {"SHIELD", "CFFC; C1:N-W; F1:En,Es,Se,Sw>C1"});
        TABLE.put("CC1-b", new String[] {"SHIELD", "CCFF; C1:N; C2:E; F1:Se,Sw,Ws,Wn>C1,C2"});
        TABLE.put("CC1-c", new String[] {"PITCHFORK", "CRFF; C1:N; R1:E; F1:En,Es,Se,Sw,Ws,Wn>C1"});
        TABLE.put("CC1-d", new String[] {"CLUB", "FFRR; R1:S-W; F1:Nw,Ne,En,Es,Se,Wn; F2:Sw,Ws"});
        TABLE.put("CC1-e", new String[] {"PITCHFORK", "CFRR; C1:N; R1:S-W; F1:En,Es,Se,Wn>C1; F2:Sw,Ws"});
        TABLE.put("CC1-f", new String[] {"CLUB", "RFRR; R1:N; R2:S; R3:W; F1:Ne,En,Es,Se; F2:Sw,Ws; F3:Wn,Nw"});
        TABLE.put("CC2-a", new String[] {"CLUB", "FRRR; R1:S-W; R2:E; F1:Wn,Nw,Ne,En; F2:Es,Se; F3:Sw,Ws"});
        TABLE.put("CC2-b", new String[] {"CLUB", "RRRR; R1:S-W; R2:N; R3:E; F1:Wn,Nw,Es,Se; F2:Ne,En; F3:Sw,Ws"});
        TABLE.put("CC2-c", new String[] {"PITCHFORK", "CFRF; C1:N; R1:S; F1:En,Es,Se,Sw,Ws,Wn>C1"});
        TABLE.put("CC2-d", new String[] {"PITCHFORK", "CRFR; C1:N; R1:E; R2:W; F1:En,Wn>C1; F2:Es,Se,Sw,Ws"});
        TABLE.put("CC2-e", new String[] {"SHIELD", "CFCF; C1:N; C2:S; F1:Ws,Wn>C1,C2; F2:En,Es>C1,C2"});
        TABLE.put("CC2-f", new String[] {"SHIELD", "CCCC; C1:N-W; C2:E-S"});
    }

    private static List<String> ids(TileSet s) {
        List<String> out = new ArrayList<>();
        for (TileSet.Entry e : s.entries()) {
            out.add(e.type().id());
        }
        return out;
    }

    @Test
    void setIHoldsSixTilesCc1AToFOnceEach() {
        TileSet one = CATALOG.cropCirclesI();
        assertEquals(List.of("CC1-a", "CC1-b", "CC1-c", "CC1-d", "CC1-e", "CC1-f"), ids(one));
        assertEquals(6, one.size());
        one.entries().forEach(e -> assertEquals(1, e.count(), e.type().id()));
        assertNull(one.startType(), "a crop-circle set brings no start tile");
    }

    @Test
    void setIIHoldsSixTilesCc2AToFOnceEach() {
        TileSet two = CATALOG.cropCirclesII();
        assertEquals(List.of("CC2-a", "CC2-b", "CC2-c", "CC2-d", "CC2-e", "CC2-f"), ids(two));
        assertEquals(6, two.size());
        two.entries().forEach(e -> assertEquals(1, e.count(), e.type().id()));
    }

    @Test
    void everyTileHasTheSymbolAndNotationOfTheRulesTable() {
        for (Map.Entry<String, String[]> row : TABLE.entrySet()) {
            TileType t = CATALOG.type(row.getKey());
            assertEquals(CropSymbol.valueOf(row.getValue()[0]), t.cropSymbol(), row.getKey());
            assertEquals(row.getValue()[1], t.notation(), row.getKey());
            assertEquals(0, t.wheel(), "no crop-circle tile carries a wheel number: " + row.getKey());
            assertFalse(t.hasCloister(), row.getKey());
        }
    }

    @Test
    void eachSetHasTwoPitchforksTwoClubsAndTwoShields() {
        for (TileSet s : List.of(CATALOG.cropCirclesI(), CATALOG.cropCirclesII())) {
            Map<CropSymbol, Integer> count = new LinkedHashMap<>();
            for (TileSet.Entry e : s.entries()) {
                count.merge(e.type().cropSymbol(), e.count(), Integer::sum);
            }
            assertEquals(Map.of(CropSymbol.PITCHFORK, 2, CropSymbol.CLUB, 2, CropSymbol.SHIELD, 2), count, s.name());
        }
    }

    @Test
    void symbolsAffectFarmersThievesAndKnights() {
        assertEquals(FeatureKind.FIELD, CropSymbol.PITCHFORK.affects);
        assertEquals(FeatureKind.ROAD, CropSymbol.CLUB.affects);
        assertEquals(FeatureKind.CITY, CropSymbol.SHIELD.affects);
    }

    @Test
    void baseTilesCarryNoCropSymbol() {
        for (TileSet.Entry e : CATALOG.base().entries()) {
            assertNull(e.type().cropSymbol(), e.type().id());
        }
    }

    private static int halves(HalfEdge... hs) {
        int m = 0;
        for (HalfEdge h : hs) {
            m |= 1 << h.ordinal();
        }
        return m;
    }

    private static TileFeature feature(TileType t, String name) {
        return t.feature(t.featureIndex(name));
    }

    @Test
    void cc2dHasTwoRoadStubsAndANorthStripApartFromTheSouthField() {
        TileType t = CATALOG.type("CC2-d");
        // Two roads, each reaching one edge only: both end at the crop circle.
        TileFeature east = feature(t, "R1"), west = feature(t, "R2");
        assertEquals(FeatureKind.ROAD, east.kind());
        assertEquals(1, east.edgeCount());
        assertEquals(1, west.edgeCount());
        assertEquals(1 << 1, east.edges()); // E
        assertEquals(1 << 3, west.edges()); // W
        TileFeature north = feature(t, "F1"), south = feature(t, "F2");
        assertEquals(halves(HalfEdge.En, HalfEdge.Wn), north.halfEdges());
        assertEquals(List.of(t.featureIndex("C1")), north.adjacentCities());
        assertEquals(halves(HalfEdge.Es, HalfEdge.Se, HalfEdge.Sw, HalfEdge.Ws), south.halfEdges());
        assertEquals(List.of(), south.adjacentCities());
        assertEquals(5, t.features().size());
    }

    @Test
    void cc2eHasTwoFieldsUnlikeBaseTileH() {
        TileType t = CATALOG.type("CC2-e");
        List<TileFeature> fields = t.features().stream().filter(f -> f.kind() == FeatureKind.FIELD).toList();
        assertEquals(2, fields.size());
        assertEquals(halves(HalfEdge.Ws, HalfEdge.Wn), fields.get(0).halfEdges());
        assertEquals(halves(HalfEdge.En, HalfEdge.Es), fields.get(1).halfEdges());
        for (TileFeature f : fields) {
            assertEquals(List.of(t.featureIndex("C1"), t.featureIndex("C2")), f.adjacentCities());
        }
        TileType h = CATALOG.type("H");
        assertEquals(1, h.features().stream().filter(f -> f.kind() == FeatureKind.FIELD).count());
    }

    @Test
    void cc2fHasNoFieldAndTwoCornerCities() {
        TileType t = CATALOG.type("CC2-f");
        assertTrue(t.features().stream().noneMatch(f -> f.kind() == FeatureKind.FIELD));
        assertEquals(2, t.features().size());
        assertEquals(1 << 0 | 1 << 3, feature(t, "C1").edges()); // N-W
        assertEquals(1 << 1 | 1 << 2, feature(t, "C2").edges()); // E-S
        assertEquals(0, feature(t, "C1").pennants() + feature(t, "C2").pennants());
    }

    /** True when {@code a} turned by {@code ra} looks like {@code b} turned by {@code rb} (edges and field halves). */
    private static boolean sameShape(TileType a, int ra, TileType b, int rb) {
        if (a.edgeCode(ra) != b.edgeCode(rb) || a.features().size() != b.features().size()) {
            return false;
        }
        for (int h = 0; h < 8; h++) {
            for (int k = 0; k < 8; k++) {
                boolean sameA = a.halfFeature(ra, h) >= 0 && a.halfFeature(ra, h) == a.halfFeature(ra, k);
                boolean sameB = b.halfFeature(rb, h) >= 0 && b.halfFeature(rb, h) == b.halfFeature(rb, k);
                if (sameA != sameB) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void cc1bIsBaseTileITurnedAndCc1aIsBaseTileNTurned() {
        assertTrue(sameShape(CATALOG.type("CC1-b"), 3, CATALOG.type("I"), 0));
        assertTrue(sameShape(CATALOG.type("CC1-a"), 1, CATALOG.type("N"), 0));
        // CC2-d has D's edges and fields, but two road stubs instead of D's through road.
        assertFalse(sameShape(CATALOG.type("CC2-d"), 0, CATALOG.type("D"), 0));
        assertEquals(CATALOG.type("D").edgeCode(0), CATALOG.type("CC2-d").edgeCode(0));
    }

    // ---------------------------------------------------------------------------------------------------
    // The draw pile with CropCircleOptions (base game: 71 tiles after the start tile)
    // ---------------------------------------------------------------------------------------------------

    private static List<String> pile(CropCircleOptions o) {
        GameConfig c = o == null ? GameConfig.builder().players(2).seed(7).build()
                : GameConfig.builder().players(2).seed(7).cropCircles(o).build();
        return GameState.newGame(c).remainingTiles();
    }

    private static List<String> cropIds(List<String> tiles) {
        return tiles.stream().filter(id -> id.startsWith("CC")).sorted().toList();
    }

    @Test
    void baseGamePileHasSeventyOneTilesAndNoCropCircle() {
        // The opening tile has been drawn already: the pile plus that tile.
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(7).build());
        assertEquals(71, g.pileSize() + g.drawnTiles().size());
        assertEquals(List.of(), cropIds(g.drawnTiles()));
        assertEquals(List.of(), cropIds(pile(null)));
    }

    private static int total(CropCircleOptions o) {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(7).cropCircles(o).build());
        return g.pileSize() + g.drawnTiles().size();
    }

    private static List<String> allCrop(CropCircleOptions o) {
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(7).cropCircles(o).build());
        List<String> all = new ArrayList<>(g.remainingTiles());
        all.addAll(g.drawnTiles());
        return cropIds(all);
    }

    @Test
    void setIOnlyAddsSixTiles() {
        CropCircleOptions o = new CropCircleOptions(true, false);
        assertEquals(71 + 6, total(o));
        assertEquals(List.of("CC1-a", "CC1-b", "CC1-c", "CC1-d", "CC1-e", "CC1-f"), allCrop(o));
    }

    @Test
    void setIIOnlyAddsSixTiles() {
        CropCircleOptions o = new CropCircleOptions(false, true);
        assertEquals(71 + 6, total(o));
        assertEquals(List.of("CC2-a", "CC2-b", "CC2-c", "CC2-d", "CC2-e", "CC2-f"), allCrop(o));
    }

    @Test
    void bothSetsAddTwelveTilesAndAreTheDefault() {
        assertEquals(71 + 12, total(CropCircleOptions.DEFAULT));
        assertEquals(List.of("CC1-a", "CC1-b", "CC1-c", "CC1-d", "CC1-e", "CC1-f",
                "CC2-a", "CC2-b", "CC2-c", "CC2-d", "CC2-e", "CC2-f"), allCrop(CropCircleOptions.DEFAULT));
        GameState g = GameState.newGame(GameConfig.builder().players(2).seed(7)
                .expansion(ExpansionId.CROP_CIRCLES).build());
        assertEquals(83, g.pileSize() + g.drawnTiles().size());
    }

    @Test
    void noSetAtAllIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CropCircleOptions(false, false));
    }

    @Test
    void aForcedPileMayNotNameATileOfTheSetLeftOut() {
        GameConfig c = GameConfig.builder().players(2).cropCircles(new CropCircleOptions(true, false))
                .draws("CC1-a", "CC2-a").build();
        assertThrows(IllegalArgumentException.class, () -> GameState.newGame(c));
    }

    @Test
    void withTheWheelOfFortuneTheSetsAreAddedToItsSeventyTwoTiles() {
        GameConfig.Builder wheel = GameConfig.builder().players(2).seed(3).expansion(ExpansionId.WHEEL_OF_FORTUNE);
        GameState plain = GameState.newGame(wheel.build());
        assertEquals(72, plain.pileSize() + plain.drawnTiles().size());
        GameState one = GameState.newGame(GameConfig.builder().players(2).seed(3)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).cropCircles(new CropCircleOptions(true, false)).build());
        assertEquals(78, one.pileSize() + one.drawnTiles().size());
        GameState both = GameState.newGame(GameConfig.builder().players(2).seed(3)
                .expansion(ExpansionId.WHEEL_OF_FORTUNE).expansion(ExpansionId.CROP_CIRCLES).build());
        assertEquals(84, both.pileSize() + both.drawnTiles().size());
    }
}
