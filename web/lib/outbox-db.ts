/**
 * Where my chat messages written without a connection wait (issue 27): IndexedDB, which
 * outlives a reload and a closed browser, unlike the query cache. Here, in `lib`, so that
 * the session can empty it when it ends (a shared ward PC); the chat's outbox
 * (features/chat/outbox) decides what goes in and when it is sent.
 *
 * Every record names the person who wrote it, and every read asks for one person's: who
 * signs in next on the same PC never sees or sends another's. A browser without IndexedDB
 * (some private modes, the unit tests' DOM) has no outbox; sending then fails as before.
 */
import type { ChatPerson } from "../../common/schemas/chat.ts";

export interface OutboxRecord {
  /** the message's client key: the server stores one message per key and author */
  clientKey: string;
  userId: string;
  threadId: string;
  content: string;
  replyToId: string | null;
  /** the quote shown above it while it waits */
  replyTo?: { id: string; author: ChatPerson | null; preview: string; deleted: boolean } | null;
  urgent?: boolean;
  /** epoch ms: the order they go in, and their 24 hours */
  createdAt: number;
  state: "waiting" | "failed";
  /** why it failed, as the server said it */
  error?: string;
}

const dbName = "vaktrom-outbox";
const storeName = "messages";
const channelName = "vaktrom-outbox";

export const outboxAvailable = () => typeof indexedDB !== "undefined";

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(storeName, { keyPath: "clientKey" });
      store.createIndex("userId", "userId");
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting or upgrading the database: open anew next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** One request in its own transaction; resolves when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(storeName, mode);
    const request = act(tx.objectStore(storeName));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error);
    tx.onabort = () => reject(tx.error ?? new Error("outbox transaction aborted"));
  });
}

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

/** Other tabs of this browser hear of each change, so they show and send the same queue. */
function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(channelName);
    if (channel) channel.onmessage = () => tellListeners();
  }
  return channel;
}

function tellListeners() {
  for (const listener of listeners) listener();
}

function changed() {
  tellListeners();
  broadcast()?.postMessage("changed");
}

/** Called after any change to the outbox, in this tab or another. */
export function onOutboxChange(listener: Listener): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxDb = {
  async all(userId: string): Promise<OutboxRecord[]> {
    if (!outboxAvailable()) return [];
    return run("readonly", (store) => store.index("userId").getAll(userId) as IDBRequest<OutboxRecord[]>);
  },
  async get(clientKey: string): Promise<OutboxRecord | undefined> {
    if (!outboxAvailable()) return undefined;
    return run("readonly", (store) => store.get(clientKey) as IDBRequest<OutboxRecord | undefined>);
  },
  async put(record: OutboxRecord): Promise<void> {
    await run("readwrite", (store) => store.put(record));
    changed();
  },
  async remove(clientKey: string): Promise<void> {
    if (!outboxAvailable()) return;
    await run("readwrite", (store) => store.delete(clientKey));
    changed();
  },
};

/**
 * Empties the outbox of everyone: the session ended (sign-out, a 401, another person).
 * Never throws; a browser without IndexedDB has nothing to empty.
 */
export async function clearOutbox(): Promise<void> {
  if (!outboxAvailable()) return;
  try {
    await run("readwrite", (store) => store.clear());
    changed();
  } catch (err) {
    console.warn("The outbox could not be emptied.", err);
  }
}
