package io.groovymcp.classmodel.output;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.zip.Deflater;

/**
 * Writes the class model as pre-indexed pack files (format 4), so the engine reads a small index at load and
 * decodes a pack only when a class of one of its directories is first asked for. A zip would compress each stub
 * alone (class files share most of their constant pools, so a solid stream is far smaller) and would have to be
 * scanned entry by entry at every start.
 *
 * <pre>
 * model  := "GMCM" u8(4) u32(modelId) u32(indexRaw) u32(indexDeflated) deflate(index) pack*
 * index  := u32(class files) u32(packs)
 *           { utf(name) u8(flags) u32(offset from the first pack of this file) u32(stored) u32(raw) u32(entries) }*
 *           u32(dirs) { utf(dir) u32(pack) }*
 * body   := { utf(path) u32(length) }* bytes*                  (entries sorted by path, bytes in the same order)
 * pack   := deflate(body) | body                               (flags bit 1: the body as it is)
 * extra  := "GMCX" u8(4) u32(modelId) u32(pack number) pack   (one file per extra pack, named name + ".bin")
 * </pre>
 * All integers big-endian, utf as in DataOutput.writeUTF, deflate = zlib stream at level 9. {@code flags}: bit 0 the
 * pack is in this file, bit 1 it is not compressed ({@code stored} then equals {@code raw}). A directory is the
 * path up to its last '/', and all entries of one directory sit in one pack. Directories are split first into core
 * and extra ({@link Placement}), then each side is assigned to packs in sorted order, a new pack starting once the
 * current one holds {@code packBytes} raw bytes, so a pack is a run of neighbouring packages
 * (java/util/concurrent with its atomic and locks subpackages) and never mixes core and extra directories.
 *
 * <p>Three outputs share one index: the whole model (every pack here; the JVM oracle, the tests and the Node
 * server read it), the core (only core packs here, {@code here = 0} for the rest) and one extra file per extra
 * pack. {@code modelId} is a CRC-32 of the index's pack table and directories, so an extra pack is refused by a
 * core of another build.
 */
public final class PackedModel {
    public static final byte[] MAGIC = "GMCM".getBytes(StandardCharsets.US_ASCII);
    public static final byte[] EXTRA_MAGIC = "GMCX".getBytes(StandardCharsets.US_ASCII);
    public static final int FORMAT = 4;
    /** Index flag: the pack's bytes are in this file. */
    public static final int HERE = 1;
    /** Index flag: the pack is its body as it is, not a deflate stream. */
    public static final int UNCOMPRESSED = 2;
    /**
     * Raw bytes after which the next directory starts a new pack. Measured on the JDK 17 / Groovy 5.0.8 model: 64 KiB
     * gives 1.46 MB in 105 packs, 192 KiB 1.43 MB in 42, 1 MiB 1.41 MB in 8; first-compile times differed by less
     * than the noise of the shared build machine, so the middle keeps both the size and the inflate-per-miss small.
     */
    public static final int DEFAULT_PACK_BYTES = 192 * 1024;

    /** One pack's place in the output, for the build summary and docs. */
    public record PackInfo(String name, boolean core, List<String> dirs, int entries, int raw, int deflated,
                           boolean compressed) {
    }

    /**
     * The files and their layout.
     *
     * @param bytes  the whole model (every pack inside)
     * @param core   the core file: the same index, core packs only
     * @param extras extra pack files by file name ({@code javax.swing.bin}), in pack order
     */
    public record Output(byte[] bytes, byte[] core, SortedMap<String, byte[]> extras, List<PackInfo> packs,
                         int indexDeflated, int modelId) {
    }

    private PackedModel() {
    }

    public static String dirOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /** Everything in one core (the layout of format 3 with no extras), for tests and tools. */
    public static Output write(SortedMap<String, byte[]> entries, int packBytes) {
        return write(entries, packBytes, dir -> null);
    }

