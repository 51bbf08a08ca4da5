import { Playground } from "./app.js";
import { byId } from "./ui/dom.js";

/** The engine files live next to the page, in engine/ (copied there by the build). */
const playground = new Playground(new URL("engine/", document.baseURI));
void playground;

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
void registerServiceWorker();
