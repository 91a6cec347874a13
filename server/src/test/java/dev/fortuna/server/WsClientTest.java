package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The load generator's WebSocket client against a peer written here byte by byte over a real socket, so that every
 * frame form the client must read (short, 16-bit and 64-bit lengths, fragments, a ping, a close, a message in the
 * same packet as the handshake's answer) and every frame it writes (masked) is checked exactly.
 */
class WsClientTest {

    /** What the client's listener heard, in order. */
    private static final class Heard implements WsClient.Listener {
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();
        volatile WsClient.Conn opened;

        @Override
        public void onOpen(WsClient.Conn c) {
            opened = c;
            events.add("open");
        }

        @Override
        public void onText(WsClient.Conn c, byte[] buf, int off, int len) {
            events.add("text:" + new String(buf, off, len, StandardCharsets.UTF_8));
        }

        @Override
        public void onClose(WsClient.Conn c, int code, String reason) {
            events.add("close:" + code + ":" + reason);
        }

        String next() throws InterruptedException {
            String e = events.poll(10, TimeUnit.SECONDS);
            if (e == null) {
                throw new AssertionError("nothing heard within 10 s");
            }
            return e;
        }
    }

    /** A server frame (never masked). */
    private static byte[] serverFrame(boolean fin, int opcode, byte[] payload) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write((fin ? 0x80 : 0) | opcode);
        int len = payload.length;
        if (len < 126) {
            b.write(len);
        } else if (len < 65536) {
            b.write(126);
            b.write(len >> 8);
            b.write(len);
        } else {
            b.write(127);
            for (int i = 7; i >= 0; i--) {
                b.write((int) ((long) len >> (8 * i)));
            }
        }
        b.writeBytes(payload);
        return b.toByteArray();
    }

    /** A client frame as the peer reads it: opcode and unmasked payload; fails unless it is masked and final. */
    private record ClientFrame(int opcode, byte[] payload) {
        static ClientFrame read(DataInputStream in) throws IOException {
            int b0 = in.readUnsignedByte(), b1 = in.readUnsignedByte();
            assertEquals(0x80, b0 & 0xf0, "FIN set, no reserved bits");
            assertEquals(0x80, b1 & 0x80, "a client frame is masked");
            long len = b1 & 0x7f;
            if (len == 126) {
                len = in.readUnsignedShort();
            } else if (len == 127) {
                len = in.readLong();
            }
            byte[] mask = in.readNBytes(4);
            byte[] p = in.readNBytes((int) len);
            for (int i = 0; i < p.length; i++) {
                p[i] ^= mask[i & 3];
            }
            return new ClientFrame(b0 & 0x0f, p);
        }
    }

    /** Reads the client's handshake and answers it; {@code accept} null means the correct accept value. */
    private static void answerHandshake(Socket s, String accept, byte[] after) throws Exception {
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            head.write(in.read());
        }
        String request = head.toString(StandardCharsets.ISO_8859_1);
        assertTrue(request.startsWith("GET /ws?token=t HTTP/1.1\r\n"), request);
        String key = request.lines().filter(l -> l.startsWith("Sec-WebSocket-Key: ")).findFirst().orElseThrow()
                .substring("Sec-WebSocket-Key: ".length());
        String right = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
                .digest((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").getBytes(StandardCharsets.US_ASCII)));
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        answer.writeBytes(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: " + (accept == null ? right : accept) + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        answer.writeBytes(after);
        s.getOutputStream().write(answer.toByteArray()); // one write: the message comes with the answer
        s.getOutputStream().flush();
    }

    @Test
    void readsEveryFrameFormAndWritesMaskedFrames() throws Exception {
        String big = "x".repeat(70_000), mid = "é".repeat(150); // 64-bit and 16-bit lengths (300 bytes of UTF-8)
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             WsClient client = new WsClient(1, "test-ws")) {
            CompletableFuture<List<ClientFrame>> peer = CompletableFuture.supplyAsync(() -> {
                try (Socket s = ss.accept()) {
                    answerHandshake(s, null, serverFrame(true, 1, "hello".getBytes(StandardCharsets.UTF_8)));
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    OutputStream out = s.getOutputStream();
                    List<ClientFrame> got = new ArrayList<>();
                    got.add(ClientFrame.read(in)); // the client's "hi"
                    out.write(serverFrame(true, 1, big.getBytes(StandardCharsets.UTF_8)));
                    out.write(serverFrame(true, 1, mid.getBytes(StandardCharsets.UTF_8)));
                    out.write(serverFrame(false, 1, "ab".getBytes(StandardCharsets.UTF_8)));
                    out.write(serverFrame(true, 9, "p1".getBytes(StandardCharsets.UTF_8))); // a ping between fragments
                    out.write(serverFrame(true, 0, "cd".getBytes(StandardCharsets.UTF_8)));
                    out.flush();
                    got.add(ClientFrame.read(in)); // the pong
                    out.write(serverFrame(true, 8, new byte[] {0x03, (byte) 0xe8, 'b', 'y', 'e'}));
                    out.flush();
                    got.add(ClientFrame.read(in)); // the close frame's echo
                    assertEquals(-1, in.read(), "the client closed the socket after the closing handshake");
                    return got;
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            Heard heard = new Heard();
            WsClient.Conn c = client.connect("127.0.0.1", ss.getLocalPort(), "/ws?token=t", heard, 10_000);
            assertEquals(c, heard.opened);
            assertEquals("open", heard.next());
            assertEquals("text:hello", heard.next());
            c.sendText("hi");
            assertEquals("text:" + big, heard.next());
            assertEquals("text:" + mid, heard.next());
            assertEquals("text:abcd", heard.next());
            assertEquals("close:1000:bye", heard.next());
            List<ClientFrame> got = peer.get(10, TimeUnit.SECONDS);
            assertEquals(1, got.get(0).opcode());
            assertArrayEquals("hi".getBytes(StandardCharsets.UTF_8), got.get(0).payload());
            assertEquals(10, got.get(1).opcode(), "a pong");
            assertArrayEquals("p1".getBytes(StandardCharsets.UTF_8), got.get(1).payload(), "with the ping's payload");
            assertEquals(8, got.get(2).opcode());
            assertArrayEquals(new byte[] {0x03, (byte) 0xe8}, got.get(2).payload(), "the close code echoed");
            assertTrue(c.isOutputClosed());
            c.sendText("after the close"); // nothing happens, nothing is thrown
        }
    }

    @Test
    void aClientCloseIsAnsweredAndAWrongAcceptOrARefusalFailsTheConnect() throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             WsClient client = new WsClient(2, "test-ws")) {
            // Our close: the peer reads it and answers with its own; the client then closes the socket.
            CompletableFuture<ClientFrame> peer = CompletableFuture.supplyAsync(() -> {
                try (Socket s = ss.accept()) {
                    answerHandshake(s, null, new byte[0]);
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    ClientFrame close = ClientFrame.read(in);
                    s.getOutputStream().write(serverFrame(true, 8, new byte[] {0x03, (byte) 0xe8}));
                    s.getOutputStream().flush();
                    assertEquals(-1, in.read());
                    return close;
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            Heard heard = new Heard();
            WsClient.Conn c = client.connect("127.0.0.1", ss.getLocalPort(), "/ws?token=t", heard, 10_000);
            assertEquals("open", heard.next());
            c.close(1000, "game over");
            ClientFrame close = peer.get(10, TimeUnit.SECONDS);
            assertEquals(8, close.opcode());
            assertArrayEquals(("\u0003\u00e8game over").getBytes(StandardCharsets.ISO_8859_1), close.payload());
            assertEquals("close:1000:", heard.next());

            CompletableFuture<Void> wrong = CompletableFuture.runAsync(() -> {
                try (Socket s = ss.accept()) {
                    answerHandshake(s, "bm90IHRoZSByaWdodCBvbmU=", new byte[0]);
                    s.getInputStream().read();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            IOException e = assertThrows(IOException.class,
                    () -> client.connect("127.0.0.1", ss.getLocalPort(), "/ws?token=t", new Heard(), 10_000));
            assertEquals("the server's Sec-WebSocket-Accept does not match the key", e.getMessage());
            wrong.get(10, TimeUnit.SECONDS);

            CompletableFuture<Void> refused = CompletableFuture.runAsync(() -> {
                try (Socket s = ss.accept()) {
                    s.getOutputStream().write("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    s.getInputStream().read();
                } catch (Exception x) {
                    throw new RuntimeException(x);
                }
            });
            e = assertThrows(IOException.class,
                    () -> client.connect("127.0.0.1", ss.getLocalPort(), "/ws?token=t", new Heard(), 10_000));
            assertEquals("the server refused the WebSocket: HTTP/1.1 401 Unauthorized", e.getMessage());
            refused.get(10, TimeUnit.SECONDS);
        }
    }
}
