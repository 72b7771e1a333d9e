// `npm start`: build the web app and the server bundle when missing or older than their
// sources, then run the server (which migrates the database and seeds demo data into an
// empty one).
//
// Every stop reaches the server exactly once, through this process. The server runs in a
// process group of its own (detached), so `kill -- -PGID` (systemd's default) and Ctrl-C,
// which signal our group, reach it only as forwarded from here; a signal to this process
// alone (a container's PID 1 is npm, which forwards to us) is forwarded the same way.
// Later signals are not forwarded: the server is already stopping and ignores them. If this
// process dies without forwarding (kill -9), the IPC channel closes and the server stops
// gracefully on its own. We exit with the server's code.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildBothOrExit, serverArgs } from "./builds.mjs";

buildBothOrExit();

const server = spawn(process.execPath, serverArgs, {
  cwd: path.resolve(import.meta.dirname, ".."),
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  detached: true,
});
let forwarded = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    server.kill(signal);
  });
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
