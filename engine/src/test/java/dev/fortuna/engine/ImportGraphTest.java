package dev.fortuna.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's import graph runs one way: the expansion packages import the core, nothing in the core names an
 * expansion's package but the registry, and no expansion names another. Reads the source tree (the test runs in
 * the engine module's directory); the engine itself never reads it.
 */
class ImportGraphTest {
    private static final Path ROOT = Path.of("src/main/java/dev/fortuna/engine");
    private static final List<String> EXPANSIONS = List.of("wheel", "cropcircles");

    /** Per source file (relative path), the expansion packages it names anywhere in its text. */
    private static Map<String, List<String>> namedExpansionPackages() throws IOException {
        Map<String, List<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                List<String> named = EXPANSIONS.stream()
                        .filter(e -> text.contains("dev.fortuna.engine." + e + ".")).toList();
                out.put(ROOT.relativize(f).toString().replace('\\', '/'), named);
            }
        }
        return out;
    }

    @Test
    void onlyTheRegistryOfTheCoreNamesTheExpansionPackages() throws IOException {
        Map<String, List<String>> named = namedExpansionPackages();
        assertTrue(named.size() > 40, "the source tree was found: " + named.size() + " files");
        Map<String, List<String>> coreNaming = new TreeMap<>();
        named.forEach((file, pkgs) -> {
            boolean inExpansion = EXPANSIONS.stream().anyMatch(e -> file.startsWith(e + "/"));
            if (!inExpansion && !pkgs.isEmpty()) {
                coreNaming.put(file, pkgs);
            }
        });
        assertEquals(Map.of("Expansions.java", EXPANSIONS), coreNaming);
    }

    @Test
    void noExpansionNamesAnother() throws IOException {
        Map<String, List<String>> named = namedExpansionPackages();
        for (String e : EXPANSIONS) {
            named.forEach((file, pkgs) -> {
                if (file.startsWith(e + "/")) {
                    assertEquals(List.of(), pkgs.stream().filter(p -> !p.equals(e)).toList(), file);
                }
            });
        }
        assertTrue(named.keySet().stream().anyMatch(f -> f.startsWith("wheel/")), "wheel sources found");
        assertTrue(named.keySet().stream().anyMatch(f -> f.startsWith("cropcircles/")), "crop circle sources found");
    }
}
