package io.groovymcp.engine.classmodel;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;

/**
 * URLs over the class model's bytes. Groovy's decompiler ({@code AsmDecompiler.parseClass(URL)}) only reads URLs, so
 * the model hands it URLs whose handler serves bytes from memory; no file or network is ever opened.
 */
public final class ModelUrls {
    private static final String PROTOCOL = "groovymcp-model";

    private ModelUrls() {
    }

    public static URL of(ClassModel model, String path) {
        byte[] bytes = model.resource(path);
        if (bytes == null) {
            return null;
        }
        try {
            return new URL(PROTOCOL, "", -1, "/" + model.origin(path) + "/" + path, new BytesHandler(bytes));
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A URL over bytes that stand for {@code path} of the given origin (a rewritten jar class). */
    public static URL of(String path, int origin, byte[] bytes) {
        try {
            return new URL(PROTOCOL, "", -1, "/" + origin + "/" + path, new BytesHandler(bytes));
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class BytesHandler extends URLStreamHandler {
        private final byte[] bytes;

        BytesHandler(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        protected URLConnection openConnection(URL u) {
            return new URLConnection(u) {
                @Override
                public void connect() {
                }

                @Override
                public InputStream getInputStream() throws IOException {
                    return new ByteArrayInputStream(bytes);
                }
            };
        }
    }
}
