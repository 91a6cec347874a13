package dev.fortuna.cli;

import dev.fortuna.server.Chaos;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "chaos", mixinStandardHelpOptions = true,
        description = {"Crash and restart, many times: proves that every acknowledged action survives kill -9.",
                "Starts the game server as a process of its own (two with --servers 2, on one PostgreSQL database),",
                "keeps games of scripted people and server bots running through real WebSocket and HTTP clients, and",
                "kills a server with SIGKILL at random moments, every second kill while actions are in flight,",
                "restarting it each time on the same data (with two servers the clients go on through the other).",
                "At the end every stored game is replayed through the engine and checked against what the clients",
                "saw: no acknowledged action missing, none applied twice, every update once and in order. Prints a",
                "summary; exit code 1 on any violation (the servers' logs are then kept and named)."})
final class ChaosCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--kills", paramLabel = "N", defaultValue = "20",
            description = "How many times a server is killed and restarted (default: ${DEFAULT-VALUE}).")
    int kills;

    @Option(names = "--servers", paramLabel = "N", defaultValue = "1",
            description = "1, or 2 server processes on one PostgreSQL database (needs --db).")
    int servers;

    @Option(names = "--games", paramLabel = "N", defaultValue = "6",
            description = "Games of two scripted people at once (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--bot-games", paramLabel = "N", defaultValue = "2",
            description = "Games of a scripted person against the server's greedy bot at once (default: "
                    + "${DEFAULT-VALUE}).")
    int botGames;

    @Option(names = "--bot-only-games", paramLabel = "N", defaultValue = "2",
            description = "Games of two random server bots, watched by a spectator (default: ${DEFAULT-VALUE}).")
    int botOnlyGames;

    @Option(names = "--db", paramLabel = "JDBC-URL",
            description = "An empty PostgreSQL database (default: H2 in a temporary directory).")
    String db;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Keep the servers' logs (and the H2 data) here (default: a temporary directory, deleted "
                    + "after a clean run).")
    Path dir;

    @Option(names = "--min-gap", paramLabel = "MS", defaultValue = "500",
            description = "Shortest time a server runs before it is killed (default: ${DEFAULT-VALUE}).")
    long minGap;

    @Option(names = "--max-gap", paramLabel = "MS", defaultValue = "3000",
            description = "Longest time a server runs before it is killed (default: ${DEFAULT-VALUE}).")
    long maxGap;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the kill moments and think times (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        Chaos.Options o;
        try {
            o = new Chaos.Options(kills, servers, games, botGames, botOnlyGames, db, dir, seed, minGap, maxGap, 256);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        Chaos.Result r = Chaos.run(o, line -> {
            out.println(line);
            out.flush();
        });
        r.lines().forEach(out::println);
        out.flush();
        return r.clean() ? 0 : 1;
    }
}
