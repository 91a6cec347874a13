package dev.fortuna.server;

import dev.fortuna.bots.BotSpec;
import dev.fortuna.bots.Budget;
import dev.fortuna.bots.Hints;
import dev.fortuna.engine.Action;
import dev.fortuna.engine.Event;
import dev.fortuna.engine.GameConfig;
import dev.fortuna.engine.GameState;
import dev.fortuna.engine.PlayerView;
import dev.fortuna.protocol.ActionDto;
import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.EventDto;
import dev.fortuna.protocol.GameSetup;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.SeatAction;
import dev.fortuna.protocol.ServerMessage;
import dev.fortuna.records.Replay;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The games of one server: creating and joining them, applying actions (one writer per game: each game's monitor;
 * different games in parallel), storing each action before it is acknowledged, rebuilding unfinished games at
 * start-up, and playing the bots' decisions on a bounded pool.
 */
final class GameService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GameService.class);
    static final int MAX_CLIENT_ACTION_ID = 100, MAX_NAME = 100, MAX_GRACE_SECONDS = 86_400,
            MAX_CLOCK_SECONDS = 7 * 86_400;
    static final String DEFAULT_STAND_IN = "greedy";
    /** The names of the bot pool's threads begin with this. */
    static final String BOT_THREAD = "fortuna-bot-";
    /**
     * How long a finished game stays in memory after its last watcher left (a reload of the result page finds it
     * there; later it is loaded from the database on request). Finished games in memory are about the rate at
     * which games end times this: at 2,000 actions/s some 20 games end each second.
     */
    static final long FINISHED_IN_MEMORY_SECONDS = 60;

    private final ServerConfig config;
    private final Store store;
    final Metrics metrics = new Metrics();
    private final Map<String, LiveGame> games = new ConcurrentHashMap<>();
    private final ScheduledExecutorService bots;
    /**
     * Where a bot's decision is applied and stored: the bot threads hand it over and think for the next game at
     * once, instead of waiting for the database to commit it (on one bot thread and PostgreSQL, people waited
     * seconds for bots while the thread waited for commits). A game has one bot decision pending at a time, so
     * its decisions still come in order; these threads mostly wait for the group commit.
     */
    private final ExecutorService botMoves;
    static final int BOT_MOVE_THREADS = 8;
    final AtomicInteger connections = new AtomicInteger();
    /** This process among the servers sharing a database: its own announcements are ignored when they come back. */
    private final String processId = Tokens.newGameId();

    /** The answer to an action: an acknowledgement or a refusal (exactly one is set). */
    record Answer(ServerMessage.Ack ack, Rejection rejection) {
    }

    GameService(ServerConfig config, Store store) {
        this.config = config;
        this.store = store;
        AtomicInteger n = new AtomicInteger();
        this.bots = Executors.newScheduledThreadPool(config.botThreads(), r -> {
            Thread t = new Thread(r, BOT_THREAD + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        AtomicInteger m = new AtomicInteger();
        this.botMoves = Executors.newFixedThreadPool(BOT_MOVE_THREADS, r -> {
            Thread t = new Thread(r, BOT_THREAD + "move-" + m.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    // ----------------------------------------------------------------------------------------------------------
    // Lobby
    // ----------------------------------------------------------------------------------------------------------

    /** Creates and stores a game; returns it with the person seats' tokens (the only time they are known). */
    CreatedGame create(Lobby.CreateGame req) {
        if (req == null || req.seats() == null) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "a game needs its seats: 2 to 5 of {kind, bot, name}");
        }
        GameSetup given = req.setup() == null ? GameSetup.base(req.seats().size()) : req.setup();
        if (given.players() != null && given.players() != req.seats().size()) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "setup.players is " + given.players() + " but "
                    + req.seats().size() + " seats are given");
        }
        GameConfig base;
        try {
            base = new GameSetup(req.seats().size(), given.expansions(), given.wheelTiles(), given.wheelBeside(),
                    given.famine(), given.crowns(), given.excludeBaseStartTile(), given.cropSets(), given.farmRule(),
                    given.twoTileCity()).toConfig(0);
        } catch (IllegalArgumentException e) {
            throw new ApiException(ErrorCode.BAD_REQUEST, e.getMessage());
        }
        GameSetup setup = GameSetup.of(base); // every option spelled out, as listings and the database show it
        Integer grace = req.graceSeconds();
        if (grace != null && (grace < 1 || grace > MAX_GRACE_SECONDS)) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "graceSeconds must be 1 to " + MAX_GRACE_SECONDS + ", not "
                    + grace);
        }
        BotSpec standIn = bot(req.standIn() == null ? DEFAULT_STAND_IN : req.standIn(), "standIn");
        Integer clockSeconds = req.clockSeconds(), increment = req.incrementSeconds();
        if (clockSeconds != null && (clockSeconds < 1 || clockSeconds > MAX_CLOCK_SECONDS)) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "clockSeconds must be 1 to " + MAX_CLOCK_SECONDS + ", not "
                    + clockSeconds);
        }
        if (increment != null && (clockSeconds == null || increment < 0 || increment > MAX_GRACE_SECONDS)) {
            throw new ApiException(ErrorCode.BAD_REQUEST, clockSeconds == null ? "incrementSeconds needs clockSeconds"
                    : "incrementSeconds must be 0 to " + MAX_GRACE_SECONDS + ", not " + increment);
        }
        if (clockSeconds != null && increment == null) {
            increment = 0;
        }
        List<LiveGame.Seat> seats = new ArrayList<>();
        List<Store.SeatRow> rows = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        boolean anyPerson = false;
        for (int i = 0; i < req.seats().size(); i++) {
            Lobby.SeatSpec s = req.seats().get(i);
            if (s == null || s.kind() == null) {
                throw new ApiException(ErrorCode.BAD_REQUEST, "seats[" + i + "] needs a kind: PERSON or BOT");
            }
            String name = checkedName(s.name(), "seats[" + i + "].name");
            if (s.kind() == Lobby.SeatKind.BOT) {
                BotSpec bot = bot(s.bot(), "seats[" + i + "].bot");
                seats.add(new LiveGame.Seat(i, s.kind(), bot.label(), bot, null, name, true));
                rows.add(new Store.SeatRow(i, s.kind(), bot.label(), name, null, true, false, false, false));
                tokens.add(null);
            } else {
                if (s.bot() != null) {
                    throw new ApiException(ErrorCode.BAD_REQUEST, "seats[" + i + "] is a person and takes no bot");
                }
                anyPerson = true;
                String token = Tokens.newToken(), hash = Tokens.hash(token);
                seats.add(new LiveGame.Seat(i, s.kind(), null, null, hash, name, false));
                rows.add(new Store.SeatRow(i, s.kind(), null, name, hash, false, false, false, false));
                tokens.add(token);
            }
        }
        // The pile is shuffled here, from a secure random source, and stored: the game never depends on a seed.
        List<String> pile = new ArrayList<>(Replay.tileSet(base));
        Collections.shuffle(pile, config.shuffleSeed() == null ? Tokens.random() : new Random(config.shuffleSeed()));
        String id = Tokens.newGameId();
        Lobby.Status status = anyPerson ? Lobby.Status.OPEN : Lobby.Status.RUNNING;
        long now = System.currentTimeMillis();
        GameClock clock = clockSeconds == null ? null : new GameClock(seats.size(), clockSeconds * 1000L,
                increment * 1000L);
        if (clock != null && status == Lobby.Status.RUNNING) {
            clock.startDecision(now);
        }
        try {
            store.insertGame(id, Json.write(setup), pile, status, grace, standIn.label(), clockSeconds, increment,
                    status == Lobby.Status.RUNNING ? now : null, rows);
        } catch (SQLException e) {
            throw storageFailed(e);
        }
        LiveGame g = new LiveGame(id, setup, seats, new GameSession(base.withDraws(pile)), status, grace, standIn,
                clock);
        games.put(id, g);
        synchronized (g) {
            scheduleBot(g);
        }
        return new CreatedGame(g, tokens);
    }

    /** A new game and its person seats' tokens (null for bots), by seat. */
    record CreatedGame(LiveGame game, List<String> tokens) {
    }

    private static String checkedName(String name, String field) {
        if (name != null && (name.isBlank() || name.length() > MAX_NAME || !printable(name))) {
            throw new ApiException(ErrorCode.BAD_REQUEST, field + " must be 1 to " + MAX_NAME + " characters, "
                    + "none of them a control character");
        }
        return name;
    }

    /**
     * No control character (which a terminal or a log would act on, and PostgreSQL refuses as NUL) and no lone
     * surrogate (which is no text at all).
     */
    static boolean printable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                return false;
            }
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    private BotSpec bot(String spec, String field) {
        if (spec == null) {
            throw new ApiException(ErrorCode.BAD_REQUEST, field + " is required for a bot (random, greedy, "
                    + "mcts:easy, mcts:medium, mcts:hard)");
        }
        BotSpec b;
        try {
            b = BotSpec.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new ApiException(ErrorCode.BAD_REQUEST, field + ": " + e.getMessage());
        }
        // The level's iteration limit stays; the server adds its time budget and plays on one thread.
        Budget level = b.budget();
        return new BotSpec(b.label(), b.bot(), new Budget(level.iterations(), config.botMillis(), 1));
    }

    /** The game, loaded from the database when it is not in memory (a finished game after a restart). */
    LiveGame game(String id) {
        LiveGame g = games.get(id);
        if (g != null) {
            return g;
        }
        try {
            Store.GameRow row = id.length() <= 40 ? store.load(id) : null;
            if (row == null) {
                throw new ApiException(ErrorCode.NOT_FOUND, "no game " + id);
            }
            g = rebuild(row);
        } catch (SQLException e) {
            throw storageFailed(e);
        }
        LiveGame prev = games.putIfAbsent(id, g);
        if (prev != null) {
            return prev;
        }
        synchronized (g) {
            scheduleBot(g); // a game another process started: its bots play here too (one write per ply wins)
        }
        return g;
    }

    /** The seat a token belongs to in this game. */
    int seatOf(LiveGame g, String token) {
        if (token == null || token.isEmpty()) {
            throw new ApiException(ErrorCode.BAD_TOKEN, "a seat token is required (Authorization: Bearer <token>)");
        }
        String hash = Tokens.hash(token);
        for (LiveGame.Seat s : g.seats) {
            if (Tokens.sameHash(s.tokenHash, hash)) {
                return s.index;
            }
        }
        throw new ApiException(ErrorCode.BAD_TOKEN, "this token holds no seat of game " + g.id);
    }

    Lobby.GameSummary join(LiveGame g, int seat, String name) {
        checkedName(name, "name");
        synchronized (g) {
            LiveGame.Seat s = g.seats.get(seat);
            if (!s.joined || (name != null && !name.equals(s.name))) {
                try {
                    store.joinSeat(g.id, seat, name == null ? s.name : name);
                } catch (SQLException e) {
                    throw storageFailed(e);
                }
                s.joined = true;
                if (name != null) {
                    s.name = name;
                }
            }
            if (store.shared()) {
                // Other processes may have seated people meanwhile: this join was stored before this read, so of
                // two joins at once at least the later one sees both and starts the game.
                try {
                    catchUp(g);
                } catch (SQLException e) {
                    throw storageFailed(e);
                }
            }
            if (g.status == Lobby.Status.OPEN && g.seats.stream().allMatch(x -> x.joined)) {
                long now = System.currentTimeMillis();
                try {
                    store.start(g.id, now);
                } catch (SQLException e) {
                    throw storageFailed(e);
                }
                g.status = Lobby.Status.RUNNING;
                if (g.clock != null) {
                    g.clock.startDecision(now);
                }
                g.seats.forEach(x -> startGrace(g, x));
                scheduleBot(g);
            }
            try {
                store.announce(announcement(g.id));
            } catch (SQLException e) {
                LOG.warn("announcing a join to game {} failed", g.id, e);
            }
            g.broadcastPresence();
            return g.summary();
        }
    }

    private String announcement(String gameId) {
        return processId + ":" + gameId;
    }

    /**
     * Another process on the shared database changed a game (an action, a join): when this process holds the game,
     * it takes the change from the database and tells its own connections.
     */
    void announced(String payload) {
        int colon = payload.indexOf(':');
        if (colon < 0 || payload.substring(0, colon).equals(processId)) {
            return;
        }
        LiveGame g = games.get(payload.substring(colon + 1));
        if (g == null) {
            return; // not held here: it is loaded from the database when somebody asks for it
        }
        synchronized (g) {
            try {
                catchUp(g);
            } catch (SQLException | RuntimeException e) {
                LOG.error("catching up game {} failed", g.id, e);
            }
        }
    }

    /**
     * Every game held here takes what the database holds (after the listening for other processes restarted: the
     * announcements made meanwhile were lost).
     */
    private void catchUpAll() {
        for (LiveGame g : games.values()) {
            synchronized (g) {
                try {
                    catchUp(g);
                } catch (SQLException | RuntimeException e) {
                    LOG.warn("catching up game {} failed: {}", g.id, e.toString());
                }
            }
        }
    }

    /**
     * Under the game's monitor: a client says it has seen {@code version}, which this process has not reached: the
     * version was stored by another process whose announcement has not come yet. The game takes the stored actions
     * first, so that the client gets what follows its version rather than an older snapshot and repeated updates.
     */
    void catchUpTo(LiveGame g, long version) {
        if (version > g.version() && store.shared()) {
            try {
                catchUp(g);
            } catch (SQLException | RuntimeException e) {
                LOG.warn("catching up game {} failed: {}", g.id, e.toString());
            }
        }
    }

    /** Under the game's monitor: applies the actions other processes stored after ours, and their joins. */
    private void catchUp(LiveGame g) throws SQLException {
        Store.Table t = store.table(g.id);
        boolean changed = false;
        for (Store.SeatRow r : t.seats()) {
            LiveGame.Seat s = g.seats.get(r.seat());
            if (s.joined != r.joined() || !Objects.equals(s.name, r.name()) || s.standIn != r.standIn()
                    || s.resigned != r.resigned()) {
                s.joined = r.joined();
                s.name = r.name();
                s.standIn = r.standIn();
                s.resigned = r.resigned();
                changed = true;
            }
            if (s.standIn && !s.resigned && s.connections > 0) {
                // Another process's grace period ended for this person, who is connected here (a process sees
                // only its own connections): as on connecting, the person takes the seat back.
                try {
                    setStandIn(g, s, false, false);
                } catch (ApiException e) {
                    LOG.warn("game {}: seat {} could not be taken back from the stand-in", g.id, s.index);
                }
            }
            if (r.outOfTime() && g.clock != null && !g.clock.outOfTime(r.seat())) {
                g.clock.expire(r.seat()); // its time ran out on another process
                g.publishClock();
            }
        }
        if (g.status == Lobby.Status.OPEN && t.status() != Lobby.Status.OPEN) {
            g.status = Lobby.Status.RUNNING;
            if (g.clock != null) {
                g.clock.startDecision(System.currentTimeMillis());
            }
            changed = true;
        }
        for (Store.ActionRow a : store.actionsFrom(g.id, g.session.ply())) {
            replay(g, a, true);
            changed = true;
        }
        if (g.session.isOver() && g.status != Lobby.Status.FINISHED && !g.recordPending) {
            // The process that applied the last action stores the record too, but it may have been killed before:
            // storing the same record twice is harmless.
            finish(g);
        } else {
            scheduleBot(g);
        }
        if (changed) {
            g.broadcastPresence();
        }
    }

    /**
     * Under the game's monitor: makes an accepted action part of the game — its state, its history, the answer to
     * its client action id — and publishes its update when asked; returns the new version.
     */
    private static long advance(LiveGame g, SeatAction sa, GameSession.Accepted ok, String clientActionId, long at,
                                Long clockMillis, boolean publish) {
        List<Event> events = g.session.advance(ok);
        g.history.add(sa);
        if (g.clock != null) {
            // The charge stored with the action; an action stored without one (before the column) is charged the
            // time since the previous action.
            g.clock.decided(sa.seat(), clockMillis != null ? clockMillis : g.clock.spent(at), at);
        }
        long version = g.version();
        g.remember(sa.seat(), clientActionId, new Answer(new ServerMessage.Ack(clientActionId, sa.ply(), version), null));
        if (publish) {
            g.publish(version, g.updates.write(version, sa, EventDto.of(events), g.session.decision(),
                    g.session.featureValues()));
            g.publishClock();
        }
        return version;
    }

    /** A stored action applied again (at start-up, or when another process stored it). */
    private static void replay(LiveGame g, Store.ActionRow a, boolean publish) {
        ActionDto dto = Json.read(a.actionJson(), ActionDto.class);
        advance(g, new SeatAction(a.seat(), a.ply(), dto), replayed(g, a, dto), a.clientActionId(), a.createdAt(),
                a.clockMillis(), publish);
    }

    /** The engine's acceptance of a stored action; a refusal means the database was damaged. */
    private static GameSession.Accepted replayed(LiveGame g, Store.ActionRow a, ActionDto dto) {
        if (a.ply() != g.session.ply()) {
            throw new IllegalStateException("game " + g.id + ": ply " + a.ply() + " stored after ply "
                    + (g.session.ply() - 1));
        }
        GameSession.Attempt at = g.session.attempt(a.seat(), dto.toAction());
        if (at instanceof GameSession.Accepted ok) {
            return ok;
        }
        throw new IllegalStateException("game " + g.id + ": stored ply " + a.ply() + " is refused: "
                + ((GameSession.Refused) at).rejection().message());
    }

    /** Open and running games in memory, or the last finished ones from the database. */
    List<Lobby.GameSummary> list(Lobby.Status status) {
        List<Lobby.GameSummary> out = new ArrayList<>();
        if (status == Lobby.Status.FINISHED) {
            try {
                for (String id : store.finishedGameIds(100)) {
                    LiveGame g = game(id);
                    synchronized (g) {
                        out.add(g.summary());
                    }
                }
            } catch (SQLException e) {
                throw storageFailed(e);
            }
            return out;
        }
        for (LiveGame g : games.values()) {
            synchronized (g) {
                if (status == null ? g.status != Lobby.Status.FINISHED : g.status == status) {
                    out.add(g.summary());
                }
            }
        }
        return out;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Actions
    // ----------------------------------------------------------------------------------------------------------

    /**
     * Applies an action of {@code seat}: refused when it repeats nothing and is stale, not this seat's decision, or
     * illegal; otherwise stored under (game, ply), then applied, published and acknowledged. The same client action
     * id gets the same answer again.
     */
    Answer act(LiveGame g, int seat, ActionRequest req) {
        return act(g, seat, req, false);
    }

    /** As {@link #act(LiveGame, int, ActionRequest)}; {@code byBot} for the decisions of bots and stand-ins. */
    private Answer act(LiveGame g, int seat, ActionRequest req, boolean byBot) {
        long start = System.nanoTime();
        if (req == null || req.action() == null) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "an action request needs an action, a ply and a clientActionId");
        }
        String cid = req.clientActionId();
        if (cid == null || cid.isEmpty() || cid.length() > MAX_CLIENT_ACTION_ID || !printable(cid)) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "clientActionId must be 1 to " + MAX_CLIENT_ACTION_ID
                    + " characters" + (cid != null && !printable(cid) ? ", none of them a control character" : ""));
        }
        synchronized (g) {
            if (g.unsure) {
                // The last append's outcome is unknown: take what the database holds first, so that an action
                // stored after all is answered with its acknowledgement below, and its ply is not offered twice.
                try {
                    catchUp(g);
                    g.unsure = false;
                } catch (SQLException | RuntimeException e) {
                    LOG.warn("game {} cannot catch up with the database: {}", g.id, e.toString());
                    metrics.actionsRejected.incrementAndGet();
                    return refused(ErrorCode.UNAVAILABLE, UNAVAILABLE_ACTION, g.session.ply());
                }
            }
            Answer earlier = g.answered(seat, cid);
            if (earlier != null) {
                return earlier;
            }
            Answer a = decide(g, seat, req, byBot);
            if (a.rejection() != null && a.rejection().code() != ErrorCode.UNAVAILABLE) {
                // An applied action's answer was remembered as it was applied; a refusal for want of the database
                // is not an answer to remember: the same request sent again is tried again.
                g.remember(seat, cid, a);
            }
            if (a.ack() != null) {
                metrics.recordLatency(System.nanoTime() - start);
            } else {
                metrics.actionsRejected.incrementAndGet();
            }
            return a;
        }
    }

    /** Runs under the game's monitor. */
    private Answer decide(LiveGame g, int seat, ActionRequest req, boolean byBot) {
        if (g.status == Lobby.Status.OPEN && store.shared()) {
            // The last join may have been made on another process, whose announcement has not come yet.
            try {
                catchUp(g);
            } catch (SQLException e) {
                return refused(ErrorCode.UNAVAILABLE, UNAVAILABLE_ACTION, g.session.ply());
            }
        }
        int ply = g.session.ply();
        if (g.status == Lobby.Status.OPEN) {
            return refused(ErrorCode.GAME_NOT_STARTED, "the game starts when every person seat has joined", ply);
        }
        LiveGame.Seat s = g.seats.get(seat);
        if (byBot && g.botFor(s) == null) {
            return refused(ErrorCode.NOT_A_PERSON_SEAT, "seat " + seat + " was taken back by its person", ply);
        }
        if (!byBot && s.resigned) {
            return refused(ErrorCode.NOT_A_PERSON_SEAT, "seat " + seat + " resigned; a bot plays it unless it is "
                    + "reclaimed", ply);
        }
        if (req.ply() != ply) {
            return refused(ErrorCode.STALE_PLY, "the action was chosen at ply " + req.ply() + " but the game is at ply "
                    + ply, ply);
        }
        Action action;
        try {
            action = req.action().toAction();
        } catch (IllegalArgumentException e) {
            return refused(ErrorCode.MALFORMED_ACTION, e.getMessage(), ply);
        }
        GameSession.Attempt attempt = g.session.attempt(seat, action);
        if (attempt instanceof GameSession.Refused r) {
            return new Answer(null, r.rejection());
        }
        GameSession.Accepted ok = (GameSession.Accepted) attempt;
        if (!byBot && s.standIn) {
            setStandIn(g, s, false, false); // the person is back and acts: the stand-in steps aside
        }
        ActionDto stored = ActionDto.of(action);
        long now = System.currentTimeMillis();
        // The decision's time on the clock is stored with the action: a replay charges the clock the same.
        Long spent = g.clock == null ? null : g.clock.spent(now);
        try {
            store.appendAction(g.id, new Store.ActionRow(ply, seat, Json.write(stored), req.clientActionId(), now,
                    spent), announcement(g.id));
        } catch (Store.PlyTaken e) {
            // Another server process stored this ply first (or this one did, on a try whose answer was lost): take
            // the stored actions, then tell the client where we are.
            try {
                catchUp(g);
            } catch (SQLException | RuntimeException c) {
                LOG.error("catching up game {} failed", g.id, c);
                g.unsure = true;
            }
            Answer same = g.answered(seat, req.clientActionId());
            if (same != null && same.ack() != null) {
                return same; // it was this very action (same seat and client action id)
            }
            return refused(ErrorCode.CONFLICT, "another server stored ply " + ply + " first; the game is at ply "
                    + g.session.ply(), g.session.ply());
        } catch (SQLException e) {
            // Not acknowledged, and not applied here. It may have been committed all the same (the connection
            // broke during the commit): the game checks the database before its next decision.
            LOG.warn("storing ply {} of game {} failed: {}", ply, g.id, e.toString());
            g.unsure = true;
            return refused(ErrorCode.UNAVAILABLE, UNAVAILABLE_ACTION, ply);
        }
        // Counted before its update goes out: whoever sees the update sees the action in /metrics.
        metrics.actionsApplied.incrementAndGet();
        long version = advance(g, new SeatAction(seat, ply, stored), ok, req.clientActionId(), now, spent, true);
        if (g.session.isOver()) {
            finish(g);
        } else {
            scheduleBot(g);
        }
        return new Answer(new ServerMessage.Ack(req.clientActionId(), ply, version), null);
    }

    static final String UNAVAILABLE_ACTION = "the database did not confirm storing the action, so it is not "
            + "acknowledged; send it again with the same clientActionId (if it was stored after all, the answer is "
            + "its acknowledgement)";

    private static Answer refused(ErrorCode code, String message, int ply) {
        return new Answer(null, new Rejection(code, message, ply));
    }

    private void finish(LiveGame g) {
        if (!storeRecord(g)) {
            g.recordPending = true;
            storeRecordLater(g);
        }
        g.broadcastPresence();
        g.released();
        evictLater(g);
    }

    /** Under the game's monitor: stores the finished game's record; false when the database did not take it. */
    private boolean storeRecord(LiveGame g) {
        try {
            store.finish(g.id, g.session.recordJson());
            g.status = Lobby.Status.FINISHED;
            g.recordPending = false;
            return true;
        } catch (SQLException e) {
            // The actions are stored; the record is tried again (and the next start-up would finish the game too).
            LOG.warn("storing the record of game {} failed: {}", g.id, e.toString());
            return false;
        }
    }

    /** Tries the record again every {@link #RETRY_MS} until the database takes it. */
    private void storeRecordLater(LiveGame g) {
        bots.schedule(() -> {
            synchronized (g) {
                if (g.recordPending && !storeRecord(g)) {
                    storeRecordLater(g);
                }
            }
        }, RETRY_MS, TimeUnit.MILLISECONDS);
    }

    /** How long a bot, or a record, waits before it is stored again when the database did not take it. */
    static final long RETRY_MS = 500;

    /** A finished game leaves memory once nobody watches it (it is loaded again from the database on request). */
    private void evictLater(LiveGame g) {
        bots.schedule(() -> {
            synchronized (g) {
                if (g.peers.isEmpty() && !g.recordPending) {
                    games.remove(g.id, g);
                } else {
                    evictLater(g);
                }
            }
        }, FINISHED_IN_MEMORY_SECONDS, TimeUnit.SECONDS);
    }

    /** The bot level that suggests a person's next decision (the hint button). */
    static final String HINT_BOT = "mcts:easy";

    /**
     * A suggestion for {@code seat}'s current decision: what the {@link #HINT_BOT} would do in its place, and the
     * ply it is for. Nothing is applied; the bot thinks outside the game's monitor, on the caller's thread.
     */
    Hint hint(LiveGame g, int seat) {
        PlayerView view;
        int ply;
        synchronized (g) {
            if (g.status != Lobby.Status.RUNNING || g.session.isOver()) {
                throw new ApiException(g.session.isOver() ? ErrorCode.GAME_OVER : ErrorCode.GAME_NOT_STARTED,
                        "a hint is only for a running game");
            }
            if (g.session.decidingSeat() != seat) {
                throw new ApiException(ErrorCode.NOT_YOUR_DECISION, "it is seat " + g.session.decidingSeat()
                        + "'s decision, not seat " + seat + "'s");
            }
            view = g.session.viewFor(seat);
            ply = g.session.ply();
        }
        long seed = g.id.hashCode() * 1_000_003L + ply;
        BotSpec b = bot(HINT_BOT, "hint");
        Hints.Suggestion s = Hints.suggest(b.bot(), view, b.budget(), seed);
        List<Double> scores = new ArrayList<>();
        for (double v : s.expectedScores()) {
            scores.add(round2(v));
        }
        return new Hint(ply, ActionDto.of(s.action()), round2(s.expectedMargin()), scores);
    }

    private static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /**
     * A suggested action for the decision at {@code ply}, with what the fitted evaluation expects after it: the
     * seat's final score minus the best other seat's ({@code expectedMargin}) and every seat's final score
     * ({@link Hints}).
     */
    record Hint(int ply, ActionDto action, double expectedMargin, List<Double> expectedScores) {
    }

    /**
     * How many finished games' analyses are kept. One is small (a turn is a few objects and a boxed probability
     * per seat: by estimate some 10 KB for a 2-player game of 72 turns); the replay view asks for it on every
     * visit, and it is the games being looked at now that are asked for again, so a few recent ones are enough.
     */
    static final int FINISHED_ANALYSES_KEPT = 64;
    /**
     * Finished games' analyses by game id, the least recently asked first; guarded by itself. A finished game's
     * analysis cannot change, and computing it runs the evaluation at every turn of the game; by id rather than on
     * the {@link LiveGame}, so that it outlives the game's time in memory ({@link #FINISHED_IN_MEMORY_SECONDS}).
     */
    private final Map<String, GameAnalysis> finishedAnalyses = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, GameAnalysis> eldest) {
            return size() > FINISHED_ANALYSES_KEPT;
        }
    };

    /**
     * Every seat's win probability at the start and after every turn so far ({@link dev.fortuna.bots.Analysis}),
     * from what a spectator knows: each estimate is made on a copy of the position whose undrawn tiles are
     * sorted, so a running game's pile order does not reach it. Computed outside the game's monitor; a finished
     * game's is computed once and then kept ({@link #finishedAnalyses}), a running game's on every request.
     */
    GameAnalysis analysis(LiveGame g) {
        synchronized (finishedAnalyses) {
            GameAnalysis kept = finishedAnalyses.get(g.id);
            if (kept != null) {
                return kept;
            }
        }
        GameState start;
        List<Action> actions;
        boolean over;
        synchronized (g) {
            start = g.session.start();
            actions = g.session.appliedActions();
            over = g.session.isOver();
        }
        List<AnalysisTurn> turns = new ArrayList<>();
        for (dev.fortuna.bots.Analysis.Turn t : dev.fortuna.bots.Analysis.byTurn(start, actions)) {
            List<Double> p = new ArrayList<>();
            for (double v : t.win()) {
                p.add(Math.round(v * 10000) / 10000.0);
            }
            turns.add(new AnalysisTurn(t.turn(), t.ply(), t.seat() < 0 ? null : t.seat(), t.tile(), List.copyOf(p)));
        }
        GameAnalysis a = new GameAnalysis(actions.size(), over, List.copyOf(turns));
        if (!over) {
            return a;
        }
        synchronized (finishedAnalyses) {
            // Two first requests at once both compute it; the first one kept is the one every later request gets.
            GameAnalysis kept = finishedAnalyses.putIfAbsent(g.id, a);
            return kept != null ? kept : a;
        }
    }

    /** The analysis of a game up to {@code ply} ({@code finished} when the game is over). */
    record GameAnalysis(int ply, boolean finished, List<AnalysisTurn> turns) {
    }

    /**
     * The position after {@code turn} (0: the start, {@code seat} and {@code tile} null), {@code ply} actions
     * in: {@code seat} placed {@code tile} in that turn; each seat's probability of winning (rounded to 4 places).
     */
    record AnalysisTurn(int turn, int ply, Integer seat, String tile, List<Double> winProbability) {
    }

    /** Under the game's monitor: when a bot decides next, plays its decision on the bot pool. */
    private void scheduleBot(LiveGame g) {
        if (g.clockTimer != null) {
            g.clockTimer.cancel(false);
            g.clockTimer = null;
        }
        if (g.status != Lobby.Status.RUNNING || g.session.isOver()) {
            return;
        }
        LiveGame.Seat s = g.seats.get(g.session.decidingSeat());
        if (g.botFor(s) == null) {
            startClock(g, s);
            return;
        }
        int ply = g.session.ply();
        bots.schedule(() -> playBot(g, s, ply), config.botDelayMillis(), TimeUnit.MILLISECONDS);
    }

    /** Under the game's monitor: when a person decides under a clock, their time's end hands the seat to the bot. */
    private void startClock(LiveGame g, LiveGame.Seat s) {
        if (g.clock == null) {
            return;
        }
        int ply = g.session.ply();
        long wait = Math.max(0, g.clock.deadline(s.index) - System.currentTimeMillis());
        g.clockTimer = bots.schedule(() -> {
            synchronized (g) {
                if (g.session.ply() == ply && g.session.decidingSeat() == s.index && g.botFor(s) == null) {
                    g.clock.expire(s.index);
                    try {
                        // Stored, so that a restart before the stand-in's first decision keeps the seat out of time.
                        store.setOutOfTime(g.id, s.index);
                        store.announce(announcement(g.id));
                    } catch (SQLException e) {
                        LOG.warn("game {}: storing that seat {} ran out of time failed: {}", g.id, s.index,
                                e.toString());
                    }
                    g.publishClock();
                    scheduleBot(g);
                }
            }
        }, wait, TimeUnit.MILLISECONDS);
    }

    private void playBot(LiveGame g, LiveGame.Seat s, int ply) {
        try {
            PlayerView view;
            BotSpec bot;
            synchronized (g) {
                bot = g.botFor(s);
                if (g.session.ply() != ply || g.session.decidingSeat() != s.index || bot == null) {
                    return; // the game moved on, or the person took the seat back
                }
                view = g.session.viewFor(s.index);
            }
            // The bot thinks outside the game's monitor: people can still connect, look and resync meanwhile.
            long seed = g.id.hashCode() * 1_000_003L + ply;
            Action a = Action.decode(bot.chooseCode(view, seed));
            botMoves.execute(() -> playBotMove(g, s, ply, a));
        } catch (RuntimeException e) {
            botFailed(g, s, ply, e);
        }
    }

    /** Applies and stores a bot's decision (on {@link #botMoves}). */
    private void playBotMove(LiveGame g, LiveGame.Seat s, int ply, Action a) {
        try {
            Answer answer = act(g, s.index, new ActionRequest(ActionDto.of(a), ply, "bot-" + ply), true);
            if (answer.rejection() != null && answer.rejection().code() == ErrorCode.UNAVAILABLE) {
                // The database is away: the bot tries again until it is back (people send their actions again).
                bots.schedule(() -> playBot(g, s, ply), RETRY_MS, TimeUnit.MILLISECONDS);
            } else if (answer.rejection() != null && answer.rejection().code() != ErrorCode.CONFLICT) {
                // CONFLICT: the same bot on another server process played this ply first, which is fine.
                LOG.error("the bot of seat {} of game {} was refused at ply {}: {}", s.index, g.id, ply, answer.rejection());
            }
        } catch (RuntimeException e) {
            botFailed(g, s, ply, e);
        }
    }

    private void botFailed(LiveGame g, LiveGame.Seat s, int ply, RuntimeException e) {
        if (bots.isShutdown() || botMoves.isShutdown()) {
            // The server is stopping (its bot pools take no more work): the bot's next decision, or this one, is
            // played after the restart, which schedules every game's bot again.
            LOG.debug("game {}: the bot's decision at ply {} is left to the next start", g.id, ply);
            return;
        }
        LOG.error("the bot of seat {} of game {} failed at ply {}", s.index, g.id, ply, e);
    }

    // ----------------------------------------------------------------------------------------------------------
    // Presence, stand-ins, resigning
    // ----------------------------------------------------------------------------------------------------------

    /**
     * A connection of {@code seat} opened: a person who comes back takes the seat back from the stand-in. The caller
     * tells the connections (presence).
     */
    void connected(LiveGame g, int seat) {
        synchronized (g) {
            LiveGame.Seat s = g.seats.get(seat);
            s.connections++;
            if (s.grace != null) {
                s.grace.cancel(false);
                s.grace = null;
            }
            if (s.standIn && !s.resigned) {
                setStandIn(g, s, false, false);
            }
        }
    }

    /** A connection of {@code seat} closed: with none left, the grace period starts. The caller tells the others. */
    void disconnected(LiveGame g, int seat) {
        synchronized (g) {
            LiveGame.Seat s = g.seats.get(seat);
            s.connections--;
            startGrace(g, s);
        }
    }

    /** Under the game's monitor: a person seat without connections in a running game with a grace period. */
    private void startGrace(LiveGame g, LiveGame.Seat s) {
        if (g.graceSeconds == null || s.kind != Lobby.SeatKind.PERSON || s.connections > 0 || s.standIn
                || s.grace != null || g.status != Lobby.Status.RUNNING) {
            return;
        }
        s.grace = bots.schedule(() -> {
            synchronized (g) {
                s.grace = null;
                if (s.connections == 0 && !s.standIn && g.status == Lobby.Status.RUNNING) {
                    setStandIn(g, s, true, false);
                    g.broadcastPresence();
                    scheduleBot(g);
                }
            }
        }, g.graceSeconds, TimeUnit.SECONDS);
    }

    /** The person of {@code seat} resigns: the stand-in bot plays the seat to the end unless it is reclaimed. */
    Lobby.GameSummary resign(LiveGame g, int seat) {
        synchronized (g) {
            if (g.status == Lobby.Status.FINISHED) {
                throw new ApiException(ErrorCode.GAME_OVER, "the game is over");
            }
            setStandIn(g, g.seats.get(seat), true, true);
            g.broadcastPresence();
            scheduleBot(g);
            return g.summary();
        }
    }

    /** The person of {@code seat} takes it back from the stand-in (after resigning or a long absence). */
    Lobby.GameSummary reclaim(LiveGame g, int seat) {
        synchronized (g) {
            LiveGame.Seat s = g.seats.get(seat);
            if (s.standIn || s.resigned) {
                setStandIn(g, s, false, false);
                startGrace(g, s);
                g.broadcastPresence();
            }
            return g.summary();
        }
    }

    /** Under the game's monitor: stores and applies who plays a person seat. */
    private void setStandIn(LiveGame g, LiveGame.Seat s, boolean standIn, boolean resigned) {
        try {
            store.setStandIn(g.id, s.index, standIn, resigned);
            store.announce(announcement(g.id));
        } catch (SQLException e) {
            throw storageFailed(e);
        }
        s.standIn = standIn;
        s.resigned = resigned;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Start-up and shutdown
    // ----------------------------------------------------------------------------------------------------------

    /** Rebuilds every unfinished game from its stored actions and lets its bots play on. */
    int recover() throws SQLException {
        if (store.shared()) {
            store.listen(this::announced, this::catchUpAll);
        }
        int n = 0;
        for (String id : store.unfinishedGameIds()) {
            LiveGame g = rebuild(store.load(id));
            games.put(id, g);
            synchronized (g) {
                if (g.session.isOver()) {
                    finish(g); // stored up to the last action, but the record was not: finish it now
                } else {
                    if (g.status == Lobby.Status.OPEN && g.seats.stream().allMatch(x -> x.joined)) {
                        // Every seat's join was stored but the start was not (the process ended in between).
                        long now = System.currentTimeMillis();
                        store.start(g.id, now);
                        g.status = Lobby.Status.RUNNING;
                        if (g.clock != null) {
                            g.clock.startDecision(now);
                        }
                    }
                    if (g.clock != null && g.status == Lobby.Status.RUNNING) {
                        // The time the server was down is not charged: the current decision's time counts from now.
                        g.clock.startDecision(System.currentTimeMillis());
                    }
                    // Nobody is connected to a server that just started: every person's grace period starts afresh.
                    // (With several processes on one database a person may be connected to another one, which this
                    // process cannot see; when the grace period here ends, that process hears of the stand-in and
                    // gives the seat back to its connected person: see catchUp.)
                    g.seats.forEach(x -> startGrace(g, x));
                    scheduleBot(g);
                }
            }
            n++;
        }
        return n;
    }

    /** A game replayed from its stored row; a stored action the engine refuses means a damaged database. */
    private LiveGame rebuild(Store.GameRow row) {
        GameSetup setup = Json.read(row.setupJson(), GameSetup.class);
        GameSession session = new GameSession(setup.toConfig(0).withDraws(row.draws()));
        List<LiveGame.Seat> seats = new ArrayList<>();
        for (Store.SeatRow s : row.seats()) {
            LiveGame.Seat seat = new LiveGame.Seat(s.seat(), s.kind(), s.bot(), s.kind() == Lobby.SeatKind.BOT
                    ? bot(s.bot(), "bot") : null, s.tokenHash(), s.name(), s.joined());
            seat.standIn = s.standIn();
            seat.resigned = s.resigned();
            seats.add(seat);
        }
        GameClock clock = row.clockSeconds() == null ? null : new GameClock(seats.size(), row.clockSeconds() * 1000L,
                (row.incrementSeconds() == null ? 0 : row.incrementSeconds()) * 1000L);
        if (clock != null && row.startedAt() != null) {
            clock.startDecision(row.startedAt());
        }
        LiveGame g = new LiveGame(row.id(), setup, seats, session, row.status(), row.graceSeconds(),
                bot(row.standIn() == null ? DEFAULT_STAND_IN : row.standIn(), "standIn"), clock);
        for (Store.ActionRow a : row.actions()) {
            replay(g, a, false);
        }
        for (Store.SeatRow s : row.seats()) {
            if (s.outOfTime() && clock != null) {
                clock.expire(s.seat());
            }
        }
        return g;
    }

    /** The stored record of a finished game. */
    String record(LiveGame g) {
        synchronized (g) {
            if (!g.session.isOver()) {
                throw new ApiException(ErrorCode.NOT_FINISHED, "the game is not over; its record is kept when it ends");
            }
            return g.session.recordJson();
        }
    }

    boolean healthy() {
        return store.healthy();
    }

    /** Games held in memory now by status: open, running, finished (a racy count, fine for a gauge). */
    int[] gamesInMemory() {
        int[] n = new int[3];
        for (LiveGame g : games.values()) {
            n[g.status == Lobby.Status.OPEN ? 0 : g.status == Lobby.Status.RUNNING ? 1 : 2]++;
        }
        return n;
    }

    Metrics.Snapshot metricsSnapshot() {
        int running = 0, open = 0;
        for (LiveGame g : games.values()) {
            Lobby.Status s = g.status; // a racy read is fine for a gauge
            running += s == Lobby.Status.RUNNING ? 1 : 0;
            open += s == Lobby.Status.OPEN ? 1 : 0;
        }
        return new Metrics.Snapshot(running, open, metrics.actionsApplied.get(), metrics.actionsRejected.get(),
                connections.get(), metrics.quantileMs(0.5), metrics.quantileMs(0.99), metrics.samples());
    }

    private static ApiException storageFailed(SQLException e) {
        LOG.warn("database error: {}", e.toString());
        return new ApiException(ErrorCode.UNAVAILABLE, "the database did not confirm the change; send the request "
                + "again");
    }

    @Override
    public void close() {
        bots.shutdownNow();
        botMoves.shutdownNow();
        try {
            bots.awaitTermination(5, TimeUnit.SECONDS);
            botMoves.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
