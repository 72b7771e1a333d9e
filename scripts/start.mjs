// `npm start`: build the web app and the server bundle when missing or older than their
// sources, then run the server (which migrates the database and seeds demo data into an
// empty one).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const at = (p) => path.join(root, p);

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

function buildWhenStale(output, sources, script, label) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map((s) => newestMtime(at(s))))) return;
  console.log(`${builtAt ? "Rebuilding" : "Building"} the ${label}…`);
  const result = spawnSync("npm", ["run", "--silent", script], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildWhenStale(
  at("dist/web/index.html"),
  ["web", "common", "vite.config.ts", "package.json"],
  "build:web",
  "web app",
);
buildWhenStale(at("dist/server/main.mjs"), ["server", "common", "package.json"], "build:server", "server");

const server = spawn(process.execPath, ["--enable-source-maps", at("dist/server/main.mjs")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
