// The playground's own static server: loopback only, precompressed assets, the page's CSP on every response.
// Used by `npm run playground`, the Playwright test and the bench, so all three serve exactly what a static host would.
import { createServer } from "node:http";
import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";

/**
 * The content-security policy the page needs (docs/playground-readme-section.md explains each part). TeaVM's loader
 * builds JS glue with `new Function`, hence 'unsafe-eval'; compiling the module needs 'wasm-unsafe-eval'.
 */
export const PLAYGROUND_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".wasm": "application/wasm",
  ".bin": "application/octet-stream",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

function fileIn(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    const stat = statSync(full);
    if (stat.isDirectory()) return fileIn(root, join(relative, "index.html"));
    return stat.isFile() ? { full, stat } : undefined;
  } catch {
    return undefined;
  }
}

function variant(full, encoding) {
  try {
    const stat = statSync(`${full}.${encoding === "br" ? "br" : "gz"}`);
    return stat.isFile() ? { full: `${full}.${encoding === "br" ? "br" : "gz"}`, stat } : undefined;
  } catch {
    return undefined;
  }
}

/** A request handler serving `root` (an absolute folder). */
export function staticHandler(root, options = {}) {
  const csp = options.csp ?? PLAYGROUND_CSP;
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const path = (req.url ?? "/").split(/[?#]/)[0] || "/";
    const found = fileIn(root, path);
    if (found === undefined) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "content-security-policy": csp }).end("not found\n");
      return;
    }
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const compressed = (/\bbr\b/.test(accepted) && variant(found.full, "br")) || (/\bgzip\b/.test(accepted) && variant(found.full, "gzip")) || undefined;
    const sent = compressed ?? found;
    const etag = `"${sent.stat.size.toString(16)}-${Math.floor(sent.stat.mtimeMs).toString(16)}"`;
    const headers = {
      "content-type": TYPES[extname(found.full)] ?? "application/octet-stream",
      "content-security-policy": csp,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      vary: "Accept-Encoding",
      etag,
    };
    if (compressed !== undefined) headers["content-encoding"] = compressed.full.endsWith(".br") ? "br" : "gzip";
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers["content-length"] = String(sent.stat.size);
    res.writeHead(200, headers);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(sent.full).pipe(res);
  };
}

/** Starts a loopback server for `root`; port 0 picks a free port. Resolves with its URL and a close function. */
export function startStaticServer(root, options = {}) {
  const server = createServer(staticHandler(root, options));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        close: () => new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        }),
      });
    });
  });
}
