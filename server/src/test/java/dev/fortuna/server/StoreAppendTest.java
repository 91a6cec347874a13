package dev.fortuna.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fortuna.protocol.Lobby;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Appends racing for the same plies through the store's group commit, on H2 and on PostgreSQL: each (game, ply) is
 * stored once with the winner's row, the loser gets {@link Store.PlyTaken} (a group holding a refused row is stored
 * again one write at a time), and on PostgreSQL exactly the stored rows are announced, each once.
 */
class StoreAppendTest {
    private static final int PLIES = 40;
    /** Plies 0 to DUPLICATES - 1 are appended twice, by two writers racing. */
    private static final int DUPLICATES = 15;

    @Test
    void h2StoresEachPlyOnce() throws Exception {
        try (TestDatabases.Db db = TestDatabases.h2(); Store store = new Store(db.url())) {
            race(store, null);
        }
    }

    @Test
    void postgresStoresAndAnnouncesEachPlyOnce() throws Exception {
        try (TestDatabases.Db db = TestDatabases.postgres(); Store store = new Store(db.url())) {
            BlockingQueue<String> heard = new LinkedBlockingQueue<>();
            CountDownLatch listening = new CountDownLatch(1);
            store.listen(heard::add, listening::countDown);
            assertTrue(listening.await(10, TimeUnit.SECONDS), "the listener did not start");
            race(store, heard);
        }
    }

    private static void race(Store store, BlockingQueue<String> heard) throws Exception {
        store.insertGame("g1", "{}", List.of("a", "b"), Lobby.Status.RUNNING, null, null, null, null, 1000L,
                List.of());
        // Every write of the first attempts: plies 0..PLIES-1 by writer "a", and again 0..DUPLICATES-1 by "b".
        List<Store.ActionRow> rows = new ArrayList<>();
        for (int ply = 0; ply < PLIES; ply++) {
            rows.add(row(ply, "a"));
        }
        for (int ply = 0; ply < DUPLICATES; ply++) {
            rows.add(row(ply, "b"));
        }
        ExecutorService pool = Executors.newFixedThreadPool(rows.size());
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Exception>> outcomes = new ArrayList<>();
        try {
            for (Store.ActionRow r : rows) {
                outcomes.add(pool.submit(() -> {
                    go.await();
                    try {
                        store.appendAction("g1", r, "g1/" + r.clientActionId());
                        return null;
                    } catch (Store.PlyTaken e) {
                        return e;
                    }
                }));
            }
            go.countDown();
            Map<Integer, String> winners = new HashMap<>();
            for (int i = 0; i < rows.size(); i++) {
                Exception failure = outcomes.get(i).get(30, TimeUnit.SECONDS);
                Store.ActionRow r = rows.get(i);
                if (failure == null) {
                    assertNull(winners.put(r.ply(), r.clientActionId()), "ply " + r.ply() + " stored twice");
                } else {
                    assertInstanceOf(Store.PlyTaken.class, failure);
                    assertTrue(r.ply() < DUPLICATES, "ply " + r.ply() + " had no rival but was refused");
                }
            }
            assertEquals(PLIES, winners.size(), "every ply stored by exactly one writer: " + winners);

            List<Store.ActionRow> stored = store.actionsFrom("g1", 0);
            assertEquals(PLIES, stored.size());
            for (int ply = 0; ply < PLIES; ply++) {
                Store.ActionRow s = stored.get(ply);
                assertEquals(row(ply, winners.get(ply).substring(0, 1)), s, "the winner's row, every column");
            }
            // A ply stored already is refused also when it is the only write of its group.
            assertThrows(Store.PlyTaken.class, () -> store.appendAction("g1", row(3, "c"), "g1/late"));

            if (heard != null) {
                // Announcements come in commit order: once the last append's is heard, every earlier one has been.
                store.appendAction("g1", row(PLIES, "z"), "g1/last");
                List<String> got = new ArrayList<>();
                for (String n; !"g1/last".equals(n = heard.poll(30, TimeUnit.SECONDS)); ) {
                    assertNotNull(n, "announcements stopped after " + got);
                    got.add(n);
                }
                List<String> expected = new ArrayList<>();
                winners.values().forEach(id -> expected.add("g1/" + id));
                got.sort(null);
                expected.sort(null);
                assertEquals(expected, got, "exactly the stored appends are announced, each once");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Writer {@code w}'s row for {@code ply}: its own action, client action id, time and clock (null on odd plies). */
    private static Store.ActionRow row(int ply, String w) {
        return new Store.ActionRow(ply, ply % 2, "{\"by\":\"" + w + "\",\"ply\":" + ply + "}", w + ply,
                1_000_000L + ply * 10L + w.charAt(0), ply % 2 == 0 ? (long) ply * 7 : null);
    }
}
