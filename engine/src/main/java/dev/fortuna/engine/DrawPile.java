package dev.fortuna.engine;

import java.util.Arrays;

/**
 * The draw pile: an array of tile type indices and the index of the next tile. The array is shared by copies and
 * never written after creation (a view or a determinised copy gets a new array), so a copy is two fields.
 */
final class DrawPile {
    final int[] pile;
    int top;

    DrawPile(int[] pile, int top) {
        this.pile = pile;
        this.top = top;
    }

    boolean isEmpty() {
        return top >= pile.length;
    }

    int draw() {
        return pile[top++];
    }

    int size() {
        return pile.length - top;
    }

    /** A copy whose undrawn tiles are in a new order drawn from {@code seed}. */
    DrawPile shuffled(long seed) {
        int[] p = pile.clone();
        new SplitMix64(seed).shuffle(p, top, p.length);
        return new DrawPile(p, top);
    }

    /** A copy whose undrawn tiles are sorted by type: what a player may know of the pile. */
    DrawPile sorted() {
        int[] p = pile.clone();
        Arrays.sort(p, top, p.length);
        return new DrawPile(p, top);
    }

    /** The undrawn tiles, sorted by type index. */
    int[] remainingSorted() {
        int[] rest = Arrays.copyOfRange(pile, top, pile.length);
        Arrays.sort(rest);
        return rest;
    }
}
