package dev.fortuna.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.ApplyResult;
import dev.fortuna.engine.CropCircleOption;
import dev.fortuna.engine.CropCircleOptions;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.Position;
import dev.fortuna.engine.RejectionArg;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.SplitMix64;
import dev.fortuna.engine.WheelOptions;
import dev.fortuna.engine.tile.CropSymbol;
import dev.fortuna.engine.tile.FeatureKind;
import dev.fortuna.engine.tile.Rotation;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every wire type is written and read back equal; the exact JSON of the main shapes is pinned. */
class ProtocolRoundTripTest {

    private static <T> T roundTrip(T value, Class<? super T> type) {
        String json = Json.write(value);
        Object back = Json.read(json, type);
        assertEquals(value, back, json);
        return value;
    }

    @Test
    void everyActionRoundTripsAndMapsToTheEngineAndBack() {
        List<ActionDto> all = List.of(new ActionDto.Place(3, -1, 270), new ActionDto.Deploy(2),
                new ActionDto.Crown(Sector.STORM), new ActionDto.Pass(), new ActionDto.Return(1, 0, 3),
                new ActionDto.CropChoice(CropCircleOption.REMOVE), new ActionDto.Add(-2, 5, 1));
        assertEquals(ActionDto.class.getPermittedSubclasses().length, all.size());
        for (ActionDto a : all) {
            roundTrip(a, ActionDto.class);
            assertEquals(a, ActionDto.of(a.toAction()));
        }
        assertEquals("{\"type\":\"place\",\"x\":3,\"y\":-1,\"rotation\":270}", Json.write(all.get(0)));
        assertEquals("{\"type\":\"crown\",\"sector\":\"STORM\"}", Json.write(all.get(2)));
        assertEquals("{\"type\":\"crop-choice\",\"option\":\"REMOVE\"}", Json.write(all.get(5)));
        roundTrip(new SeatAction(1, 17, all.get(4)), SeatAction.class);
        roundTrip(new ActionRequest(all.get(0), 4, "c-1"), ActionRequest.class);
    }

    @Test
    void badActionsAreRefusedWithAReason() {
        IllegalArgumentException rot = assertThrows(IllegalArgumentException.class,
                () -> Json.read("{\"type\":\"place\",\"x\":0,\"y\":1,\"rotation\":45}", ActionDto.class).toAction());
        assertEquals("rotation must be 0, 90, 180 or 270 degrees, not 45", rot.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Json.read("{\"type\":\"jump\"}", ActionDto.class));
        assertTrue(unknown.getMessage().startsWith("malformed ActionDto: Could not resolve type id 'jump'"),
                unknown.getMessage());
        IllegalArgumentException extra = assertThrows(IllegalArgumentException.class,
                () -> Json.read("{\"type\":\"pass\",\"seat\":1}", ActionDto.class));
        assertTrue(extra.getMessage().startsWith("malformed ActionDto: Unrecognized field \"seat\""),
                extra.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ActionDto.Crown(null).toAction());
    }

