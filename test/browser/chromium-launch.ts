import { chromium, type Browser } from "playwright-core";
import { CHROMIUM } from "../support/peers.js";

export { CHROMIUM };

/**
 * Headless Chromium as every browser test starts it: no sandbox (CI runs as root), and none of the browser's own
 * network traffic (QUIC, background networking, component updates, sync), so a test's origin check sees only the page.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
