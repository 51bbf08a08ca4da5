package io.groovymcp.classmodel;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.InflaterInputStream;

/** An independent reader of the format-4 model, written from the documented layout, for round-trip tests. */
final class PackReader {
    private PackReader() {
    }

    /** Every entry of a model file; packs that are not in it are read from {@code extras} (file name to bytes). */
    static Map<String, byte[]> read(byte[] file, Map<String, byte[]> extras) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(file));
        byte[] magic = in.readNBytes(4);
        if (!new String(magic, java.nio.charset.StandardCharsets.US_ASCII).equals("GMCM") || in.readByte() != 4) {
            throw new IOException("bad header");
        }
        int modelId = in.readInt();
        in.readInt();
        int indexDeflated = in.readInt();
        int packsStart = 4 + 1 + 4 + 4 + 4 + indexDeflated;
        DataInputStream index = new DataInputStream(new InflaterInputStream(
                new ByteArrayInputStream(file, 17, indexDeflated)));
        index.readInt();
        int packs = index.readInt();
        Map<String, byte[]> out = new TreeMap<>();
        for (int p = 0; p < packs; p++) {
            String name = index.readUTF();
            int flags = index.readByte();
            boolean here = (flags & 1) != 0;
            boolean compressed = (flags & 2) == 0;
            int offset = index.readInt();
            int deflated = index.readInt();
            index.readInt();
            int entries = index.readInt();
            byte[] source = file;
            int start = packsStart + offset;
            if (!here) {
                source = extras.get(name + ".bin");
                if (source == null) {
                    throw new IOException("no extra file for pack " + name);
                }
                DataInputStream x = new DataInputStream(new ByteArrayInputStream(source));
                if (!new String(x.readNBytes(4), java.nio.charset.StandardCharsets.US_ASCII).equals("GMCX")
                        || x.readByte() != 4 || x.readInt() != modelId || x.readInt() != p
                        || source.length - 13 != deflated) {
                    throw new IOException("extra file of pack " + name + " does not belong here");
                }
                start = 13;
            }
            ByteArrayInputStream bytes = new ByteArrayInputStream(source, start, deflated);
            DataInputStream pack = new DataInputStream(compressed ? new InflaterInputStream(bytes) : bytes);
            String[] names = new String[entries];
            int[] lengths = new int[entries];
            for (int i = 0; i < entries; i++) {
                names[i] = pack.readUTF();
                lengths[i] = pack.readInt();
            }
            for (int i = 0; i < entries; i++) {
                out.put(names[i], pack.readNBytes(lengths[i]));
            }
        }
        return out;
    }
}
