/**
 * A few of the signed-in person's queries kept in this browser between page loads, so a
 * screen seen before paints from them at once while the network catches up. A query
 * takes part by naming a group in its `meta.persist`; only the groups' newest entries are
 * kept, trimmed to what a first paint needs.
 *
 * Privacy (a shared ward PC): one person's store at a time, under their id and for their
 * current department; it goes the moment the tab sees no session (sign-out, idle timeout,
 * deactivation), when another person signs in, and when older than a session can live.
 */
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { limits } from "../../common/base/limits.ts";

/** What a query declares in `meta.persist` to be kept. */
export interface PersistMeta {
  /** entries of one group compete for its places, the least recently seen go first */
  group: string;
  keep: number;
  /** what of the data is stored (the newest page, no pending changes) */
  trim?: (data: unknown) => unknown;
}

interface Entry {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
  /** last shown on a screen: what "the threads visited" are ordered by */
  seenAt: number;
  group: string;
  keep: number;
}

interface Stored {
  version: typeof version;
  userId: string;
  deptId: string | null;
  savedAt: number;
  entries: Entry[];
}

const version = 1;
const prefix = "vaktrom.personalCache.";
/** A store older than the longest session belongs to a session that has ended. */
const maxAgeMs = limits.sessionHours * 3600_000;
const saveAfterMs = 1000;

const persistMeta = (query: Query): PersistMeta | undefined =>
  (query.meta as { persist?: PersistMeta } | undefined)?.persist;

const hash = (key: QueryKey) => JSON.stringify(key);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedKeys(): string[] {
  const store = storage();
  if (!store) return [];
  return Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => key?.startsWith(prefix) ?? false,
  );
}

/** Removes every person's store from this browser. */
export function clearPersonalCache(): void {
  for (const key of storedKeys()) storage()?.removeItem(key);
}

function read(userId: string): Stored | null {
  try {
    const raw = storage()?.getItem(prefix + userId);
    const stored = raw ? (JSON.parse(raw) as Stored) : null;
    return stored?.version === version && stored.userId === userId ? stored : null;
  } catch {
    return null;
  }
}

class PersonalCache {
  private owner: { userId: string; deptId: string | null } | null = null;
  private entries = new Map<string, Entry>();
  private timer: number | undefined;
  private unsubscribe: (() => void) | null = null;

  constructor(readonly client: QueryClient) {}

  /**
   * The session names who is signed in: their store is read into the query cache once
   * (before their screens render), and anyone else's is removed. `null`: nobody, so
   * nothing is kept.
   */
  follow(userId: string | null, deptId: string | null) {
    if (this.owner?.userId === userId && this.owner?.deptId === deptId) return;
    this.stop();
    clearOthers(userId);
    if (!userId) return clearPersonalCache();
    this.owner = { userId, deptId };
    this.restore(userId, deptId);
    this.unsubscribe = this.client.getQueryCache().subscribe((event) => {
      const meta = persistMeta(event.query);
      if (!meta) return;
      if (event.type === "observerAdded") this.note(event.query, meta, Date.now());
      else if (event.type === "updated" && event.action.type === "success") this.note(event.query, meta);
    });
    window.addEventListener("pagehide", this.flush);
  }

  /** Forget the person: nothing more is written, and what was written goes. */
  forget() {
    this.stop();
    clearPersonalCache();
  }

  stop() {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = null;
    window.removeEventListener("pagehide", this.flush);
    this.owner = null;
    this.entries.clear();
  }

  private restore(userId: string, deptId: string | null) {
    const stored = read(userId);
    if (!stored || stored.deptId !== deptId || Date.now() - stored.savedAt > maxAgeMs) {
      storage()?.removeItem(prefix + userId);
      return;
    }
    for (const entry of stored.entries) {
      this.entries.set(hash(entry.key), entry);
      // Held already (this tab loaded it): the newer copy wins.
      if (this.client.getQueryData(entry.key) === undefined)
        this.client.setQueryData(entry.key, entry.data, { updatedAt: entry.updatedAt });
    }
  }

  private note(query: Query, meta: PersistMeta, seenAt?: number) {
    if (query.state.status !== "success" || query.state.data === undefined) return;
    const id = hash(query.queryKey);
    this.entries.set(id, {
      key: query.queryKey,
      data: meta.trim ? meta.trim(query.state.data) : query.state.data,
      updatedAt: query.state.dataUpdatedAt,
      seenAt: seenAt ?? this.entries.get(id)?.seenAt ?? Date.now(),
      group: meta.group,
      keep: meta.keep,
    });
    if (this.timer === undefined) this.timer = window.setTimeout(this.flush, saveAfterMs);
  }

  private readonly flush = () => {
    window.clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.owner) return;
    const kept = keepNewest([...this.entries.values()]);
    this.entries = new Map(kept.map((entry) => [hash(entry.key), entry]));
    const stored: Stored = { version, ...this.owner, savedAt: Date.now(), entries: kept };
    try {
      storage()?.setItem(prefix + this.owner.userId, JSON.stringify(stored));
    } catch {
      // Full or refused: a cache that cannot be written is simply not there next time.
      storage()?.removeItem(prefix + this.owner.userId);
    }
  };
}

/** Per group, the `keep` entries seen most recently. */
function keepNewest(entries: Entry[]): Entry[] {
  const counts = new Map<string, number>();
  return entries
    .toSorted((a, b) => b.seenAt - a.seenAt)
    .filter((entry) => {
      const count = (counts.get(entry.group) ?? 0) + 1;
      counts.set(entry.group, count);
      return count <= entry.keep;
    });
}

function clearOthers(userId: string | null) {
  for (const key of storedKeys()) if (key !== prefix + userId) storage()?.removeItem(key);
}

/** One writer per page: the app's query client (a test's client replaces the last test's). */
let current: PersonalCache | null = null;

export function personalCache(client: QueryClient): PersonalCache {
  if (current?.client !== client) {
    current?.stop();
    current = new PersonalCache(client);
  }
  return current;
}

/** Stops the writer without touching the store (tests, between one app and the next). */
export function stopPersonalCache(): void {
  current?.stop();
  current = null;
}
