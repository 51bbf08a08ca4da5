package io.groovymcp.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import io.groovymcp.engine.json.Json;

/** Shared set-up for the JVM tests: an engine over the generated class model. */
final class EngineCases {
    private EngineCases() {
    }

    static Engine newEngine() throws IOException {
        String p = System.getProperty("groovymcp.classmodel");
        Path model = Paths.get(p == null ? "../target/dist/classmodel.bin" : p);
        if (!Files.exists(model)) {
            throw new IllegalStateException("class model missing at " + model + "; build classmodel-gen first");
        }
        Engine e = new Engine();
        e.loadClassModel(Files.readAllBytes(model));
        return e;
    }

    static String open(Engine e, String uri, String text) {
        return e.handle(Json.write(Json.obj("op", "open", "uri", uri, "text", text)));
    }

    static String diagnostics(Engine e, String uri) {
        return e.handle(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
    }

    static String diagnosticsOf(Engine e, String text) {
        open(e, "groovy-buffer:snippet", text);
        return diagnostics(e, "groovy-buffer:snippet");
    }
}
