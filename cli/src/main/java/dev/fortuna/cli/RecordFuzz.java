package dev.fortuna.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The record fuzzer: game records from real games (of every mode) are mutated — bits flipped, cut short, bytes
 * inserted and dropped, fields deleted, duplicated, renamed and swapped, values of the wrong type, extreme numbers,
 * deep nesting, long strings, foreign encodings — and each is given to {@code fortuna replay} in this process, as
 * the command line runs it. Every one must end in a correct replay (exit 0) or in one clear line on stderr
 * ({@code fortuna replay: FILE: …}, exit 2): never a stack trace, another exit code, several lines, or a hang.
 */
final class RecordFuzz {
    static final long CASE_TIMEOUT_SECONDS = 30;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Outcomes by mutation, the cases that were not a replay or a one-line refusal, and the time taken. */
    record Result(int cases, Map<String, Map<String, Integer>> counts, int failures, List<String> failureSamples,
                  double seconds) {
        boolean passed() {
            return failures == 0;
        }

        Map<String, Integer> byOutcome() {
            Map<String, Integer> out = new TreeMap<>();
            counts.values().forEach(m -> m.forEach((k, v) -> out.merge(k, v, Integer::sum)));
            return out;
        }
    }

    /** The game modes the seed records are played in (each one game of random play, as `simulate` plays it). */
    static final List<List<String>> SEEDS = List.of(
            List.of("--players", "2", "--seed", "3"),
            List.of("--players", "3", "--seed", "5", "--expansions", "wheel-of-fortune,crop-circles"),
            List.of("--players", "4", "--seed", "7", "--expansions", "wheel-of-fortune"),
            List.of("--players", "5", "--seed", "9", "--expansions", "crop-circles", "--farm-rule", "1"),
            List.of("--players", "2", "--seed", "11", "--expansions", "wheel-of-fortune", "--wheel-tiles",
                    "base+numbered", "--famine", "per-field"));

