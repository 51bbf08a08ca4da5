/// <reference lib="webworker" />
import { fetchEngineImage, serveEngineInWorker, webWorkerSide } from "../../../src/engine/core/index.js";

/**
 * The engine's Web Worker. It speaks the core's worker protocol (the same one the MCP server's worker_threads
 * Worker speaks) and loads the engine through the core's one loader. The engine files are fetched from the page's
 * own origin, where the service worker answers them when offline: the build puts this worker in assets/ and the
 * engine in engine/, side by side. The module is handed to TeaVM by URL, so it compiles by streaming and the browser
 * caches its machine code for later visits.
 */
serveEngineInWorker(webWorkerSide(self), () => fetchEngineImage(new URL("../engine/", self.location.href)));
