/**
 * Whether uploads can be written where they are written (DATA_DIR: its `uploads-tmp`
 * temp files, and `files` when the disk is the store): the free space a non-root
 * process may use, from `statfs`, against MIN_FREE_DISK_MB, and whether a file can
 * really be created there (a read-only mount or a folder without write permission
 * fails that, whatever the free space). For /api/health; cheap (one statfs, one small
 * file written and removed).
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import { storageFault } from "./storage-faults.ts";

export interface StorageHealth {
  /** writable and at least `minFreeBytes` free */
  ok: boolean;
  writable: boolean;
  /** null when the folder cannot be read at all */
  freeBytes: number | null;
  minFreeBytes: number;
  /** why not ok: the errno of the failed write, or "low_space" */
  problem: string | null;
}

async function freeBytesOf(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

export async function storageHealth(dir: string, minFreeBytes: number): Promise<StorageHealth> {
  let writable = true;
  let problem: string | null = null;
  try {
    await mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.health-${randomUUID()}`);
    await writeFile(probe, "", { flag: "wx" });
    await rm(probe, { force: true });
  } catch (err) {
    writable = false;
    problem = storageFault(err)?.errno ?? (err as NodeJS.ErrnoException).code ?? "unknown";
  }
  const freeBytes = await freeBytesOf(dir);
  if (writable && (freeBytes === null || freeBytes < minFreeBytes)) problem = "low_space";
  return { ok: problem === null, writable, freeBytes, minFreeBytes, problem };
}