    static Result run(int cases, long seed, Path work, Consumer<String> progress) throws IOException {
        long start = System.nanoTime();
        List<String> seeds = seeds(work);
        Map<String, Map<String, Integer>> counts = new TreeMap<>();
        List<String> samples = new ArrayList<>();
        int failures = 0;
        ExecutorService runner = Executors.newSingleThreadExecutor(daemon());
        Path file = work.resolve("mutated.json");
        long lastReport = System.nanoTime();
        try {
            for (int i = 0; i < cases; i++) {
                Random rng = new Random(seed * 1_000_003L + i);
                String original = seeds.get(rng.nextInt(seeds.size()));
                Mutation m = mutate(original, rng);
                Files.write(file, m.bytes());
                Verdict v;
                Future<Verdict> f = runner.submit(() -> replay(file));
                try {
                    v = f.get(CASE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    f.cancel(true);
                    runner.shutdownNow(); // the thread may stay stuck; the next cases get a new one
                    runner = Executors.newSingleThreadExecutor(daemon());
                    v = new Verdict("hang", "no end within " + CASE_TIMEOUT_SECONDS + " s");
                } catch (Exception e) {
                    v = new Verdict("crash", String.valueOf(e.getCause()));
                }
                counts.computeIfAbsent(m.kind(), k -> new TreeMap<>()).merge(v.outcome(), 1, Integer::sum);
                if (!v.outcome().equals("replayed") && !v.outcome().equals("refused")) {
                    failures++;
                    if (samples.size() < 30) {
                        samples.add(m.kind() + " (" + m.what() + "): " + v.outcome() + ": " + v.detail());
                    }
                }
                if (System.nanoTime() - lastReport > 5e9) {
                    lastReport = System.nanoTime();
                    progress.accept("  " + (i + 1) + " of " + cases + " records, " + failures + " not as expected");
                }
            }
        } finally {
            runner.shutdownNow();
            Files.deleteIfExists(file);
        }
        return new Result(cases, counts, failures, samples, (System.nanoTime() - start) / 1e9);
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "record-fuzz");
            t.setDaemon(true);
            return t;
        };
    }

    /** The seed records' text, played by `simulate` into {@code work}. */
    static List<String> seeds(Path work) throws IOException {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < SEEDS.size(); i++) {
            Path dir = work.resolve("seed-" + i);
            List<String> args = new ArrayList<>(List.of("simulate", "--games", "1", "--record", dir.toString()));
            args.addAll(SEEDS.get(i));
            StringWriter err = new StringWriter();
            int code = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err))
                    .execute(args.toArray(String[]::new));
            if (code != 0) {
                throw new IllegalStateException("simulate " + args + " failed: " + err);
            }
            out.add(Files.readString(dir.resolve("game-0.json")));
        }
        return out;
    }

    record Verdict(String outcome, String detail) {
    }

    /** Replays the file as `fortuna replay --no-board FILE` does and judges how it ended. */
    static Verdict replay(Path file) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code;
        try {
            code = Main.commandLine(new PrintWriter(out), new PrintWriter(err))
                    .execute("replay", "--no-board", file.toString());
        } catch (Throwable t) {
            return new Verdict("crash", t.toString());
        }
        String e = err.toString();
        List<String> lines = e.lines().toList();
        if (e.contains("\tat ") || e.contains("Exception") || e.contains("Error:")) {
            return new Verdict("stack trace", first(e));
        }
        if (code == 0) {
            boolean onlyNote = lines.stream().allMatch(l -> l.startsWith("fortuna replay: note: "));
            return out.toString().contains("scores") && onlyNote ? new Verdict("replayed", "")
                    : new Verdict("odd success", first(e + out));
        }
        if (code == ReplayCommand.BAD_RECORD && lines.size() == 1 && lines.get(0).startsWith("fortuna replay: ")
                && out.toString().isEmpty()) {
            return new Verdict("refused", lines.get(0));
        }
        return new Verdict("exit " + code + (lines.size() == 1 ? "" : ", " + lines.size() + " lines"), first(e));
    }

    private static String first(String s) {
        String t = s.strip();
        return t.length() > 300 ? t.substring(0, 300) + "…" : t;
    }

    // ----------------------------------------------------------------------------------------------------------
    // Mutations
    // ----------------------------------------------------------------------------------------------------------

    record Mutation(String kind, String what, byte[] bytes) {
    }

    static Mutation mutate(String record, Random rng) {
        byte[] b = record.getBytes(StandardCharsets.UTF_8);
        switch (rng.nextInt(10)) {
            case 0 -> {
                int flips = 1 + rng.nextInt(3);
                byte[] c = b.clone();
                for (int i = 0; i < flips; i++) {
                    int at = rng.nextInt(c.length);
                    c[at] ^= (byte) (1 << rng.nextInt(8));
                }
                return new Mutation("byte flip", flips + " bits", c);
            }
            case 1 -> {
                int at = rng.nextInt(b.length);
                byte[] c = new byte[at];
                System.arraycopy(b, 0, c, 0, at);
                return new Mutation("truncation", "cut at byte " + at, c);
            }
            case 2 -> {
                int at = rng.nextInt(b.length);
                boolean insert = rng.nextBoolean();
                byte[] c = new byte[b.length + (insert ? 1 : -1)];
                System.arraycopy(b, 0, c, 0, at);
                if (insert) {
                    c[at] = (byte) rng.nextInt(256);
                    System.arraycopy(b, at, c, at + 1, b.length - at);
                } else {
                    System.arraycopy(b, at + 1, c, at, b.length - at - 1);
                }
                return new Mutation("byte inserted or dropped", (insert ? "inserted" : "dropped") + " at " + at, c);
            }
            case 3 -> {
                return encoding(record, rng);
            }
            default -> {
                return structural(record, rng);
            }
        }
    }

    private static Mutation encoding(String record, Random rng) {
        return switch (rng.nextInt(5)) {
            case 0 -> new Mutation("encoding", "UTF-16", record.getBytes(StandardCharsets.UTF_16));
            case 1 -> new Mutation("encoding", "two byte-order marks",
                    ("\uFEFF\uFEFF" + record).getBytes(StandardCharsets.UTF_8));
            case 2 -> {
                byte[] b = record.getBytes(StandardCharsets.UTF_8);
                b[rng.nextInt(b.length)] = (byte) 0xC0; // never valid in UTF-8
                yield new Mutation("encoding", "an invalid UTF-8 byte", b);
            }
            case 3 -> new Mutation("encoding", "NUL bytes", record.replace(",", ",\u0000").getBytes(StandardCharsets.UTF_8));
            default -> new Mutation("encoding", "Latin-1", record.replace("\"seed\"", "\"s\u00e9ed\"")
                    .getBytes(StandardCharsets.ISO_8859_1));
        };
    }

    /** Every node of a tree with its parent and the key or index under which it sits. */
    private record Place(JsonNode parent, String key, int index, JsonNode node) {
    }

    private static void places(JsonNode parent, String key, int index, JsonNode node, List<Place> out) {
        out.add(new Place(parent, key, index, node));
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                places(node, e.getKey(), -1, e.getValue(), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                places(node, null, i, node.get(i), out);
            }
        }
    }

    private static void set(Place p, JsonNode value) {
        if (p.parent() instanceof ObjectNode o) {
            o.set(p.key(), value);
        } else if (p.parent() instanceof ArrayNode a) {
            a.set(p.index(), value);
        }
    }

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static JsonNode wrongValue(Random rng) {
        return switch (rng.nextInt(9)) {
            case 0 -> F.nullNode();
            case 1 -> F.booleanNode(rng.nextBoolean());
            case 2 -> F.textNode(pick(rng, "", "x", "place", "C1", "0", "-1", "TAX", "\u001b[2J", "wheel-of-fortune"));
            case 3 -> F.numberNode(rng.nextInt(10) - 3);
            case 4 -> F.arrayNode();
            case 5 -> F.objectNode();
            case 6 -> F.arrayNode().add(1).add("x");
            case 7 -> F.numberNode(1.5);
            default -> F.objectNode().put("seat", 0);
        };
    }

    /** Numbers a careless reader overflows, truncates or divides by: written into the text as they are. */
    static final List<String> EXTREMES = List.of("2147483648", "-2147483649", "9223372036854775807",
            "-9223372036854775808", "99999999999999999999999999", "1e308", "1e400", "-1e400", "-0.0", "0.5", "-1",
            "0", "1E2", "2147483647", "-2147483648", "65536", "360", "-90", "1e-400");

    @SafeVarargs
    private static <T> T pick(Random rng, T... xs) {
        return xs[rng.nextInt(xs.length)];
    }

    private static Mutation structural(String record, Random rng) {
        JsonNode root;
        try {
            root = JSON.readTree(record);
        } catch (IOException e) {
            throw new IllegalStateException("a seed record is not JSON", e);
        }
        List<Place> all = new ArrayList<>();
        places(null, null, -1, root, all);
        List<Place> inner = all.subList(1, all.size());
        Place p = inner.get(rng.nextInt(inner.size()));
        String where = path(p);
        switch (rng.nextInt(9)) {
            case 0 -> {
                if (p.parent() instanceof ObjectNode o) {
                    o.remove(p.key());
                } else if (p.parent() instanceof ArrayNode a) {
                    a.remove(p.index());
                }
                return text("field deleted", where, root);
            }
            case 1 -> {
                set(p, wrongValue(rng));
                return text("value of another type", where, root);
            }
            case 2 -> {
                List<Place> numbers = inner.stream().filter(x -> x.node().isNumber()).toList();
                Place n = numbers.get(rng.nextInt(numbers.size()));
                String marker = "\"@@extreme@@\"";
                set(n, F.textNode("@@extreme@@"));
                String value = EXTREMES.get(rng.nextInt(EXTREMES.size()));
                return new Mutation("extreme number", path(n) + " = " + value,
                        root.toString().replace(marker, value).getBytes(StandardCharsets.UTF_8));
            }
            case 3 -> {
                // Two fields of one object swap their values (or two entries of one array their places).
                JsonNode parent = p.parent();
                if (parent instanceof ObjectNode o && o.size() > 1) {
                    List<String> keys = new ArrayList<>();
                    o.fieldNames().forEachRemaining(keys::add);
                    String k1 = keys.get(rng.nextInt(keys.size())), k2 = keys.get(rng.nextInt(keys.size()));
                    JsonNode v1 = o.get(k1);
                    o.set(k1, o.get(k2));
                    o.set(k2, v1);
                    return text("field swap", path(p) + ": " + k1 + " <-> " + k2, root);
                }
                if (parent instanceof ArrayNode a && a.size() > 1) {
                    int i = rng.nextInt(a.size()), j = rng.nextInt(a.size());
                    JsonNode v = a.get(i);
                    a.set(i, a.get(j));
                    a.set(j, v);
                    return text("field swap", "entries " + i + " <-> " + j + " of " + path(p), root);
                }
                set(p, wrongValue(rng));
                return text("value of another type", where, root);
            }
            case 4 -> {
                // A key renamed to its sibling's (the record's reader refuses a key given twice) or to a new one.
                if (p.parent() instanceof ObjectNode o) {
                    List<String> keys = new ArrayList<>();
                    o.fieldNames().forEachRemaining(keys::add);
                    String other = keys.get(rng.nextInt(keys.size()));
                    String marker = "@@rename@@";
                    ObjectNode copy = F.objectNode();
                    for (String k : keys) {
                        copy.set(k.equals(p.key()) ? marker : k, o.get(k));
                    }
                    o.removeAll();
                    o.setAll(copy);
                    String newName = rng.nextBoolean() ? other : pick(rng, "Seat", "acton", "", "x", "result ");
                    return new Mutation("key renamed", p.key() + " -> " + newName, root.toString()
                            .replace("\"" + marker + "\"", JSON.valueToTree(newName).toString())
                            .getBytes(StandardCharsets.UTF_8));
                }
                set(p, wrongValue(rng));
                return text("value of another type", where, root);
            }
            case 5 -> {
                // An array entry duplicated or dropped (actions and draws out of step with each other).
                List<Place> arrays = inner.stream().filter(x -> x.node().isArray() && x.node().size() > 0).toList();
                if (arrays.isEmpty()) {
                    set(p, wrongValue(rng));
                    return text("value of another type", where, root);
                }
                ArrayNode a = (ArrayNode) arrays.get(rng.nextInt(arrays.size())).node();
                int i = rng.nextInt(a.size());
                boolean dup = rng.nextBoolean();
                if (dup) {
                    a.insert(i, a.get(i).deepCopy());
                } else {
                    a.remove(i);
                }
                return text("array entry " + (dup ? "duplicated" : "dropped"),
                        "entry " + i + " of " + path(arrays.get(0)), root);
            }
            case 6 -> {
                int depth = pick(rng, 100, 1000, 10_000, 100_000);
                StringBuilder sb = new StringBuilder();
                sb.append("[".repeat(depth)).append("0").append("]".repeat(depth));
                String marker = "\"@@deep@@\"";
                set(p, F.textNode("@@deep@@"));
                return new Mutation("deep nesting", where + " nested " + depth + " deep",
                        root.toString().replace(marker, sb).getBytes(StandardCharsets.UTF_8));
            }
            case 7 -> {
                int n = pick(rng, 1000, 100_000, 3_000_000);
                set(p, F.textNode("x".repeat(n)));
                return text("long string", where + " " + n + " characters", root);
            }
            default -> {
                // The whole actions or draws list shuffled, or the seats of every action turned.
                ObjectNode o = (ObjectNode) root;
                if (rng.nextBoolean() && o.get("actions") instanceof ArrayNode acts) {
                    for (JsonNode act : acts) {
                        if (act instanceof ObjectNode ao && ao.has("seat")) {
                            ao.put("seat", (ao.get("seat").asInt() + 1) % 6);
                        }
                    }
                    return text("seats turned", "every action's seat + 1", root);
                }
                String field = rng.nextBoolean() ? "draws" : "actions";
                if (o.get(field) instanceof ArrayNode arr) {
                    List<JsonNode> xs = new ArrayList<>();
                    arr.forEach(xs::add);
                    Collections.shuffle(xs, rng);
                    arr.removeAll();
                    xs.forEach(arr::add);
                }
                return text("order shuffled", field, root);
            }
        }
    }

    private static Mutation text(String kind, String what, JsonNode root) {
        return new Mutation(kind, what, root.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String path(Place p) {
        return p.key() != null ? p.key() : "[" + p.index() + "]";
    }
}
