// The two builds `npm start` runs from (the web app and the server bundle), rebuilt when
// missing or older than their sources, and the command that starts the bundle. The
// browser tests use the same, so they test what `npm start` serves.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const at = (p) => path.join(root, p);

export const builds = {
  web: {
    output: at("dist/web/index.html"),
    sources: ["web", "common", "vite.config.ts", "package.json"],
    script: "build:web",
    label: "web app",
  },
  server: {
    output: at("dist/server/main.mjs"),
    sources: ["server", "common", "package.json"],
    script: "build:server",
    label: "server",
  },
};

/**
 * A limit on the server's JavaScript heap, in MB (SERVER_HEAP_MB; none by default).
 * Without one V8 lets garbage pile up to several times what is live before it collects:
 * under a whole hospital's load (2,000 people) an instance kept about 100 MB live and
 * grew to 480–630 MB resident. A limit of 384 held it near 300 MB, but the full
 * collections it forces made the tails about twice as long (send→deliver p99, median of
 * three runs, 13 → 30 ms), so it is a choice for a memory-tight host, not the default (docs/operations.md
 * § Memory). V8 would shrink the young generation with the limit (more short-lived
 * objects promoted, more full collections), so it keeps its usual 16 MB semi-spaces.
 * Limits in NODE_OPTIONS are left as they are.
 */
export function heapArgs(env = process.env) {
  if (env.SERVER_HEAP_MB === undefined || /--max-old-space-size/.test(env.NODE_OPTIONS ?? "")) return [];
  const mb = Number(env.SERVER_HEAP_MB);
  if (!Number.isInteger(mb) || mb < 64)
    throw new Error(
      `SERVER_HEAP_MB must be a whole number of megabytes, 64 or more (got "${env.SERVER_HEAP_MB}")`,
    );
  const young = /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=16"];
  return [`--max-old-space-size=${mb}`, ...young];
}

/** Node's arguments that start the bundled server. */
export const serverArgs = ["--enable-source-maps", ...heapArgs(), builds.server.output];

// Tests are not part of a build, so editing one does not make it stale.
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/**
 * Runs the build's npm script when its output is missing or stale, saying so and how long
 * it took; returns whether it built. Throws when the build fails.
 */
export function buildWhenStale(build) {
  const builtAt = existsSync(build.output) ? statSync(build.output).mtimeMs : 0;
  if (builtAt >= Math.max(...build.sources.map((s) => newestMtime(at(s))))) return false;
  const began = performance.now();
  console.log(`${builtAt ? "Rebuilding" : "Building"} the ${build.label}…`);
  // What `npm start` serves is a production build, whoever asks for it: a test runner's
  // NODE_ENV=test would make Vite build React's development bundle, which behaves otherwise.
  const { NODE_ENV, ...env } = process.env;
  const result = spawnSync("npm", ["run", "--silent", build.script], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) {
    throw new Error(`\`npm run ${build.script}\` failed (exit ${result.status ?? result.signal})`);
  }
  console.log(`Built the ${build.label} in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return true;
}

/** Both builds `npm start` runs from, made when stale; a failed build ends the process. */
export function buildBothOrExit() {
  try {
    const web = buildWhenStale(builds.web);
    const server = buildWhenStale(builds.server);
    if (!web && !server) console.log("The web app and the server are built and up to date");
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
