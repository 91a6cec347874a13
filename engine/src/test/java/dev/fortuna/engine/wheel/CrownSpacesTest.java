package dev.fortuna.engine.wheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Action;
import dev.fortuna.engine.DecisionKind;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.Scenario;
import dev.fortuna.engine.ScoreKind;
import dev.fortuna.engine.Seat;
import dev.fortuna.engine.Sector;
import dev.fortuna.engine.WheelOptions;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Crown spaces: deployment (RULES.md §3.4) and scoring (§3.7), on the standalone game. */
class CrownSpacesTest {

    private static List<Event.FollowerReturned> returned(Scenario s, Event.ReturnReason why) {
        return s.events(Event.FollowerReturned.class).stream().filter(e -> e.reason() == why).toList();
    }

    private static List<Action> crownOptions(Scenario s) {
        return s.state().legalActions().stream().filter(a -> a instanceof Action.DeployOnCrown).toList();
    }

    @Test
    void oneCrownOneFollowerScoresThree() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w2");
        // Ending seat 0's turn draws seat 1's U/w2 at once, so the crown is scored within this step.
        s.place(1, -1, 0).crown(Sector.FAMINE);
        assertEquals(List.of(new Event.CrownDeployed(Seat.of(0), Sector.FAMINE)), s.events(Event.CrownDeployed.class));
        // Seat 1 drew U/w2: Fortune → Famine (nobody has a farmer: 0), then Famine's crown: 3.
        s.expectScores(3, 0).expectSupplies(7, 7);
        assertEquals(3, s.state().score(0, ScoreKind.CROWN));
        assertEquals(List.of(new Event.CrownsScored(Sector.FAMINE, List.of(3, 0), List.of(1, 0))),
                s.events(Event.CrownsScored.class));
        assertEquals(List.of(new Event.FollowerReturned(Seat.of(0), null, -1, null, Sector.FAMINE,
                Event.ReturnReason.CROWN_SCORED)), returned(s, Event.ReturnReason.CROWN_SCORED));
        assertEquals(Arrays.asList((Seat) null), s.state().crowns(Sector.FAMINE));
        // Order: pig, event, crowns, follower home; all before the tile is placed.
        List<Event> ev = s.lastEvents();
        int pig = ev.indexOf(s.events(Event.PigMoved.class).get(0));
        int sector = ev.indexOf(s.events(Event.SectorResolved.class).get(0));
        int crowns = ev.indexOf(s.events(Event.CrownsScored.class).get(0));
        int home = ev.indexOf(returned(s, Event.ReturnReason.CROWN_SCORED).get(0));
        assertTrue(pig < sector && sector < crowns && crowns < home, ev.toString());
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
    }

    @Test
    void twoCrownsOneFollowerScoresSix() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:U/w1");
        s.place(1, -1, 0).crown(Sector.TAX);
        // Seat 1 drew U/w1 → Tax (no knights), Tax crowns: the lone follower scores 6.
        s.expectScores(6, 0).expectSupplies(7, 7);
        assertEquals(List.of(new Event.CrownsScored(Sector.TAX, List.of(6, 0), List.of(1, 0))),
                s.events(Event.CrownsScored.class));
        assertEquals(Arrays.asList(null, null), s.state().crowns(Sector.TAX));
    }

    @Test
    void twoFollowersOfDifferentPlayersScoreThreeEach() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:U/w1");
        s.place(1, -1, 0).crown(Sector.TAX);
        assertEquals(List.of(Seat.of(0)), s.state().crowns(Sector.TAX).subList(0, 1));
        s.place(4, 0, 0).crown(Sector.TAX);
        // Seat 0 drew U/w1 → Tax.
        s.expectScores(3, 3).expectSupplies(7, 7);
        assertEquals(List.of(new Event.CrownsScored(Sector.TAX, List.of(3, 3), List.of(1, 1))),
                s.events(Event.CrownsScored.class));
        assertEquals(2, returned(s, Event.ReturnReason.CROWN_SCORED).size());
    }

    @Test
    void twoFollowersOfOnePlayerScoreSixInTotal() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:B", "wof:U/w1");
        s.place(1, -1, 0).crown(Sector.TAX);
        s.place(4, 0, 0).pass();
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        s.expectSupplies(6, 7);
        s.place(1, 4, 0).crown(Sector.TAX);
        // Seat 1 drew U/w1 → Tax: 3 + 3 for seat 0.
        s.expectScores(6, 0).expectSupplies(7, 7);
        assertEquals(List.of(new Event.CrownsScored(Sector.TAX, List.of(6, 0), List.of(2, 0))),
                s.events(Event.CrownsScored.class));
        assertEquals(List.of(Seat.of(0), Seat.of(0)),
                returned(s, Event.ReturnReason.CROWN_SCORED).stream().map(Event.FollowerReturned::seat).toList());
    }

    @Test
    void crownsOfSectorsThePigPassesOverAreUntouched() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:B", "wof:U/w3");
        s.place(1, -1, 0).crown(Sector.TAX);
        s.place(4, 0, 0).crown(Sector.FAMINE);
        s.place(1, 4, 0).crown(Sector.PLAGUE);
        // Seat 1 drew U/w3: Fortune → Storm over Tax and Famine. Storm: 1 per follower in supply.
        assertEquals(Sector.STORM, s.state().pig());
        s.expectScores(5, 6).expectSupplies(5, 6);
        assertTrue(s.events(Event.CrownsScored.class).isEmpty());
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
        assertEquals(List.of(Seat.of(1)), s.state().crowns(Sector.FAMINE));
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.PLAGUE));
        assertTrue(returned(s, Event.ReturnReason.CROWN_SCORED).isEmpty());
    }

    @Test
    void aCrownFilledOnTheTurnThePigLandsThereWaitsForTheNextVisit() {
        // The crowns are scored when the tile is drawn, before the deployment of the same turn.
        Scenario s = Scenario.wheel(2, "wof:U/w1", "wof:B");
        assertEquals(Sector.TAX, s.state().pig());
        s.place(2, -1, 0).crown(Sector.TAX);
        s.expectScores(0, 0).expectSupplies(6, 7);
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.TAX));
    }

    @Test
    void deploymentOnACrownIsOfferedEveryTurnOncePerSectorAndIsTheTurnsOnlyDeployment() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B", "wof:B", "wof:B");
        s.place(1, -1, 0);
        // No wheel tile this turn. B's monk, B's farmer, one crown option per sector (two-crown sectors
        // offered once), pass.
        assertEquals(List.of(new Action.Deploy(0), new Action.Deploy(1),
                new Action.DeployOnCrown(Sector.FORTUNE), new Action.DeployOnCrown(Sector.TAX),
                new Action.DeployOnCrown(Sector.FAMINE), new Action.DeployOnCrown(Sector.STORM),
                new Action.DeployOnCrown(Sector.INQUISITION), new Action.DeployOnCrown(Sector.PLAGUE),
                Action.PASS), s.state().legalActions());
        s.crown(Sector.TAX);
        assertEquals(List.of(new Event.CrownDeployed(Seat.of(0), Sector.TAX)), s.events(Event.CrownDeployed.class));
        // The crown was the turn's deployment: the turn is over.
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(1, s.decidingSeat());
        assertTrue(s.events(Event.FollowerDeployed.class).isEmpty());
        s.place(4, 0, 0);
        assertEquals(6, crownOptions(s).size(), "Tax still has an empty crown space");
        s.crown(Sector.TAX);
        s.place(1, 4, 0);
        assertEquals(5, crownOptions(s).size());
        assertTrue(!crownOptions(s).contains(new Action.DeployOnCrown(Sector.TAX)), "Tax is full");
        String why = s.reject(new Action.DeployOnCrown(Sector.TAX));
        assertTrue(why.contains("no empty crown space"), why);
        s.crown(Sector.FORTUNE);
        s.place(4, 1, 0);
        assertEquals(4, crownOptions(s).size());
        String full = s.reject(new Action.DeployOnCrown(Sector.FORTUNE));
        assertTrue(full.contains("no empty crown space"), full);
        assertEquals(List.of(Seat.of(0), Seat.of(1)), s.state().crowns(Sector.TAX));
        assertEquals(List.of(Seat.of(0)), s.state().crowns(Sector.FORTUNE));
    }

    @Test
    void noCrownWithAnEmptySupplyAndCrownFollowersScoreNothingAtTheEnd() {
        // Base game + the 19 numbered tiles, but only unnumbered base tiles drawn: the pig never moves.
        // Seat 0 puts all 7 followers on crowns; seat 1 never deploys.
        List<String> draws = List.of("U", "U", "U", "U", "U", "U", "U", "U", "B", "B", "B", "B", "E", "E", "E", "W");
        Scenario s = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withTiles(WheelOptions.TileMode.BASE_PLUS_WHEEL_TILES)).draws(draws).build());
        Sector[] mine = {Sector.FORTUNE, Sector.TAX, Sector.TAX, Sector.FAMINE, Sector.STORM, Sector.STORM,
                Sector.INQUISITION};
        int[][] where = {{2, -1, 0}, {2, -2, 0}, {2, -3, 0}, {2, -4, 0}, {2, -5, 0}, {2, -6, 0}, {2, -7, 0},
                {2, -8, 0}, {1, -1, 0}, {3, -1, 0}, {1, -2, 0}, {3, -2, 0}, {0, -1, 180}, {4, 0, 0}};
        for (int turn = 0; turn < where.length; turn++) {
            s.place(where[turn][0], where[turn][1], where[turn][2]);
            if (turn % 2 == 0) {
                s.crown(mine[turn / 2]);
            } else {
                if (turn == 13) {
                    // Seat 1, before its pass: only Plague has empty crown spaces left, offered once.
                    assertEquals(List.of(new Action.DeployOnCrown(Sector.PLAGUE)), crownOptions(s));
                }
                s.pass();
            }
        }
        s.expectSupplies(0, 7);
        assertEquals(7, s.state().followersOnCrowns(0));
        assertEquals(Sector.FORTUNE, s.state().pig());
        // Seat 0 places its 15th-turn tile with an empty supply: nothing to deploy, the turn passes at once.
        assertEquals(0, s.decidingSeat());
        s.place(4, 1, 180);
        assertEquals(DecisionKind.PLACE_TILE, s.decision());
        assertEquals(1, s.decidingSeat());
        assertEquals(7, s.events(Event.CrownDeployed.class).size());
        s.place(2, -9, 0).pass();
        // Game over: 7 followers still on crowns score nothing.
        assertTrue(s.state().isOver());
        s.expectScores(0, 0);
        assertEquals(0, s.state().score(0, ScoreKind.CROWN));
        assertEquals(7, s.state().followersOnCrowns(0));
    }

    @Test
    void aFollowerOnACrownAtTheEndScoresZeroWhileTheSameTurnsTileWouldHaveScored() {
        Scenario s = Scenario.wheel(2, "wof:B", "wof:B");
        s.place(1, -1, 0).crown(Sector.STORM);
        s.place(4, 0, 0).deploy("M");
        assertTrue(s.state().isOver());
        // Seat 1's monk: 1 + 2 board squares (3,0), (3,1) = 3. Seat 0's crown follower: 0.
        s.expectScores(0, 3);
        assertEquals(Arrays.asList(Seat.of(0), null), s.state().crowns(Sector.STORM));
    }

    @Test
    void crownSpacesPerSectorAreAnOption() {
        // With one crown space in Tax, a lone follower there scores 3 instead of 6, and Tax is then full.
        Scenario s = Scenario.of(GameConfig.builder().players(2)
                .wheel(WheelOptions.DEFAULT.withCrownsPerSector(List.of(1, 1, 1, 1, 1, 0)))
                .draws("wof:B", "wof:B", "wof:U/w1").build());
        s.place(1, -1, 0);
        assertEquals(5, crownOptions(s).size(), "Plague has no crown space");
        s.crown(Sector.TAX);
        s.place(4, 0, 0);
        assertEquals(4, crownOptions(s).size());
        s.pass();
        // Seat 0 drew U/w1 → Tax.
        s.expectScores(3, 0);
        assertEquals(List.of(new Event.CrownsScored(Sector.TAX, List.of(3, 0), List.of(1, 0))),
                s.events(Event.CrownsScored.class));
        assertEquals(0, s.state().crownSpaces(Sector.PLAGUE));
    }
}
