package dev.fortuna.server;

/** The web client's routes on the embedded H2 database (file mode, in a temporary directory). */
class H2WebClientRoutesTest extends WebClientRoutesTest {
    @Override
    TestDatabases.Db database() throws Exception {
        return TestDatabases.h2();
    }
}