    /**
     * @param extraGroup for each directory, null when it belongs to the core, else the name of the extra part it
     *                   belongs to ({@code org/apache/tools}); an extra pack holds directories of one part only and
     *                   is named after it ({@code org.apache.tools.2.bin} for its second pack)
     */
    public static Output write(SortedMap<String, byte[]> entries, int packBytes, Function<String, String> extraGroup) {
        return write(entries, packBytes, extraGroup, dir -> false, false);
    }

    /**
     * @param alone     directories written as a pack of their own: data the engine reads whole at load (the parser
     *                  seed), so that reading it decodes nothing else
     * @param storeCore core packs (and {@code alone} ones) are written as their bodies, not compressed: the engine
     *                  inflated a pack at its first use in cold wasm code, which cost more than the bytes (50 ms for
     *                  the seed's 700 KB; 40-80 ms of a first compile for the core, most of it zlib's checksum, which
     *                  a deflate stream of stored blocks still pays; docs/performance.md, "Start-up"). A
     *                  gzipped transfer of the file is no bigger. Extra packs stay compressed: they are separate
     *                  files, fetched when first needed.
     */
    public static Output write(SortedMap<String, byte[]> entries, int packBytes, Function<String, String> extraGroup,
            java.util.function.Predicate<String> alone, boolean storeCore) {
        Map<String, SortedMap<String, byte[]>> byDir = new TreeMap<>();
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            byDir.computeIfAbsent(dirOf(e.getKey()), d -> new TreeMap<>()).put(e.getKey(), e.getValue());
        }
        List<List<String>> packDirs = new ArrayList<>();
        List<String> packGroup = new ArrayList<>();
        for (boolean core : new boolean[] {true, false}) {
            List<String> current = new ArrayList<>();
            String currentGroup = null;
            long size = 0;
            for (Map.Entry<String, SortedMap<String, byte[]>> d : byDir.entrySet()) {
                String group = extraGroup.apply(d.getKey());
                if ((group == null) != core) {
                    continue;
                }
                long dirSize = 0;
                for (byte[] b : d.getValue().values()) {
                    dirSize += b.length;
                }
                boolean ownPack = alone.test(d.getKey()) || !current.isEmpty() && alone.test(current.get(0));
                if (!current.isEmpty() && (ownPack || size + dirSize > packBytes || !java.util.Objects.equals(group, currentGroup))) {
                    packDirs.add(current);
                    packGroup.add(currentGroup);
                    current = new ArrayList<>();
                    size = 0;
                }
                current.add(d.getKey());
                currentGroup = group;
                size += dirSize;
            }
            if (!current.isEmpty()) {
                packDirs.add(current);
                packGroup.add(currentGroup);
            }
        }

