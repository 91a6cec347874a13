package dev.fortuna.server;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fortuna.protocol.Lobby;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.flywaydb.core.Flyway;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's database, through plain JDBC on a HikariCP pool; the schema comes from Flyway migrations
 * ({@code db/migration}). Every write goes through one writer thread that commits concurrent writes together (see
 * {@link Write}); a method that returns has made its change durable.
 */
final class Store implements AutoCloseable {
    /** The PostgreSQL channel on which a process announces a change to a game (payload: the game id). */
    static final String CHANNEL = "fortuna_games";
    /** The longest a request waits for a pooled connection (the database is away, or every connection is busy). */
    static final long CONNECTION_TIMEOUT_MS = 3000;
    private final HikariDataSource pool;
    private final String jdbcUrl;
    /** Whether the database is H2, whose commits are made durable by {@link #writeToFile(Connection)}. */
    private final boolean h2;
    private volatile boolean closed;
    private static final Logger LOG = LoggerFactory.getLogger(Store.class);

    Store(String jdbcUrl) {
        HikariConfig hc = new HikariConfig();
        this.jdbcUrl = jdbcUrl;
        this.h2 = jdbcUrl.startsWith("jdbc:h2:");
        hc.setJdbcUrl(jdbcUrl);
        hc.setMaximumPoolSize(8);
        hc.setPoolName("fortuna");
        // When the database is away, a request waits at most this long for a connection and is then refused
        // (UNAVAILABLE) instead of hanging for HikariCP's default 30 s; a pooled connection idle for more than half
        // a second is checked (isValid) within a second before it is lent out.
        hc.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
        hc.setValidationTimeout(1000);
        pool = new HikariDataSource(hc);
        Flyway.configure().dataSource(pool).load().migrate();
        if (h2) {
            // Fails at start, rather than at every acknowledgement, for an H2 this process cannot make durable.
            try (Connection c = pool.getConnection()) {
                writeToFile(c);
            } catch (SQLException e) {
                pool.close();
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
        startWriter();
        if (h2) {
            startFileWriter();
        }
    }

    /** A seat as stored. */
    record SeatRow(int seat, Lobby.SeatKind kind, String bot, String name, String tokenHash, boolean joined,
                   boolean standIn, boolean resigned, boolean outOfTime) {
    }

    /**
     * An action as stored; {@code clockMillis} is the time its decision took on its seat's clock (null without a
     * clock, and for actions stored before the column existed).
     */
    record ActionRow(int ply, int seat, String actionJson, String clientActionId, long createdAt, Long clockMillis) {
    }

    /** A game as stored, with its seats and actions in ply order. */
    record GameRow(String id, String setupJson, List<String> draws, Lobby.Status status, Integer graceSeconds,
                   String standIn, Integer clockSeconds, Integer incrementSeconds, Long startedAt, List<SeatRow> seats,
                   List<ActionRow> actions, String recordJson) {
    }

    /** Thrown when another writer stored this (game, ply) first. */
    static final class PlyTaken extends Exception {
        PlyTaken(String gameId, int ply) {
            super("ply " + ply + " of game " + gameId + " is already stored");
        }
    }

    void insertGame(String id, String setupJson, List<String> draws, Lobby.Status status, Integer graceSeconds,
                    String standIn, Integer clockSeconds, Integer incrementSeconds, Long startedAt,
                    List<SeatRow> seats) throws SQLException {
        write(c -> {
            try (PreparedStatement g = c.prepareStatement(
                    "insert into games (id, setup_json, draws, status, created_at, grace_seconds, stand_in, "
                            + "clock_seconds, increment_seconds, started_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement s = c.prepareStatement("insert into seats (game_id, seat, kind, bot, name, "
                         + "token_hash, joined) values (?, ?, ?, ?, ?, ?, ?)")) {
                g.setString(1, id);
                g.setString(2, setupJson);
                g.setString(3, String.join(",", draws));
                g.setString(4, status.name());
                g.setLong(5, System.currentTimeMillis());
                g.setObject(6, graceSeconds, Types.INTEGER);
                g.setString(7, standIn);
                g.setObject(8, clockSeconds, Types.INTEGER);
                g.setObject(9, incrementSeconds, Types.INTEGER);
                g.setObject(10, startedAt, Types.BIGINT);
                g.executeUpdate();
                for (SeatRow r : seats) {
                    s.setString(1, id);
                    s.setInt(2, r.seat());
                    s.setString(3, r.kind().name());
                    s.setString(4, r.bot());
                    s.setString(5, r.name());
                    s.setString(6, r.tokenHash());
                    s.setBoolean(7, r.joined());
                    s.addBatch();
                }
                s.executeBatch();
            }
        });
    }

    /**
     * Appends an action under its unique (game, ply) key and returns once it is committed. On PostgreSQL the
     * commit also announces it with {@code announcement} as payload (see {@link #listen}).
     *
     * @throws PlyTaken when that ply is already stored (another writer won)
     */
    void appendAction(String gameId, ActionRow a, String announcement) throws SQLException, PlyTaken {
        try {
            await(new Append(gameId, a, announcement, new CompletableFuture<>()));
        } catch (PlyTaken | SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException(e);
        }
    }

    /**
     * Group commit. Every write of every game goes to one writer thread, which stores whatever has queued up in one
     * transaction, so that concurrent writes share a commit (one file write on H2, one WAL flush on PostgreSQL)
     * instead of paying one each; each caller still returns only after its own write is committed. Writes of one
     * game never share a group: they are made under the game's monitor, one after the other.
     */
    private sealed interface Write {
        CompletableFuture<Void> done();
    }

    /** An action to insert (batched with the group's other actions). */
    private record Append(String gameId, ActionRow row, String announcement, CompletableFuture<Void> done)
            implements Write {
    }

    /** Statements on the writer's connection, inside its transaction (they must not commit). */
    @FunctionalInterface
    interface Work {
        void run(Connection c) throws SQLException;
    }

    private record Statements(Work work, CompletableFuture<Void> done) implements Write {
    }

    /** Runs {@code work} in the writer's next transaction and returns once it is committed. */
    private void write(Work work) throws SQLException {
        try {
            await(new Statements(work, new CompletableFuture<>()));
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException(e);
        }
    }

    private void await(Write w) throws Exception {
        if (closed) {
            throw new SQLException("the store is closed");
        }
        writes.add(w);
        if (closed && writes.remove(w)) {
            // Closed meanwhile, and the writer's last drain may have run before this write came: fail it here (a
            // write the drain took is failed by the writer).
            throw new SQLException("the store is closed");
        }
        try {
            w.done().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while writing", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : new SQLException(e.getCause());
        }
    }

    private static final String INSERT_ACTION = "insert into actions (game_id, ply, seat, action_json, "
            + "client_action_id, created_at, clock_millis) values (?, ?, ?, ?, ?, ?, ?)";
    /** Most writes stored in one transaction. */
    private static final int MAX_GROUP = 256;
    /** The name of the thread that makes every write. */
    static final String WRITER_THREAD = "fortuna-store-writer";
    private final BlockingQueue<Write> writes = new LinkedBlockingQueue<>();
    /** When (System.nanoTime) the writer last waited in vain for a connection; used by the writer thread only. */
    private long unreachableSince = System.nanoTime() - UNREACHABLE_NANOS;
    /** How long after that the writer refuses writes without trying. */
    private static final long UNREACHABLE_NANOS = 1_000_000_000L;

    /**
     * How long the writer waits for more writes before a commit while writes come in faster than it commits. Each
     * commit has a cost of its own (H2 writes a chunk with the changed pages and the store's metadata, PostgreSQL
     * flushes its log), so under load a few hundred microseconds of waiting halve the database writer's CPU per
     * action; a lone write (the last group held one write) is committed at once.
     */
    static final long GATHER_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    /**
     * The same on PostgreSQL, where each commit also costs the database's own processes (a transaction and a log
     * flush). Measured 2026-12-03 with {@code loadtest --store-only --games 200 --rate 2000 --seconds 60 --db …},
     * the CPU from 20 to 60 s read from /proc, interleaved: with 1.5 ms PostgreSQL's processes used 0.159 and 0.159
     * cores and this process 0.274 and 0.273, against 0.209 and 0.218, 0.294 and 0.304 with 0.5 ms; the commit p50
     * rose from 1.1-1.4 to 2.4-2.8 ms and its p99 from 5.7-7.4 to 11.2-11.5 ms. The whole server: README, Speed. On
     * H2 the file writer batches the file writes itself ({@link #FILE_WRITE_GAP_NANOS}), so its commits keep 0.5 ms.
     */
    static final long PG_GATHER_NANOS = TimeUnit.MICROSECONDS.toNanos(1500);

    /** Adds the writes that arrive within the gathering time to {@code group}, up to {@link #MAX_GROUP}. */
    private void gather(List<Write> group) throws InterruptedException {
        long until = System.nanoTime() + (h2 ? GATHER_NANOS : PG_GATHER_NANOS);
        for (long left; group.size() < MAX_GROUP && (left = until - System.nanoTime()) > 0; ) {
            Write w = writes.poll(left, TimeUnit.NANOSECONDS);
            if (w == null) {
                return;
            }
            group.add(w);
            writes.drainTo(group, MAX_GROUP - group.size());
        }
    }

    private Thread startWriter() {
        Thread t = new Thread(() -> {
            List<Write> group = new ArrayList<>();
            // Whether the last group held more than one write: writes are coming in faster than commits.
            boolean busy = false;
            while (!closed) {
                try {
                    Write first = writes.poll(500, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        continue;
                    }
                    group.clear();
                    group.add(first);
                    writes.drainTo(group, MAX_GROUP - 1);
                    if (busy) {
                        gather(group);
                    }
                    writeGroup(group);
                    busy = group.size() > 1;
                } catch (InterruptedException e) {
                    break;
                }
            }
            for (Write w; (w = writes.poll()) != null; ) {
                w.done().completeExceptionally(new SQLException("the store is closed"));
            }
        }, WRITER_THREAD);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Stores a group in one transaction; when that fails, each write alone, so that each gets its own answer. A
     * pooled connection that broke (the database restarted) costs one more try on a fresh one; when the database
     * cannot be reached, every write of the group fails at once (each would only wait the same connection timeout
     * again), and its caller refuses it.
     */
    private void writeGroup(List<Write> group) {
        if (System.nanoTime() - unreachableSince < UNREACHABLE_NANOS) {
            // The last group found no database a moment ago: these writes are refused at once rather than each
            // group waiting the whole connection timeout again (writes queue behind that wait).
            SQLException e = new java.sql.SQLTransientConnectionException("the database was unreachable "
                    + (System.nanoTime() - unreachableSince) / 1_000_000 + " ms ago");
            group.forEach(w -> w.done().completeExceptionally(e));
            return;
        }
        SQLException failure = null;
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                storeTogether(group);
                committed(List.copyOf(group));
                return;
            } catch (SQLException e) {
                failure = e;
                if (!connectionLost(e) || e instanceof java.sql.SQLTransientConnectionException) {
                    // Refused (a ply taken by another process, most likely: sorted out one by one below), or no
                    // connection to be had within the timeout (another try would only wait as long again).
                    break;
                }
                // The database went away under a pooled connection, and probably under the other idle ones too
                // (HikariCP checks only those idle for more than half a second): the next try gets a new one.
                pool.getHikariPoolMXBean().softEvictConnections();
            }
        }
        if (connectionLost(failure)) {
            LOG.warn("the database did not store a group of {} writes: {}", group.size(), failure.toString());
            if (failure instanceof java.sql.SQLTransientConnectionException) {
                unreachableSince = System.nanoTime();
            }
            for (Write w : group) {
                w.done().completeExceptionally(failure);
            }
            return;
        }
        if (group.size() == 1) {
            group.get(0).done().completeExceptionally(answer(group.get(0), failure));
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            Write w = group.get(i);
            try {
                storeTogether(List.of(w));
                committed(List.of(w));
            } catch (SQLException e) {
                w.done().completeExceptionally(answer(w, e));
                if (connectionLost(e)) {
                    for (Write rest : group.subList(i + 1, group.size())) {
                        rest.done().completeExceptionally(e);
                    }
                    return;
                }
            }
        }
    }

    /** The failure a write's caller gets: {@link PlyTaken} for an append whose (game, ply) is stored already. */
    private static Exception answer(Write w, SQLException e) {
        // 23505 is unique_violation in PostgreSQL; H2 uses 23505 as well (DUPLICATE_KEY_1).
        return w instanceof Append a && "23505".equals(e.getSQLState()) ? new PlyTaken(a.gameId(), a.row().ply()) : e;
    }

    /**
     * H2: groups committed to the database and not yet written to its file, oldest first; the file writer's queue.
     * A group's writes are answered once a store that began after their commit has ended.
     */
    private final BlockingQueue<List<Write>> toFile = new LinkedBlockingQueue<>();
    /** The name of the thread that writes H2's committed groups to its file. */
    static final String FILE_WRITER_THREAD = "fortuna-store-file";

    /**
     * Writes that are committed: answered now on PostgreSQL (its commit is durable), handed to the file writer on
     * H2. Splitting H2's commit from its file write lets the writer commit the next group while the file writer
     * writes the last ones: under load a file write takes about as long as a group's inserts, and the two used to
     * add up in every acknowledgement.
     */
    private void committed(List<Write> group) {
        if (!h2) {
            group.forEach(w -> w.done().complete(null));
            return;
        }
        toFile.add(group);
    }

    /**
     * The least time between the starts of two H2 file writes. Every file write costs about the same whatever it
     * holds: H2 writes a new chunk with the changed pages of the actions table's index from leaf to root and its
     * own layout map, so one action or ten cost nearly the same. Under load the file writer wrote about 950 times
     * a second with about two actions each, and a chunk was mostly bookkeeping (of 56 KB, 7.5 KB were the actions
     * themselves). Waiting until a millisecond has passed since the last write began lets more commits join each
     * write; a write after a quiet moment starts at once, so a lone action is not delayed. Measured with
     * {@code loadtest --store-only --games 200 --rate 2000 --seconds 60}, the process's CPU from 20 to 60 s, two
     * rounds each way, interleaved: about 1,360 write calls a second instead of 1,845, and 255-259 instead of
     * 299-303 µs of CPU per action; the commit p50 rose from 0.5-0.7 to 1.0-1.1 ms, the p99 stayed at 3-5 ms.
     *
     * <p>Two milliseconds since 2026-12-03: at every write H2 rewrites whole pages for a few new rows, the actions
     * table's last leaf (its rows are appended under a hidden row key) and the per-game leaves of its (game, ply)
     * index (about half of its serialisation thread's samples in a JFR profile under load), and the layout map's
     * leaf (about 48 chunk descriptions as text) of every older chunk in which pages died (about a fifth). Fewer
     * writes rewrite those pages less often. Same store-only command, the process's CPU from 20 to 60 s,
     * interleaved: 0.483 and 0.507 cores with a 2 ms gap against 0.581, 0.569 and 0.547 with 1 ms (about 40 µs less
     * per action); the commit p50 rose from 1.2 to 1.9-2.0 ms, the p99 was 5-9 ms both ways. A 3 ms gap gave 0.532 and
     * 0.415 cores with a commit p50 of 2.5-2.7 ms: no clearly better CPU for another 0.6 ms of every commit. The
     * whole server: see the README's Speed section.
     */
    private static final long FILE_WRITE_GAP_NANOS = 2_000_000L;

    private Thread startFileWriter() {
        Thread t = new Thread(() -> {
            List<List<Write>> groups = new ArrayList<>();
            long lastFileWrite = System.nanoTime() - FILE_WRITE_GAP_NANOS; // when (nanoTime) the last write began
            while (!closed) {
                try {
                    List<Write> first = toFile.poll(500, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        continue;
                    }
                    groups.clear();
                    groups.add(first);
                    // Not a sleep that throws: these groups are taken and must be written or failed.
                    long until = lastFileWrite + FILE_WRITE_GAP_NANOS;
                    for (long wait; (wait = until - System.nanoTime()) > 0
                            && !Thread.currentThread().isInterrupted(); ) {
                        LockSupport.parkNanos(wait);
                    }
                    toFile.drainTo(groups);
                    lastFileWrite = System.nanoTime();
                    // One store writes every group committed so far (it writes the database as it is now).
                    try (Connection c = pool.getConnection()) {
                        org.h2.mvstore.MVStore mv = writeToFile(c);
                        groups.forEach(g -> g.forEach(w -> w.done().complete(null)));
                        compactStep(mv);
                    } catch (SQLException | RuntimeException e) {
                        // Committed but perhaps not in the file: their callers treat them as unsure (the outcome
                        // of a failed write) and take what the database holds before the game goes on.
                        LOG.warn("H2 did not write {} committed groups to its file: {}", groups.size(), e.toString());
                        SQLException failure = e instanceof SQLException q ? q : new SQLException(e);
                        groups.forEach(g -> g.forEach(w -> w.done().completeExceptionally(failure)));
                    }
                } catch (InterruptedException e) {
                    break;
                }
            }
            for (List<Write> g; (g = toFile.poll()) != null; ) {
                g.forEach(w -> w.done().completeExceptionally(new SQLException("the store is closed")));
            }
        }, FILE_WRITER_THREAD);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * Writes H2's committed transactions to its file before the writes are answered: an acknowledged action must
     * survive a kill. H2 runs with its default {@code WRITE_DELAY}, because with {@code WRITE_DELAY=0}, which writes
     * at every commit, H2 starts no background thread at all; its compaction, which that thread would do, is done
     * by {@link #compactStep} instead (the background thread's is turned off). Without any compaction the file
     * keeps every chunk that still holds one live page (the pages of games no longer played on never change): a
     * soak of 500 actions a second grew it by 1.4 GB in six minutes, with the chunks' bookkeeping growing in the
     * heap and in the CPU of every commit.
     *
     * <p>The store's own {@code commit()} writes what is committed and not yet written, as a new chunk, and waits
     * until it is written (not synced: a killed process loses nothing the operating system was given). SQL's
     * {@code CHECKPOINT} would do the same but first tries to compact the file (up to 4 MB of live pages moved at
     * every call), at every commit, which is the background thread's work. The store is reached through H2's
     * public engine classes: this works for embedded H2 only, which is what {@link ServerConfig#h2} configures.
     */
    private static org.h2.mvstore.MVStore writeToFile(Connection c) throws SQLException {
        org.h2.engine.Session session = c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession();
        if (!(session instanceof org.h2.engine.SessionLocal local)) {
            throw new SQLException("H2 is not embedded (a server URL?): acknowledged actions could be lost");
        }
        org.h2.mvstore.db.Store store = local.getDatabase().getStore();
        if (store == null) {
            throw new SQLException("H2 has no store (an in-memory database?): acknowledged actions would be lost");
        }
        org.h2.mvstore.MVStore mv = store.getMvStore();
        mv.commit();
        if (mv.isClosed()) {
            // commit() does nothing on a closed store: nothing was written.
            throw new SQLException("H2's store is closed: the committed writes may not be in its file");
        }
        return mv;
    }

    /** How often the file writer compacts H2's file, at most. */
    private static final long COMPACT_INTERVAL_NANOS = 100_000_000L;
    /** The live share of the chunks' space below which the file writer compacts, in percent. */
    static final int COMPACT_FILL_PERCENT = 80;
    /** The most live data one compaction step moves, in bytes. */
    static final int COMPACT_STEP_BYTES = 256 * 1024;
    /** When (System.nanoTime) the last compaction step ran; used by the file writer only. */
    private long lastCompact = System.nanoTime();

    /**
     * H2's file is compacted here, on the file writer, in a small bounded step between two file writes, and not by
     * H2's background thread ({@link ServerConfig#h2} turns its compaction off). That thread holds the store's lock
     * while it rewrites sparse chunks and moves chunks to the front of the file (with a sync), and every file write,
     * hence every acknowledgement, waits behind it; its work grows with the file. In a 30-minute soak of the server
     * the p99 rose window by window from 54 to 213 ms, and the database alone ({@code loadtest --store-only}, 2,000
     * actions a second) went from a commit p99 of 14-42 ms to up to 142 ms (above 50 ms in 18 of 32 ten-second
     * windows) once the file passed about 340 MB. With this step
     * instead the same store-only run kept its p99 at 13-29 ms for ten minutes, each step taking 2-4 ms.
     *
     * <p>A step rewrites the live pages of the sparsest chunks, at most {@link #COMPACT_STEP_BYTES}, into the next
     * chunk written; a chunk left without live pages is freed and its space reused. Chunks are not moved to shrink
     * the file. The price is disk: the rewritten pages share their new chunk with the next group's pages, most of
     * which die soon, so the chunks stay about a third live and the file grew about 1.6 times as fast as with H2's
     * own compaction (1.0 GB against 0.62 GB after ten minutes at 2,000 actions a second).
     */
    private void compactStep(org.h2.mvstore.MVStore mv) {
        long now = System.nanoTime();
        if (now - lastCompact < COMPACT_INTERVAL_NANOS) {
            return;
        }
        lastCompact = now;
        mv.getFileStore().compact(COMPACT_FILL_PERCENT, COMPACT_STEP_BYTES);
    }

    /** Stores these writes in one transaction on one connection; nothing of them is stored when it throws. */
    private void storeTogether(List<Write> group) throws SQLException {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<Append> appends = new ArrayList<>();
                for (Write w : group) {
                    if (w instanceof Append a) {
                        appends.add(a);
                    }
                }
                if (!appends.isEmpty()) {
                    try (PreparedStatement p = c.prepareStatement(INSERT_ACTION)) {
                        if (appends.size() == 1) {
                            bind(p, appends.get(0));
                            p.executeUpdate();
                        } else {
                            for (Append a : appends) {
                                bind(p, a);
                                p.addBatch();
                            }
                            p.executeBatch();
                        }
                    }
                    if (shared()) {
                        notifyAll(c, appends);
                    }
                }
                for (Write w : group) {
                    if (w instanceof Statements s) {
                        s.work().run(c);
                    }
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    c.rollback();
                } catch (SQLException r) {
                    e.addSuppressed(r); // the connection is gone: the database rolls the transaction back itself
                }
                throw e instanceof SQLException q ? q : new SQLException(e);
            }
        }
    }

    /**
     * Whether a failure says that the database could not be reached or the connection broke (rather than that a
     * statement was refused): HikariCP's timeout waiting for a connection, SQL state class 08 (connection
     * exception), 57P01-57P03 (PostgreSQL shutting down, crashed, or starting up).
     */
    static boolean connectionLost(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.sql.SQLTransientConnectionException || t instanceof java.io.IOException) {
                return true;
            }
            if (t instanceof SQLException q && q.getSQLState() != null
                    && (q.getSQLState().startsWith("08") || q.getSQLState().startsWith("57P"))) {
                return true;
            }
        }
        return false;
    }

    private static void bind(PreparedStatement p, Append a) throws SQLException {
        p.setString(1, a.gameId());
        p.setInt(2, a.row().ply());
        p.setInt(3, a.row().seat());
        p.setString(4, a.row().actionJson());
        p.setString(5, a.row().clientActionId());
        p.setLong(6, a.row().createdAt());
        p.setObject(7, a.row().clockMillis(), Types.BIGINT);
    }

    /** PostgreSQL: one NOTIFY per append, delivered when the transaction commits. */
    private static void notifyAll(Connection c, List<Append> group) throws SQLException {
        try (PreparedStatement n = c.prepareStatement("select pg_notify('" + CHANNEL + "', p) from unnest(?) as p")) {
            n.setArray(1, c.createArrayOf("text", group.stream().map(Append::announcement).toArray()));
            n.executeQuery().close();
        }
    }

    void joinSeat(String gameId, int seat, String name) throws SQLException {
        update("update seats set joined = ?, name = ? where game_id = ? and seat = ?", true, name, gameId, seat);
    }

    void setStandIn(String gameId, int seat, boolean standIn, boolean resigned) throws SQLException {
        update("update seats set stand_in = ?, resigned = ? where game_id = ? and seat = ?", standIn, resigned, gameId,
                seat);
    }

    /** The seat's time ran out: its stand-in plays it to the end of the game. */
    void setOutOfTime(String gameId, int seat) throws SQLException {
        update("update seats set out_of_time = ? where game_id = ? and seat = ?", true, gameId, seat);
    }

    /** The game starts running at {@code startedAt} (the clock counts from then). */
    void start(String gameId, long startedAt) throws SQLException {
        update("update games set status = ?, started_at = ? where id = ?", Lobby.Status.RUNNING.name(), startedAt,
                gameId);
    }

    void finish(String gameId, String recordJson) throws SQLException {
        update("update games set status = ?, record_json = ? where id = ?", Lobby.Status.FINISHED.name(), recordJson,
                gameId);
    }

    /** One statement, through the writer (see {@link Write}); returns once it is committed. */
    private void update(String sql, Object... args) throws SQLException {
        write(c -> {
            try (PreparedStatement p = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    p.setObject(i + 1, args[i]);
                }
                p.executeUpdate();
            }
        });
    }

