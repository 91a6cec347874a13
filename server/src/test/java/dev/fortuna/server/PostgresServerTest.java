package dev.fortuna.server;

/** The server's contract on PostgreSQL, in a database of its own created for this run. */
class PostgresServerTest extends ServerContractTest {
    @Override
    TestDatabases.Db database() throws Exception {
        return TestDatabases.postgres();
    }
}
