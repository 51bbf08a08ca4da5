import { describe, expect, it } from "vitest";
import { EngineArgumentError } from "../../src/engine/core/index.js";
import { resolveSource, type SourceReader } from "../../src/workspace/index.js";

const reader: SourceReader = {
  readPath: async (path) => ({ uri: `file:///root/${path}`, text: `text of ${path}` }),
  readFileUri: async (uri) => ({ uri, text: `text of ${uri}` }),
  canonicalFileUri: async (uri) => (uri.startsWith("file:///root/") ? uri.replace("/./", "/") : undefined),
};
const options = { maxSourceChars: 10, reader, noReaderMessage: "no files here" };

describe("resolveSource", () => {
  it.each([
    [{ text: "a" }, { kind: "content", uri: "groovy-buffer:snippet", text: "a" }],
    [{ text: "a", uri: "groovy-buffer:x/y.groovy" }, { kind: "content", uri: "groovy-buffer:x/y.groovy", text: "a" }],
    [{ uri: "groovy-buffer:open" }, { kind: "open-buffer", uri: "groovy-buffer:open" }],
    // an unsaved edit of a file under the root takes the file's canonical name
    [{ text: "a", uri: "file:///root/./E.groovy" }, { kind: "content", uri: "file:///root/E.groovy", text: "a", edit: true }],
    [{ path: "A.groovy" }, { kind: "content", uri: "file:///root/A.groovy", text: "text of A.groovy" }],
    [{ uri: "file:///root/B.groovy" }, { kind: "content", uri: "file:///root/B.groovy", text: "text of file:///root/B.groovy" }],
  ])("resolves %j", async (args, expected) => {
    expect(await resolveSource(args, options)).toEqual(expected);
  });

  it.each([
    [{ text: "a", path: "p" }, /either text or path/],
    [{ path: "p", uri: "groovy-buffer:x" }, /either path or uri/],
    [{ text: "12345678901" }, /longer than the source limit of 10 characters \(11\)/],
    [{ text: "a", uri: "file:///x" }, /must name an existing file inside the root/],
    [{ text: "a", uri: "https://x" }, /must use the groovy-buffer: or file: scheme/],
    [{ text: "a", uri: "groovy-buffer:" }, /not a valid buffer URI/],
    [{ text: "a", uri: "groovy-buffer:a b" }, /not a valid buffer URI/],
    [{ uri: "http://x" }, /must be a groovy-buffer: or file: URI/],
    [{}, /give the source as text, path or uri/],
  ])("refuses %j", async (args, message) => {
    const error = await resolveSource(args, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineArgumentError);
    expect((error as Error).message).toMatch(message);
  });

  it("refuses files without a reader with the given message", async () => {
    await expect(resolveSource({ path: "A.groovy" }, { ...options, reader: undefined })).rejects.toThrow("no files here");
    await expect(resolveSource({ uri: "file:///A.groovy" }, { ...options, reader: undefined })).rejects.toThrow("no files here");
    await expect(resolveSource({ text: "a", uri: "file:///A.groovy" }, { ...options, reader: undefined })).rejects.toThrow("no files here");
  });
});
