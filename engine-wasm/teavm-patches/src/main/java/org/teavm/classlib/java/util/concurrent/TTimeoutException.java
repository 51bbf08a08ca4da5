package org.teavm.classlib.java.util.concurrent;

/**
 * java.util.concurrent.TimeoutException. {@code @TimedInterrupt} throws it by default: the transform (and the
 * annotation's {@code thrown()} default) names it as a class literal, and the code it generates constructs it. Its
 * class node is filled from the class model like every JDK type; nothing here ever throws it.
 */
public class TTimeoutException extends Exception {
    public TTimeoutException() {
    }

    public TTimeoutException(String message) {
        super(message);
    }
}
