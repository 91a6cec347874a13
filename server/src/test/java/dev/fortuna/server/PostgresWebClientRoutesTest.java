package dev.fortuna.server;

/** The web client's routes on PostgreSQL, in a database of its own created for this run. */
class PostgresWebClientRoutesTest extends WebClientRoutesTest {
    @Override
    TestDatabases.Db database() throws Exception {
        return TestDatabases.postgres();
    }
}
