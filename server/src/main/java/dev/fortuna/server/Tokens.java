package dev.fortuna.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Game ids and seat tokens from a {@link SecureRandom}; tokens are stored only as their SHA-256. */
final class Tokens {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private Tokens() {
    }

    /** A seat token: 128 random bits, URL-safe base64 (22 characters). */
    static String newToken() {
        return randomText(16);
    }

    /** A game id: 80 random bits (16 characters), unguessable so that a game cannot be found by counting. */
    static String newGameId() {
        return randomText(10);
    }

    private static String randomText(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return URL.encodeToString(b);
    }

    static SecureRandom random() {
        return RANDOM;
    }

    /** The stored form of a token: its SHA-256 in hex. */
    static String hash(String token) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** Compares two hashes in time independent of where they differ. */
    static boolean sameHash(String a, String b) {
        return a != null && b != null && MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII),
                b.getBytes(StandardCharsets.US_ASCII));
    }
}
