import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

/**
 * The keys of what the whole app shares. Each feature keeps its own keys in its `api/`,
 * starting with the feature's name.
 */
export const appKeys = {
  config: ["config"],
  brand: ["brand"],
  session: ["session"],
} as const satisfies Record<string, QueryKey>;

/** Loaded once per page load and the same for every user: kept across sign-in and sign-out. */
export const isAppWide = (key: QueryKey) => key[0] === appKeys.config[0] || key[0] === appKeys.brand[0];

/** Any 401 means the cookie no longer signs anyone in (ended, idle, deactivated). */
const sessionGone = (err: unknown) => err instanceof ApiError && err.status === 401;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused request will be refused again; only flaky networks deserve a retry.
        retry: (count, err) =>
          count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
    // A session that ended on the server (idle timeout, 12 hours, deactivation) signs the tab out.
    queryCache: new QueryCache({
      onError: (err) => {
        if (sessionGone(err)) client.setQueryData(appKeys.session, null);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err) => {
        if (sessionGone(err)) client.setQueryData(appKeys.session, null);
      },
    }),
  });
  return client;
}

/**
 * Reads `queryKey` again so that the answer holds an event just announced. A read already
 * under way may have been answered before the event and would overwrite it when it lands:
 * it is cancelled first (an invalidation alone joins a first read rather than cancel it).
 */
export async function refetchAfterEvent(client: QueryClient, queryKey: QueryKey) {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

/** Per client, the keys already waiting for a read under way to end. */
const waitingForReads = new WeakMap<QueryClient, Set<string>>();

/**
 * Reads `queryKey` again for an event or a resync without cancelling anything: a read
 * already under way may have been answered before the change, so once it has landed
 * the key is read once more. However many events come meanwhile, that is one more
 * read, so a burst of events does not cancel reads over and over.
 */
export function refetchAfterReads(client: QueryClient, queryKey: QueryKey) {
  const underWay = client.isFetching({ queryKey }) > 0;
  void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (!underWay) return;
  const waiting = waitingForReads.get(client) ?? new Set<string>();
  waitingForReads.set(client, waiting);
  const id = JSON.stringify(queryKey);
  if (waiting.has(id)) return;
  waiting.add(id);
  const stop = client.getQueryCache().subscribe(() => {
    if (client.isFetching({ queryKey }) > 0) return;
    stop();
    waiting.delete(id);
    void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  });
}
