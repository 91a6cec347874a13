package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fortuna.protocol.Lobby;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * A database made by an older server is upgraded by the migrations without losing a row, on H2 and on PostgreSQL.
 * The database is first built up to V4 (actions with a foreign key to games, and the clock column), filled, and
 * then opened by today's {@link Store}: V5 rebuilds the actions table without its foreign key.
 */
class StoreMigrationTest {
    @Test
    void h2KeepsEveryActionAndDropsTheForeignKeyAndItsIndex() throws Exception {
        try (TestDatabases.Db db = TestDatabases.h2()) {
            upgradeFromV4(db.url());
            try (Connection c = DriverManager.getConnection(db.url());
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select index_name, index_type_name from information_schema.indexes "
                         + "where table_name = 'ACTIONS'")) {
                List<String> types = new ArrayList<>();
                while (rs.next()) {
                    types.add(rs.getString(2));
                }
                // Before V5 H2 also had the foreign key's own index on game_id.
                assertEquals(List.of("PRIMARY KEY"), types);
            }
        }
    }

    @Test
    void postgresKeepsEveryActionAndDropsTheForeignKey() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres()) {
            upgradeFromV4(db.url());
        }
    }

    /** Builds the schema of V4, stores a game with two actions in it, and opens it with today's store. */
    private static void upgradeFromV4(String url) throws Exception {
        Flyway.configure().dataSource(url, null, null).target("4").load().migrate();
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(1, importedKeys(c), "V4 has the foreign key from actions to games");
            try (Statement s = c.createStatement()) {
                s.executeUpdate("insert into games (id, setup_json, draws, status, created_at, clock_seconds, "
                        + "increment_seconds, started_at) values ('g1', '{}', 'a,b', 'RUNNING', 1000, 600, 5, 1000)");
            }
            try (PreparedStatement p = c.prepareStatement("insert into actions (game_id, ply, seat, action_json, "
                    + "client_action_id, created_at, clock_millis) values ('g1', ?, ?, ?, ?, ?, ?)")) {
                // Ply 0 was stored before V4 gave actions a clock column: its clock_millis is null.
                p.setInt(1, 0);
                p.setInt(2, 0);
                p.setString(3, "{\"type\":\"place\"}");
                p.setString(4, "c-0");
                p.setLong(5, 2000);
                p.setNull(6, java.sql.Types.BIGINT);
                p.executeUpdate();
                p.setInt(1, 1);
                p.setInt(2, 1);
                p.setString(3, "{\"type\":\"skip\"}");
                p.setNull(4, java.sql.Types.VARCHAR);
                p.setLong(5, 3500);
                p.setLong(6, 1234);
                p.executeUpdate();
            }
        }

        try (Store store = new Store(url)) {
            List<Store.ActionRow> actions = store.actionsFrom("g1", 0);
            assertEquals(List.of(
                    new Store.ActionRow(0, 0, "{\"type\":\"place\"}", "c-0", 2000, null),
                    new Store.ActionRow(1, 1, "{\"type\":\"skip\"}", null, 3500, 1234L)), actions);
            assertNull(actions.get(0).clockMillis(), "a null clock_millis is read as null, not as 0");
            assertEquals(Lobby.Status.RUNNING, store.load("g1").status());

            // The primary key still decides between two writers of one ply.
            Store.PlyTaken taken = assertThrows(Store.PlyTaken.class, () -> store.appendAction("g1",
                    new Store.ActionRow(1, 0, "{\"type\":\"skip\"}", "c-9", 4000, 10L), "n"));
            assertEquals("ply 1 of game g1 is already stored", taken.getMessage());
            store.appendAction("g1", new Store.ActionRow(2, 0, "{\"type\":\"skip\"}", "c-2", 4000, 10L), "n");
            assertEquals(3, store.actionsFrom("g1", 0).size());
            assertEquals(List.of(new Store.ActionRow(2, 0, "{\"type\":\"skip\"}", "c-2", 4000, 10L)),
                    store.actionsFrom("g1", 2));
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(0, importedKeys(c), "V5 removed the foreign key");
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select count(*) from actions where game_id = 'g1'")) {
                rs.next();
                assertEquals(3, rs.getInt(1));
                assertFalse(rs.next());
            }
        }
    }

    /** The foreign keys the actions table has (its name is upper case in H2, lower case in PostgreSQL). */
    private static int importedKeys(Connection c) throws Exception {
        DatabaseMetaData m = c.getMetaData();
        int n = 0;
        for (String table : List.of("ACTIONS", "actions")) {
            try (ResultSet rs = m.getImportedKeys(null, null, table)) {
                while (rs.next()) {
                    n++;
                }
            }
        }
        return n;
    }
}
