package org.teavm.classlib.java.security;

import java.net.URL;

import org.teavm.classlib.java.security.cert.TCertificate;

/** java.security.CodeSource: a location and certificates, carried as data only (no code is ever loaded here). */
public class TCodeSource implements java.io.Serializable {
    private final URL location;
    private final TCertificate[] certificates;

    public TCodeSource(URL location, TCertificate[] certificates) {
        this.location = location;
        this.certificates = certificates == null ? null : certificates.clone();
    }

    public final URL getLocation() {
        return location;
    }

    public final TCertificate[] getCertificates() {
        return certificates == null ? null : certificates.clone();
    }
}
