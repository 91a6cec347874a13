package dev.fortuna.server;

/** Clocks and grace periods across restarts on the embedded H2 database (file mode, in a temporary directory). */
class H2RestartTimersTest extends RestartTimersTest {
    @Override
    TestDatabases.Db database() throws Exception {
        return TestDatabases.h2();
    }
}
