/**
 * Who is signed in (spec §4: loading, then signed in or signed out), and the staging
 * convenience of one automatic sign-in as the demo admin per tab. Every tab of a person
 * follows their session: a department switched or joined in one tab reaches the others
 * through the person's realtime topic.
 */
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type Session, sessionResponse, signOutResponse } from "../../common/schemas/auth.ts";
import { topics } from "../../common/schemas/realtime.ts";
import { ui } from "../../common/texts/index.ts";
import { FullPageError } from "../components/full-page.tsx";
import { apiFetch } from "./api.ts";
import { useConfig } from "./config.tsx";
import { clearOutbox } from "./outbox-db.ts";
import { isTokenPage } from "./paths.ts";
import { personalCache } from "./personal-cache.ts";
import { appKeys, isAppWide } from "./query.ts";
import { appRealtime } from "./realtime.ts";
import { readStored, removeStored, storageKeys, writeStored } from "./storage.ts";
import { useRealtimeTopic } from "./use-realtime.ts";

export type SessionState =
  | { status: "loading" }
  | { status: "signedOut" }
  | { status: "signedIn"; session: Session };

interface SessionActions {
  /** After any sign-in: forget the previous person's data, then load the new session. */
  afterSignIn: () => Promise<void>;
  /** Reload the session (after joining or switching a department). */
  reload: () => Promise<void>;
  signOut: () => Promise<void>;
}

const StateContext = createContext<SessionState>({ status: "loading" });
const ActionsContext = createContext<SessionActions | null>(null);

type AutoSignIn = "idle" | "running" | "done";

/** Everything that belongs to the person signed in: all but the app-wide queries and the session. */
const isPersonal = (key: QueryKey) => !isAppWide(key) && key[0] !== appKeys.session[0];

/** Whose data the tab shows: the person and their current department. */
const scopeOf = (session: Session | null | undefined) =>
  session ? `${session.user.id}:${session.currentDeptId}` : null;

function autoSignInAllowed(enabled: boolean, path: string): boolean {
  return (
    enabled &&
    !isTokenPage(path) &&
    !readStored("session", storageKeys.autoSignInTried, false) &&
    !readStored("local", storageKeys.autoSignInSuppressed, false)
  );
}

/** Who is signed in; main.tsx asks for it at start, beside the configuration. */
export const sessionQuery = (client: QueryClient) =>
  queryOptions({
    queryKey: appKeys.session,
    // Background: checking the session must not count as the person being active.
    queryFn: async () => {
      const { session } = await apiFetch("/api/auth/session", { schema: sessionResponse, background: true });
      // Before the person's screens render: what this browser kept of theirs paints them at once.
      personalCache(client).follow(session?.user.id ?? null, session?.currentDeptId ?? null);
      return session;
    },
    staleTime: 60_000,
  });

