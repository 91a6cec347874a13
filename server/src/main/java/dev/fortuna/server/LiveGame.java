package dev.fortuna.server;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ScheduledFuture;

/**
 * One game held in memory: its engine session, seats, the recent updates for reconnecting clients, the answers
 * already given to client action ids, and the connections watching it. Every method that reads or changes the
 * game runs while holding this object's monitor ({@code synchronized (game)}): that is the game's one writer.
 */
final class LiveGame {
    /**
     * Updates kept for a reconnecting client: the last 64, or fewer when they would take more than 64 Ki characters
     * (a game's kept updates were most of its memory; past that size a snapshot is the smaller answer anyway). An
     * older gap gets a full snapshot instead. They are kept without their feature values (about two thirds of an
     * update's text), which a catch-up sends only with its last update, the newest, kept whole; so a kept update
     * costs a third of the memory, and of the collector's copying while it is young.
     */
    static final int RECENT_UPDATES = 64, RECENT_CHARS = 64 * 1024;
    /** Refusals remembered per game for duplicate client action ids (applied actions are all remembered). */
    static final int RECENT_REFUSALS = 256;

    /** A seat: person or bot; for a person the hash of its token, whether it joined, and whether a bot stands in. */
    static final class Seat {
        final int index;
        final Lobby.SeatKind kind;
        final String botSpec;
        final BotSpec bot;
        final String tokenHash;
        String name;
        boolean joined;
        int connections;
        /** A stand-in bot plays this person seat now (its person resigned or stayed away past the grace period). */
        boolean standIn;
        boolean resigned;
        /** The pending grace period of a person seat without connections, or null. */
        ScheduledFuture<?> grace;

        Seat(int index, Lobby.SeatKind kind, String botSpec, BotSpec bot, String tokenHash, String name,
             boolean joined) {
            this.index = index;
            this.kind = kind;
            this.botSpec = botSpec;
            this.bot = bot;
            this.tokenHash = tokenHash;
            this.name = name;
            this.joined = joined;
        }
    }

    final String id;
    final GameSetup setup;
    final List<Seat> seats;
    final GameSession session;
    volatile Lobby.Status status;
    /** Seconds a person may stay disconnected before the stand-in plays for them, or null: never. */
    final Integer graceSeconds;
    /** The bot that stands in for people who resigned, stayed away or ran out of time. */
    final BotSpec standIn;
    /** The game clock, or null when the game has none. */
    final GameClock clock;
    /** The pending end of the deciding seat's time, or null. */
    ScheduledFuture<?> clockTimer;
    /**
     * The database did not confirm this game's last append (it may have been stored after all, or by another
     * process): the game takes the stored actions from the database before it decides anything again.
     */
    boolean unsure;
    /** The record could not be stored when the game ended: it is stored again until it is. */
    boolean recordPending;