    @Test
    void everyEventKindRoundTrips() {
        EventDto.Square sq = new EventDto.Square(1, -2);
        List<EventDto> all = List.of(
                new EventDto.TileDrawn(0, "V", 70),
                new EventDto.TileDiscarded(1, "X"),
                new EventDto.TilePlaced(0, "V", sq, 90),
                new EventDto.FollowerDeployed(0, sq, 1, "R1", FeatureKind.ROAD),
                new EventDto.DeploymentPassed(1),
                new EventDto.CrownDeployed(1, Sector.TAX),
                new EventDto.FeatureScored(FeatureKind.CITY, false, List.of(sq, new EventDto.Square(1, -1)),
                        List.of(new EventDto.SquareFeature(sq, 0, "C1"),
                                new EventDto.SquareFeature(new EventDto.Square(1, -1), 1, "C2")), 1, 0,
                        List.of(1, 0), List.of(6, 0)),
                new EventDto.FollowerReturned(0, sq, 0, "C1", null, Event.ReturnReason.SCORED),
                new EventDto.FollowerReturned(1, null, null, null, Sector.FAMINE, Event.ReturnReason.CROWN_SCORED),
                new EventDto.PigMoved(0, Sector.FORTUNE, Sector.FAMINE, 2),
                new EventDto.SectorResolved(Sector.TAX, 0, List.of(2, 0),
                        List.of("1 knight(s) × (1 pennant(s) + 1 own knight(s)) = 2", ""),
                        List.of(List.of(new EventDto.SectorTerm.Tax(1, 1, 2)), List.of())),
                new EventDto.SectorResolved(Sector.FAMINE, 1, List.of(3, 2, 0, 0), List.of("", "", "", ""),
                        List.of(List.of(new EventDto.SectorTerm.Famine(1, 3, false, 3)),
                                List.of(new EventDto.SectorTerm.Famine(2, 1, false, 2)),
                                List.of(new EventDto.SectorTerm.Plague(2)),
                                List.of(new EventDto.SectorTerm.Fortune(3), new EventDto.SectorTerm.Storm(4, 4),
                                        new EventDto.SectorTerm.Inquisition(1, 2)))),
                new EventDto.CrownsScored(Sector.TAX, List.of(3, 0), List.of(1, 0)),
                new EventDto.Skipped(1, DecisionKind.PLAGUE_RETURN, null),
                new EventDto.Skipped(0, DecisionKind.CROP_CIRCLE_ADD, FeatureKind.FIELD),
                new EventDto.CropCircleChosen(0, CropSymbol.CLUB, CropCircleOption.ADD),
                new EventDto.CropCircleSkipped(0, CropSymbol.SHIELD),
                new EventDto.FollowerAdded(1, sq, 0, "F1", FeatureKind.FIELD),
                new EventDto.Declined(0, true),
                new EventDto.GameEnded(List.of(80, 80), List.of(0, 1)));
        Set<Class<?>> kinds = new HashSet<>();
        for (EventDto e : all) {
            roundTrip(e, EventDto.class);
            kinds.add(e.getClass());
        }
        assertEquals(Set.of(EventDto.class.getPermittedSubclasses()), kinds);
        assertEquals("{\"type\":\"follower-returned\",\"seat\":1,\"crownSector\":\"FAMINE\",\"reason\":\"CROWN_SCORED\"}",
                Json.write(all.get(8)));
    }

    /** A whole seeded game with both expansions: every engine event maps, and every mapped event round-trips. */
    @Test
    void engineEventsOfAWholeGameMapAndRoundTrip() {
        GameConfig config = GameConfig.builder().players(3).seed(5).wheel(WheelOptions.DEFAULT)
                .cropCircles(CropCircleOptions.DEFAULT).build();
        GameState g = GameState.newGame(config);
        SplitMix64 rng = new SplitMix64(9);
        Set<Class<?>> seen = new HashSet<>();
        int plies = 0;
        while (!g.isOver()) {
            List<Action> legal = g.legalActions();
            ApplyResult r = g.apply(legal.get(rng.nextInt(legal.size())));
            for (Event e : ((ApplyResult.Applied) r).events()) {
                EventDto dto = roundTrip(EventDto.of(e), EventDto.class);
                seen.add(dto.getClass());
                if (e instanceof Event.SectorResolved x && dto instanceof EventDto.SectorResolved d) {
                    // The wire terms carry every count the engine computed, one list per seat.
                    for (int seat = 0; seat < x.reasons().size(); seat++) {
                        assertEquals(x.reasons().get(seat).text(), d.reasons().get(seat));
                        assertEquals(x.reasons().get(seat).terms().size(), d.terms().get(seat).size());
                    }
                }
                if (e instanceof Event.FeatureScored x && dto instanceof EventDto.FeatureScored d) {
                    assertEquals(x.features().size(), d.features().size());
                }
            }
            if (plies++ % 25 == 0) {
                roundTrip(Views.of(g, plies % 2 == 0 ? null : 1, plies), GameView.class);
            }
        }
        roundTrip(Views.of(g, 2, plies), GameView.class);
        assertTrue(seen.containsAll(Set.of(EventDto.TileDrawn.class, EventDto.TilePlaced.class,
                EventDto.FeatureScored.class, EventDto.PigMoved.class, EventDto.SectorResolved.class,
                EventDto.GameEnded.class)), seen.toString());
    }