export function SessionProvider({ children }: { children: ReactNode }) {
  const { config } = useConfig();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const query = useQuery(sessionQuery(client));
  const [auto, setAuto] = useState<AutoSignIn>("idle");

  const resetPersonalData = useCallback(
    () => client.resetQueries({ predicate: (q) => isPersonal(q.queryKey) }),
    [client],
  );

  const freshSession = useCallback(async () => {
    // A first load still in flight was sent without the new cookie; TanStack would hand
    // its (stale) answer to a refetch, so cancel it first.
    await client.cancelQueries({ queryKey: appKeys.session });
    await client.refetchQueries({ queryKey: appKeys.session });
  }, [client]);

  // Another tab switched or joined a department (or events were missed): read the session
  // again. Only when it now names another person or department does the rest go, so the
  // tab that made the change, which reloads on its own, does not reset its data twice.
  const follow = useCallback(async () => {
    const before = scopeOf(client.getQueryData<Session | null>(appKeys.session));
    await client.refetchQueries({ queryKey: appKeys.session });
    if (scopeOf(client.getQueryData<Session | null>(appKeys.session)) !== before) await resetPersonalData();
  }, [client, resetPersonalData]);
  // Another person in this tab (the demo switcher, a new sign-in): the socket still
  // speaks for the session it opened with, so it opens anew.
  const userId = query.data?.user.id ?? null;
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== null && userId !== null && previousUser.current !== userId)
      appRealtime().restart();
    previousUser.current = userId;
  }, [userId]);
  useRealtimeTopic(userId ? topics.user(userId) : null, {
    onEvent: (event) => {
      if (event.type === "session.changed") void follow();
    },
    onResync: () => void follow(),
  });

  const actions = useMemo<SessionActions>(
    () => ({
      afterSignIn: async () => {
        removeStored("local", storageKeys.autoSignInSuppressed);
        // Someone signed in on purpose: this tab needs no automatic demo sign-in any more.
        writeStored("session", storageKeys.autoSignInTried, true);
        await resetPersonalData();
        await freshSession();
      },
      reload: async () => {
        await freshSession();
        await resetPersonalData();
      },
      signOut: async () => {
        const { providerLogoutUrl } = await apiFetch("/api/auth/sign-out", {
          method: "POST",
          schema: signOutResponse,
        });
        // Another tab must not sign the demo admin in again behind the person's back.
        writeStored("local", storageKeys.autoSignInSuppressed, true);
        // The session query stays (observers hold it); its data turns null, the rest goes.
        client.setQueryData(appKeys.session, null);
        personalCache(client).forget();
        // A shared ward PC: messages left unsent must not go out later as this person.
        await clearOutbox();
        client.removeQueries({ predicate: (q) => isPersonal(q.queryKey) });
        // Signed in through the hospital's provider: its session ends too, then it sends us back.
        if (providerLogoutUrl) window.location.assign(providerLogoutUrl);
      },
    }),
    [client, resetPersonalData, freshSession],
  );

  const noSession = query.isSuccess && query.data === null;
  // However the session ended (sign-out, idle timeout, deactivation, another tab): what
  // this browser kept of the person goes with it.
  useEffect(() => {
    if (!noSession) return;
    personalCache(client).forget();
    void clearOutbox();
  }, [noSession, client]);
  const wantsAuto = auto === "idle" && noSession && autoSignInAllowed(config.autoSignIn, pathname);

  useEffect(() => {
    // Re-read the flag here: React StrictMode runs this effect twice with the same closure.
    if (!wantsAuto || readStored("session", storageKeys.autoSignInTried, false)) return;
    writeStored("session", storageKeys.autoSignInTried, true);
    setAuto("running");
    apiFetch("/api/dev/auto-sign-in", { method: "POST" })
      .then(freshSession)
      .catch((err: unknown) => console.warn("Automatic demo sign-in failed; showing the login page.", err))
      .finally(() => setAuto("done"));
  }, [wantsAuto, freshSession]);

  let state: SessionState;
  if (query.data) state = { status: "signedIn", session: query.data };
  else if (noSession && auto !== "running" && !wantsAuto) state = { status: "signedOut" };
  else state = { status: "loading" };

  if (query.isError && query.data === undefined) {
    return (
      <FullPageError
        title={ui.common.somethingWentWrong}
        body={ui.common.networkError}
        onRetry={() => query.refetch()}
      />
    );
  }

  return (
    <ActionsContext value={actions}>
      <StateContext value={state}>{children}</StateContext>
    </ActionsContext>
  );
}

export const useSessionState = () => use(StateContext);

export function useSessionActions(): SessionActions {
  const actions = use(ActionsContext);
  if (!actions) throw new Error("useSessionActions outside SessionProvider");
  return actions;
}

/** The session on screens inside the protected layout, where it always exists. */
export function useSession(): Session {
  const state = useSessionState();
  if (state.status !== "signedIn") throw new Error("useSession outside the protected layout");
  return state.session;
}
