package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ServeCommandTest {

    @Test
    void servePrintsItsAddressAndAnswersOnIt(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Main.commandLine(new PrintWriter(out), new PrintWriter(err));
        ServeCommand serve = cl.getSubcommands().get("serve").getCommand();
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> cl.execute("serve", "--port", "0",
                "--host", "127.0.0.1", "--data", dir.toString()));
        Pattern address = Pattern.compile("Fortuna server on http://localhost:(\\d+)/ \\(data in (.+)\\)");
        Matcher m = address.matcher("");
        for (int i = 0; i < 600 && !m.reset(out.toString()).find(); i++) {
            assertTrue(!code.isDone(), "serve ended: " + err);
            Thread.sleep(50);
        }
        assertTrue(m.find(0), "no address printed: " + out + err);
        assertEquals(dir.toAbsolutePath().toString(), m.group(2));
        HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://localhost:" + m.group(1) + "/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode());
        assertEquals("{\"status\":\"ok\"}", health.body());
        assertTrue(Files.exists(dir.resolve("fortuna.mv.db")), "the H2 database file is in the data directory");
        serve.stop.countDown();
        assertEquals(0, code.get(30, TimeUnit.SECONDS));
    }

    @Test
    void dataAndDbExcludeEachOther() {
        MainTest.Run r = MainTest.run("serve", "--data", "x", "--db", "jdbc:postgresql://127.0.0.1/fortuna");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--data and --db exclude each other"), r.err());
    }
}
