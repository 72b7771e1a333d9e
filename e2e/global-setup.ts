/**
 * Runs once before the browser tests: make sure a Chromium exists and that the web app
 * and the server bundle are built from the current sources, as `npm start` would build
 * them. With WEB_DIST set, the servers serve that prebuilt web app instead.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { builds, buildWhenStale } from "../scripts/builds.mjs";
import { chromiumPath, NO_CHROMIUM_MESSAGE } from "./support/chromium.ts";
import { repoRoot } from "./support/server.ts";

function ensureChromium(): void {
  if (!chromiumPath()) {
    const env = process.env.CHROMIUM_PATH;
    throw new Error(NO_CHROMIUM_MESSAGE + (env ? ` (CHROMIUM_PATH=${env} does not exist)` : ""));
  }
}

function ensureWebBuild(): void {
  const webDist = process.env.WEB_DIST;
  if (!webDist) {
    buildWhenStale(builds.web);
    return;
  }
  const index = path.resolve(repoRoot, webDist, "index.html");
  if (!existsSync(index)) throw new Error(`WEB_DIST=${webDist} holds no index.html; build the web app there`);
}

export default function globalSetup(): void {
  ensureChromium();
  ensureWebBuild();
  buildWhenStale(builds.server);
}
