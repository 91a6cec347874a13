package dev.fortuna.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests no well-behaved client library sends: malformed request lines and
 * headers, lying lengths, foreign origins on a WebSocket handshake. One request per connection; the answer is read
 * by its length (or chunks), so a server that keeps the connection open does not make the reader wait.
 */
final class RawHttp {
    private final String host;
    private final int port;

    RawHttp(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** An answer: status (0 when none came), headers by lower-case name, body; or what went wrong. */
    record Reply(int status, Map<String, String> headers, String body, String problem) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    String hostHeader() {
        return host + ":" + port;
    }

    /** A request of this method, target, extra header lines and body (a Content-Length is added for a body). */
    byte[] request(String method, String target, Map<String, String> headers, byte[] body) {
        StringBuilder sb = new StringBuilder();
        sb.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        sb.append("Host: ").append(hostHeader()).append("\r\n");
        sb.append("Connection: close\r\n");
        headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append("\r\n"));
        if (body != null && !headers.containsKey("Content-Length") && !headers.containsKey("Transfer-Encoding")) {
            sb.append("Content-Length: ").append(body.length).append("\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (body == null) {
            return head;
        }
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    /**
     * Sends the bytes and reads one answer. {@code halfClose}: the sending side is shut after the bytes (a body
     * that ends early). A 101 answer (a WebSocket upgrade) is returned after its headers.
     */
    Reply exchange(byte[] bytes, int timeoutMillis, boolean halfClose) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMillis);
            s.setSoTimeout(timeoutMillis);
            OutputStream out = s.getOutputStream();
            String writeProblem = null;
            try {
                out.write(bytes);
                out.flush();
                if (halfClose) {
                    s.shutdownOutput();
                }
            } catch (IOException e) {
                writeProblem = e.toString(); // the server may answer (413) and close before reading it all
            }
            try {
                return read(new BufferedInputStream(s.getInputStream()));
            } catch (SocketTimeoutException e) {
                return new Reply(0, Map.of(), "", "no answer within " + timeoutMillis + " ms");
            } catch (IOException e) {
                return new Reply(0, Map.of(), "", (writeProblem != null ? writeProblem + "; then " : "") + e);
            }
        } catch (IOException e) {
            return new Reply(0, Map.of(), "", e.toString());
        }
    }

    private static Reply read(InputStream in) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            return new Reply(0, Map.of(), "", "the connection closed without an answer");
        }
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            return new Reply(0, Map.of(), "", "not an HTTP answer: " + statusLine);
        }
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h; (h = line(in)) != null && !h.isEmpty(); ) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.merge(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim(),
                        (a, b) -> a + ", " + b);
            }
        }
        if (status == 101) {
            return new Reply(status, headers, "", null);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String length = headers.get("content-length");
        if (length != null) {
            body.write(in.readNBytes(Integer.parseInt(length.trim())));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            while (true) {
                String size = line(in);
                if (size == null) {
                    break;
                }
                int semi = size.indexOf(';');
                int n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                if (n == 0) {
                    break;
                }
                body.write(in.readNBytes(n));
                line(in);
            }
        } else {
            body.write(in.readAllBytes());
        }
        return new Reply(status, headers, body.toString(StandardCharsets.UTF_8), null);
    }

    /** A line without its CRLF, or null at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                break;
            }
            if (c != '\r') {
                b.write(c);
            }
            if (b.size() > 65536) {
                throw new IOException("a line longer than 64 KiB in the answer");
            }
        }
        if (c < 0 && b.size() == 0) {
            return null;
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
