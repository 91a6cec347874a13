package dev.fortuna.cli;

import dev.fortuna.server.FortunaServer;
import dev.fortuna.server.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Runs the game server: play in the browser with friends and bots.",
                "A lobby to create games of people and bots, play over HTTP and WebSocket, spectators, every move",
                "kept in a database. Prints the address to open; Ctrl-C stops it.",
                "The wire protocol is described in docs/protocol.md."})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "P", defaultValue = "8080",
            description = "Port to listen on, 0 for any free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "0.0.0.0",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, every interface).")
    String host;

    @Option(names = "--data", paramLabel = "DIR",
            description = "Directory of the embedded H2 database (default: ./fortuna-data).")
    Path data;

    @Option(names = "--db", paramLabel = "JDBC-URL",
            description = "A PostgreSQL database instead, e.g. jdbc:postgresql://127.0.0.1:5432/fortuna?user=postgres.")
    String db;

    @Option(names = "--bot-delay", paramLabel = "MS", defaultValue = "300",
            description = "Pause before each bot decision, so that people can follow (default: ${DEFAULT-VALUE}).")
    long botDelay;

    @Option(names = "--bot-ms", paramLabel = "MS", defaultValue = "1000",
            description = "Longest a bot thinks about one decision (default: ${DEFAULT-VALUE}).")
    long botMillis;

    /** Counted down to stop the server (tests; otherwise the process ends with Ctrl-C). */
    final CountDownLatch stop = new CountDownLatch(1);

    @Override
    public Integer call() throws Exception {
        if (data != null && db != null) {
            throw new ParameterException(spec.commandLine(), "--data and --db exclude each other");
        }
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be 0 to 65535, not " + port);
        }
        if (botDelay < 0 || botMillis < 1) {
            throw new ParameterException(spec.commandLine(), "--bot-delay must not be negative and --bot-ms must be "
                    + "at least 1");
        }
        Path dir = data == null ? Path.of("fortuna-data") : data;
        ServerConfig base = ServerConfig.defaults(port, dir);
        ServerConfig config = new ServerConfig(host, port, db != null ? db : base.jdbcUrl(), base.botThreads(),
                botMillis, botDelay, null);
        try (FortunaServer server = FortunaServer.start(config)) {
            Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
            spec.commandLine().getOut().println("Fortuna server on http://localhost:" + server.port() + "/ ("
                    + (db != null ? "database " + db.replaceAll("password=[^&]*", "password=…")
                    : "data in " + dir.toAbsolutePath()) + ")");
            spec.commandLine().getOut().flush();
            stop.await();
        }
        return 0;
    }
}
