package dev.fortuna.server;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.fortuna.protocol.Lobby;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;

/**
 * The server's database, through plain JDBC on a HikariCP pool; the schema comes from Flyway migrations
 * ({@code db/migration}). Every write is its own auto-committed statement (or one transaction for a new game), so a
 * method that returns has made its change durable.
 */
final class Store implements AutoCloseable {
    private final HikariDataSource pool;

    Store(String jdbcUrl) {
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(jdbcUrl);
        hc.setMaximumPoolSize(8);
        hc.setPoolName("fortuna");
        pool = new HikariDataSource(hc);
        Flyway.configure().dataSource(pool).load().migrate();
    }

    /** A seat as stored. */
    record SeatRow(int seat, Lobby.SeatKind kind, String bot, String name, String tokenHash, boolean joined) {
    }

    /** An action as stored. */
    record ActionRow(int ply, int seat, String actionJson, String clientActionId) {
    }

    /** A game as stored, with its seats and actions in ply order. */
    record GameRow(String id, String setupJson, List<String> draws, Lobby.Status status, List<SeatRow> seats,
                   List<ActionRow> actions, String recordJson) {
    }

    /** Thrown when another writer stored this (game, ply) first. */
    static final class PlyTaken extends Exception {
        PlyTaken(String gameId, int ply) {
            super("ply " + ply + " of game " + gameId + " is already stored");
        }
    }

    void insertGame(String id, String setupJson, List<String> draws, Lobby.Status status, List<SeatRow> seats)
            throws SQLException {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement g = c.prepareStatement(
                    "insert into games (id, setup_json, draws, status, created_at) values (?, ?, ?, ?, ?)");
                 PreparedStatement s = c.prepareStatement("insert into seats (game_id, seat, kind, bot, name, "
                         + "token_hash, joined) values (?, ?, ?, ?, ?, ?, ?)")) {
                g.setString(1, id);
                g.setString(2, setupJson);
                g.setString(3, String.join(",", draws));
                g.setString(4, status.name());
                g.setLong(5, System.currentTimeMillis());
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
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * Appends an action under its unique (game, ply) key.
     *
     * @throws PlyTaken when that ply is already stored (another writer won)
     */
    void appendAction(String gameId, ActionRow a) throws SQLException, PlyTaken {
        try (Connection c = pool.getConnection();
             PreparedStatement p = c.prepareStatement("insert into actions (game_id, ply, seat, action_json, "
                     + "client_action_id, created_at) values (?, ?, ?, ?, ?, ?)")) {
            p.setString(1, gameId);
            p.setInt(2, a.ply());
            p.setInt(3, a.seat());
            p.setString(4, a.actionJson());
            p.setString(5, a.clientActionId());
            p.setLong(6, System.currentTimeMillis());
            p.executeUpdate();
        } catch (SQLException e) {
            // 23505 is unique_violation in PostgreSQL; H2 uses 23505 as well (DUPLICATE_KEY_1).
            if ("23505".equals(e.getSQLState())) {
                throw new PlyTaken(gameId, a.ply());
            }
            throw e;
        }
    }

    void joinSeat(String gameId, int seat, String name) throws SQLException {
        update("update seats set joined = ?, name = ? where game_id = ? and seat = ?", true, name, gameId, seat);
    }

    void setStatus(String gameId, Lobby.Status status) throws SQLException {
        update("update games set status = ? where id = ?", status.name(), gameId);
    }

    void finish(String gameId, String recordJson) throws SQLException {
        update("update games set status = ?, record_json = ? where id = ?", Lobby.Status.FINISHED.name(), recordJson,
                gameId);
    }

    private void update(String sql, Object... args) throws SQLException {
        try (Connection c = pool.getConnection(); PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                p.setObject(i + 1, args[i]);
            }
            p.executeUpdate();
        }
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
            String setup, draws, status, record;
            try (PreparedStatement p = c.prepareStatement(
                    "select setup_json, draws, status, record_json from games where id = ?")) {
                p.setString(1, id);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    setup = rs.getString(1);
                    draws = rs.getString(2);
                    status = rs.getString(3);
                    record = rs.getString(4);
                }
            }
            List<SeatRow> seats = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("select seat, kind, bot, name, token_hash, joined from seats "
                    + "where game_id = ? order by seat")) {
                p.setString(1, id);
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        seats.add(new SeatRow(rs.getInt(1), Lobby.SeatKind.valueOf(rs.getString(2)), rs.getString(3),
                                rs.getString(4), rs.getString(5), rs.getBoolean(6)));
                    }
                }
            }
            return new GameRow(id, setup, List.of(draws.split(",")), Lobby.Status.valueOf(status), seats,
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
        try (PreparedStatement p = c.prepareStatement("select ply, seat, action_json, client_action_id from actions "
                + "where game_id = ? and ply >= ? order by ply")) {
            p.setString(1, gameId);
            p.setInt(2, fromPly);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    actions.add(new ActionRow(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        return actions;
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
        pool.close();
    }
}
