/**
 * What /api/health asks besides the database: the disk where files are written, and
 * the event bus that carries changes between instances. Each check is a function so
 * that a fuller one (another module's storage check, a bus that knows its connection)
 * can be given to buildApp instead of these.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EventBus } from "./events.ts";

export type DiskHealth = "ok" | "low" | "error";
export type BusHealth = "ok" | "error";

export interface HealthChecks {
  /** free space under the configured minimum: "low"; not writable or unreadable: "error" */
  disk(): Promise<DiskHealth>;
  bus(): BusHealth;
}

/** DATA_DIR's file system: free space (as an unprivileged process sees it) and a file written and removed. */
export function diskCheck(dataDir: string, minFreeBytes: number): () => Promise<DiskHealth> {
  return async () => {
    try {
      // Made where missing, as the file store makes it at its first upload: an instance
      // on PostgreSQL that has stored no file yet is healthy.
      await mkdir(dataDir, { recursive: true });
      const fs = await statfs(dataDir);
      const probe = path.join(dataDir, `.health-${randomUUID()}`);
      await writeFile(probe, "");
      await rm(probe, { force: true });
      return fs.bavail * fs.bsize < minFreeBytes ? "low" : "ok";
    } catch {
      return "error";
    }
  };
}

/** A bus that cannot tell (the in-process one) is healthy. */
export const busCheck = (bus: EventBus) => (): BusHealth => (bus.healthy?.() === false ? "error" : "ok");

export function defaultHealthChecks(dataDir: string, minFreeBytes: number, bus: EventBus): HealthChecks {
  return { disk: diskCheck(dataDir, minFreeBytes), bus: busCheck(bus) };
}

/** The check's answer, or `late` if it takes longer than `ms` (a frozen database must not hold health). */
export async function within<T>(ms: number, check: Promise<T>, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
