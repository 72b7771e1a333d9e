/**
 * Throughput of a 10 MB file, in MB/s, for the two stores, several runs each, every run
 * printed and the medians last (`npm run bench:files`; BENCH_RUNS, default 5):
 *  - through the API, as a browser does: the bundled app in a process of its own, on
 *    PostgreSQL (files in the database, pgFileStore) and on PGlite (files on disk,
 *    diskStore), a chat upload (multipart; the temp file, the kind check, the store) and
 *    its download through the signed link;
 *  - through the store alone, in this process: put from a file on disk and get into
 *    nothing, pgFileStore on a PostgreSQL database against diskStore in a temp folder.
 * The file is a PDF (a header and random bytes): a kind chat accepts, kept as it is.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { openDatabase } from "../server/db/client.ts";
import { pgFileStore } from "../server/platform/pg-file-store.ts";
import { diskStore, type FileStore } from "../server/platform/storage.ts";
import { pdf } from "../server/test/file-fixtures.ts";
import { buildServer, type Driver, freshDatabase, num, startApp, temporaryPgDatabase } from "./lib/infra.ts";

const runs = num("BENCH_RUNS", 5);
const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MB = 1024 * 1024;
const fileBytes = 10 * MB;
// A PDF as the upload check wants one, exactly `fileBytes` long (the limit), its content
// random as compressed streams are.
const pdfFile = pdf({ padding: fileBytes - (pdf({ padding: fileBytes }).length - fileBytes) });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const rate = (ms: number) => fileBytes / MB / (ms / 1000);
const fmt = (mbs: number) => `${mbs.toFixed(1)} MB/s`;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

type Figures = Record<string, { up: number[]; down: number[] }>;
const figures: Figures = {};
function record(label: string, run: number, upMs: number, downMs: number) {
  figures[label] ??= { up: [], down: [] };
  figures[label].up.push(rate(upMs));
  figures[label].down.push(rate(downMs));
  console.log(
    `${label.padEnd(34)} run ${run + 1}: upload ${fmt(rate(upMs)).padStart(11)}  download ${fmt(rate(downMs)).padStart(11)}`,
  );
}

const sink = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

async function throughStore(label: string, store: FileStore, source: string) {
  for (let run = 0; run < runs; run++) {
    const key = `bench/run-${run}.pdf`;
    const up = await timed(() => store.put(key, createReadStream(source)));
    const down = await timed(async () => pipeline((await store.get(key))!, sink()));
    record(label, run, up, down);
  }
}

async function throughApi(driver: Driver) {
  const { db, cleanup } = await freshDatabase(driver, pgUrl);
  const server = await startApp(db, randomBytes(24).toString("hex"));
  try {
    const origin = server.base;
    const signIn = await fetch(`${server.base}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "kari@demo.no", password: "demo1234" }),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const headers = { cookie, origin };
    const thread = await fetch(`${server.base}/api/chat/department`, { method: "POST", headers });
    const threadId = ((await thread.json()) as { id: string }).id;
    const label = driver === "postgres" ? "API, PostgreSQL (pgFileStore)" : "API, PGlite (diskStore)";
    for (let run = 0; run < runs; run++) {
      let url = "";
      const up = await timed(async () => {
        const form = new FormData();
        form.append("file", new Blob([pdfFile], { type: "application/pdf" }), `vaktliste-${run}.pdf`);
        const res = await fetch(`${server.base}/api/chat/threads/${threadId}/attachments`, {
          method: "POST",
          headers,
          body: form,
        });
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
        url = ((await res.json()) as { url: string }).url;
      });
      const down = await timed(async () => {
        const res = await fetch(`${server.base}${url}`, { headers });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200 || bytes !== fileBytes)
          throw new Error(`download: ${res.status}, ${bytes} bytes`);
      });
      record(label, run, up, down);
    }
  } finally {
    await server.stop();
    await cleanup();
  }
}

async function main() {
  console.log(`10 MB, ${runs} runs each; MB = 2^20 bytes\n`);
  await buildServer();
  await throughApi("postgres");
  await throughApi("pglite");

  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-bench-files-"));
  const source = path.join(dir, "source.pdf");
  await writeFile(source, pdfFile);
  const temp = await temporaryPgDatabase(pgUrl);
  const database = await openDatabase({ databaseUrl: temp.url });
  try {
    await throughStore("store, pgFileStore (PostgreSQL)", pgFileStore(database.db), source);
    await throughStore("store, diskStore", diskStore(path.join(dir, "files")), source);
  } finally {
    await database.close();
    await temp.drop();
    await rm(dir, { recursive: true, force: true });
  }

  console.log("\nmedians");
  for (const [label, { up, down }] of Object.entries(figures))
    console.log(
      `${label.padEnd(34)} upload ${fmt(median(up)).padStart(11)}  download ${fmt(median(down)).padStart(11)}`,
    );
}

await main();
