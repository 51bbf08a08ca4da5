package org.teavm.classlib.java.security.cert;

/** java.security.cert.Certificate, only as a type in signatures (see TCodeSource). */
public abstract class TCertificate implements java.io.Serializable {
    private final String type;

    protected TCertificate(String type) {
        this.type = type;
    }

    public final String getType() {
        return type;
    }
}
