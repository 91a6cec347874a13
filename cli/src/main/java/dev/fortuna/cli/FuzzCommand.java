package dev.fortuna.cli;

import dev.fortuna.server.HostileInput;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = {"Sends hostile requests and messages to a game server and checks every answer.",
                "Starts a server on loopback and sends --cases malformed or malicious HTTP requests and WebSocket",
                "messages (bad JSON, wrong types, huge bodies, deep nesting, unknown actions, another seat's actions,",
                "other games' tokens, stale and future plies, replayed client action ids, binary frames, foreign",
                "origins, bad paths, methods, content types and query parameters, malformed HTTP, floods) while",
                "scripted people play. Each must be refused with the stable code it calls for; the server must stay",
                "up, stored games must not change, no token may be logged. Prints the cases by category and outcome",
                "and the people's latency; exit code 1 when a case was answered wrongly or anything changed.",
                "--records instead feeds mutated game records (bits flipped, cut short, fields deleted, renamed,",
                "swapped or of another type, extreme numbers, deep nesting, long strings, foreign encodings) to",
                "replay, as 'fortuna replay' runs it: each must replay (exit 0) or be refused in one line (exit 2)."})
final class FuzzCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cases", paramLabel = "N", defaultValue = "10000",
            description = "Hostile requests and messages, floods included (default: ${DEFAULT-VALUE}; at least 1000), "
                    + "or with --records mutated records (at least 1).")
    int cases;

    @Option(names = "--records", description = "Fuzz the replay of game records instead of a server.")
    boolean records;

    @Option(names = "--games", paramLabel = "N", defaultValue = "4",
            description = "Games of two scripted people playing meanwhile (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the cases (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--p99-target", paramLabel = "MS", defaultValue = "25",
            description = "The people's acknowledgement p99 target, reported (default: ${DEFAULT-VALUE}).")
    double p99Target;

    @Option(names = "--db", paramLabel = "JDBC-URL",
            description = "A PostgreSQL database, empty (default: H2 in a temporary directory, deleted afterwards).")
    String db;

    @Override
    public Integer call() throws Exception {
        if (records) {
            return fuzzRecords();
        }
        if (cases < 1000) {
            throw new ParameterException(spec.commandLine(), "--cases must be at least 1000, not " + cases);
        }
        HostileInput.Options o;
        try {
            o = new HostileInput.Options(cases, db, seed, games, p99Target);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        HostileInput.Result r = HostileInput.run(o, line -> {
            out.println(line);
            out.flush();
        });
        print(out, r);
        out.flush();
        return r.passed() ? 0 : 1;
    }

    private int fuzzRecords() throws Exception {
        for (String server : List.of("--games", "--db", "--p99-target")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(server)) {
                throw new ParameterException(spec.commandLine(), server + " is for a server, not with --records");
            }
        }
        Main.requireAtLeastOne(spec, "--cases", cases);
        PrintWriter out = spec.commandLine().getOut();
        Path work = Files.createTempDirectory("fortuna-record-fuzz-");
        RecordFuzz.Result r;
        try {
            out.println("replaying " + cases + " mutated records of " + RecordFuzz.SEEDS.size() + " games");
            out.flush();
            r = RecordFuzz.run(cases, seed, work, line -> {
                out.println(line);
                out.flush();
            });
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        print(out, r);
        out.flush();
        return r.passed() ? 0 : 1;
    }

    static void print(PrintWriter out, RecordFuzz.Result r) {
        out.printf(Locale.ROOT, "cases           %d in %.1f s%n", r.cases(), r.seconds());
        out.printf(Locale.ROOT, "%-32s %6s  %s%n", "mutation", "cases", "outcomes");
        for (Map.Entry<String, Map<String, Integer>> e : r.counts().entrySet()) {
            int n = e.getValue().values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder sb = new StringBuilder();
            e.getValue().forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
            out.printf(Locale.ROOT, "%-32s %6d  %s%n", e.getKey(), n, sb);
        }
        StringBuilder all = new StringBuilder();
        r.byOutcome().forEach((k, v) -> all.append(all.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        out.printf(Locale.ROOT, "by outcome      %s%n", all);
        out.printf(Locale.ROOT, "not clean       %d%n", r.failures());
        r.failureSamples().forEach(f -> out.println("  " + f));
        out.printf(Locale.ROOT, "verdict         %s%n", r.passed() ? "PASS" : "FAIL");
    }

    static void print(PrintWriter out, HostileInput.Result r) {
        out.printf(Locale.ROOT, "database        %s%n", r.database());
        out.printf(Locale.ROOT, "cases           %d in %.1f s%n", r.cases(), r.seconds());
        out.println();
        out.printf(Locale.ROOT, "%-36s %6s  %s%n", "category", "cases", "outcomes");
        for (Map.Entry<String, Map<String, Integer>> e : r.counts().entrySet()) {
            int n = e.getValue().values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder sb = new StringBuilder();
            e.getValue().forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
            out.printf(Locale.ROOT, "%-36s %6d  %s%n", e.getKey(), n, sb);
        }
        out.println();
        StringBuilder all = new StringBuilder();
        r.byOutcome().forEach((k, v) -> all.append(all.length() == 0 ? "" : ", ").append(k).append(' ').append(v));
        out.printf(Locale.ROOT, "by outcome      %s%n", all);
        out.printf(Locale.ROOT, "not as expected %d%n", r.failures());
        r.failureSamples().forEach(f -> out.println("  " + f));
        out.printf(Locale.ROOT, "stored games    %d compared before and after: %s%n", r.gamesCompared(),
                r.changedGames().isEmpty() ? "none changed" : r.changedGames().size() + " changed "
                        + r.changedGames());
        out.printf(Locale.ROOT, "people          %d actions acknowledged during the hostile cases, %d refused; ack p50 "
                        + "%.2f ms, p99 %.2f ms, max %.2f ms (target p99 %.0f ms: %s)%n", r.normalActions(),
                r.normalRefused(), r.normalP50Ms(), r.normalP99Ms(), r.normalMaxMs(), r.p99TargetMs(),
                r.withinTarget() ? "within" : "NOT within");
        out.printf(Locale.ROOT, "                before them (alone, %d actions): p50 %.2f ms, p99 %.2f ms; during the floods "
                + "(%d actions): p99 %.2f ms%n", r.baselineActions(), r.baselineP50Ms(), r.baselineP99Ms(),
                r.floodActions(), r.floodP99Ms());
        r.normalProblems().forEach(l -> out.println("  " + l));
        out.printf(Locale.ROOT, "server log      %d lines during the run, %d seat tokens in them%n", r.logLines(),
                r.tokensInLog());
        r.logSamples().forEach(l -> out.println("  " + l));
        out.printf(Locale.ROOT, "server          %s at the end%n", r.serverUp() ? "up (health 200)" : "NOT healthy");
        out.printf(Locale.ROOT, "verdict         %s%n", r.passed() ? "PASS" : "FAIL");
    }
}
