package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code fortuna} launcher script, run by bash on a copy of the project's layout with stand-ins for
 * {@code mvn} and {@code java} on the PATH that only note how they were called.
 */
class LauncherTest {
    static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L), JAR = FileTime.fromMillis(1_700_000_000_000L),
            NEW = FileTime.fromMillis(1_750_000_000_000L);

    /** A project copy whose jar is newer than its sources. */
    static Path project(Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("project"));
        Path script = Path.of("").toAbsolutePath().getParent().resolve("fortuna");
        Files.copy(script, root.resolve("fortuna"));
        root.resolve("fortuna").toFile().setExecutable(true);
        Path src = Files.createDirectories(root.resolve("engine/src/main/java/x"));
        touch(src.resolve("A.java"), OLD);
        touch(root.resolve("pom.xml"), OLD);
        touch(Files.createDirectories(root.resolve("cli/target")).resolve("fortuna-cli.jar"), JAR);
        Path bin = Files.createDirectories(dir.resolve("fakebin"));
        fake(bin.resolve("mvn"), "echo \"mvn $*\" >> \"" + dir.resolve("calls") + "\"\n");
        fake(bin.resolve("java"), "echo \"java $*\" >> \"" + dir.resolve("calls") + "\"\n");
        return root;
    }

    static void touch(Path p, FileTime t) throws IOException {
        Files.writeString(p, "x");
        Files.setLastModifiedTime(p, t);
    }

    static void fake(Path p, String body) throws IOException {
        Files.writeString(p, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Runs a command with the fakes first on the PATH, stderr to a file (not a terminal); the calls noted. */
    static List<String> launch(Path dir, String... command) throws Exception {
        return launch(dir, Map.of(), command);
    }

    /** As {@link #launch(Path, String...)}, with these environment variables set (a null value: removed). */
    static List<String> launch(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(dir.resolve("stderr").toFile())
                .redirectOutput(dir.resolve("stdout").toFile());
        pb.environment().put("PATH", dir.resolve("fakebin") + ":" + System.getenv("PATH"));
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher finished");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("stderr")));
        Path calls = dir.resolve("calls");
        return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
    }

    @Test
    void generatedSourcesUnderTargetDoNotTriggerARebuild(@TempDir Path dir) throws Exception {
        Path root = project(dir);
        // mvn test writes generated benchmark sources (newer than the jar) under bench/target.
        touch(Files.createDirectories(root.resolve("bench/target/generated-sources/jmh/x")).resolve("B_jmh.java"),
                NEW);
        List<String> calls = launch(dir, root.resolve("fortuna").toString(), "--version");
        assertEquals(List.of("java -Dfortuna.stderrIsTerminal=false -jar " + root.resolve("cli/target/fortuna-cli.jar") + " --version"), calls);
    }

    @Test
    void aSymbolicLinkOnThePathFindsTheProject(@TempDir Path dir) throws Exception {
        Path root = project(dir);
        Path links = Files.createDirectories(dir.resolve("links"));
        Files.createSymbolicLink(links.resolve("fortuna"), root.resolve("fortuna"));
        List<String> calls = launch(dir, links.resolve("fortuna").toString(), "simulate");
        assertEquals(List.of("java -Dfortuna.stderrIsTerminal=false -jar " + root.resolve("cli/target/fortuna-cli.jar") + " simulate"), calls);
    }

    @Test
    void theWebClientsBuildFilesTriggerARebuild(@TempDir Path dir) throws Exception {
        for (String file : List.of("web/package.json", "web/vite.config.ts", "web/tsconfig.json", "web/index.html",
                "web/src/main.ts", "web/package-lock.json")) {
            Path run = Files.createDirectories(dir.resolve(file.replace('/', '-')));
            Path root = project(run);
            Path changed = root.resolve(file);
            Files.createDirectories(changed.getParent());
            touch(changed, NEW);
            List<String> calls = launch(run, root.resolve("fortuna").toString(), "--version");
            assertEquals(2, calls.size(), file + " newer than the jar: " + calls);
            assertTrue(calls.get(0).startsWith("mvn "), calls.get(0));
            touch(changed, OLD);
            Files.delete(run.resolve("calls"));
            assertEquals(1, launch(run, root.resolve("fortuna").toString(), "--version").size(), file + " older");
        }
    }

    @Test
    void aBuildIntoRedirectedOutputAsksMavenForNoColours(@TempDir Path dir) throws Exception {
        Path root = project(dir);
        touch(root.resolve("engine/src/main/java/x/A.java"), NEW);
        List<String> calls = launch(dir, root.resolve("fortuna").toString(), "--help");
        assertEquals(2, calls.size(), calls.toString());
        assertTrue(calls.get(0).startsWith("mvn ") && calls.get(0).contains(" -Dstyle.color=never"), calls.get(0));
        assertFalse(Files.readString(dir.resolve("stderr")).contains("\u001b"));
    }

    /** The JVM flags the launcher adds for the server: transparent huge pages only where this kernel offers them. */
    static String serverFlags(String heap) throws IOException {
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean offered = Files.isReadable(thp) && Files.readString(thp).matches("(?s).*\\[(always|madvise)\\].*");
        return "-Xms" + heap + " -Xmx" + heap + " -XX:+AlwaysPreTouch" + (offered ? " -XX:+UseTransparentHugePages" : "");
    }

    @Test
    void theServerRunsOnAFixedHeapAndOnlyTheServer(@TempDir Path dir) throws Exception {
        Path root = project(dir);
        String jar = root.resolve("cli/target/fortuna-cli.jar").toString();
        Map<String, String> unset = new HashMap<>();
        unset.put("FORTUNA_SERVER_HEAP", null);
        unset.put("FORTUNA_JAVA_OPTS", null);
        assertEquals(List.of("java " + serverFlags("1g") + " -Dfortuna.stderrIsTerminal=false -jar " + jar
                + " serve --port 1"), launch(dir, unset, root.resolve("fortuna").toString(), "serve", "--port", "1"));
        Files.delete(dir.resolve("calls"));
        assertEquals(List.of("java " + serverFlags("1g") + " -Dfortuna.stderrIsTerminal=false -jar " + jar
                + " loadtest"), launch(dir, unset, root.resolve("fortuna").toString(), "loadtest"));
        Files.delete(dir.resolve("calls"));
        // Other commands keep the JVM's own sizing.
        assertEquals(List.of("java -Dfortuna.stderrIsTerminal=false -jar " + jar + " arena"),
                launch(dir, unset, root.resolve("fortuna").toString(), "arena"));
    }

    @Test
    void theServersHeapCanBeSetOrLeftToTheJvmAndOtherFlagsComeAfterIt(@TempDir Path dir) throws Exception {
        Path root = project(dir);
        String jar = root.resolve("cli/target/fortuna-cli.jar").toString();
        assertEquals(List.of("java " + serverFlags("2g") + " -Xlog:gc -Dfortuna.stderrIsTerminal=false -jar " + jar
                + " serve"), launch(dir, Map.of("FORTUNA_SERVER_HEAP", "2g", "FORTUNA_JAVA_OPTS", "-Xlog:gc"),
                root.resolve("fortuna").toString(), "serve"));
        Files.delete(dir.resolve("calls"));
        assertEquals(List.of("java -Dfortuna.stderrIsTerminal=false -jar " + jar + " serve"),
                launch(dir, Map.of("FORTUNA_SERVER_HEAP", "", "FORTUNA_JAVA_OPTS", ""),
                        root.resolve("fortuna").toString(), "serve"));
    }
}
