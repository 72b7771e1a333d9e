/**
 * `npm run admin -- move-files-to-database [--delete]`: once, when a single instance on
 * PostgreSQL becomes several, the uploads it kept under DATA_DIR/files go into the
 * database's store, which every instance reads. Every file is streamed (never whole in
 * memory); a file the database already holds at the same size is skipped, so the
 * command can be run again after an interruption and does nothing the second time. The
 * disk files stay unless `--delete` is given, and then only once the database holds
 * each one at its size. The store's own `.tmp` folder and names that are no valid key
 * (nothing the app wrote) are left alone and counted.
 */
import { createReadStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type FileStore, isValidStorageKey } from "../platform/storage.ts";

export interface MoveReport {
  moved: number;
  movedBytes: number;
  /** already in the database at the same size */
  present: number;
  /** not a key the app writes (left on disk) */
  ignored: number;
  deleted: number;
}

/** Files under `root`, as keys with '/' between segments, the store's `.tmp` left out. */
async function* keysUnder(root: string, prefix = ""): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch((err) =>
    (err as NodeJS.ErrnoException).code === "ENOENT" ? [] : Promise.reject(err),
  );
  for (const entry of entries.sort((x, y) => x.name.localeCompare(y.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (key === ".tmp") continue;
    if (entry.isDirectory()) yield* keysUnder(root, key);
    else if (entry.isFile()) yield key;
  }
}

export async function moveFilesToDatabase(
  root: string,
  store: FileStore,
  { deleteFromDisk = false } = {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, movedBytes: 0, present: 0, ignored: 0, deleted: 0 };
  for await (const key of keysUnder(root)) {
    if (!isValidStorageKey(key)) {
      report.ignored++;
      continue;
    }
    const file = path.join(root, key);
    const { size } = await stat(file);
    if ((await store.stat(key))?.size === size) report.present++;
    else {
      const stored = await store.put(key, createReadStream(file));
      if (stored.size !== size) throw new Error(`${key} changed while it was copied; run the command again`);
      report.moved++;
      report.movedBytes += size;
    }
    if (deleteFromDisk) {
      await rm(file);
      report.deleted++;
    }
  }
  return report;
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(".", ",");

/** For the operator, in Norwegian. */
export function describeMove(report: MoveReport, root: string): string {
  return [
    `Flyttet ${report.moved} filer (${mb(report.movedBytes)} MB) fra ${root} til databasen.`,
    `${report.present} fantes allerede i databasen.`,
    ...(report.ignored ? [`${report.ignored} filer med ukjente navn ble latt ligge.`] : []),
    report.deleted
      ? `${report.deleted} filer ble slettet fra disken.`
      : "Filene på disken er latt ligge (slett dem med --delete).",
  ].join("\n");
}
