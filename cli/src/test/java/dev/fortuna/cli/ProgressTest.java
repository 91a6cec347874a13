package dev.fortuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void theLineSaysTheShareTheGamesTheTimeAndWhatIsLeft() {
        assertEquals("[                              ]   0%  0/20 games, 0 s", Progress.line(0, 1420, 0, 20, 0.2));
        assertEquals("[############                  ]  40%  8/20 games, 12 s, about 18 s left",
                Progress.line(568, 1420, 8, 20, 12));
        assertEquals("[##############################] 100%  20/20 games, 30 s, about 0 s left",
                Progress.line(1420, 1420, 20, 20, 30));
    }

    @Test
    void redrawsAtMostEveryTenthOfASecondAndAlwaysAtTheEnd() {
        StringWriter buf = new StringWriter();
        long[] now = {0};
        Progress p = new Progress(new PrintWriter(buf), 4, 2, () -> now[0]);
        p.advance(1, 0);   // drawn: the first
        now[0] = 50_000_000L;
        p.advance(1, 1);   // 50 ms later: not drawn
        now[0] = 60_000_000L;
        p.advance(2, 1);   // the last game: drawn
        p.finish();
        assertEquals("\r[#######                       ]  25%  0/2 games, 0 s, about 0 s left\033[K"
                + "\r[##############################] 100%  2/2 games, 0 s, about 0 s left\033[K\r\033[K", buf.toString());
    }
}
