// `npm start`: build the web app and the server bundle when missing or older than their
// sources, then run the server (which migrates the database and seeds demo data into an
// empty one).
import { spawn } from "node:child_process";
import path from "node:path";
import { builds, buildWhenStale, serverArgs } from "./builds.mjs";

try {
  buildWhenStale(builds.web);
  buildWhenStale(builds.server);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const server = spawn(process.execPath, serverArgs, {
  cwd: path.resolve(import.meta.dirname, ".."),
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
