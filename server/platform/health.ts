/**
 * What /api/health asks besides the database: the disk where files are written, and
 * the event bus that carries changes between instances. Each check is a function, so a
 * test can give buildApp its own.
 */
import { storageHealth } from "./disk-health.ts";
import type { EventBus } from "./events.ts";

export type DiskHealth = "ok" | "low" | "error";
export type BusHealth = "ok" | "error";

export interface HealthChecks {
  /** free space under the configured minimum: "low"; not writable or unreadable: "error" */
  disk(): Promise<DiskHealth>;
  bus(): BusHealth;
}

/** Where uploads are written (platform/disk-health.ts): room above the minimum, and writable. */
export function diskCheck(dataDir: string, minFreeBytes: number): () => Promise<DiskHealth> {
  return async () => {
    const health = await storageHealth(dataDir, minFreeBytes);
    if (health.ok) return "ok";
    return health.problem === "low_space" ? "low" : "error";
  };
}

export const busCheck = (bus: EventBus) => (): BusHealth => (bus.healthy() ? "ok" : "error");

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
