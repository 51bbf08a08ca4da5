package io.groovymcp.engine.project;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/** An engine over the generated class model, and the project ops as calls that fail the test on an error. */
final class ProjectCases {
    private ProjectCases() {
    }

    static Engine newEngine() throws IOException {
        String p = System.getProperty("groovymcp.classmodel");
        Path model = Paths.get(p == null ? "../target/dist/classmodel.bin" : p);
        Engine e = new Engine();
        e.loadClassModel(Files.readAllBytes(model));
        return e;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> call(Engine e, Object... kv) {
        return (Map<String, Object>) Json.parse(e.handle(Json.write(Json.obj(kv))));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> ok(Engine e, Object... kv) {
        Map<String, Object> r = call(e, kv);
        assertNotNull(r.get("result"), () -> Json.write(r));
        return (Map<String, Object>) r.get("result");
    }

    static Map<String, Object> declarations(Engine e, String uri, String language, String text) {
        return ok(e, "op", "declarations", "uri", uri, "language", language, "text", text);
    }

    /** Reads each (uri, language, text) triple's declarations and gives them all to the engine. */
    static Map<String, Object> project(Engine e, String... triples) {
        List<Object> files = new ArrayList<>();
        for (int i = 0; i < triples.length; i += 3) {
            files.add(declarations(e, triples[i], triples[i + 1], triples[i + 2]));
        }
        return ok(e, "op", "projectDeclarations", "files", files);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> diagnostics(Engine e, String uri, String text) {
        ok(e, "op", "open", "uri", uri, "text", text);
        return (List<Map<String, Object>>) ok(e, "op", "diagnostics", "uri", uri).get("diagnostics");
    }

    static String messages(List<Map<String, Object>> diagnostics) {
        StringBuilder sb = new StringBuilder();
        for (Map<String, Object> d : diagnostics) {
            if ("error".equals(d.get("severity"))) {
                sb.append(d.get("message")).append('\n');
            }
        }
        return sb.toString();
    }
}
