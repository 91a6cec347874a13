package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.GameView;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import dev.fortuna.records.Replay;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UpdateWriterTest {

    @Test
    void everyUpdateIsWrittenExactlyAsJsonWritesIt() {
        int updates = 0, unchanged = 0;
        List<GameSetup> modes = List.of(GameSetup.base(2), GameSetup.base(4),
                new GameSetup(3, List.of("wheel-of-fortune"), null, null, null, null, null, null, null, null),
                new GameSetup(2, List.of("wheel-of-fortune", "crop-circles"), null, null, null, null, null, null, "1",
                        null));
        for (int m = 0; m < modes.size(); m++) {
            for (int seed = 0; seed < 3; seed++) {
                GameConfig base = modes.get(m).toConfig(0);
                List<String> pile = new ArrayList<>(Replay.tileSet(base));
                Collections.shuffle(pile, new Random(seed));
                GameSession s = new GameSession(base.withDraws(pile));
                UpdateWriter writer = new UpdateWriter();
                Random choices = new Random(31L * m + seed);
                List<GameView.FeatureValue> before = List.of();
                while (!s.isOver()) {
                    int ply = s.ply(), seat = s.decidingSeat();
                    ActionDto a = randomChoice(s.decision(), choices);
                    List<Event> events = s.advance((GameSession.Accepted) s.attempt(seat, a.toAction()));
                    SeatAction sa = new SeatAction(seat, ply, a);
                    List<EventDto> dtos = EventDto.of(events);
                    GameView.DecisionView d = s.decision();
                    List<GameView.FeatureValue> values = s.featureValues();
                    String expected = Json.write(new ServerMessage.Update(ply + 1, sa, dtos, d, values));
                    UpdateWriter.Written w = writer.write(ply + 1, sa, dtos, d, values);
                    assertEquals(expected, w.json(), "mode " + m + " seed " + seed + " ply " + ply);
                    // Kept for catch-ups: the same update with its feature values left out.
                    assertEquals(Json.write(new ServerMessage.Update(ply + 1, sa, dtos, d, null)), w.withoutValues(),
                            "mode " + m + " seed " + seed + " ply " + ply);
                    updates++;
                    unchanged += (int) values.stream().filter(before::contains).count();
                    before = values;
                }
            }
        }
        assertTrue(updates > 1000, updates + " updates");
        assertTrue(unchanged > updates, "feature values carried over unchanged: " + unchanged);
    }

    /** A uniformly random option of the decision (of every kind), so that many events and features occur. */
    static ActionDto randomChoice(GameView.DecisionView d, Random r) {
        return switch (d.kind()) {
            case PLACE_TILE -> {
                GameView.Placement p = d.placements().get(r.nextInt(d.placements().size()));
                yield new ActionDto.Place(p.x(), p.y(), p.rotations().get(r.nextInt(p.rotations().size())));
            }
            case DEPLOY -> {
                int n = d.spots().size() + d.crownSectors().size() + (d.pass() ? 1 : 0);
                int i = r.nextInt(n);
                yield i < d.spots().size() ? new ActionDto.Deploy(d.spots().get(i).feature())
                        : i < d.spots().size() + d.crownSectors().size()
                        ? new ActionDto.Crown(d.crownSectors().get(i - d.spots().size())) : new ActionDto.Pass();
            }
            case PLAGUE_RETURN, CROP_CIRCLE_REMOVE -> {
                GameView.Spot s = d.returns().get(r.nextInt(d.returns().size()));
                yield new ActionDto.Return(s.x(), s.y(), s.feature());
            }
            case CROP_CIRCLE_ADD -> {
                int i = r.nextInt(d.adds().size() + (d.pass() ? 1 : 0));
                if (i == d.adds().size()) {
                    yield new ActionDto.Pass();
                }
                GameView.Spot s = d.adds().get(i);
                yield new ActionDto.Add(s.x(), s.y(), s.feature());
            }
            case CROP_CIRCLE_CHOICE -> new ActionDto.CropChoice(d.cropOptions().get(r.nextInt(d.cropOptions().size())));
            case GAME_OVER -> throw new IllegalStateException("the game is over");
        };
    }
}