    /** (version, JSON of the update that produced it without its feature values), oldest first. */
    private final ArrayDeque<Map.Entry<Long, String>> recent = new ArrayDeque<>();
    /** The newest update whole (the last of {@link #recent}), or null when none is kept. */
    private String newest;
    /** The characters of the kept updates. */
    private long recentChars;
    /** Answers by "seat:clientActionId": every applied action, and the last refusals. */
    private final Map<String, GameService.Answer> applied = new HashMap<>();
    private final Map<String, GameService.Answer> refused = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, GameService.Answer> eldest) {
            return size() > RECENT_REFUSALS;
        }
    };
    final Set<Peer> peers = new CopyOnWriteArraySet<>();
    /** Writes this game's updates (it remembers the last one's feature values). */
    final UpdateWriter updates = new UpdateWriter();
    /** Every applied action in ply order (for {@code GET …/actions}: replays and catching up). */
    final List<SeatAction> history = new ArrayList<>();

    /** The bot that plays seat {@code s} now, or null when its person does. */
    BotSpec botFor(Seat s) {
        return s.kind == Lobby.SeatKind.BOT ? s.bot
                : s.standIn || (clock != null && clock.outOfTime(s.index)) ? standIn : null;
    }

    LiveGame(String id, GameSetup setup, List<Seat> seats, GameSession session, Lobby.Status status,
             Integer graceSeconds, BotSpec standIn, GameClock clock) {
        this.id = id;
        this.clock = clock;
        this.graceSeconds = graceSeconds;
        this.standIn = standIn;
        this.setup = setup;
        this.seats = seats;
        this.session = session;
        this.status = status;
    }

    /** The version clients see: the number of applied actions. */
    long version() {
        return session.ply();
    }

    GameService.Answer answered(int seat, String clientActionId) {
        String key = seat + ":" + clientActionId;
        GameService.Answer a = applied.get(key);
        return a != null ? a : refused.get(key);
    }

    void remember(int seat, String clientActionId, GameService.Answer a) {
        if (clientActionId == null) {
            return;
        }
        (a.ack() != null ? applied : refused).put(seat + ":" + clientActionId, a);
    }

    /** Keeps an update for reconnecting clients and sends it (whole) to every connection. */
    void publish(long version, UpdateWriter.Written update) {
        recent.addLast(Map.entry(version, update.withoutValues()));
        newest = update.json();
        recentChars += update.withoutValues().length();
        while (recent.size() > 1 && (recent.size() > RECENT_UPDATES || recentChars > RECENT_CHARS)) {
            recentChars -= recent.removeFirst().getValue().length();
        }
        for (Peer p : peers) {
            p.send(update.json());
        }
    }

    /**
     * The game is over: the updates kept for reconnecting clients (most of a game's memory) go, since a client
     * that missed the end gets the final snapshot instead, and so does the update writer's memory of the last one.
     */
    void released() {
        recent.clear();
        newest = null;
        recentChars = 0;
        updates.clear();
    }

    /**
     * What a client holding {@code lastVersion} needs: the updates after it when all are still kept, else null
     * (send a snapshot). Every one but the last comes without its feature values: the last one's are the game's
     * now, which is all a client shows.
     */
    List<String> updatesAfter(long lastVersion) {
        long now = version();
        if (lastVersion == now) {
            return List.of();
        }
        if (lastVersion > now || lastVersion < 0 || recent.isEmpty() || recent.peekFirst().getKey() > lastVersion + 1
                || recent.peekLast().getKey() != now) {
            return null; // (the last test: the game advanced without publishing, as when it replays stored actions)
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<Long, String> e : recent) {
            if (e.getKey() > lastVersion) {
                out.add(e == recent.peekLast() ? newest : e.getValue());
            }
        }
        return out;
    }

    String snapshotFor(Integer viewer) {
        return Json.write(new ServerMessage.Snapshot(version(), session.view(viewer)));
    }

    ServerMessage.Presence presence() {
        List<Boolean> connected = new ArrayList<>(), joined = new ArrayList<>(), standIns = new ArrayList<>();
        for (Seat s : seats) {
            connected.add(s.kind == Lobby.SeatKind.BOT || s.connections > 0);
            joined.add(s.joined);
            standIns.add(s.standIn);
        }
        return new ServerMessage.Presence(connected, joined, standIns, status);
    }

    void broadcastPresence() {
        String json = Json.write(presence());
        for (Peer p : peers) {
            p.send(json);
        }
    }

    Lobby.GameSummary summary() {
        List<Lobby.SeatInfo> infos = new ArrayList<>();
        for (Seat s : seats) {
            infos.add(new Lobby.SeatInfo(s.index, s.kind, s.botSpec, s.name, s.joined,
                    s.kind == Lobby.SeatKind.BOT || s.connections > 0, s.standIn, s.resigned));
        }
        List<Integer> scores = new ArrayList<>();
        for (int x : session.scores()) {
            scores.add(x);
        }
        return new Lobby.GameSummary(id, status, setup, infos, session.ply(), scores, graceSeconds, standIn.label(),
                clock == null ? null : (int) (clock.totalMillis / 1000),
                clock == null ? null : (int) (clock.incrementMillis / 1000));
    }

    /** The clock as sent to clients now, or null without a clock. */
    String clockJson() {
        if (clock == null) {
            return null;
        }
        int deciding = status == Lobby.Status.RUNNING ? session.decidingSeat() : -1;
        return Json.write(new ServerMessage.Clock(clock.remainingAt(System.currentTimeMillis(), deciding),
                deciding < 0 ? null : deciding, clock.outOfTime()));
    }

    /** Sends the clock to every connection (after an update, or when a seat ran out of time). */
    void publishClock() {
        String json = clockJson();
        if (json != null) {
            peers.forEach(p -> p.send(json));
        }
    }
}
