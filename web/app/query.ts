import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "../lib/api.ts";

export const queryKeys = {
  config: ["config"],
  brand: ["brand"],
  session: ["session"],
  departments: ["departments"],
  demoUsers: ["dev", "demo-users"],
  mailbox: ["dev", "mailbox"],
} as const satisfies Record<string, QueryKey>;

/** Loaded once per page load and the same for every user: kept across sign-in and sign-out. */
export const isAppWide = (key: QueryKey) => key[0] === "config" || key[0] === "brand";

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
        if (sessionGone(err)) client.setQueryData(queryKeys.session, null);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err) => {
        if (sessionGone(err)) client.setQueryData(queryKeys.session, null);
      },
    }),
  });
  return client;
}
