package dev.fortuna.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small WebSocket client (RFC 6455, text messages, no extensions) for the load generator: a few selector threads
 * serve every connection, and a message is handed to its listener as the bytes it arrived in, which the listener
 * reads before returning. It exists because the JDK's client ({@code java.net.http}), which the load generator
 * used before, spent about a quarter of a load test's CPU samples and of its allocation on the generator's side of
 * the sockets: it decodes every message into a new char buffer (the bytes times two), hands it over in pieces that
 * are joined into a string, and reads each connection into 16 KB buffers of its own; the generator shares the
 * machine, and its heap, with the server it measures. Here a message that arrived in one read is not copied at all.
 *
 * <p>Threads: {@link #connect} makes the handshake on the caller's thread (blocking, with a timeout) and then hands
 * the connection to one of the selector threads, which reads it and calls the listener; {@link Conn#sendText} may
 * be called from any thread and writes at once when the socket takes it (it always does on loopback, short of a
 * full buffer), else the selector thread writes the rest.
 */
final class WsClient implements AutoCloseable {

    /** What a connection tells its user; called on the connection's selector thread, one call at a time. */
    interface Listener {
        /** The handshake is done; called on the connecting thread before any message can arrive. */
        void onOpen(Conn c);

        /** A whole text message: {@code len} bytes of UTF-8 at {@code off}, valid only during the call. */
        void onText(Conn c, byte[] buf, int off, int len);

        /** The connection closed: by the server's close frame (its code), by us, or it broke (1006). */
        void onClose(Conn c, int code, String reason);
    }

    /** The largest message accepted (bigger ones close the connection with 1009). */
    static final int MAX_MESSAGE = 16 << 20;
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    private static final int OP_CONTINUATION = 0, OP_TEXT = 1, OP_BINARY = 2, OP_CLOSE = 8, OP_PING = 9, OP_PONG = 10;

    private final Loop[] loops;
    private final AtomicInteger next = new AtomicInteger();

    /** Starts {@code threads} selector threads named {@code name-1} and so on (daemon threads). */
    WsClient(int threads, String name) throws IOException {
        loops = new Loop[threads];
        for (int i = 0; i < threads; i++) {
            loops[i] = new Loop(Selector.open(), name + "-" + (i + 1));
            loops[i].thread.start();
        }
    }

    /**
     * Opens a WebSocket to {@code ws://host:port/pathAndQuery}: connects and makes the handshake on this thread,
     * waiting at most {@code timeoutMillis} for each step, then hands the connection to a selector thread.
     *
     * @throws IOException when the connection or the handshake fails (the server's status line is in the message)
     */
    Conn connect(String host, int port, String pathAndQuery, Listener listener, int timeoutMillis)
            throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            ch.socket().setTcpNoDelay(true);
            ch.socket().connect(new InetSocketAddress(host, port), timeoutMillis);
            ch.socket().setSoTimeout(timeoutMillis);
            byte[] nonce = new byte[16];
            ThreadLocalRandom.current().nextBytes(nonce);
            String key = Base64.getEncoder().encodeToString(nonce);
            String request = "GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + ":" + port
                    + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key
                    + "\r\nSec-WebSocket-Version: 13\r\n\r\n";
            ByteBuffer out = ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII));
            while (out.hasRemaining()) {
                ch.write(out);
            }
            // Read the response through the socket's stream, which honours the timeout; what follows its head
            // (the server may send a message at once) is kept for the selector thread.
            InputStream in = ch.socket().getInputStream();
            byte[] head = new byte[4096];
            int n = 0, end;
            while ((end = headEnd(head, n)) < 0) {
                if (n == head.length) {
                    throw new IOException("the handshake's answer is longer than " + head.length + " bytes");
                }
                int r;
                try {
                    r = in.read(head, n, head.length - n);
                } catch (SocketTimeoutException e) {
                    throw new IOException("no handshake answer within " + timeoutMillis + " ms", e);
                }
                if (r < 0) {
                    throw new IOException("the server closed the connection during the handshake");
                }
                n += r;
            }
            checkAnswer(new String(head, 0, end, StandardCharsets.ISO_8859_1), key);
            ch.configureBlocking(false);
            Loop loop = loops[Math.floorMod(next.getAndIncrement(), loops.length)];
            Conn c = new Conn(ch, loop, listener);
            c.in.put(head, end, n - end);
            listener.onOpen(c);
            loop.register(c);
            return c;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Where the head of an HTTP answer ends (just past its blank line) in the first {@code n} bytes, or -1. */
    static int headEnd(byte[] b, int n) {
        for (int i = 3; i < n; i++) {
            if (b[i] == '\n' && b[i - 1] == '\r' && b[i - 2] == '\n' && b[i - 3] == '\r') {
                return i + 1;
            }
        }
        return -1;
    }

    /** Checks a handshake answer: status 101 and the accept value that proves the server read our key. */
    static void checkAnswer(String head, String key) throws IOException {
        String[] lines = head.split("\r\n");
        if (!lines[0].startsWith("HTTP/1.1 101")) {
            throw new IOException("the server refused the WebSocket: " + lines[0]);
        }
        String expected;
        try {
            expected = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
                    .digest((key + GUID).getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("sec-websocket-accept")) {
                if (line.substring(colon + 1).trim().equals(expected)) {
                    return;
                }
                throw new IOException("the server's Sec-WebSocket-Accept does not match the key");
            }
        }
        throw new IOException("the server's answer has no Sec-WebSocket-Accept");
    }

    /**
     * A client frame: FIN set, the opcode, the payload masked with a random key (a client must mask every frame).
     */
    static ByteBuffer frame(int opcode, byte[] payload) {
        int len = payload.length;
        int header = len < 126 ? 2 : len < 65536 ? 4 : 10;
        ByteBuffer b = ByteBuffer.allocate(header + 4 + len);
        b.put((byte) (0x80 | opcode));
        if (len < 126) {
            b.put((byte) (0x80 | len));
        } else if (len < 65536) {
            b.put((byte) (0x80 | 126)).putShort((short) len);
        } else {
            b.put((byte) (0x80 | 127)).putLong(len);
        }
        int mask = ThreadLocalRandom.current().nextInt();
        b.putInt(mask);
        for (int i = 0; i < len; i++) {
            b.put((byte) (payload[i] ^ (mask >>> (24 - 8 * (i & 3)))));
        }
        return b.flip();
    }

    @Override
    public void close() {
        for (Loop l : loops) {
            l.stop();
        }
    }

    /** One connection. Its reading state is its selector thread's; its writing state is guarded by itself. */
    final class Conn {
        private final SocketChannel ch;
        private final Loop loop;
        private final Listener listener;
        /** Bytes read and not yet handed over (the selector thread's; in write mode between reads). */
        private ByteBuffer in = ByteBuffer.allocate(8192);
        /** A fragmented message's pieces so far (the selector thread's), or null. */
        private ByteBuffer fragments;
        private SelectionKey key;
        /** Frames not yet written, oldest first (guarded by this). */
        private final ArrayDeque<ByteBuffer> pending = new ArrayDeque<>();
        private boolean closeSent, closed;

        Conn(SocketChannel ch, Loop loop, Listener listener) {
            this.ch = ch;
            this.loop = loop;
            this.listener = listener;
        }

        /** Sends a text message (from any thread); does nothing once the close frame was sent. */
        void sendText(String text) {
            send(OP_TEXT, text.getBytes(StandardCharsets.UTF_8));
        }

        /** Starts the closing handshake: the server answers with its close frame, and then the socket closes. */
        void close(int code, String reason) {
            byte[] r = reason.getBytes(StandardCharsets.UTF_8);
            ByteBuffer p = ByteBuffer.allocate(2 + r.length).putShort((short) code).put(r);
            send(OP_CLOSE, p.array());
        }

        /** Closes the socket at once, without the closing handshake; the listener hears of it (1006). */
        void abort() {
            loop.run(() -> shut(1006, "aborted"));
        }

        synchronized boolean isOutputClosed() {
            return closeSent || closed;
        }

        private void send(int opcode, byte[] payload) {
            ByteBuffer f = WsClient.frame(opcode, payload);
            boolean wantWrite = false;
            synchronized (this) {
                if (closeSent || closed) {
                    return;
                }
                closeSent = opcode == OP_CLOSE;
                if (pending.isEmpty()) {
                    try {
                        ch.write(f);
                    } catch (IOException e) {
                        loop.run(() -> shut(1006, "writing failed: " + e.getMessage()));
                        return;
                    }
                }
                if (f.hasRemaining()) {
                    wantWrite = pending.isEmpty();
                    pending.add(f);
                }
            }
            if (wantWrite) {
                loop.run(this::wantWrite);
            }
        }

        /** Selector thread: the socket should say when it takes more. */
        private void wantWrite() {
            if (key != null && key.isValid()) {
                key.interestOps(key.interestOps() | SelectionKey.OP_WRITE);
            }
        }

        /** Selector thread: writes what is pending; stops asking when nothing is. */
        private void writable() throws IOException {
            synchronized (this) {
                while (!pending.isEmpty()) {
                    ByteBuffer f = pending.peek();
                    ch.write(f);
                    if (f.hasRemaining()) {
                        return;
                    }
                    pending.poll();
                }
            }
            key.interestOps(key.interestOps() & ~SelectionKey.OP_WRITE);
        }

        /** Selector thread: reads what arrived and hands over every whole message. */
        private void readable() throws IOException {
            if (!in.hasRemaining()) {
                grow(in.capacity() * 2);
            }
            int r = ch.read(in);
            if (r < 0) {
                shut(1006, "the server closed the connection without a close frame");
                return;
            }
            frames();
        }

        /** Selector thread: takes every whole frame out of {@link #in} (which is in write mode before and after). */
        private void frames() throws IOException {
            in.flip();
            byte[] a = in.array();
            while (!closed) {
                int start = in.position(), avail = in.remaining();
                if (avail < 2) {
                    break;
                }
                int b0 = a[start] & 0xff, b1 = a[start + 1] & 0xff;
                if ((b1 & 0x80) != 0 || (b0 & 0x70) != 0) {
                    shut(1002, "a masked or extended frame from the server");
                    return;
                }
                long len = b1 & 0x7f;
                int header = 2;
                if (len == 126) {
                    header = 4;
                    if (avail < header) {
                        break;
                    }
                    len = ((a[start + 2] & 0xff) << 8) | (a[start + 3] & 0xff);
                } else if (len == 127) {
                    header = 10;
                    if (avail < header) {
                        break;
                    }
                    len = ByteBuffer.wrap(a, start + 2, 8).getLong();
                }
                if (len > MAX_MESSAGE) {
                    shut(1009, "a frame of " + len + " bytes");
                    return;
                }
                if (avail < header + len) {
                    if (in.capacity() < header + len) {
                        in.compact();
                        grow((int) (header + len));
                        in.flip();
                        a = in.array();
                    }
                    break;
                }
                in.position(start + header + (int) len);
                onFrame(b0 & 0x80, b0 & 0x0f, a, start + header, (int) len);
            }
            if (!closed) {
                in.compact();
            }
        }

        private void grow(int capacity) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(capacity, in.capacity()));
            in.flip();
            bigger.put(in);
            in = bigger;
        }

        /** Selector thread: one frame's payload. */
        private void onFrame(int fin, int opcode, byte[] a, int off, int len) throws IOException {
            switch (opcode) {
                case OP_TEXT, OP_CONTINUATION -> {
                    if (opcode == OP_TEXT && fragments != null || opcode == OP_CONTINUATION && fragments == null) {
                        shut(1002, "a frame out of sequence");
                    } else if (fin != 0 && fragments == null) {
                        listener.onText(this, a, off, len);
                    } else {
                        if (fragments == null) {
                            fragments = ByteBuffer.allocate(Math.max(len * 2, 8192));
                        }
                        if (fragments.position() + len > MAX_MESSAGE) {
                            shut(1009, "a message of more than " + MAX_MESSAGE + " bytes");
                            return;
                        }
                        if (fragments.remaining() < len) {
                            ByteBuffer bigger = ByteBuffer.allocate(Math.max(fragments.capacity() * 2,
                                    fragments.position() + len));
                            fragments = bigger.put(fragments.flip());
                        }
                        fragments.put(a, off, len);
                        if (fin != 0) {
                            ByteBuffer whole = fragments;
                            fragments = null;
                            listener.onText(this, whole.array(), 0, whole.position());
                        }
                    }
                }
                case OP_PING -> send(OP_PONG, java.util.Arrays.copyOfRange(a, off, off + len));
                case OP_PONG -> {
                    // an answer to nothing we sent: ignored, as RFC 6455 allows
                }
                case OP_CLOSE -> {
                    int code = len >= 2 ? ((a[off] & 0xff) << 8) | (a[off + 1] & 0xff) : 1005;
                    String reason = len > 2 ? new String(a, off + 2, len - 2, StandardCharsets.UTF_8) : "";
                    synchronized (this) {
                        if (!closeSent && pending.isEmpty()) {
                            closeSent = true;
                            ByteBuffer f = WsClient.frame(OP_CLOSE, java.util.Arrays.copyOfRange(a, off, off + Math.min(len, 2)));
                            try {
                                while (f.hasRemaining() && ch.write(f) > 0) {
                                    // the echo of the close frame, best effort: the socket closes right after
                                }
                            } catch (IOException ignored) {
                                // the server may have closed already
                            }
                        }
                    }
                    shut(code, reason);
                }
                case OP_BINARY -> shut(1003, "a binary message");
                default -> shut(1002, "an unknown opcode " + opcode);
            }
        }

        /** Selector thread: closes the socket once and tells the listener. */
        private void shut(int code, String reason) {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
                pending.clear();
            }
            if (key != null) {
                key.cancel();
            }
            try {
                ch.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            listener.onClose(this, code, reason);
        }
    }

    /** A selector thread and the tasks other threads hand it. */
    private static final class Loop implements Runnable {
        final Selector selector;
        final Thread thread;
        final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
        volatile boolean stopping;

        Loop(Selector selector, String name) {
            this.selector = selector;
            this.thread = new Thread(this, name);
            thread.setDaemon(true);
        }

        void run(Runnable task) {
            tasks.add(task);
            selector.wakeup();
        }

        void register(Conn c) {
            run(() -> {
                try {
                    c.key = c.ch.register(selector, SelectionKey.OP_READ, c);
                    c.frames(); // what came with the handshake's answer
                } catch (ClosedChannelException e) {
                    c.shut(1006, "closed before it was registered");
                } catch (IOException e) {
                    c.shut(1006, e.toString());
                }
            });
        }

        void stop() {
            stopping = true;
            selector.wakeup();
        }

        @Override
        public void run() {
            while (!stopping) {
                try {
                    selector.select();
                } catch (IOException e) {
                    break;
                }
                for (Runnable t; (t = tasks.poll()) != null; ) {
                    t.run();
                }
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey k = it.next();
                    it.remove();
                    Conn c = (Conn) k.attachment();
                    try {
                        if (k.isValid() && k.isWritable()) {
                            c.writable();
                        }
                        if (k.isValid() && k.isReadable()) {
                            c.readable();
                        }
                    } catch (IOException | java.nio.channels.CancelledKeyException e) {
                        c.shut(1006, e.toString());
                    }
                }
            }
            for (SelectionKey k : selector.keys()) {
                ((Conn) k.attachment()).shut(1001, "the client stopped");
            }
            try {
                selector.close();
            } catch (IOException ignored) {
                // stopping anyway
            }
        }
    }
}
