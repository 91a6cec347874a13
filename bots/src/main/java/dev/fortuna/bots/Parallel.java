package dev.fortuna.bots;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Runs numbered tasks a few at a time and hands their results on in task order, so that what the caller
 * computes from them does not depend on how many ran at once (the arena's games, the self-play fit's games, the
 * MCTS bot's root-parallel trees).
 */
final class Parallel {
    private Parallel() {
    }

    /**
     * Runs {@code task(0..count-1)}, {@code parallel} at a time on daemon threads named {@code name} (on the
     * calling thread when {@code parallel} is 1), and passes each result to {@code sink} in index order, on the
     * calling thread. A task's runtime exception is rethrown as it is; the threads stop with the call.
     */
    static <T> void inOrder(int count, int parallel, String name, IntFunction<T> task, Consumer<T> sink) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel must be at least 1, not " + parallel);
        }
        if (parallel == 1) {
            for (int i = 0; i < count; i++) {
                sink.accept(task.apply(i));
            }
            return;
        }
        ExecutorService ex = Executors.newFixedThreadPool(parallel, r -> {
            Thread th = new Thread(r, name);
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<T>> fs = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                final int ii = i;
                fs.add(ex.submit(() -> task.apply(ii)));
            }
            for (Future<T> f : fs) {
                sink.accept(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + " interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(name + " failed", e.getCause());
        } finally {
            ex.shutdownNow();
        }
    }
}
