/**
 * Runs once before the browser tests: make sure a Chromium exists and that dist/web holds
 * a build of the current web sources.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { chromiumPath, NO_CHROMIUM_MESSAGE } from "./support/chromium.ts";
import { repoRoot } from "./support/server.ts";

const SOURCES = ["web", "common", "vite.config.ts", "index.html", "package-lock.json"];
const SKIP_DIRS = new Set(["node_modules", ".git", "dist"]);

/** The newest modification time of any file under `p` (0 when `p` does not exist). */
function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

function ensureChromium(): void {
  if (!chromiumPath()) {
    const env = process.env.CHROMIUM_PATH;
    throw new Error(NO_CHROMIUM_MESSAGE + (env ? ` (CHROMIUM_PATH=${env} does not exist)` : ""));
  }
}

function ensureWebBuild(): void {
  const webDist = path.resolve(repoRoot, process.env.WEB_DIST ?? "dist/web");
  const index = path.join(webDist, "index.html");
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(repoRoot, s))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(builtAt === 0 ? "[e2e] building the web app (no dist/web)" : "[e2e] rebuilding the web app");
  const res = spawnSync("npx", ["vite", "build"], { cwd: repoRoot, stdio: "inherit", env: process.env });
  if (res.status !== 0) {
    throw new Error(
      `\`npx vite build\` failed (exit ${res.status ?? res.signal}); the browser tests need dist/web`,
    );
  }
  if (!existsSync(index)) throw new Error(`\`npx vite build\` did not write ${index}`);
}

export default function globalSetup(): void {
  ensureChromium();
  ensureWebBuild();
}
