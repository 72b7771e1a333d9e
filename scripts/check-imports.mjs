#!/usr/bin/env node
/**
 * Import boundaries, checked on every `npm run lint` (architecture.md § Import rules):
 *  - `common` imports nothing of ours outside `common`;
 *  - `server` and `web` never import each other;
 *  - the server's platform, policies and db never import a feature; a feature never
 *    imports another feature (features meet in `app.ts`, the platform and `common`);
 *  - a web feature never imports another web feature; `web/components`, `web/lib` and
 *    the shell (`web/app/shell`) never import a feature; components, lib and features never
 *    import the app layer: features reach the frame through what they export (`lib/nav.ts`,
 *    `lib/shell.ts`), which `web/app` arranges.
 *  - test support (`*.test-support.ts` beside what it serves; shared support in
 *    `server/test`, `web/test`) is imported only by tests, other test support and those
 *    folders, so no production file can load it.
 * Relative imports are resolved against the importing file, so `../../features/x` is
 * caught however deep the file sits. Prints each violation; exits 1 if there is any.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceRoots = ["common", "server", "web"];
const sourceFile = /\.(ts|tsx|mts|mjs)$/;
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") yield* files(full);
    } else if (sourceFile.test(entry.name)) yield full;
  }
}

/** `web/features/chat/x.tsx` → ["web", "features", "chat", "x.tsx"] */
const parts = (file) => path.relative(root, file).split(path.sep);

/** The feature a file belongs to (`server/features/<name>`, `web/features/<name>`), if any. */
function featureOf(p) {
  return p[1] === "features" && p.length > 3 ? p[2] : null;
}

const testSupport = /\.test-support\.tsx?$/;
/** A test, test support, or a file of a shared test folder (`server/test`, `web/test`). */
const forTests = (p) => /\.test(-support)?\.tsx?$/.test(p.at(-1)) || p[1] === "test";

/** Why importing `to` from `from` breaks a boundary, or null. Both are repo-relative part lists. */
export function violation(from, to) {
  const [fromRoot] = from;
  const [toRoot] = to;
  if (!sourceRoots.includes(toRoot)) return null;
  if (testSupport.test(to.at(-1)) && !forTests(from)) return "only tests import test support";
  if (fromRoot === "common" && toRoot !== "common") return "common imports nothing outside common";
  if (fromRoot === "server" && toRoot === "web") return "the server never imports the web app";
  if (fromRoot === "web" && toRoot === "server") return "the web app never imports the server";
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (toFeature && fromRoot === toRoot) {
    if (fromFeature && fromFeature !== toFeature)
      return `feature ${fromFeature} imports feature ${toFeature}`;
    if (fromRoot === "server" && ["platform", "policies", "db"].includes(from[1]))
      return `server/${from[1]} imports feature ${toFeature}`;
    if (fromRoot === "web" && (from[1] === "components" || from[1] === "lib"))
      return `web/${from[1]} imports feature ${toFeature}`;
    if (fromRoot === "web" && from[1] === "app" && from[2] === "shell")
      return `web/app/shell imports feature ${toFeature}`;
  }
  if (fromRoot === "web" && ["components", "lib", "features"].includes(from[1]) && to[1] === "app")
    return `web/${from[1]} imports the app layer`;
  return null;
}

export function findViolations() {
  const found = [];
  for (const dir of sourceRoots) {
    for (const file of files(path.join(root, dir))) {
      const source = readFileSync(file, "utf8");
      for (const [, spec] of source.matchAll(importPattern)) {
        if (!spec.startsWith(".")) continue;
        const why = violation(parts(file), parts(path.resolve(path.dirname(file), spec)));
        if (why) found.push(`${path.relative(root, file)}: imports ${spec} (${why})`);
      }
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findViolations();
  for (const line of found) console.error(line);
  console.log(
    found.length === 0 ? "import boundaries: ok" : `import boundaries: ${found.length} violation(s)`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
