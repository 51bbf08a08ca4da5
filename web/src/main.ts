// first: the engine worker starts before the editor's modules are evaluated
import "./engine/engine-worker.js";
import { Playground } from "./app.js";
import { byId } from "./ui/dom.js";

/**
 * `?callTimeout=<ms>` changes the bound on one engine call (default 20 s, as in the MCP server), for slow machines;
 * 500 ms to 10 minutes.
 */
function callTimeout(): number | undefined {
  const value = Number(new URLSearchParams(location.search).get("callTimeout") ?? Number.NaN);
  return Number.isInteger(value) && value >= 500 && value <= 600_000 ? value : undefined;
}

const playground = new Playground(callTimeout());

async function registerServiceWorker(): Promise<void> {
  const status = byId("offline-status");
  if (!("serviceWorker" in navigator)) {
    status.textContent = "This browser cannot keep the playground for offline use.";
    return;
  }
  try {
    await navigator.serviceWorker.register("./sw.js", { scope: "./" });
    await navigator.serviceWorker.ready;
    status.textContent = "Saved for offline use.";
    document.body.dataset["offline"] = "ready";
  } catch (error) {
    status.textContent = `Offline use is not available (${error instanceof Error ? error.message : String(error)}).`;
  }
}
// after the first diagnostics (see Playground.settled), or after 20 s when the engine is slow to answer
void Promise.race([playground.settled, new Promise((resolve) => setTimeout(resolve, 20_000))]).then(registerServiceWorker);
