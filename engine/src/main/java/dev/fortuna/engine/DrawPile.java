package dev.fortuna.engine;

import java.util.Arrays;

/**
 * The order of the draw pile: tile type indices. It is never written after creation, so every copy of a state shares
 * it; the state keeps how many tiles have been drawn ({@code top}). A view or a determinised copy gets a new pile.
 */
final class DrawPile {
    final int[] order;

    DrawPile(int[] order) {
        this.order = order;
    }

    int size(int top) {
        return order.length - top;
    }

    /** A pile whose tiles from {@code top} on are in a new order drawn from {@code seed}. */
    DrawPile shuffled(int top, long seed) {
        int[] p = order.clone();
        new SplitMix64(seed).shuffle(p, top, p.length);
        return new DrawPile(p);
    }

    /** A pile whose tiles from {@code top} on are sorted by type: what a player may know of the pile. */
    DrawPile sorted(int top) {
        int[] p = order.clone();
        Arrays.sort(p, top, p.length);
        return new DrawPile(p);
    }

    /** The tiles from {@code top} on, sorted by type index. */
    int[] remainingSorted(int top) {
        int[] rest = Arrays.copyOfRange(order, top, order.length);
        Arrays.sort(rest);
        return rest;
    }
}
