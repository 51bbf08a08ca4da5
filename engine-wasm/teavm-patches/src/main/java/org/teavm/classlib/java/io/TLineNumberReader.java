package org.teavm.classlib.java.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;

/** java.io.LineNumberReader: a buffered reader that counts the lines it has returned. */
public class TLineNumberReader extends BufferedReader {
    private int lineNumber;

    public TLineNumberReader(Reader in) {
        super(in);
    }

    public TLineNumberReader(Reader in, int size) {
        super(in, size);
    }

    @Override
    public String readLine() throws IOException {
        String l = super.readLine();
        if (l != null) {
            lineNumber++;
        }
        return l;
    }

    public int getLineNumber() {
        return lineNumber;
    }

    public void setLineNumber(int n) {
        lineNumber = n;
    }
}
