package dev.fortuna.records;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Wording shared by every message that reaches a person (records and the command line): text quoted from
 * input made safe for a terminal, and the reason of a failed file operation in words rather than exception names.
 */
public final class Messages {
    private Messages() {
    }

    /**
     * The text with every control character written out visibly ({@code \e}, {@code \a}, {@code \r},
     * {@code \t}, {@code \n}, {@code \xNN}), so that a quoted string cannot move the cursor, clear the screen or
     * set the terminal's title. C1 controls (U+0080..U+009F) count too: some terminals act on them.
     */
    public static String printable(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
            if (!control) {
                if (sb != null) {
                    sb.append(c);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            switch (c) {
                case 0x1b -> sb.append("\\e");
                case 0x07 -> sb.append("\\a");
                case '\r' -> sb.append("\\r");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> sb.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** Why a file operation failed, e.g. "no such file" or "permission denied" (never an exception's name). */
    public static String ioReason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        } else if (e instanceof AccessDeniedException) {
            return "permission denied";
        } else if (e instanceof FileAlreadyExistsException) {
            return "a file of that name is in the way";
        } else if (e instanceof NotDirectoryException) {
            return "not a directory";
        } else if (e instanceof DirectoryNotEmptyException) {
            return "the directory is not empty";
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            return printable(f.getReason().toLowerCase(Locale.ROOT));
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "input/output error" : printable(m);
    }
}
