package io.groovymcp.classmodel;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.InflaterInputStream;

/** An independent reader of the format-2 model, written from the documented layout, for round-trip tests. */
final class PackReader {
    private PackReader() {
    }

    static Map<String, byte[]> read(byte[] file) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(file));
        byte[] magic = in.readNBytes(4);
        if (!new String(magic, java.nio.charset.StandardCharsets.US_ASCII).equals("GMCM") || in.readByte() != 2) {
            throw new IOException("bad header");
        }
        in.readInt();
        int indexDeflated = in.readInt();
        int packsStart = 4 + 1 + 4 + 4 + indexDeflated;
        DataInputStream index = new DataInputStream(new InflaterInputStream(
                new ByteArrayInputStream(file, 13, indexDeflated)));
        index.readInt();
        int packs = index.readInt();
        Map<String, byte[]> out = new TreeMap<>();
        for (int p = 0; p < packs; p++) {
            int offset = index.readInt();
            int deflated = index.readInt();
            index.readInt();
            int entries = index.readInt();
            DataInputStream pack = new DataInputStream(new InflaterInputStream(
                    new ByteArrayInputStream(file, packsStart + offset, deflated)));
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
