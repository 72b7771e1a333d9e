/**
 * Whether something that arrives raises a toast or a sound (issue 26 item 5,
 * common/domain/quiet.ts). The server says whether I am quiet now and until when
 * (`GET /api/me/alerts`); the answer is read again at that instant, when the window gets
 * the focus back, when the server says it changed (`alerts.changed`: the setting in another
 * tab), and when a duty role of my department changed hands (`duty.changed`). Features that raise toasts for what arrived ask `useAlert`: quiet, an
 * ordinary message or notice raises nothing, while the unread counts and the bell follow
 * as always. Urgent ones and mentions of me or of a role I hold always alert. Until the
 * first answer nothing is silenced.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AlertKind, alertReasonsOf, shouldAlert } from "../../common/domain/quiet.ts";
import { type AlertsState, alertsState } from "../../common/schemas/alerts.ts";
import { topics } from "../../common/schemas/realtime.ts";
import { toast } from "../components/ui/toaster.tsx";
import { apiFetch } from "./api.ts";
import { useSession } from "./session.tsx";
import { useRealtimeTopic } from "./use-realtime.ts";

export const alertsKey = ["me", "alerts"] as const;

/** The longest a timer may wait (a browser runs a longer one at once). */
const maxTimerMs = 2 ** 31 - 1;

/** How long until the answer may change, a second after, or false: nothing to wait for. */
export function refetchDelay(until: string | null | undefined, now = Date.now()): number | false {
  if (!until) return false;
  return Math.min(maxTimerMs, Math.max(1000, Date.parse(until) - now + 1000));
}

export const alertsQuery = () =>
  queryOptions({
    queryKey: alertsKey,
    // Read on its own schedule, never because the person did something.
    queryFn: () => apiFetch("/api/me/alerts", { schema: alertsState, background: true }),
    refetchOnWindowFocus: "always",
    refetchInterval: (query) => refetchDelay(query.state.data?.until),
  });

/**
 * My alert state, kept current (mount it once, where the app always is: the bell), and
 * read again when the server announces a change.
 */
export function useAlertsState(): AlertsState | undefined {
  const client = useQueryClient();
  const { user, currentDeptId } = useSession();
  const askAgain = () => void client.invalidateQueries({ queryKey: alertsKey });
  useRealtimeTopic(topics.user(user.id), {
    onEvent: (event) => {
      if (event.type === "alerts.changed") askAgain();
    },
    onResync: askAgain,
  });
  // A duty role of my department changed hands: perhaps mine, for the block under way.
  useRealtimeTopic(currentDeptId ? topics.dept(currentDeptId) : null, {
    onEvent: (event) => {
      if (event.type === "duty.changed" && client.getQueryData<AlertsState>(alertsKey)?.quietOffShift)
        askAgain();
    },
  });
  return useQuery(alertsQuery()).data;
}

/** Quiet now, as last answered; false until known (nothing is silenced by surprise). */
export const isQuietNow = (client: QueryClient) =>
  client.getQueryData<AlertsState>(alertsKey)?.quiet === true;

/** Something that arrived and may raise a toast. */
export interface Arrival {
  kind: AlertKind;
  title: string;
  description?: string;
  /** an urgent message or notice: always alerts */
  urgent?: boolean;
  /** I was mentioned by name, or a role I hold was: always alerts */
  mention?: "name" | "role";
  /** a sound besides the toast (urgent ones) */
  sound?: boolean;
  /** the toast's id, to dismiss it once what it says is on screen anyway */
  id?: string;
}

/**
 * Raises the toast (and sound) of what arrived unless quiet silences it; returns whether
 * it alerted.
 */
export function raiseAlert(client: QueryClient, arrival: Arrival): boolean {
  const marks = {
    ...(arrival.urgent ? { urgent: true } : {}),
    ...(arrival.mention ? { mention: arrival.mention } : {}),
  };
  if (!shouldAlert(arrival.kind, isQuietNow(client), alertReasonsOf(marks))) return false;
  const options = {
    ...(arrival.description ? { description: arrival.description } : {}),
    ...(arrival.id ? { id: arrival.id } : {}),
  };
  if (arrival.urgent) toast.warning(arrival.title, options);
  else toast.info(arrival.title, options);
  // Loaded with the first sound: most visits never need it.
  if (arrival.sound) void import("./chime.ts").then((m) => m.playChime());
  return true;
}

/** `raiseAlert` for this app's query client. */
export function useAlert() {
  const client = useQueryClient();
  return (arrival: Arrival) => raiseAlert(client, arrival);
}
