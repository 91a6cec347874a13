package dev.fortuna.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "fuzz-records", mixinStandardHelpOptions = true,
        description = {"Feeds mutated game records to replay and checks that each ends cleanly.",
                "Records of real games in every mode get bits flipped, are cut short, have fields deleted, renamed,",
                "swapped or given values of another type, extreme numbers, deep nesting, long strings and foreign",
                "encodings; each is replayed as 'fortuna replay' does. Every one must replay (exit 0) or be refused",
                "in one line (exit 2). Prints the outcomes by mutation; exit code 1 when any case crashed, printed",
                "a stack trace, several lines or hung."})
final class FuzzRecordsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cases", paramLabel = "N", defaultValue = "10000",
            description = "Mutated records (default: ${DEFAULT-VALUE}).")
    int cases;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the mutations (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
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
}
