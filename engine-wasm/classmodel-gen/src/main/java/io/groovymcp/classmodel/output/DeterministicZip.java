package io.groovymcp.classmodel.output;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.SortedMap;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes a zip whose bytes depend only on its entries: names are sorted, every entry carries the same fixed DOS
 * timestamp (set via setTimeLocal, which - unlike setTime - does not shift with the build machine's time zone and
 * adds no extended-timestamp extra field), no comments, one compression level.
 */
public final class DeterministicZip {

    /** The earliest DOS date plus a month, as used by reproducible-build tooling (avoids 1980-01-01 edge bugs). */
    public static final LocalDateTime FIXED_TIME = LocalDateTime.of(1980, 2, 1, 0, 0);

    private DeterministicZip() {
    }

    public static byte[] write(SortedMap<String, byte[]> entries) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(1 << 20);
        try (ZipOutputStream zip = new ZipOutputStream(buffer)) {
            zip.setMethod(ZipOutputStream.DEFLATED);
            zip.setLevel(Deflater.BEST_COMPRESSION);
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                entry.setTimeLocal(FIXED_TIME);
                zip.putNextEntry(entry);
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }
}