    @Test
    void rejectionsRoundTripWithTheirArguments() {
        RejectionArgs all = new RejectionArgs(1, 0, DecisionKind.DEPLOY, new ActionDto.Deploy(7), "E",
                new EventDto.Square(0, -1), 90, 2, "R1", Sector.TAX);
        roundTrip(new Rejection(ErrorCode.TILE_DOES_NOT_FIT, "no fit", 3, all), Rejection.class);
        roundTrip(new ServerMessage.Rejected("x", new Rejection(ErrorCode.FEATURE_OCCUPIED, "taken", 4, all)),
                ServerMessage.class);
        RejectionArgs fit = new RejectionArgs(null, null, null, null, "E", new EventDto.Square(0, -1), 90, null, null,
                null);
        Rejection r = new Rejection(ErrorCode.TILE_DOES_NOT_FIT, "no fit", 0, fit);
        roundTrip(r, Rejection.class);
        assertEquals("{\"code\":\"TILE_DOES_NOT_FIT\",\"message\":\"no fit\",\"ply\":0,\"args\":{\"tile\":\"E\","
                + "\"position\":{\"x\":0,\"y\":-1},\"rotation\":90}}", Json.write(r));
        // A refusal by the rules without arguments has an empty object; a refusal of a request has none.
        Rejection none = new Rejection(ErrorCode.GAME_OVER, "over", 9, RejectionArgs.of(Map.of()));
        assertEquals("{\"code\":\"GAME_OVER\",\"message\":\"over\",\"ply\":9,\"args\":{}}", Json.write(none));
        roundTrip(none, Rejection.class);
        assertEquals("{\"code\":\"THROTTLED\",\"message\":\"slow\"}",
                Json.write(Rejection.of(ErrorCode.THROTTLED, "slow")));
    }

    @Test
    void everyEngineRejectionArgumentHasAWireField() {
        Map<RejectionArg, Object> args = new EnumMap<>(RejectionArg.class);
        for (RejectionArg a : RejectionArg.values()) {
            args.put(a, switch (a) {
                case SEAT -> Seat.of(1);
                case DECIDER -> Seat.of(0);
                case DECISION -> DecisionKind.CROP_CIRCLE_ADD;
                case ACTION -> new Action.AddFollower(new Position(2, 3), 1);
                case TILE -> "U";
                case POSITION -> new Position(-4, 5);
                case ROTATION -> Rotation.R270;
                case FEATURE -> 3;
                case FEATURE_NAME -> "F2";
                case SECTOR -> Sector.PLAGUE;
            });
        }
        RejectionArgs wire = RejectionArgs.of(args);
        assertEquals(new RejectionArgs(1, 0, DecisionKind.CROP_CIRCLE_ADD, new ActionDto.Add(2, 3, 1), "U",
                new EventDto.Square(-4, 5), 270, 3, "F2", Sector.PLAGUE), wire);
        // One field per argument, under the argument's name in camel case.
        List<String> names = Arrays.stream(RejectionArg.values()).map(a -> camelCase(a.name())).toList();
        assertEquals(names, Arrays.stream(RejectionArgs.class.getRecordComponents()).map(c -> c.getName()).toList());
        roundTrip(wire, RejectionArgs.class);
    }

