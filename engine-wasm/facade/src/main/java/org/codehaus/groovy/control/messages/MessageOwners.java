package org.codehaus.groovy.control.messages;

import org.codehaus.groovy.control.ProcessingUnit;

/**
 * Reads which unit a compiler message belongs to. The field is protected with no getter, and reflection is not an
 * option under TeaVM, so this accessor lives in the messages package itself (a split package on the class path).
 */
public final class MessageOwners {
    private MessageOwners() {
    }

    public static ProcessingUnit owner(Message message) {
        if (message instanceof SimpleMessage) {
            return ((SimpleMessage) message).owner;
        }
        if (message instanceof ExceptionMessage) {
            return ((ExceptionMessage) message).owner;
        }
        if (message instanceof SyntaxErrorMessage) {
            return ((SyntaxErrorMessage) message).source;
        }
        return null;
    }
}
