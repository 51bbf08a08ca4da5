package io.groovymcp.teavm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.teavm.callgraph.CallGraphNode;
import org.teavm.callgraph.CallSite;
import org.teavm.dependency.AbstractDependencyListener;
import org.teavm.dependency.DependencyAgent;
import org.teavm.dependency.MethodDependency;
import org.teavm.interop.Async;
import org.teavm.model.MethodReference;

/**
 * Build diagnostic: the engine must never block, and any reachable {@code @Async} JDK method makes TeaVM rewrite
 * its callers into coroutines (slower, larger, and a source of code-generation failures). When one is reached this
 * prints it with a chain of callers, so the patch that cuts it can be added to {@link GroovyPatches}.
 */
public class AsyncReport extends AbstractDependencyListener {
    private final List<MethodReference> roots = new ArrayList<>();

    @Override
    public void methodReached(DependencyAgent agent, MethodDependency method) {
        if (method.getMethod() != null && method.getMethod().getAnnotations().get(Async.class.getName()) != null) {
            roots.add(method.getReference());
        }
    }

    @Override
    public void completing(DependencyAgent agent) {
        for (MethodReference root : roots) {
            StringBuilder sb = new StringBuilder("groovymcp: async method reachable: ").append(root);
            CallGraphNode node = agent.getCallGraph().getNode(root);
            Set<MethodReference> seen = new HashSet<>();
            for (int depth = 0; node != null && depth < 14; depth++) {
                CallGraphNode next = null;
                for (CallSite site : node.getCallerCallSites()) {
                    for (CallGraphNode caller : site.getCallers()) {
                        if (seen.add(caller.getMethod())) {
                            next = caller;
                            break;
                        }
                    }
                    if (next != null) {
                        break;
                    }
                }
                if (next == null) {
                    break;
                }
                sb.append("\n    <- ").append(next.getMethod());
                node = next;
            }
            System.err.println(sb);
        }
    }
}
