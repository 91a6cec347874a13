package dev.fortuna.server;

import dev.fortuna.protocol.ActionRequest;
import dev.fortuna.protocol.ClientMessage;
import dev.fortuna.protocol.ErrorCode;
import dev.fortuna.protocol.Json;
import dev.fortuna.protocol.Lobby;
import dev.fortuna.protocol.Rejection;
import dev.fortuna.protocol.ServerMessage;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;
import io.javalin.websocket.WsConfig;
import io.javalin.websocket.WsContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.WriteCallback;
import org.eclipse.jetty.websocket.common.WebSocketSession;
import org.eclipse.jetty.websocket.core.internal.WebSocketConnection;
import org.eclipse.jetty.websocket.core.internal.WebSocketCoreSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The game server: the lobby and actions over HTTP/JSON, live updates over one WebSocket per game and viewer,
 * {@code /health}, {@code /metrics}, and the web client's static files from the classpath folder {@code web/} when
 * it is there. The wire format is described in docs/protocol.md.
 */
public final class FortunaServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FortunaServer.class);
    /** Largest request body and WebSocket message the server reads. */
    static final int MAX_BODY = 64 * 1024, MAX_MESSAGE = 8 * 1024;
    /** Flood control: per WebSocket connection, and per client address for HTTP requests that change things. */
    static final double MESSAGES_PER_SECOND = 20, MESSAGE_BURST = 40, POSTS_PER_SECOND = 200, POST_BURST = 400;
    /**
     * Heartbeats: the server pings every connection every {@code ping}; a connection from which nothing has arrived
     * (no pong, no message) for {@code dead} is taken for dead and closed (see docs/protocol.md). Only what arrives
     * counts: Jetty's idle timeout, which the server's own pings reset, never fires on a peer that went silent.
     */
    record Heartbeat(Duration ping, Duration dead) {
        static final Heartbeat DEFAULT = new Heartbeat(Duration.ofSeconds(10), Duration.ofSeconds(30));

        Heartbeat {
            if (ping.isNegative() || ping.isZero() || dead.compareTo(ping) <= 0) {
                throw new IllegalArgumentException("ping must be positive and shorter than dead: " + ping + ", " + dead);
            }
        }
    }
    /**
     * The page's Content-Security-Policy: only the server's own scripts, styles, images (and the favicon's data:
     * URI), fetches and WebSockets; no inline script or style element, no plugins, no framing, no foreign form
     * targets. (The client sets styles through the DOM's style properties, which the policy allows.)
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";
    /** Headers of every answer (pages, files, JSON and errors alike). */
    static final Map<String, String> SECURITY_HEADERS = Map.of(
            "Content-Security-Policy", CONTENT_SECURITY_POLICY,
            "X-Content-Type-Options", "nosniff",
            "Referrer-Policy", "no-referrer",
            "X-Frame-Options", "DENY");
    /** What a game id may look like (the server makes 14 characters of URL-safe base64). */
    private static final java.util.regex.Pattern GAME_ID = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,40}");

    private final Store store;
    private final GameService service;
    private final Javalin app;
    private final Map<String, WsPeer> peers = new ConcurrentHashMap<>();
    private final Map<String, TokenBucket> postBuckets = new ConcurrentHashMap<>();
    private final Heartbeat heartbeat;
    /** Sweeps the connections for silent ones (see {@link #sweep()}). */
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "heartbeats");
        t.setDaemon(true);
        return t;
    });

    private FortunaServer(ServerConfig config, Heartbeat heartbeat) throws Exception {
        this.heartbeat = heartbeat;
        this.store = new Store(config.jdbcUrl());
        this.service = new GameService(config, store);
        int recovered = service.recover();
        if (recovered > 0) {
            LOG.info("rebuilt {} unfinished games from their stored actions", recovered);
        }
        this.app = Javalin.create(c -> {
            c.showJavalinBanner = false;
            c.http.maxRequestSize = MAX_BODY;
            c.jetty.modifyWebSocketServletFactory(f -> {
                // Jetty's own limit sits above ours so that an oversized message gets a JSON error, not a bare close.
                // Beyond it Jetty closes the connection with 1009 (message too big).
                f.setMaxTextMessageSize(4L * MAX_MESSAGE);
                f.setMaxBinaryMessageSize(4L * MAX_MESSAGE);
                // A frame whose header declares more is refused (1009) at once, before its payload is read (with
                // auto-fragmenting, Jetty would read and buffer it up to the message limit first).
                f.setMaxFrameSize(4L * MAX_MESSAGE);
                f.setAutoFragment(false);
                f.setIdleTimeout(heartbeat.dead());
            });
            // What Jetty refuses itself (a malformed request line, headers too large, an ambiguous path, a
            // WebSocket upgrade to no handler) is answered in JSON with a code too, like every other refusal.
            c.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler()));
            // No header cache: Jetty builds one per connection (a 96 KB table), for the headers of the next requests
            // on it, but most connections here carry one request, a WebSocket's upgrade. Under the load test those
            // tables were a large part of what the collector copied at every young pause.
            c.jetty.modifyHttpConfiguration(h -> h.setHeaderCacheSize(0));
            c.jetty.modifyServletContextHandler(h -> h.setErrorHandler(new JsonErrorHandler()));
            if (FortunaServer.class.getClassLoader().getResource("web") != null) {
                c.staticFiles.add("/web", Location.CLASSPATH);
            }
        });
        routes();
        app.start(config.host(), config.port());
        long sweepMillis = Math.min(1000, heartbeat.dead().toMillis() / 4);
        heartbeats.scheduleWithFixedDelay(this::sweep, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
    }

    /** Starts a server (migrating the database and rebuilding unfinished games first). */
    public static FortunaServer start(ServerConfig config) throws Exception {
        return new FortunaServer(config, Heartbeat.DEFAULT);
    }

    /** For tests: a server with other heartbeats than the default 10 s ping and 30 s dead. */
    static FortunaServer start(ServerConfig config, Heartbeat heartbeat) throws Exception {
        return new FortunaServer(config, heartbeat);
    }

    public int port() {
        return app.port();
    }

    /** The games and connections (the load generator watches them in the same process). */
    GameService service() {
        return service;
    }

    Store store() {
        return store;
    }

    /** Jetty's pool of request threads (bounded: it grows under load and shrinks when idle). */
    org.eclipse.jetty.util.thread.ThreadPool requestThreads() {
        return app.jettyServer().threadPool();
    }

    private void routes() {
        app.before(ctx -> {
            SECURITY_HEADERS.forEach(ctx::header);
            if (ctx.path().startsWith("/api/")) {
                ctx.header("Cache-Control", "no-store"); // answers carry seat tokens and live game state
            }
        });
        app.before("/api/*", ctx -> {
            String method = ctx.method().name();
            boolean reading = method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS");
            if (!reading && !sameOrigin(ctx.header("Origin"), ctx.header("Host"))) {
                throw foreignOrigin(ctx.header("Origin"));
            }
            if (!reading && !postBucket(ctx.ip()).take()) {
                throw new ApiException(ErrorCode.THROTTLED, "too many requests from " + ctx.ip() + "; slow down");
            }
            if (ctx.contentLength() > MAX_BODY) {
                throw new ApiException(ErrorCode.TOO_LARGE, "the body is larger than " + MAX_BODY + " bytes");
            }
            String type = ctx.header("Content-Type");
            if (!reading && type != null && !isJson(type)) {
                throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "a request body is JSON (Content-Type: "
                        + "application/json), not '" + shortened(type) + "'");
            }
        });
        // A browser sends the page's Origin with every WebSocket handshake; a page of another site may not open a
        // game's connection (RFC 6455 10.2). Refused before the upgrade, with 403 and a JSON error.
        app.wsBeforeUpgrade("/api/games/{id}/ws", ctx -> {
            SECURITY_HEADERS.forEach(ctx::header);
            if (!sameOrigin(ctx.header("Origin"), ctx.header("Host"))) {
                Rejection r = foreignOrigin(ctx.header("Origin")).rejection;
                byte[] body = Json.write(r).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                jakarta.servlet.http.HttpServletResponse res = ctx.res();
                res.setStatus(httpStatus(r.code()));
                res.setContentType("application/json");
                res.setContentLength(body.length);
                res.getOutputStream().write(body);
                res.flushBuffer();
                throw new UpgradeRefused();
            }
        });
        app.post("/api/games", ctx -> {
            GameService.CreatedGame created = service.create(body(ctx, Lobby.CreateGame.class));
            LiveGame g = created.game();
            String base = baseUrl(ctx);
            List<Lobby.Invitation> invitations = new ArrayList<>();
            for (int s = 0; s < created.tokens().size(); s++) {
                String token = created.tokens().get(s);
                if (token != null) {
                    invitations.add(new Lobby.Invitation(s, token, base + "/game/" + g.id + "#seat=" + s + "&token="
                            + token));
                }
            }
            Lobby.GameSummary summary;
            synchronized (g) {
                summary = g.summary();
            }
            ctx.status(201);
            json(ctx, new Lobby.Created(g.id, invitations, base + "/game/" + g.id, summary));
        });
        app.get("/api/games", ctx -> {
            String s = ctx.queryParam("status");
            Lobby.Status status = null;
            if (s != null) {
                try {
                    status = Lobby.Status.valueOf(s.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw new ApiException(ErrorCode.BAD_REQUEST, "status must be open, running or finished, not '"
                            + s + "'");
                }
            }
            json(ctx, new Lobby.GameList(service.list(status)));
        });
        app.get("/api/games/{id}", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            synchronized (g) {
                json(ctx, g.summary());
            }
        });
        app.post("/api/games/{id}/join", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            int seat = service.seatOf(g, bearer(ctx));
            Lobby.Join join = bodyText(ctx).isBlank() ? new Lobby.Join(null) : body(ctx, Lobby.Join.class);
            json(ctx, service.join(g, seat, join.name()));
        });
        app.post("/api/games/{id}/resign", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            json(ctx, service.resign(g, service.seatOf(g, bearer(ctx))));
        });
        app.post("/api/games/{id}/reclaim", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            json(ctx, service.reclaim(g, service.seatOf(g, bearer(ctx))));
        });
        app.get("/api/games/{id}/view", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            String token = bearer(ctx);
            Integer viewer = token == null ? null : service.seatOf(g, token);
            String ply = ctx.queryParam("ply");
            synchronized (g) {
                if (ply == null) {
                    json(ctx, g.session.view(viewer));
                } else {
                    try {
                        json(ctx, g.session.viewAt(Integer.parseInt(ply), viewer));
                    } catch (IllegalArgumentException e) {
                        throw new ApiException(ErrorCode.BAD_REQUEST, e instanceof NumberFormatException
                                ? "ply must be a number, not '" + ply + "'" : e.getMessage());
                    }
                }
            }
        });
        app.get("/api/games/{id}/log", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            String token = bearer(ctx);
            if (token != null) {
                service.seatOf(g, token); // a seat's token must be its game's (the log is the same for every viewer)
            }
            synchronized (g) {
                json(ctx, g.session.log(g.history));
            }
        });
        app.post("/api/games/{id}/actions", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            String token = bearer(ctx);
            if (token == null) {
                throw new ApiException(ErrorCode.SPECTATOR_CANNOT_ACT, "only a seat can act: send its token "
                        + "(Authorization: Bearer <token>)");
            }
            int seat = service.seatOf(g, token);
            GameService.Answer a = service.act(g, seat, body(ctx, ActionRequest.class));
            if (a.ack() != null) {
                json(ctx, a.ack());
            } else {
                ctx.status(httpStatus(a.rejection().code()));
                json(ctx, a.rejection());
            }
        });
        app.get("/api/games/{id}/actions", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            String from = ctx.queryParam("from");
            int start;
            try {
                start = from == null ? 0 : Integer.parseInt(from);
            } catch (NumberFormatException e) {
                throw new ApiException(ErrorCode.BAD_REQUEST, "from must be a number, not '" + from + "'");
            }
            synchronized (g) {
                if (start < 0 || start > g.history.size()) {
                    throw new ApiException(ErrorCode.BAD_REQUEST, "from must be 0 to " + g.history.size() + ", not "
                            + start);
                }
                json(ctx, List.copyOf(g.history.subList(start, g.history.size())));
            }
        });
        app.get("/api/games/{id}/record", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            ctx.contentType("application/json").result(service.record(g));
        });
        // The web client (module web): the drawable geometry of every tile type and of the wheel board, and the
        // page itself at every game address (/game/{id}), where invitation and spectator links lead.
        app.get("/api/geometry", ctx -> ctx.contentType("application/json").result(WebClient.geometryJson()));
        app.get("/game/{id}", ctx -> {
            String page = WebClient.indexHtml();
            if (page == null) {
                throw new ApiException(ErrorCode.NOT_FOUND, "this server was built without the web client");
            }
            ctx.contentType("text/html; charset=utf-8").result(page);
        });
        app.get("/api/games/{id}/hint", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            String token = bearer(ctx);
            if (token == null) {
                throw new ApiException(ErrorCode.SPECTATOR_CANNOT_ACT, "a hint is for a seat: send its token");
            }
            json(ctx, service.hint(g, service.seatOf(g, token)));
        });
        // Win probabilities per turn, for everyone (spectators too): computed from spectators' views only.
        app.get("/api/games/{id}/analysis", ctx -> {
            LiveGame g = game(ctx.pathParam("id"));
            String token = bearer(ctx);
            if (token != null) {
                service.seatOf(g, token); // as for the log: a seat's token must be its game's
            }
            json(ctx, service.analysis(g));
        });
        app.get("/health", ctx -> {
            boolean ok = service.healthy();
            ctx.status(ok ? 200 : 503);
            json(ctx, Map.of("status", ok ? "ok" : "database unavailable"));
        });
        app.get("/metrics", ctx -> json(ctx, service.metricsSnapshot()));
        app.ws("/api/games/{id}/ws", this::webSocket);

        app.exception(UpgradeRefused.class, (e, ctx) -> {
            // the answer (403 and its JSON) is written already
        });
        app.exception(ApiException.class, (e, ctx) -> {
            ctx.status(httpStatus(e.rejection.code()));
            json(ctx, e.rejection);
        });
        app.exception(HttpResponseException.class, (e, ctx) -> {
            ctx.status(e.getStatus());
            json(ctx, Rejection.of(codeOfStatus(e.getStatus()), e.getMessage()));
        });
        app.exception(Exception.class, (e, ctx) -> {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof org.eclipse.jetty.http.BadMessageException bad) {
                    // Jetty could not read the request (a body that broke off, say): the client's fault.
                    ctx.status(bad.getCode());
                    json(ctx, Rejection.of(codeOfStatus(bad.getCode()), "the request could not be read: "
                            + shortened(String.valueOf(bad.getReason()))));
                    return;
                }
            }
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            ctx.status(500);
            json(ctx, Rejection.of(ErrorCode.INTERNAL, "the server failed on this request; nothing was changed"));
        });
    }

    /** Stops a WebSocket upgrade whose refusal is written (see the upgrade's check). */
    private static final class UpgradeRefused extends RuntimeException {
        UpgradeRefused() {
            super("refused", null, false, false);
        }
    }

    /** The game of a path's id: an id that the server could not have made is no game, and is not looked up. */
    private LiveGame game(String id) {
        if (id == null || !GAME_ID.matcher(id).matches()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no game " + shortened(id)
                    + " (a game id is 1 to 40 letters, digits, '-' and '_')");
        }
        return service.game(id);
    }

    /**
     * Whether a request's {@code Origin} is this server's own, or absent. Browsers send it with every WebSocket
     * handshake and with every request that changes things; programs (curl, the load generator, the tests) send
     * none and are let through, since they hold no other site's page and carry their own tokens. The origin must
     * name the host and port of the request's {@code Host} header (a port left out is the default of the
     * origin's scheme); {@code null} (a sandboxed or file page) and anything unreadable are foreign.
     */
    static boolean sameOrigin(String origin, String host) {
        if (origin == null) {
            return true;
        }
        if (host == null) {
            return false;
        }
        java.net.URI o;
        try {
            o = new java.net.URI(origin.trim());
        } catch (java.net.URISyntaxException e) {
            return false;
        }
        String scheme = o.getScheme() == null ? "" : o.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || o.getHost() == null || o.getRawUserInfo() != null
                || !(o.getRawPath() == null || o.getRawPath().isEmpty()) || o.getRawQuery() != null) {
            return false;
        }
        int defaultPort = scheme.equals("https") ? 443 : 80;
        int originPort = o.getPort() < 0 ? defaultPort : o.getPort();
        String h = host.trim();
        int colon = h.lastIndexOf(':');
        String hostName = h;
        int hostPort = defaultPort;
        if (colon > h.lastIndexOf(']')) {
            hostName = h.substring(0, colon);
            try {
                hostPort = Integer.parseInt(h.substring(colon + 1));
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return hostName.equalsIgnoreCase(o.getHost()) && hostPort == originPort;
    }

    private static ApiException foreignOrigin(String origin) {
        return new ApiException(ErrorCode.FOREIGN_ORIGIN, "a page of " + shortened(origin) + " may not use this "
                + "server; open the game from the server's own address");
    }

    /** Whether a Content-Type names JSON: application/json or a +json type, with any parameters. */
    static boolean isJson(String contentType) {
        int semi = contentType.indexOf(';');
        String type = (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || (type.startsWith("application/") && type.endsWith("+json"));
    }

    /** Text from a request, quoted in a message: at most 60 characters, control characters escaped. */
    static String shortened(String text) {
        if (text == null) {
            return "null";
        }
        return escapeControls(text.length() > 60 ? text.substring(0, 60) + "…" : text);
    }

    /**
     * {@code text} with its control characters (below U+0020, and U+007F) each written as a backslash, u and four
     * hex digits, so that a message quoting input cannot drive a terminal or break a log line.
     */
    static String escapeControls(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", c));
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }

    /** The code of a refusal known only by its HTTP status (Jetty's and Javalin's own). */
    static ErrorCode codeOfStatus(int status) {
        return switch (status) {
            case 401 -> ErrorCode.BAD_TOKEN;
            case 404, 405 -> ErrorCode.NOT_FOUND;
            case 413, 414, 431 -> ErrorCode.TOO_LARGE;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            case 429 -> ErrorCode.THROTTLED;
            case 501, 505 -> ErrorCode.BAD_REQUEST; // a method or HTTP version the client should not have used
            case 503 -> ErrorCode.UNAVAILABLE;
            default -> status >= 500 ? ErrorCode.INTERNAL : ErrorCode.BAD_REQUEST;
        };
    }

    /**
     * Jetty's answer to what it refuses before any route sees it — a malformed request, a header or address too
     * large, an ambiguous path, an upgrade to no WebSocket — as a JSON {@link Rejection} with the code of its
     * status, and the security headers; never Jetty's HTML page.
     */
    static final class JsonErrorHandler extends org.eclipse.jetty.server.handler.ErrorHandler {
        @Override
        public void handle(String target, org.eclipse.jetty.server.Request baseRequest,
                           jakarta.servlet.http.HttpServletRequest request,
                           jakarta.servlet.http.HttpServletResponse response) throws java.io.IOException {
            baseRequest.setHandled(true);
            int status = response.getStatus();
            Object message = request.getAttribute(jakarta.servlet.RequestDispatcher.ERROR_MESSAGE);
            byte[] body = json(status, message == null ? null : message.toString());
            SECURITY_HEADERS.forEach(response::setHeader);
            response.setHeader("Cache-Control", "no-store");
            response.setContentType("application/json");
            response.setContentLength(body.length);
            try {
                response.getOutputStream().write(body);
            } catch (IllegalStateException writerInUse) {
                response.getWriter().write(new String(body, java.nio.charset.StandardCharsets.UTF_8));
            }
        }

        @Override
        public java.nio.ByteBuffer badMessageError(int status, String reason,
                                                   org.eclipse.jetty.http.HttpFields.Mutable fields) {
            SECURITY_HEADERS.forEach(fields::put);
            fields.put(org.eclipse.jetty.http.HttpHeader.CONTENT_TYPE, "application/json");
            return java.nio.ByteBuffer.wrap(json(status, reason));
        }

        private static byte[] json(int status, String reason) {
            String why = reason == null || reason.isBlank()
                    ? org.eclipse.jetty.http.HttpStatus.getMessage(status) : reason;
            return Json.write(Rejection.of(codeOfStatus(status), "HTTP " + status + ": " + shortened(why)))
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private TokenBucket postBucket(String ip) {
        if (postBuckets.size() > 10_000) {
            postBuckets.clear(); // a crude bound: forgetting buckets only ever lets requests through
        }
        return postBuckets.computeIfAbsent(ip, k -> new TokenBucket(POSTS_PER_SECOND, POST_BURST));
    }

    /** HTTP status of a refusal. */
    static int httpStatus(ErrorCode code) {
        return switch (code) {
            case BAD_REQUEST, MALFORMED_ACTION -> 400;
            case BAD_TOKEN -> 401;
            case SPECTATOR_CANNOT_ACT, NOT_YOUR_DECISION, NOT_A_PERSON_SEAT -> 403;
            case NOT_FOUND -> 404;
            case STALE_PLY, CONFLICT, GAME_NOT_STARTED, GAME_OVER, NOT_FINISHED -> 409;
            case TOO_LARGE -> 413;
            case FOREIGN_ORIGIN -> 403;
            case UNSUPPORTED_MEDIA_TYPE -> 415;
            case SQUARE_TAKEN, NOT_ADJACENT, TILE_DOES_NOT_FIT, NO_SUCH_FEATURE, FEATURE_OCCUPIED, NO_CROWN_SPACE,
                    NOT_A_LEGAL_OPTION -> 422;
            case THROTTLED -> 429;
            case INTERNAL -> 500;
            case UNAVAILABLE -> 503;
        };
    }

    private static <T> T body(Context ctx, Class<T> type) {
        try {
            return Json.read(bodyText(ctx), type);
        } catch (IllegalArgumentException e) {
            throw new ApiException(ErrorCode.BAD_REQUEST, e.getMessage());
        }
    }

    /**
     * The request body as text, read once: at most {@link #MAX_BODY} bytes whether or not a Content-Length says so
     * (a chunked body has none), and strict UTF-8. A body that breaks off is a bad request, not a server failure.
     */
    private static String bodyText(Context ctx) {
        String kept = ctx.attribute("fortuna.body");
        if (kept != null) {
            return kept;
        }
        byte[] bytes;
        try {
            bytes = ctx.req().getInputStream().readNBytes(MAX_BODY + 1);
        } catch (java.io.IOException | RuntimeException e) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "the request body could not be read (it ended before its "
                    + "length, or the connection broke off)");
        }
        if (bytes.length > MAX_BODY) {
            throw new ApiException(ErrorCode.TOO_LARGE, "the body is larger than " + MAX_BODY + " bytes");
        }
        String text;
        try {
            text = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ApiException(ErrorCode.BAD_REQUEST, "the body is not UTF-8 text");
        }
        ctx.attribute("fortuna.body", text);
        return text;
    }

    private static void json(Context ctx, Object value) {
        ctx.contentType("application/json").result(Json.write(value));
    }

    private static String bearer(Context ctx) {
        String h = ctx.header("Authorization");
        if (h == null) {
            return null;
        }
        if (!h.startsWith("Bearer ")) {
            throw new ApiException(ErrorCode.BAD_TOKEN, "Authorization must be 'Bearer <seat token>'");
        }
        return h.substring(7).trim();
    }

    private static String baseUrl(Context ctx) {
        return ctx.scheme() + "://" + ctx.host();
    }

    // ----------------------------------------------------------------------------------------------------------
    // WebSocket: /api/games/{id}/ws[?token=T][&version=V]
    // ----------------------------------------------------------------------------------------------------------

    /** One connection: its game, its viewer (seat or null), its flood control; sends are serialised. */
    private final class WsPeer implements Peer {
        final WsContext ctx;
        final LiveGame game;
        final Integer viewer;
        final TokenBucket bucket = new TokenBucket(MESSAGES_PER_SECOND, MESSAGE_BURST);
        /** What {@link #bytesIn()} said at the last sweep, and when it last grew (System.nanoTime). */
        volatile long lastBytesIn;
        volatile long lastHeard = System.nanoTime();

        WsPeer(WsContext ctx, LiveGame game, Integer viewer) {
            this.ctx = ctx;
            this.game = game;
            this.viewer = viewer;
            this.lastBytesIn = bytesIn();
        }

        /**
         * Bytes received on this connection so far, every frame counted (pongs, pings, messages, close), from
         * Jetty's own count; -1 when Jetty does not tell (another implementation behind its API).
         */
        long bytesIn() {
            if (ctx.session instanceof WebSocketSession ws && ws.getCoreSession() instanceof WebSocketCoreSession core) {
                WebSocketConnection c = core.getConnection();
                return c == null ? -1 : c.getBytesIn();
            }
            return -1;
        }

        @Override
        public Integer viewer() {
            return viewer;
        }

        /**
         * Queues a message without waiting for the network, so that a slow client never holds up its game (which
         * publishes under its lock). Jetty sends queued frames in order; this method's lock keeps the order of
         * messages queued from different threads (an update before the ack of its action).
         */
        @Override
        public synchronized void send(String json) {
            try {
                if (ctx.session.isOpen()) {
                    ctx.session.getRemote().sendString(json, WriteCallback.NOOP);
                }
            } catch (RuntimeException e) {
                LOG.debug("send to {} failed: {}", ctx.sessionId(), e.toString()); // its close handler cleans up
            }
        }

        void send(ServerMessage m) {
            send(Json.write(m));
        }
    }

    private void webSocket(WsConfig ws) {
        ws.onConnect(ctx -> {
            LiveGame g;
            Integer viewer;
            try {
                g = game(ctx.pathParam("id"));
                String token = ctx.queryParam("token");
                viewer = token == null ? null : service.seatOf(g, token);
            } catch (ApiException e) {
                new WsPeer(ctx, null, null).send(new ServerMessage.Error(e.rejection));
                ctx.closeSession(4000 + httpStatus(e.rejection.code()), e.rejection.code().name());
                return;
            }
            WsPeer peer = new WsPeer(ctx, g, viewer);
            peers.put(ctx.sessionId(), peer);
            service.connections.incrementAndGet();
            ctx.enableAutomaticPings(heartbeat.ping().toMillis(), TimeUnit.MILLISECONDS);
            long from = parseVersion(ctx.queryParam("version"));
            synchronized (g) {
                if (viewer != null) {
                    service.connected(g, viewer);
                }
                g.peers.add(peer);
                resync(peer, from);
                g.broadcastPresence();
            }
        });
        ws.onMessage(ctx -> {
            WsPeer peer = peers.get(ctx.sessionId());
            if (peer == null) {
                return;
            }
            String text = ctx.message();
            if (text.length() > MAX_MESSAGE) {
                peer.send(new ServerMessage.Error(Rejection.of(ErrorCode.TOO_LARGE, "a message may have at most "
                        + MAX_MESSAGE + " characters, not " + text.length())));
                return;
            }
            if (!admitted(peer)) {
                return;
            }
            ClientMessage m;
            try {
                m = Json.read(text, ClientMessage.class);
            } catch (IllegalArgumentException e) {
                peer.send(new ServerMessage.Error(Rejection.of(ErrorCode.BAD_REQUEST, e.getMessage())));
                return;
            }
            try {
                handle(peer, m);
            } catch (RuntimeException e) {
                LOG.error("message of {} on game {} failed", ctx.sessionId(), peer.game.id, e);
                peer.send(new ServerMessage.Error(Rejection.of(ErrorCode.INTERNAL,
                        "the server failed on this message; nothing was changed")));
            }
        });
        ws.onBinaryMessage(ctx -> {
            WsPeer peer = peers.get(ctx.sessionId());
            if (peer != null && admitted(peer)) {
                peer.send(new ServerMessage.Error(Rejection.of(ErrorCode.BAD_REQUEST, "a binary message is not part "
                        + "of the protocol: send JSON text (" + ctx.length() + " bytes ignored)")));
            }
        });
        ws.onClose(ctx -> drop(ctx.sessionId()));
        ws.onError(ctx -> drop(ctx.sessionId()));
    }

    /**
     * Closes every connection from which nothing has arrived for the heartbeat's dead time: its seat is shown
     * disconnected to the others at once (as when it closes), then it gets a close frame (4408, in case it is only
     * frozen and reads it later) and, a second later, a hard disconnect (a dead peer never answers the close).
     */
    private void sweep() {
        try {
            long now = System.nanoTime(), dead = heartbeat.dead().toNanos();
            for (WsPeer peer : peers.values()) {
                long in = peer.bytesIn();
                if (in != peer.lastBytesIn) {
                    peer.lastBytesIn = in;
                    peer.lastHeard = now;
                } else if (in >= 0 && now - peer.lastHeard > dead) {
                    cut(peer);
                }
            }
        } catch (RuntimeException e) {
            LOG.error("heartbeat sweep failed", e); // the next one runs anyway
        }
    }

    private void cut(WsPeer peer) {
        LOG.info("connection {} on game {} sent nothing for {} s: closing it", peer.ctx.sessionId(), peer.game.id,
                heartbeat.dead().toSeconds());
        drop(peer.ctx.sessionId());
        var session = peer.ctx.session;
        try {
            session.close(4408, "no heartbeat: nothing received for " + heartbeat.dead().toSeconds() + " s");
        } catch (RuntimeException e) {
            LOG.debug("close of {} failed: {}", peer.ctx.sessionId(), e.toString());
        }
        heartbeats.schedule(() -> { // a dead peer never answers the close; harmless on a closed connection
            try {
                session.disconnect();
            } catch (RuntimeException e) {
                LOG.debug("disconnect of {} failed: {}", peer.ctx.sessionId(), e.toString());
            }
        }, 1, TimeUnit.SECONDS);
    }

    /** Flood control of one connection: false (and THROTTLED sent) when the message is dropped. */
    private static boolean admitted(WsPeer peer) {
        if (peer.bucket.take()) {
            return true;
        }
        peer.send(new ServerMessage.Error(Rejection.of(ErrorCode.THROTTLED, "more than "
                + (int) MESSAGES_PER_SECOND + " messages a second; this one was dropped")));
        return false;
    }

    private void handle(WsPeer peer, ClientMessage m) {
        if (m instanceof ClientMessage.Ping p) {
            peer.send(new ServerMessage.Pong(p.nonce()));
        } else if (m instanceof ClientMessage.Resync r) {
            synchronized (peer.game) {
                resync(peer, r.lastVersion());
            }
        } else if (m instanceof ClientMessage.Act a) {
            if (peer.viewer == null) {
                peer.send(new ServerMessage.Rejected(a.clientActionId(), Rejection.of(ErrorCode.SPECTATOR_CANNOT_ACT,
                        "a spectator cannot act; connect with a seat token")));
                return;
            }
            try {
                GameService.Answer answer = service.act(peer.game, peer.viewer, a.request());
                peer.send(answer.ack() != null ? answer.ack()
                        : new ServerMessage.Rejected(a.clientActionId(), answer.rejection()));
            } catch (ApiException e) {
                peer.send(new ServerMessage.Rejected(a.clientActionId(), e.rejection));
            }
        }
    }

    /** Under the game's monitor: the updates after {@code from}, or a snapshot when they are gone (or from < 0). */
    private void resync(WsPeer peer, long from) {
        service.catchUpTo(peer.game, from); // a client ahead of this process (it saw another's update) waits for none
        List<String> missing = from < 0 ? null : peer.game.updatesAfter(from);
        if (missing == null) {
            peer.send(peer.game.snapshotFor(peer.viewer));
        } else {
            missing.forEach(peer::send);
        }
        peer.send(peer.game.presence());
        String clock = peer.game.clockJson();
        if (clock != null) {
            peer.send(clock);
        }
    }

    private static long parseVersion(String v) {
        try {
            return v == null ? -1 : Long.parseLong(v);
        } catch (NumberFormatException e) {
            return -1; // an unreadable version is treated as none: the client gets a snapshot
        }
    }

    private void drop(String sessionId) {
        WsPeer peer = peers.remove(sessionId);
        if (peer == null) {
            return;
        }
        service.connections.decrementAndGet();
        synchronized (peer.game) {
            peer.game.peers.remove(peer);
            if (peer.viewer != null) {
                service.disconnected(peer.game, peer.viewer);
            }
            peer.game.broadcastPresence();
        }
    }

    @Override
    public void close() {
        heartbeats.shutdownNow();
        app.stop();
        service.close();
        store.close();
    }

    /**
     * Runs a server until the process ends: {@code [--port P] [--data DIR | --db JDBC-URL] [--bot-delay MS]}. Prints
     * {@code listening on http://…:PORT/} once it accepts connections (tests and scripts read the port from it).
     */
    public static void main(String[] args) throws Exception {
        int port = 8080;
        Path data = Path.of("fortuna-data");
        String db = null;
        long botDelay = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--data" -> data = Path.of(args[++i]);
                case "--db" -> db = args[++i];
                case "--bot-delay" -> botDelay = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ServerConfig config = ServerConfig.defaults(port, data).withBotDelayMillis(botDelay);
        if (db != null) {
            config = config.withJdbcUrl(db);
        }
        FortunaServer server = start(config);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        System.out.println("listening on http://localhost:" + server.port() + "/");
        System.out.flush();
    }
}
