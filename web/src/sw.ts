/// <reference lib="webworker" />
/**
 * The playground's service worker: on install it caches every file of this build (the page, its scripts, the wasm
 * module and the class model's core), so a second visit works with no network. Requests are answered from the cache
 * first; an extra pack of the class model (fetched by the engine the first time a source needs it) is kept in the
 * same cache when it arrives, so it too works offline once it has been used; a new build has a new id, installs beside the old one and removes the old cache when it activates.
 * It never contacts another origin.
 */
const worker = self as unknown as ServiceWorkerGlobalScope;

// Both are written into sw.js by the build (web/vite.config.ts).
const BUILD_ID: string = "__BUILD_ID__";
const FILES: string[] = "__PRECACHE_FILES__" as unknown as string[];
const PREFIX = "groovymcp-playground-";
const CACHE = `${PREFIX}${BUILD_ID}`;
/** The class model's extra packs: not precached (most sessions never need one), cached when first fetched. */
const EXTRA_PACK = /\/engine\/classmodel-packs\/[A-Za-z0-9_.$-]+\.bin$/;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((file) => new Request(new URL(file, worker.registration.scope), { cache: "reload" })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit !== undefined) return hit;
      if (request.mode === "navigate") {
        const page = await cache.match(new URL("./", worker.registration.scope));
        if (page !== undefined) return page;
      }
      const response = await fetch(request);
      if (response.ok && EXTRA_PACK.test(url.pathname)) await cache.put(request, response.clone());
      return response;
    })(),
  );
});

worker.addEventListener("message", (event) => {
  // The page asks which build is cached, to say "works offline" only when it is true.
  if (event.data === "build-id") event.source?.postMessage({ buildId: BUILD_ID, files: FILES.length });
});
