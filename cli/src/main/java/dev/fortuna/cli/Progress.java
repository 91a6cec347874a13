package dev.fortuna.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on stderr for long commands ({@code simulate}, {@code arena}, {@code fit-eval}),
 * shown only to a person at a terminal: never in pipes, files or tests. Work is counted in units (games, or
 * tiles placed when single games are long); the line says the games done, the elapsed time and an estimate of
 * the time left. Safe to call from several game threads; redrawn at most every 100 ms.
 */
class Progress {
    /** The bar for this process: a real one when a terminal is attached, else one that draws nothing. */
    static Progress start(PrintWriter err, long totalUnits, int totalGames) {
        return interactive() ? new Progress(err, totalUnits, totalGames, System::nanoTime) : new Progress();
    }

    private final PrintWriter err;
    private final long total;
    private final int games;
    private final LongSupplier clock;
    private final long t0;
    private long units, lastDraw;
    private boolean drawn;
    private int gamesDone;

    /** A silent bar. */
    private Progress() {
        this(null, 1, 1, () -> 0L);
    }

    Progress(PrintWriter err, long totalUnits, int totalGames, LongSupplier nanoClock) {
        this.err = err;
        this.total = Math.max(1, totalUnits);
        this.games = totalGames;
        this.clock = nanoClock;
        this.t0 = nanoClock.getAsLong();
    }

    /** Adds units of work done (and games finished), and redraws when enough time has passed. */
    synchronized void advance(long doneUnits, int doneGames) {
        units += doneUnits;
        gamesDone += doneGames;
        if (err == null) {
            return;
        }
        long now = clock.getAsLong();
        if (!drawn || now - lastDraw >= 100_000_000L || gamesDone == games) {
            drawn = true;
            lastDraw = now;
            err.print("\r" + line(units, total, gamesDone, games, (now - t0) / 1e9) + "\033[K");
            err.flush();
        }
    }

    /** Clears the line so that the summary starts on a clean one. */
    synchronized void finish() {
        if (err != null) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    /** E.g. {@code [############                  ] 40%  8/20 games, 12 s, about 18 s left}. */
    static String line(long units, long total, int gamesDone, int games, double seconds) {
        int width = 30;
        long u = Math.min(units, total);
        int filled = (int) (width * u / total), pct = (int) (100 * u / total);
        String left = u == 0 ? "" : String.format(Locale.ROOT, ", about %.0f s left", seconds / u * (total - u));
        return String.format(Locale.ROOT, "[%s%s] %3d%%  %d/%d games, %.0f s%s", "#".repeat(filled),
                " ".repeat(width - filled), pct, gamesDone, games, seconds, left);
    }

    /**
     * Whether stderr is a terminal. Java cannot ask that of stderr alone, so the launcher, which can, says so in
     * the property {@code fortuna.stderrIsTerminal} (the bar then shows also when stdout is redirected to a
     * file). Without it: whether a terminal is attached at all. On Java 17 {@code System.console()} is null unless it is; newer JDKs may
     * return a console for pipes too and offer {@code isTerminal()} (Java 22), asked here without linking to it.
     */
    static boolean interactive() {
        String said = System.getProperty("fortuna.stderrIsTerminal");
        if (said != null) {
            return Boolean.parseBoolean(said);
        }
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true; // before Java 22 a non-null console is a terminal
        }
    }
}
