package dev.fortuna.engine;

import java.util.Arrays;

/** A growable list of ints, so that hot paths need no boxing. */
public final class IntList {
    private int[] a;
    private int n;

    public IntList(int capacity) {
        a = new int[Math.max(4, capacity)];
    }

    public void add(int v) {
        if (n == a.length) {
            a = Arrays.copyOf(a, n * 2);
        }
        a[n++] = v;
    }

    public int get(int i) {
        return a[i];
    }

    public int size() {
        return n;
    }

    public void clear() {
        n = 0;
    }

    public boolean contains(int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    public int indexOf(int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    public int[] toArray() {
        return Arrays.copyOf(a, n);
    }
}
