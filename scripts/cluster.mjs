#!/usr/bin/env node
/**
 * `npm run demo:cluster`: two instances behind nginx on one PostgreSQL database, the
 * cluster the browser journey e2e/cluster.spec.ts runs (e2e/support/cluster.ts, loaded
 * through tsx), for a person to try. DATABASE_URL names the database (kept); without it
 * a new database on postgres://postgres@127.0.0.1:5432 (dropped at the end). Stays up
 * until Ctrl-C, then stops nginx and both instances. Instance output is shown with its
 * name; `kill -9` of a printed pid shows the other instance taking over.
 */
import { tsImport } from "tsx/esm/api";
import { buildBothOrExit } from "./builds.mjs";

buildBothOrExit();

const { startCluster } = await tsImport("../e2e/support/cluster.ts", import.meta.url);
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl
  ? { databaseUrl }
  : { adminUrl: process.env.CLUSTER_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" };

/** Each instance's output, a line at a time, after its name. */
const partial = { a: "", b: "" };
function show(name, chunk) {
  const lines = (partial[name] + chunk).split("\n");
  partial[name] = lines.pop() ?? "";
  for (const line of lines) console.log(`${name} │ ${line}`);
}

console.log(
  databaseUrl ? "Starting two instances on DATABASE_URL…" : "Starting two instances on a new database…",
);
let cluster;
try {
  cluster = await startCluster(database, { onOutput: show });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const { a, b } = cluster.instances;
console.log(`
Vaktrom cluster ready in ${(cluster.startMs / 1000).toFixed(1)} s: ${cluster.url}
  instance a: ${a.address} (pid ${a.process.pid})
  instance b: ${b.address} (pid ${b.process.pid})
Requests go round-robin to both. To pin a browser to one, set the cookie vaktrom_pin=a or =b
(e.g. in the developer tools: document.cookie = "vaktrom_pin=a"); when it dies, nginx sends
the browser to the other. Demo accounts: kari@demo.no, ola@demo.no, … password demo1234.
Ctrl-C stops everything${databaseUrl ? "" : " and drops the new database"}.
`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping nginx and both instances…`);
  await cluster.stop();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
