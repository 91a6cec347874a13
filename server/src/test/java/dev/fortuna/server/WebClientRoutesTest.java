package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fortuna.engine.tile.TileCatalog;
import dev.fortuna.engine.tile.TileType;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the server adds for the browser client: the tile geometry as JSON, the page at every game address, and
 * the hint for a seat's decision. Runs once per database (subclasses: H2 and PostgreSQL).
 */
abstract class WebClientRoutesTest extends ServerFixture {
    WebClientRoutesTest() {
        super(1, 100, 0, 1L);
    }

    @Override
    abstract TestDatabases.Db database() throws Exception;

    @Test
    void geometryHasEveryTileTypeWithItsFeaturesInNotationOrderAndTheWheelBoard() throws Exception {
        TestClient.Reply r = client.get("/api/geometry", null);
        assertEquals(200, r.status());
        JsonNode json = new ObjectMapper().readTree(r.body());
        TileCatalog catalog = TileCatalog.standard();
        assertEquals(catalog.allTypes().size(), json.get("tiles").size());
        for (TileType t : catalog.allTypes()) {
            JsonNode tile = json.get("tiles").get(t.id());
            assertEquals(t.id(), tile.get("tileId").asText());
            assertEquals("R0", tile.get("rotation").asText());
            assertEquals(t.features().size(), tile.get("features").size(), t.id());
            for (int i = 0; i < t.features().size(); i++) {
                assertEquals(t.feature(i).name(), tile.get("features").get(i).get("name").asText(), t.id());
            }
        }
        JsonNode board = json.get("wheelBoard");
        assertEquals(16, board.get("squares").size());
        assertEquals(6, board.get("wheel").get("sectors").size());
        assertEquals("FORTUNE", board.get("wheel").get("sectors").get(0).get("sector").asText());
        assertEquals(1, board.get("wheel").get("sectors").get(0).get("crownSpaces").size());
        assertEquals(2, board.get("wheel").get("sectors").get(1).get("crownSpaces").size());
    }

    @Test
    void aHintIsOneOfTheLegalOptionsOfTheSeatsDecisionAndChangesNothing() {
        Lobby.Created c = client.post("/api/games", null, new Lobby.CreateGame(GameSetup.base(2), List.of(
                new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, "Ada"),
                new Lobby.SeatSpec(Lobby.SeatKind.BOT, "random", null)))).as(Lobby.Created.class);
        String token = c.invitations().get(0).token();
        String hintPath = "/api/games/" + c.gameId() + "/hint";
        assertEquals(409, client.get(hintPath, token).status(), "not before the game starts");
        assertEquals(200, client.post("/api/games/" + c.gameId() + "/join", token, "").status());

        TestClient.Reply r = client.get(hintPath, token);
        assertEquals(200, r.status(), r.body());
        GameService.Hint hint = r.as(GameService.Hint.class);
        GameView view = client.get("/api/games/" + c.gameId() + "/view", token).as(GameView.class);
        assertEquals(0, hint.ply());
        assertEquals(0, view.ply(), "nothing was applied");
        ActionDto.Place place = (ActionDto.Place) hint.action();
        assertTrue(view.decision().placements().stream().anyMatch(p -> p.x() == place.x() && p.y() == place.y()
                && p.rotations().contains(place.rotation())), place.toString());

        TestClient.Reply spectator = client.get(hintPath, null);
        assertEquals(403, spectator.status());
        assertEquals(ErrorCode.SPECTATOR_CANNOT_ACT, spectator.as(Rejection.class).code());
    }

    @Test
    void theClientPageIsServedAtTheRootAndAtEveryGameAddress() {
        for (String path : new String[] {"/", "/game/AbCdEf123_-x"}) {
            TestClient.Reply r = client.get(path, null);
            assertEquals(200, r.status(), path);
            assertTrue(r.body().contains("<div id=\"app\">"), path);
        }
        assertEquals(404, client.get("/game/a/b", null).status());
    }
}