    /** {@code FEATURE_NAME} → {@code featureName}. */
    private static String camelCase(String constant) {
        StringBuilder out = new StringBuilder();
        for (String word : constant.toLowerCase(java.util.Locale.ROOT).split("_")) {
            out.append(out.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return out.toString();
    }

    @Test
    void aRealEngineRejectionKeepsItsArgumentsOnTheWire() {
        GameState g = GameState.newGame(GameConfig.builder().players(2).draws("E").build());
        ApplyResult.Rejected r = (ApplyResult.Rejected) g.apply(Seat.of(0),
                new Action.PlaceTile(new Position(0, -1), Rotation.R90));
        assertEquals(new RejectionArgs(null, null, null, null, "E", new EventDto.Square(0, -1), 90, null, null, null),
                RejectionArgs.of(r.args()));
        ApplyResult.Rejected other = (ApplyResult.Rejected) g.apply(Seat.of(1), Action.PASS);
        assertEquals(new RejectionArgs(1, 0, null, null, null, null, null, null, null, null),
                RejectionArgs.of(other.args()));
    }

    @Test
    void messagesAndLobbyRoundTrip() {
        GameState g = GameState.newGame(GameConfig.builder().draws("V", "E").build());
        GameView view = Views.of(g, 0, 0);
        roundTrip(new ClientMessage.Act(new ActionDto.Pass(), 3, "x"), ClientMessage.class);
        roundTrip(new ClientMessage.Resync(12), ClientMessage.class);
        roundTrip(new ClientMessage.Ping(7), ClientMessage.class);
        roundTrip(new ServerMessage.Snapshot(0, view), ServerMessage.class);
        roundTrip(new ServerMessage.Update(1, new SeatAction(0, 0, new ActionDto.Place(0, 1, 0)),
                List.of(new EventDto.TilePlaced(0, "V", new EventDto.Square(0, 1), 0)), view.decision(),
                view.featureValues()), ServerMessage.class);
        roundTrip(new ServerMessage.Ack("x", 3, 4), ServerMessage.class);
        roundTrip(new ServerMessage.Rejected("x", new Rejection(ErrorCode.STALE_PLY, "stale", 5)),
                ServerMessage.class);
        roundTrip(new ServerMessage.Presence(List.of(true, false), List.of(true, true), List.of(false, true),
                Lobby.Status.RUNNING), ServerMessage.class);
        roundTrip(new ServerMessage.Pong(7), ServerMessage.class);
        roundTrip(new ServerMessage.Clock(List.of(60_000L, 0L), 0, List.of(false, true)), ServerMessage.class);
        roundTrip(new ServerMessage.Error(Rejection.of(ErrorCode.THROTTLED, "slow down")), ServerMessage.class);
        assertEquals(ServerMessage.class.getPermittedSubclasses().length, 8);
        assertEquals(ClientMessage.class.getPermittedSubclasses().length, 3);

        Lobby.SeatInfo seat = new Lobby.SeatInfo(1, Lobby.SeatKind.BOT, "mcts:easy", null, true, true, false, false);
        Lobby.GameSummary summary = new Lobby.GameSummary("g1", Lobby.Status.RUNNING, GameSetup.base(2),
                List.of(new Lobby.SeatInfo(0, Lobby.SeatKind.PERSON, null, "Ada", true, false, true, true), seat), 3,
                List.of(0, 2), 30, "greedy", 600, 10);
        roundTrip(summary, Lobby.GameSummary.class);
        roundTrip(new Lobby.GameList(List.of(summary)), Lobby.GameList.class);
        roundTrip(new Lobby.CreateGame(GameSetup.base(2), List.of(new Lobby.SeatSpec(Lobby.SeatKind.PERSON, null, "Ada"),
                new Lobby.SeatSpec(Lobby.SeatKind.BOT, "greedy", null)), 30, "mcts:easy", 600, 5), Lobby.CreateGame.class);
        roundTrip(new Lobby.Created("g1", List.of(new Lobby.Invitation(0, "tok", "http://h/play/g1#tok")),
                "http://h/watch/g1", summary), Lobby.Created.class);
        roundTrip(new Lobby.Join("Ada"), Lobby.Join.class);
    }

    @Test
    void gameLogRoundTrips() {
        GameLog log = new GameLog(2, List.of(
                new GameLog.Entry(1, 0, List.of(new EventDto.TilePlaced(0, "V", new EventDto.Square(0, 1), 90),
                        new EventDto.TileDrawn(1, "E", 70))),
                new GameLog.Entry(2, 1, List.of(new EventDto.DeploymentPassed(1)))));
        roundTrip(log, GameLog.class);
        roundTrip(new GameLog(0, List.of()), GameLog.class);
        assertEquals("{\"version\":2,\"entries\":[{\"version\":1,\"seat\":0,\"events\":[{\"type\":\"tile-placed\","
                + "\"seat\":0,\"tile\":\"V\",\"square\":{\"x\":0,\"y\":1},\"rotation\":90},{\"type\":\"tile-drawn\","
                + "\"seat\":1,\"tile\":\"E\",\"remaining\":70}]},{\"version\":2,\"seat\":1,\"events\":"
                + "[{\"type\":\"deployment-passed\",\"seat\":1}]}]}", Json.write(log));
    }

    /** M90 north of D with seat 0's knight: an open city of 2 tiles and a pennant, 3 points if the game ended now. */
    @Test
    void viewsAndUpdatesCarryTheFeatureValuesAndViewsTheScoreHistory() {
        GameState g = GameState.newGame(GameConfig.builder().draws("M", "U").build());
        g.apply(new Action.PlaceTile(new Position(0, -1), Rotation.R90));
        g.apply(new Action.Deploy(0));
        List<List<Integer>> history = List.of(List.of(0, 0), List.of(0, 0), List.of(0, 0));
        GameView v = roundTrip(Views.of(g, 1, 2, history), GameView.class);
        EventDto.SquareFeature d = new EventDto.SquareFeature(new EventDto.Square(0, 0), 0, "C1");
        EventDto.SquareFeature m = new EventDto.SquareFeature(new EventDto.Square(0, -1), 0, "C1");
        assertEquals(List.of(new GameView.FeatureValue(FeatureKind.CITY, List.of(d, m), 2, 1, 0, List.of(1, 0),
                List.of(3, 0))), v.featureValues());
        assertEquals(history, v.scoreHistory());
        String json = Json.write(v);
        assertTrue(json.contains("\"featureValues\":[{\"kind\":\"CITY\",\"features\":[{\"square\":{\"x\":0,"
                + "\"y\":0},\"feature\":0,\"name\":\"C1\"},{\"square\":{\"x\":0,\"y\":-1},\"feature\":0,"
                + "\"name\":\"C1\"}],\"tiles\":2,\"pennants\":1,\"adjacentCompletedCities\":0,\"followers\":[1,0],"
                + "\"points\":[3,0]}],\"scoreHistory\":[[0,0],[0,0],[0,0]]}"), json);
        // Without a history the field is left out rather than sent empty: "unknown" is not "no plies".
        assertEquals(null, Views.of(g, 1, 2).scoreHistory());
        assertFalse(Json.write(Views.of(g, 1, 2)).contains("scoreHistory"));
        ServerMessage.Update u = new ServerMessage.Update(2, new SeatAction(0, 1, new ActionDto.Deploy(0)),
                List.of(), Views.decision(g), Views.featureValues(g));
        assertEquals(v.featureValues(), ((ServerMessage.Update) roundTrip(u, ServerMessage.class)).featureValues());
    }

    /** The first decision of a forced base game, exactly: V beside the start tile D. */
    @Test
    void viewGroupsPlacementsBySquareWithTheirRotations() {
        GameState g = GameState.newGame(GameConfig.builder().draws("V", "E", "A").build());
        GameView v = Views.of(g, null, 0);
        assertEquals(null, v.viewer());
        assertEquals(List.of(new GameView.Tile(0, 0, "D", 0, false)), v.board());
        assertEquals(Map.of("A", 1, "E", 1), v.remaining());
        assertEquals(2, v.pileSize());
        GameView.DecisionView d = v.decision();
        assertEquals(DecisionKind.PLACE_TILE, d.kind());
        assertEquals(0, d.seat());
        assertEquals("V", d.tile());
        assertEquals(g.legalCount(), d.placements().stream().mapToInt(p -> p.rotations().size()).sum());
        for (GameView.Placement p : d.placements()) {
            for (int r : p.rotations()) {
                assertTrue(g.legalActions().contains(new ActionDto.Place(p.x(), p.y(), r).toAction()), p.toString());
            }
        }
        // V (FFRR) beside D (CRFR): west of D its east edge must be a road (180, 270); east of D its west edge
        // (0, 90); south of D its north edge a field (0, 270); north of D is D's city, which V lacks.
        assertEquals(List.of(new GameView.Placement(-1, 0, List.of(180, 270)), new GameView.Placement(1, 0, List.of(0, 90)),
                new GameView.Placement(0, 1, List.of(0, 270))), d.placements());
        assertFalse(d.pass());
        assertEquals(Map.of(ScoreKind.ROAD, 0, ScoreKind.CITY, 0, ScoreKind.CLOISTER, 0, ScoreKind.FIELD, 0,
                ScoreKind.WHEEL_EVENT, 0, ScoreKind.CROWN, 0), v.seats().get(1).scoreByKind());
        assertEquals(7, v.seats().get(1).supply());
    }

    /** Two games that differ only in the order of the undrawn tiles give the same views, byte for byte. */
    @Test
    void viewsDoNotRevealThePileOrder() {
        List<String> a = Arrays.asList("V", "E", "A", "U", "K"), b = Arrays.asList("V", "K", "U", "A", "E");
        GameState ga = GameState.newGame(GameConfig.builder().draws(a).build());
        GameState gb = GameState.newGame(GameConfig.builder().draws(b).build());
        assertEquals(Json.write(Views.of(ga, 0, 0)), Json.write(Views.of(gb, 0, 0)));
        assertEquals(Json.write(Views.of(ga, null, 0)), Json.write(Views.of(gb, null, 0)));
    }
}
