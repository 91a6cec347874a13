package dev.fortuna.cli;

import dev.fortuna.server.LoadTest;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "loadtest", mixinStandardHelpOptions = true,
        description = {"Load generator: measures the game server with many games at once.",
                "Starts a server on loopback and plays N games of two scripted people at once through real WebSocket",
                "clients; prints actions per second, p50/p99 latency from sending an action",
                "to its acknowledgement and to the other seat's update, and heap per running game."})
final class LoadtestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--games", paramLabel = "N", defaultValue = "200", description = "Games at once (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--db", paramLabel = "JDBC-URL",
            description = "A PostgreSQL database (default: H2 in a temporary directory, deleted afterwards).")
    String db;

    @Override
    public Integer call() throws Exception {
        Main.requireAtLeastOne(spec, "--games", games);
        LoadTest.Result r = LoadTest.run(games, db);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "database        %s%n", r.database());
        out.printf(Locale.ROOT, "games           %d (2 people each, all at once)%n", r.games());
        out.printf(Locale.ROOT, "actions         %d in %.2f s: %.0f actions/s%n", r.actions(), r.seconds(),
                r.actionsPerSecond());
        out.printf(Locale.ROOT, "ack latency     p50 %.2f ms, p99 %.2f ms%n", r.ackP50(), r.ackP99());
        out.printf(Locale.ROOT, "fan-out latency p50 %.2f ms, p99 %.2f ms (to the other seat)%n", r.fanOutP50(),
                r.fanOutP99());
        out.printf(Locale.ROOT, "heap per game   %d bytes (server and both clients, after GC)%n", r.heapBytesPerGame());
        out.flush();
        return 0;
    }
}
