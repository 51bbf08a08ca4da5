package io.groovymcp.engine.compile;

import org.codehaus.groovy.control.ProcessingUnit;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.control.messages.MessageOwners;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;

/** Which buffer a compiler message belongs to; null for messages about the whole compile. */
public final class MessageSource {
    private MessageSource() {
    }

    public static String uriOf(Message m) {
        if (m instanceof SyntaxErrorMessage) {
            String locator = ((SyntaxErrorMessage) m).getCause().getSourceLocator();
            if (locator != null) {
                return locator;
            }
        }
        ProcessingUnit owner = MessageOwners.owner(m);
        return owner instanceof SourceUnit ? ((SourceUnit) owner).getName() : null;
    }
}