        List<byte[]> deflatedPacks = new ArrayList<>();
        List<PackInfo> infos = new ArrayList<>();
        Map<String, Integer> dirToPack = new LinkedHashMap<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        for (int p = 0; p < packDirs.size(); p++) {
            List<String> dirs = packDirs.get(p);
            SortedMap<String, byte[]> content = new TreeMap<>();
            for (String d : dirs) {
                content.putAll(byDir.get(d));
                dirToPack.put(d, p);
            }
            byte[] raw = packBody(content);
            String group = packGroup.get(p);
            boolean uncompressed = alone.test(dirs.get(0)) || storeCore && group == null;
            byte[] deflated = uncompressed ? raw : deflate(raw);
            deflatedPacks.add(deflated);
            String name;
            if (group == null) {
                name = "core." + (dirs.get(0).isEmpty() ? "root" : dirs.get(0).replace('/', '.'));
            } else {
                name = group.replace('/', '.');
                for (int k = 2; names.contains(name); k++) {
                    name = group.replace('/', '.') + "." + k;
                }
            }
            if (!names.add(name)) {
                throw new IllegalStateException("two packs named " + name);
            }
            infos.add(new PackInfo(name, group == null, dirs, content.size(), raw.length, deflated.length,
                    !uncompressed));
        }
        int classFiles = (int) entries.keySet().stream().filter(n -> n.endsWith(".class")).count();
        int modelId = modelId(classFiles, infos, dirToPack);
        byte[] whole = file(classFiles, infos, dirToPack, deflatedPacks, modelId, p -> true);
        byte[] core = file(classFiles, infos, dirToPack, deflatedPacks, modelId, p -> infos.get(p).core());
        SortedMap<String, byte[]> extras = new TreeMap<>();
        for (int p = 0; p < infos.size(); p++) {
            if (!infos.get(p).core()) {
                extras.put(infos.get(p).name() + ".bin", extra(modelId, p, deflatedPacks.get(p)));
            }
        }
        int indexDeflated = deflate(index(classFiles, infos, dirToPack, deflatedPacks, p -> true)).length;
        return new Output(whole, core, extras, infos, indexDeflated, modelId);
    }

    private static int modelId(int classFiles, List<PackInfo> infos, Map<String, Integer> dirToPack) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(Integer.toString(classFiles).getBytes(StandardCharsets.UTF_8));
        for (PackInfo i : infos) {
            crc.update((i.name() + ' ' + i.deflated() + ' ' + i.raw() + ' ' + i.entries() + ' ' + i.compressed() + '\n')
                    .getBytes(StandardCharsets.UTF_8));
        }
        for (Map.Entry<String, Integer> e : dirToPack.entrySet()) {
            crc.update((e.getKey() + ' ' + e.getValue() + '\n').getBytes(StandardCharsets.UTF_8));
        }
        return (int) crc.getValue();
    }

    private static byte[] index(int classFiles, List<PackInfo> infos, Map<String, Integer> dirToPack,
                                List<byte[]> deflatedPacks, java.util.function.IntPredicate here) {
        try {
            ByteArrayOutputStream indexRaw = new ByteArrayOutputStream();
            DataOutputStream idx = new DataOutputStream(indexRaw);
            idx.writeInt(classFiles);
            idx.writeInt(infos.size());
            int offset = 0;
            for (int p = 0; p < infos.size(); p++) {
                PackInfo i = infos.get(p);
                boolean in = here.test(p);
                idx.writeUTF(i.name());
                idx.writeByte((in ? HERE : 0) | (i.compressed() ? 0 : UNCOMPRESSED));
                idx.writeInt(in ? offset : 0);
                idx.writeInt(i.deflated());
                idx.writeInt(i.raw());
                idx.writeInt(i.entries());
                if (in) {
                    offset += deflatedPacks.get(p).length;
                }
            }
            idx.writeInt(dirToPack.size());
            for (Map.Entry<String, Integer> e : dirToPack.entrySet()) {
                idx.writeUTF(e.getKey());
                idx.writeInt(e.getValue());
            }
            idx.flush();
            return indexRaw.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] file(int classFiles, List<PackInfo> infos, Map<String, Integer> dirToPack,
                               List<byte[]> deflatedPacks, int modelId, java.util.function.IntPredicate here) {
        try {
            byte[] indexRaw = index(classFiles, infos, dirToPack, deflatedPacks, here);
            byte[] index = deflate(indexRaw);
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(file);
            out.write(MAGIC);
            out.writeByte(FORMAT);
            out.writeInt(modelId);
            out.writeInt(indexRaw.length);
            out.writeInt(index.length);
            out.write(index);
            for (int p = 0; p < infos.size(); p++) {
                if (here.test(p)) {
                    out.write(deflatedPacks.get(p));
                }
            }
            out.flush();
            return file.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] extra(int modelId, int pack, byte[] deflated) {
        try {
            ByteArrayOutputStream file = new ByteArrayOutputStream(deflated.length + 13);
            DataOutputStream out = new DataOutputStream(file);
            out.write(EXTRA_MAGIC);
            out.writeByte(FORMAT);
            out.writeInt(modelId);
            out.writeInt(pack);
            out.write(deflated);
            out.flush();
            return file.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] packBody(SortedMap<String, byte[]> content) {
        try {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(body);
            for (Map.Entry<String, byte[]> e : content.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeInt(e.getValue().length);
            }
            for (byte[] b : content.values()) {
                out.write(b);
            }
            out.flush();
            return body.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] deflate(byte[] raw) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            d.setInput(raw);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length / 3 + 64);
            byte[] buf = new byte[65536];
            while (!d.finished()) {
                int n = d.deflate(buf);
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }
}
