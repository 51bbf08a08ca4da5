package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/**
 * The requests replayed on both runtimes. Each corpus file is opened, queried and closed, so every answer depends
 * only on that file and on the process's earlier history, which is the same on both sides. Besides diagnostics,
 * every tool is asked about the file: whole-buffer tools once, positional tools at the first occurrences of the first
 * few distinct identifiers (so positions land on names the tools care about), about 24 requests per file.
 */
public final class RequestPlan {
    private static final int NAMES = 3;

    private RequestPlan() {
    }

    public static List<String> build(Path corpus, List<Path> files) throws IOException {
        List<String> plan = new ArrayList<>();
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            String uri = "groovy-buffer:corpus/" + corpus.relativize(f).toString().replace('\\', '/');
            plan.add(Json.write(Json.obj("op", "open", "uri", uri, "text", text)));
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
            forFile(plan, uri, text);
            plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
        }
        return plan;
    }

    static void forFile(List<String> plan, String uri, String text) {
        plan.add(Json.write(Json.obj("op", "symbols", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "tokens", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "format", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "organizeImports", "uri", uri)));
        List<int[]> names = firstIdentifiers(text);
        String firstName = names.isEmpty() ? "" : text.substring(names.get(0)[0], names.get(0)[1]);
        plan.add(Json.write(Json.obj("op", "symbols", "query", firstName.length() > 3 ? firstName.substring(0, 3)
                : firstName, "maxResults", 20)));
        for (int[] n : names) {
            Map<String, Object> p = position(text, n[0] + 1);
            for (String op : new String[] {"describe", "definition", "references", "implementations"}) {
                plan.add(Json.write(Json.obj("op", op, "uri", uri, "line", p.get("line"),
                        "character", p.get("character"))));
            }
        }
        for (int i = 0; i < Math.min(2, names.size()); i++) {
            Map<String, Object> p = position(text, names.get(i)[1]);
            plan.add(Json.write(Json.obj("op", "complete", "uri", uri, "line", p.get("line"),
                    "character", p.get("character"))));
        }
        int paren = text.indexOf('(');
        Map<String, Object> sp = position(text, paren < 0 ? 0 : paren + 1);
        plan.add(Json.write(Json.obj("op", "signatures", "uri", uri, "line", sp.get("line"),
                "character", sp.get("character"))));
        if (!names.isEmpty()) {
            Map<String, Object> p = position(text, names.get(0)[0]);
            plan.add(Json.write(Json.obj("op", "rename", "uri", uri, "line", p.get("line"),
                    "character", p.get("character"), "newName", "renamed")));
        }
    }

    /** Spans of the first distinct non-keyword identifiers outside comments and strings, in text order. */
    static List<int[]> firstIdentifiers(String text) {
        Set<String> keywords = new TreeSet<>(io.groovymcp.engine.query.Lexing.keywords());
        Set<String> seen = new LinkedHashSet<>();
        List<int[]> out = new ArrayList<>();
        int i = 0;
        while (i < text.length() && out.size() < NAMES) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? text.length() : nl;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < text.length() && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
            } else if (Character.isJavaIdentifierStart(c)) {
                int j = i + 1;
                while (j < text.length() && Character.isJavaIdentifierPart(text.charAt(j))) {
                    j++;
                }
                String w = text.substring(i, j);
                if (!keywords.contains(w) && (i == 0 || text.charAt(i - 1) != '@') && seen.add(w)) {
                    out.add(new int[] {i, j});
                }
                i = j;
            } else {
                i++;
            }
        }
        return out;
    }

    /** 0-based line and UTF-16 character of an offset; LF, CRLF and a lone CR end lines. */
    static Map<String, Object> position(String text, int offset) {
        int line = 0;
        int start = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                start = i + 1;
            }
        }
        return Json.obj("line", line, "character", Math.max(0, Math.min(offset, text.length()) - start));
    }
}
