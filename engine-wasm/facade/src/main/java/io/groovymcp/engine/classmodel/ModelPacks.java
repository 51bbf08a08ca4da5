package io.groovymcp.engine.classmodel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reader of the generated class model (format 4, written by classmodel-gen's PackedModel; layout in
 * docs/engine-classmodel.md). Loading reads only the index: which pack holds which directory. A pack is decoded the
 * first time any path of one of its directories is asked for, so a compile pays for the packages it touches and
 * start-up pays for none. Core packs are not compressed (inflating them was most of their cost in cold wasm); extra
 * packs, fetched on demand, are deflate streams. The bytes are our own build output, but every length is still checked against what is
 * left, so a truncated or corrupt file fails with an IOException instead of a wrong answer.
 *
 * <p>A core file holds only some packs; the index still names every pack and directory. A lookup in a directory
 * whose pack is not here answers "absent" for now and records the pack as wanted ({@link #wanted}); the engine
 * then refuses the request's answer and the host brings the pack ({@link #attach}) and asks again. So an answer is
 * only ever given with every pack its lookups touched, which makes it the answer of the whole model.
 */
final class ModelPacks {
    static final byte[] MAGIC = "GMCM".getBytes(StandardCharsets.US_ASCII);
    static final byte[] EXTRA_MAGIC = "GMCX".getBytes(StandardCharsets.US_ASCII);
    static final int FORMAT = 4;
    private static final int HERE = 1;
    private static final int UNCOMPRESSED = 2;
    /** Bytes before an extra file's pack: magic, format, model id, pack number. */
    private static final int EXTRA_HEADER = 4 + 1 + 4 + 4;

    private final int modelId;
    private final String[] name;
    /** The model file, for the packs it holds that {@link #source} does not (a file the host keeps). */
    private final ModelBytes file;
    /** The array holding each pack (this file when it is an array, or an attached extra file), else null. */
    private final byte[][] source;
    /** Packs that are in {@link #file} (read from it at first use when it is not an array). */
    private final boolean[] inFile;
    private final int[] offset;
    private final int[] deflated;
    private final int[] raw;
    /** Packs whose bytes are their body as it is (no deflate stream). */
    private final boolean[] uncompressed;
    private final int[] count;
    /** Directory (path up to its last '/') to pack number. */
    private final Map<String, Integer> dirToPack = new HashMap<>();
    /** Inflated packs, path to bytes; null until first use. */
    private final Map<String, byte[]>[] decoded;
    /** Packs a lookup needed while they were not here, and not attached since (sorted, so answers are stable). */
    private final java.util.TreeSet<Integer> wanted = new java.util.TreeSet<>();
    private final int classes;

    static boolean isPacked(byte[] bytes) {
        return startsWith(bytes, MAGIC);
    }

    static boolean isExtra(byte[] bytes) {
        return startsWith(bytes, EXTRA_MAGIC);
    }

    private static boolean startsWith(byte[] bytes, byte[] magic) {
        if (bytes.length < magic.length + 1) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (bytes[i] != magic[i]) {
                return false;
            }
        }
        return true;
    }

    ModelPacks(byte[] file) throws IOException {
        this(ModelBytes.of(file), file);
    }

    /** A model file the host keeps: only its index is read now, each pack at its first use. */
    ModelPacks(ModelBytes file) throws IOException {
        this(file, null);
    }

    @SuppressWarnings("unchecked")
    private ModelPacks(ModelBytes file, byte[] array) throws IOException {
        this.file = file;
        int length = file.length();
        int headerLength = MAGIC.length + 1 + 12;
        if (length < headerLength) {
            throw new IOException("not a class model of format " + FORMAT);
        }
        byte[] head = file.read(0, headerLength);
        if (!isPacked(head) || head[MAGIC.length] != FORMAT) {
            throw new IOException("not a class model of format " + FORMAT);
        }
        Cursor header = new Cursor(head, MAGIC.length + 1, head.length);
        modelId = header.i32();
        int indexRaw = header.u32();
        int indexDeflated = header.u32();
        int indexStart = header.pos;
        if (indexDeflated > length - indexStart) {
            throw new IOException("class model truncated in its index");
        }
        int packsStart = indexStart + indexDeflated;
        byte[] index = inflate(file.read(indexStart, indexDeflated), 0, indexDeflated, indexRaw);
        Cursor in = new Cursor(index, 0, index.length);
        classes = in.u32();
        int packs = in.u32();
        name = new String[packs];
        source = new byte[packs][];
        inFile = new boolean[packs];
        offset = new int[packs];
        deflated = new int[packs];
        raw = new int[packs];
        uncompressed = new boolean[packs];
        count = new int[packs];
        for (int p = 0; p < packs; p++) {
            name[p] = in.utf();
            int flags = in.u8();
            boolean here = (flags & HERE) != 0;
            int off = in.u32();
            deflated[p] = in.u32();
            raw[p] = in.u32();
            uncompressed[p] = (flags & UNCOMPRESSED) != 0;
            if (uncompressed[p] && deflated[p] != raw[p]) {
                throw new IOException("class model pack " + name[p] + " is stored with " + deflated[p] + " bytes of "
                        + raw[p]);
            }
            count[p] = in.u32();
            if (here) {
                if (off > length - packsStart || deflated[p] > length - packsStart - off) {
                    throw new IOException("class model truncated in pack " + p);
                }
                inFile[p] = true;
                source[p] = array;
                offset[p] = packsStart + off;
            }
        }
        int dirs = in.u32();
        for (int d = 0; d < dirs; d++) {
            String dir = in.utf();
            int pack = in.u32();
            if (pack >= packs) {
                throw new IOException("class model index names pack " + pack + " of " + packs);
            }
            dirToPack.put(dir, pack);
        }
        decoded = new Map[packs];
    }

    /**
     * Takes in one extra pack file of this model. Returns its pack's entry count, or -1 when the
     * file belongs to another model (another build); a file of this model that is damaged is an IOException.
     */
    int attach(byte[] extra) throws IOException {
        if (!isExtra(extra) || extra[EXTRA_MAGIC.length] != FORMAT) {
            throw new IOException("not a class model pack of format " + FORMAT);
        }
        Cursor header = new Cursor(extra, EXTRA_MAGIC.length + 1, extra.length);
        if (header.i32() != modelId) {
            return -1;
        }
        int p = header.u32();
        if (p >= name.length) {
            throw new IOException("class model pack number " + p + " of " + name.length);
        }
        if (extra.length - EXTRA_HEADER != deflated[p]) {
            throw new IOException("class model pack " + name[p] + " has " + (extra.length - EXTRA_HEADER)
                    + " bytes, the index says " + deflated[p]);
        }
        if (!present(p)) {
            source[p] = extra;
            offset[p] = EXTRA_HEADER;
        }
        wanted.remove(p);
        return count[p];
    }

    /** The bytes at that path, or null; decodes the pack of its directory on first use. */
    byte[] get(String path) {
        Map<String, byte[]> pack = packOf(dirOf(path));
        return pack == null ? null : pack.get(path);
    }

    /** Every path of one directory (the pack holding it is decoded). */
    List<String> list(String dir) {
        List<String> out = new ArrayList<>();
        Map<String, byte[]> pack = packOf(dir);
        if (pack != null) {
            for (String p : pack.keySet()) {
                if (dirOf(p).equals(dir)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /** Number of class files of the whole model (every pack), from the index. */
    int classCount() {
        return classes;
    }

    /** Packs decoded so far, for the info op and the bench. */
    int packsDecoded() {
        int n = 0;
        for (Map<String, byte[]> m : decoded) {
            if (m != null) {
                n++;
            }
        }
        return n;
    }

    int packCount() {
        return count.length;
    }

    /** Names of the packs lookups needed while they were absent (file names without ".bin"), in pack order. */
    List<String> wanted() {
        List<String> out = new ArrayList<>();
        for (int p : wanted) {
            out.add(name[p]);
        }
        return out;
    }

    /** Names of the packs that are not here and would hold one of these paths, recording nothing. */
    void absentPacksOf(Iterable<String> paths, java.util.Set<String> out) {
        for (String path : paths) {
            Integer p = dirToPack.get(dirOf(path));
            if (p != null && !present(p)) {
                out.add(name[p]);
            }
        }
    }

    boolean hasDir(String dir) {
        return dirToPack.containsKey(dir);
    }

    static String dirOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    private Map<String, byte[]> packOf(String dir) {
        Integer p = dirToPack.get(dir);
        if (p == null) {
            return null;
        }
        if (!present(p)) {
            wanted.add(p);
            return null;
        }
        return decode(p);
    }

    private boolean present(int p) {
        return source[p] != null || inFile[p];
    }

    private Map<String, byte[]> decode(int p) {
        Map<String, byte[]> m = decoded[p];
        if (m != null) {
            return m;
        }
        try {
            byte[] bytes = source[p];
            int at = offset[p];
            if (bytes == null) {
                bytes = file.read(at, deflated[p]);
                at = 0;
                if (bytes == null || bytes.length != deflated[p]) {
                    throw new IOException("class model pack " + name[p] + " could not be read");
                }
            }
            // An uncompressed pack is read where it lies; a compressed one is inflated into its own array first.
            byte[] body = uncompressed[p] ? bytes : inflate(bytes, at, deflated[p], raw[p]);
            int start = uncompressed[p] ? at : 0;
            int end = start + raw[p];
            Cursor in = new Cursor(body, start, end);
            String[] paths = new String[count[p]];
            int[] lengths = new int[count[p]];
            for (int i = 0; i < paths.length; i++) {
                paths[i] = in.utf();
                lengths[i] = in.u32();
            }
            m = new HashMap<>(paths.length * 2);
            int pos = in.pos;
            for (int i = 0; i < paths.length; i++) {
                if (lengths[i] > end - pos) {
                    throw new IOException("class model pack " + p + " truncated at " + paths[i]);
                }
                byte[] b = new byte[lengths[i]];
                System.arraycopy(body, pos, b, 0, b.length);
                pos += b.length;
                m.put(paths[i], b);
            }
        } catch (IOException e) {
            // Our own build output: a bad pack is a build defect, not user input.
            throw new IllegalStateException("corrupt class model: " + e.getMessage(), e);
        }
        decoded[p] = m;
        return m;
    }

    private static byte[] inflate(byte[] src, int off, int len, int rawLength) throws IOException {
        if (rawLength < 0) {
            throw new IOException("negative length in class model");
        }
        byte[] out = new byte[rawLength];
        Inflater inf = new Inflater();
        try {
            inf.setInput(src, off, len);
            int n = 0;
            while (n < rawLength) {
                int r = inf.inflate(out, n, rawLength - n);
                if (r == 0 && (inf.finished() || inf.needsInput() || inf.needsDictionary())) {
                    break;
                }
                n += r;
            }
            if (n != rawLength) {
                throw new IOException("class model section inflates to " + n + " bytes, index says " + rawLength);
            }
        } catch (DataFormatException e) {
            throw new IOException("class model section does not inflate: " + e.getMessage());
        } finally {
            inf.end();
        }
        return out;
    }

    /** Big-endian reads with bounds checks (DataInputStream would add a stream per pack for nothing). */
    private static final class Cursor {
        final byte[] b;
        int pos;
        final int end;

        Cursor(byte[] b, int pos, int end) {
            this.b = b;
            this.pos = pos;
            this.end = end;
        }

        int u8() throws IOException {
            need(1);
            return b[pos++] & 0xff;
        }

        int i32() throws IOException {
            need(4);
            int v = ((b[pos] & 0xff) << 24) | ((b[pos + 1] & 0xff) << 16) | ((b[pos + 2] & 0xff) << 8)
                    | (b[pos + 3] & 0xff);
            pos += 4;
            return v;
        }

        int u32() throws IOException {
            need(4);
            int v = ((b[pos] & 0xff) << 24) | ((b[pos + 1] & 0xff) << 16) | ((b[pos + 2] & 0xff) << 8)
                    | (b[pos + 3] & 0xff);
            pos += 4;
            if (v < 0) {
                throw new IOException("negative length in class model");
            }
            return v;
        }

        String utf() throws IOException {
            need(2);
            int len = ((b[pos] & 0xff) << 8) | (b[pos + 1] & 0xff);
            pos += 2;
            need(len);
            // Paths are ASCII in practice, and a string made from their chars skips the charset decoder, which
            // TeaVM builds per call (a third of a pack's decode in cold wasm, docs/performance.md
            // "Start-up"). Otherwise modified UTF-8 equals UTF-8 for everything but NUL and surrogates, which class names
            // of the JDK and Groovy never contain.
            char[] ascii = new char[len];
            for (int i = 0; i < len; i++) {
                byte x = b[pos + i];
                if (x < 0) {
                    ascii = null;
                    break;
                }
                ascii[i] = (char) x;
            }
            String s = ascii != null ? new String(ascii) : new String(b, pos, len, StandardCharsets.UTF_8);
            pos += len;
            return s;
        }

        private void need(int n) throws IOException {
            if (n > end - pos) {
                throw new IOException("class model truncated");
            }
        }
    }
}
