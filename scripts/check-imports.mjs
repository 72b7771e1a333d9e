#!/usr/bin/env node
/**
 * Import rules, checked on every `npm run lint` (docs/architecture.md § Import rules):
 *  - no import cycle anywhere in our source, type-only imports included: a loop is a
 *    loop for the next reader even when the compiler erases it;
 *  - `common` imports nothing of ours outside `common`, and inside it points one way:
 *    base → domain → texts → schemas (a layer imports its own and those before it).
 *    Tests may read any layer; production code never imports `common/test`;
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
 * `node scripts/check-imports.mjs [root]` checks another tree (the check's own test).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where our source lives; a cycle is looked for across all of them. */
const sourceRoots = ["common", "server", "web", "scripts", "bench", "e2e"];
/** The roots the layer rules speak of. */
const layeredRoots = ["common", "server", "web"];
/** common's layers, lowest first: each may import itself and those before it. */
export const commonLayers = ["base", "domain", "texts", "schemas"];
const sourceFile = /\.(ts|tsx|mts|mjs)$/;
const testFile = /\.test\.tsx?$/;
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
/** How an extensionless specifier may be written down ("./x" for "./x.ts"). */
const candidates = (target) => [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")];

function* files(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") yield* files(full);
    } else if (sourceFile.test(entry.name)) yield full;
  }
}

/** The feature a file belongs to (`server/features/<name>`, `web/features/<name>`), if any. */
function featureOf(p) {
  return p[1] === "features" && p.length > 3 ? p[2] : null;
}

/** Why importing `to` breaks common's direction, or null. Both lie in `common`. */
function commonViolation(from, to) {
  if (to[1] === "test" && from[1] !== "test" && !testFile.test(from.at(-1)))
    return "production code never imports test support";
  if (testFile.test(from.at(-1)) || from[1] === "test") return null;
  const fromLayer = commonLayers.indexOf(from[1]);
  const toLayer = commonLayers.indexOf(to[1]);
  if (fromLayer === -1) return `common/${from[1]} is no layer (${commonLayers.join(" → ")})`;
  if (toLayer > fromLayer) return `common/${from[1]} imports common/${to[1]}, a layer above it`;
  return null;
}

const testSupport = /\.test-support\.tsx?$/;
/** A test, test support, or a file of a shared test folder (`server/test`, `web/test`). */
const forTests = (p) => /\.test(-support)?\.tsx?$/.test(p.at(-1)) || p[1] === "test";

/** Why importing `to` from `from` breaks a boundary, or null. Both are repo-relative part lists. */
export function violation(from, to) {
  const [fromRoot] = from;
  const [toRoot] = to;
  if (!layeredRoots.includes(toRoot)) return null;
  if (testSupport.test(to.at(-1)) && !forTests(from)) return "only tests import test support";
  if (fromRoot === "common" && toRoot !== "common") return "common imports nothing outside common";
  if (fromRoot === "common") return commonViolation(from, to);
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

/**
 * Every loop in `graph` (file → files it imports), one per strongly connected component
 * (Tarjan), each written as a path that starts and ends at the same file.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set();
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.add(w);
    } while (w !== v);
    if (component.size > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(loopThrough(graph, component));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** The shortest loop from the component's first file (in name order) back to itself. */
function loopThrough(graph, component) {
  const [start] = [...component].sort();
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const between = [];
        for (let at = v; at !== start; at = cameFrom.get(at)) between.unshift(at);
        return [start, ...between, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** Every rule broken under `root`, one line each. */
export function findViolations(root = repoRoot) {
  const all = sourceRoots.flatMap((dir) => [...files(path.join(root, dir))]);
  const known = new Set(all);
  const rel = (file) => path.relative(root, file);
  const parts = (file) => rel(file).split(path.sep);
  const found = [];
  const graph = new Map();
  for (const file of all) {
    const source = readFileSync(file, "utf8");
    const imports = new Set();
    for (const [, spec] of source.matchAll(importPattern)) {
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      const resolved = candidates(target).find((c) => known.has(c));
      if (resolved) imports.add(resolved);
      const why = violation(parts(file), parts(resolved ?? target));
      if (why) found.push(`${rel(file)}: imports ${spec} (${why})`);
    }
    graph.set(file, [...imports]);
  }
  for (const loop of findCycles(graph)) found.push(`import cycle: ${loop.map(rel).join(" → ")}`);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findViolations(process.argv[2] ? path.resolve(process.argv[2]) : repoRoot);
  for (const line of found) console.error(line);
  console.log(found.length === 0 ? "import rules: ok" : `import rules: ${found.length} violation(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
