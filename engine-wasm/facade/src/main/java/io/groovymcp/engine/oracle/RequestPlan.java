package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.groovymcp.engine.json.Json;

/**
 * The requests replayed on both runtimes. Each corpus file is opened, queried and closed, so every answer depends
 * only on that file and on the process's earlier history, which is the same on both sides.
 */
public final class RequestPlan {
    private RequestPlan() {
    }

    public static List<String> build(Path corpus, List<Path> files) throws IOException {
        List<String> plan = new ArrayList<>();
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            String uri = "groovy-buffer:corpus/" + corpus.relativize(f).toString().replace('\\', '/');
            plan.add(Json.write(Json.obj("op", "open", "uri", uri, "text", text)));
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
            plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
        }
        return plan;
    }
}
