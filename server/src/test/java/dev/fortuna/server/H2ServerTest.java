package dev.fortuna.server;

/** The server's contract on the embedded H2 database (file mode, in a temporary directory). */
class H2ServerTest extends ServerContractTest {
    @Override
    TestDatabases.Db database() throws Exception {
        return TestDatabases.h2();
    }
}
