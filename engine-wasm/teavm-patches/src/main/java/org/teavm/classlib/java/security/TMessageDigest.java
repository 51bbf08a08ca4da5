package org.teavm.classlib.java.security;

/**
 * java.security.MessageDigest with no algorithms. Only bytecode generation (closure serial UIDs) and the GDK's md5
 * helpers reach it, and the wasm engine does neither, so every lookup reports the algorithm as unavailable.
 */
public abstract class TMessageDigest {
    private final String algorithm;

    protected TMessageDigest(String algorithm) {
        this.algorithm = algorithm;
    }

    public static TMessageDigest getInstance(String algorithm) throws TNoSuchAlgorithmException {
        throw new TNoSuchAlgorithmException(algorithm + " MessageDigest not available");
    }

    public final String getAlgorithm() {
        return algorithm;
    }

    public abstract void update(byte[] input);

    public abstract void update(byte[] input, int offset, int len);

    public abstract void update(byte input);

    public abstract byte[] digest();

    public byte[] digest(byte[] input) {
        update(input);
        return digest();
    }

    public abstract void reset();
}