    /** The ids of games that are not finished (rebuilt at start-up). */
    List<String> unfinishedGameIds() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection c = pool.getConnection();
             PreparedStatement p = c.prepareStatement("select id from games where status <> ? order by created_at")) {
            p.setString(1, Lobby.Status.FINISHED.name());
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** Ids of finished games, newest first, at most {@code limit}. */
    List<String> finishedGameIds(int limit) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection c = pool.getConnection(); PreparedStatement p = c.prepareStatement(
                "select id from games where status = ? order by created_at desc")) {
            p.setString(1, Lobby.Status.FINISHED.name());
            p.setMaxRows(limit);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    /** A whole game, or null when there is none with this id. */
    GameRow load(String id) throws SQLException {
        try (Connection c = pool.getConnection()) {
            String setup, draws, status, record, standIn;
            Integer grace, clock, increment;
            Long startedAt;
            try (PreparedStatement p = c.prepareStatement("select setup_json, draws, status, record_json, "
                    + "grace_seconds, stand_in, clock_seconds, increment_seconds, started_at from games where id = ?")) {
                p.setString(1, id);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    setup = rs.getString(1);
                    draws = rs.getString(2);
                    status = rs.getString(3);
                    record = rs.getString(4);
                    int g = rs.getInt(5);
                    grace = rs.wasNull() ? null : g;
                    standIn = rs.getString(6);
                    clock = rs.getObject(7) == null ? null : rs.getInt(7);
                    increment = rs.getObject(8) == null ? null : rs.getInt(8);
                    startedAt = rs.getObject(9) == null ? null : rs.getLong(9);
                }
            }
            return new GameRow(id, setup, List.of(draws.split(",")), Lobby.Status.valueOf(status), grace, standIn,
                    clock, increment, startedAt, seats(c, id),
                    actionsFrom(c, id, 0), record);
        }
    }

    /** The stored actions of a game from ply {@code fromPly} on, in ply order. */
    List<ActionRow> actionsFrom(String gameId, int fromPly) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return actionsFrom(c, gameId, fromPly);
        }
    }

    private static List<ActionRow> actionsFrom(Connection c, String gameId, int fromPly) throws SQLException {
        List<ActionRow> actions = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("select ply, seat, action_json, client_action_id, created_at, "
                + "clock_millis from actions where game_id = ? and ply >= ? order by ply")) {
            p.setString(1, gameId);
            p.setInt(2, fromPly);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    // Read in column order: wasNull() answers for the column read last, so clock_millis is last.
                    int ply = rs.getInt(1);
                    int seat = rs.getInt(2);
                    String action = rs.getString(3);
                    String clientActionId = rs.getString(4);
                    long createdAt = rs.getLong(5);
                    long clockMillis = rs.getLong(6);
                    actions.add(new ActionRow(ply, seat, action, clientActionId, createdAt,
                            rs.wasNull() ? null : clockMillis));
                }
            }
        }
        return actions;
    }

    /** Whether other server processes may share this database (PostgreSQL: they hear of changes by NOTIFY). */
    boolean shared() {
        return jdbcUrl.startsWith("jdbc:postgresql:");
    }

    /** Tells the other processes on this database that a game changed (no-op on H2); see {@link #listen}. */
    void announce(String payload) throws SQLException {
        if (!shared()) {
            return;
        }
        try (Connection c = pool.getConnection(); PreparedStatement p = c.prepareStatement("select pg_notify(?, ?)")) {
            p.setString(1, CHANNEL);
            p.setString(2, payload);
            p.execute();
        }
    }

    /**
     * Listens for the other processes' announcements on a connection of its own, calling {@code onGame} with each
     * game id, until the store is closed; reconnects after a failure. Only for a shared (PostgreSQL) database.
     * {@code onListening} runs each time the listening (re)starts: announcements made while it was down (the
     * database restarted) are lost, so the caller then takes every change from the database.
     */
    Thread listen(Consumer<String> onGame, Runnable onListening) {
        Thread t = new Thread(() -> {
            boolean reconnect = false;
            while (!closed) {
                try (Connection c = DriverManager.getConnection(jdbcUrl);
                     Statement st = c.createStatement()) {
                    st.execute("listen " + CHANNEL);
                    if (reconnect) {
                        LOG.info("listening for other servers again");
                    }
                    reconnect = true;
                    onListening.run();
                    PGConnection pg = c.unwrap(PGConnection.class);
                    while (!closed) {
                        PGNotification[] ns = pg.getNotifications(500);
                        if (ns != null) {
                            for (PGNotification n : ns) {
                                onGame.accept(n.getParameter());
                            }
                        }
                    }
                } catch (SQLException | RuntimeException e) {
                    if (!closed) {
                        LOG.warn("listening for other servers failed ({}); retrying", e.toString());
                        reconnect = true;
                        try {
                            Thread.sleep(1000);
                        } catch (InterruptedException ie) {
                            return;
                        }
                    }
                }
            }
        }, "fortuna-listen");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The seats' joined state and names, and the game's status, as stored now. */
    record Table(Lobby.Status status, List<SeatRow> seats) {
    }

    Table table(String gameId) throws SQLException {
        try (Connection c = pool.getConnection()) {
            Lobby.Status status;
            try (PreparedStatement p = c.prepareStatement("select status from games where id = ?")) {
                p.setString(1, gameId);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    status = Lobby.Status.valueOf(rs.getString(1));
                }
            }
            return new Table(status, seats(c, gameId));
        }
    }

    private static List<SeatRow> seats(Connection c, String id) throws SQLException {
        List<SeatRow> seats = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("select seat, kind, bot, name, token_hash, joined, stand_in, resigned, out_of_time "
                + "from seats "
                + "where game_id = ? order by seat")) {
            p.setString(1, id);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    seats.add(new SeatRow(rs.getInt(1), Lobby.SeatKind.valueOf(rs.getString(2)), rs.getString(3),
                            rs.getString(4), rs.getString(5), rs.getBoolean(6), rs.getBoolean(7), rs.getBoolean(8),
                            rs.getBoolean(9)));
                }
            }
        }
        return seats;
    }

    /** The connection pool now: connections open, lent out, and threads waiting for one (for the soak). */
    record PoolStats(int total, int active, int waiting) {
    }

    PoolStats poolStats() {
        var mx = pool.getHikariPoolMXBean();
        return new PoolStats(mx.getTotalConnections(), mx.getActiveConnections(), mx.getThreadsAwaitingConnection());
    }

    /** Whether the database answers (for {@code /health}). */
    boolean healthy() {
        try (Connection c = pool.getConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        closed = true;
        pool.close();
    }
}
