/**
 * Every read a signed-in person's pages make, on a database `volume-seed.ts` filled:
 * the GET routes of the app's registry, each asked as the member, leader or admin of
 * department 1 with the ids the seed wrote (message pages newest, older, newer and
 * changed; each shift and deal view; admin lists and their filters…), plus the
 * calendar feed. The reads each request made are captured (query-plans.ts) to be
 * explained. A GET route not listed here, and not set aside below, makes `listRequests`
 * throw: a new list cannot escape the plan check.
 */
import { sql } from "drizzle-orm";
import { signedInClient } from "./factories.ts";
import type { Client, TestApp } from "./harness.ts";
import type { QueryCapture } from "./query-plans.ts";
import { person, type VolumeScale, volumeId } from "./volume-seed.ts";

/** GET routes that list nothing from the big tables, and why. */
const setAside: Record<string, string> = {
  "GET /api/health": "no table",
  "GET /api/config": "no table",
  "GET /api/realtime": "a socket; its reads are the same loaders the routes use",
  "GET /api/avatars/:userId": "one file by its person",
  "GET /api/chat/files/:attachmentId": "one file by its id",
  "GET /api/dev/demo-users": "demo tools only",
  "GET /api/dev/mailbox": "demo tools only",
};

type Caller = "member" | "leader" | "admin";

export interface ListRequest {
  /** the registry's key, e.g. `GET /api/shifts` */
  route: string;
  as: Caller;
  url: string;
  /** the URL with its ids and tokens as `:id`, `:token`: what a report names it by */
  endpoint: string;
}

export interface Scene {
  deptId: string;
  ids: Record<Caller, string>;
  as: Record<Caller, Client>;
  departmentThread: string;
  shiftThread: string;
  channel: string;
  direct: string;
  /** a message 200 back in the department thread (half its messages if fewer): an older page's cursor */
  olderMessage: string;
  openShift: string;
  /** assigned by the leader through the API, so it has an allocation run */
  allocatedShift: string;
  /** another's open offer on the market */
  offer: string;
  calendarPath: string;
  /** a broadcast the admin sent through the API ('Sendte varsler') */
  broadcast: string;
}

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`list queries scene: ${r.statusCode} ${r.body}`);
  return r.json() as T;
}

/**
 * Department 1's people signed in, and what their pages name. The shift thread of the
 * block under way and the allocation run are made through the API, as people make them.
 */
export async function prepareScene(t: TestApp, scale: VolumeScale): Promise<Scene> {
  const uid = (k: number) => volumeId(`u${person(1, k, scale)}`);
  const ids = { admin: uid(1), leader: uid(2), member: uid(3) };
  const as = {
    admin: await signedInClient(t, ids.admin),
    leader: await signedInClient(t, ids.leader),
    member: await signedInClient(t, ids.member),
  };
  const departmentThread = volumeId("td1");
  const older = (await t.ctx.db.execute(
    sql`select id from chat_messages where thread_id = ${departmentThread}
        order by seq desc offset ${Math.min(200, scale.messages.department / 2)} limit 1`,
  )) as unknown as { rows: { id: string }[] };
  const allocatedShift = volumeId("so1-2");
  await ok(as.leader.post(`/api/shifts/${allocatedShift}/assign`));
  await ok(as.member.post("/api/shifts/calendar"));
  const { url } = await ok<{ url: string }>(as.member.get("/api/shifts/calendar"));
  await ok(as.admin.post("/api/notifications/broadcast", { type: "info", title: "Vedlikehold i natt" }));
  const sent = await ok<{ broadcasts: { id: string }[] }>(as.admin.get("/api/notifications/broadcasts"));
  return {
    deptId: volumeId("d1"),
    ids,
    as,
    departmentThread,
    shiftThread: (await ok<{ id: string }>(as.member.post("/api/chat/shift"))).id,
    channel: volumeId("tc1-1"),
    direct: volumeId("tm1-3-1"),
    olderMessage: older.rows[0]!.id,
    openShift: volumeId("so1-1"),
    allocatedShift,
    offer: volumeId("of1-4"),
    calendarPath: new URL(url).pathname,
    broadcast: sent.broadcasts[0]!.id,
  };
}

const endpointName = (url: string) =>
  `GET ${url.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")}`;

/** The requests, route by route; every GET route of `routes` is listed or set aside. */
export function listRequests(routes: { method: string; url: string }[], s: Scene): ListRequest[] {
  const msgs = (thread: string, query = "") => `/api/chat/threads/${thread}/messages${query}`;
  const changed = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
  const byRoute: Record<string, [Caller, string][]> = {
    "GET /api/auth/session": [["member", "/api/auth/session"]],
    "GET /api/departments": [["member", "/api/departments"]],
    "GET /api/departments/:deptId/staff": [["member", `/api/departments/${s.deptId}/staff`]],
    "GET /api/departments/:deptId/presence": [["member", `/api/departments/${s.deptId}/presence`]],
    "GET /api/chat/channels": [["member", "/api/chat/channels"]],
    "GET /api/chat/direct": [["member", "/api/chat/direct"]],
    "GET /api/chat/unread": [["member", "/api/chat/unread"]],
    "GET /api/chat/threads/:threadId": [["member", `/api/chat/threads/${s.departmentThread}`]],
    "GET /api/chat/threads/:threadId/messages": [
      ["member", msgs(s.departmentThread)],
      ["member", msgs(s.departmentThread, `?before=${s.olderMessage}`)],
      ["member", msgs(s.departmentThread, `?after=${s.olderMessage}`)],
      ["member", msgs(s.departmentThread, `?changedSince=${changed}&from=${s.olderMessage}`)],
      ["member", msgs(s.channel)],
      ["member", msgs(s.direct)],
      ["member", msgs(s.shiftThread)],
    ],
    "GET /api/chat/messages/:messageId": [["member", `/api/chat/messages/${s.olderMessage}`]],
    // A word, a part of one, a phrase, and the filters alone.
    "GET /api/search": [
      ["member", "/api/search?q=melding"],
      ["member", "/api/search?q=meld%20vakt"],
      ["member", `/api/search?q=%22ny%20melding%22&from=${s.ids.leader}`],
      ["member", `/api/search?thread=${s.departmentThread}&hasFile=true`],
      ["admin", "/api/search?q=xyzzyq"],
    ],
    "GET /api/chat/threads/:threadId/mention-options": [
      ["member", `/api/chat/threads/${s.departmentThread}/mention-options`],
    ],
    "GET /api/chat/urgent": [["leader", "/api/chat/urgent"]],
    "GET /api/notifications": [["member", "/api/notifications"]],
    "GET /api/notifications/unread-count": [["member", "/api/notifications/unread-count"]],
    "GET /api/notifications/broadcasts": [["leader", "/api/notifications/broadcasts"]],
    "GET /api/notifications/broadcasts/:broadcastId": [
      ["admin", `/api/notifications/broadcasts/${s.broadcast}`],
    ],
    "GET /api/me/alerts": [["member", "/api/me/alerts"]],
    "GET /api/push": [["member", "/api/push"]],
    "GET /api/departments/:deptId/duty": [["member", `/api/departments/${s.deptId}/duty`]],
    "GET /api/departments/:deptId/duty/grid": [["leader", `/api/departments/${s.deptId}/duty/grid`]],
    "GET /api/departments/:deptId/work-rules": [["leader", `/api/departments/${s.deptId}/work-rules`]],
    "GET /api/departments/:deptId/competences": [["leader", `/api/departments/${s.deptId}/competences`]],
    "GET /api/departments/:deptId/staff/:userId/work": [
      ["leader", `/api/departments/${s.deptId}/staff/${s.ids.member}/work`],
    ],
    "GET /api/shifts": [
      ["member", "/api/shifts?view=open"],
      ["member", "/api/shifts?view=waiting"],
      ["member", "/api/shifts?view=assigned"],
      ["leader", "/api/shifts?view=drafts"],
      ["leader", "/api/shifts?view=filled"],
    ],
    "GET /api/shifts/counts": [["member", "/api/shifts/counts"]],
    "GET /api/shifts/fairness": [["leader", "/api/shifts/fairness"]],
    "GET /api/shifts/fairness/me": [["member", "/api/shifts/fairness/me"]],
    "GET /api/shifts/:shiftId/assignment-preview": [
      ["leader", `/api/shifts/${s.openShift}/assignment-preview`],
    ],
    "GET /api/shifts/:shiftId/eligibility": [["member", `/api/shifts/${s.openShift}/eligibility`]],
    "GET /api/shifts/:shiftId/outcome": [["leader", `/api/shifts/${s.allocatedShift}/outcome`]],
    "GET /api/shifts/:shiftId/audit": [["leader", `/api/shifts/${s.allocatedShift}/audit`]],
    "GET /api/shifts/calendar": [["member", "/api/shifts/calendar"]],
    "GET /api/swaps/offers/mine": [["member", "/api/swaps/offers/mine"]],
    "GET /api/swaps/market": [
      ["member", "/api/swaps/market"],
      ["member", "/api/swaps/market?offset=10"],
    ],
    "GET /api/swaps/assignments": [
      ["member", "/api/swaps/assignments"],
      ["member", `/api/swaps/assignments?forOffer=${s.offer}`],
    ],
    "GET /api/swaps/deals": [
      ["member", "/api/swaps/deals?view=waiting"],
      ["leader", "/api/swaps/deals?view=approval"],
    ],
    "GET /api/swaps/history": [["member", "/api/swaps/history"]],
    "GET /api/swaps/counts": [["member", "/api/swaps/counts"]],
    "GET /api/admin/users": [
      ["admin", `/api/admin/users?deptId=${s.deptId}`],
      ["admin", `/api/admin/users?search=${encodeURIComponent("Person 1")}`],
    ],
    "GET /api/admin/users/:userId": [["admin", `/api/admin/users/${s.ids.member}`]],
    "GET /api/admin/departments/:deptId/retention": [
      ["admin", `/api/admin/departments/${s.deptId}/retention`],
    ],
    "GET /api/admin/audit": [
      ["admin", "/api/admin/audit"],
      ["admin", "/api/admin/audit?action=user.avatar"],
    ],
    "GET /api/profile/export": [["member", "/api/profile/export"]],
    "GET /api/profile/access-log": [["member", "/api/profile/access-log"]],
    "GET /api/admin/access-log": [
      ["admin", "/api/admin/access-log"],
      ["admin", `/api/admin/access-log?subject=${s.ids.member}`],
      ["admin", `/api/admin/access-log?actor=${s.ids.leader}&action=record.view`],
      ["admin", "/api/admin/access-log?from=2025-01-01&to=2025-12-31"],
    ],
  };
  const requests: ListRequest[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (route.method !== "GET" || route.url.startsWith("/api/docs") || key in setAside) continue;
    const listed = byRoute[key];
    if (!listed)
      throw new Error(`${key}: no request in server/test/list-queries.ts (list it, or set it aside)`);
    for (const [as, url] of listed) requests.push({ route: key, as, url, endpoint: endpointName(url) });
  }
  requests.push({ route: "GET /cal/:token", as: "member", url: s.calendarPath, endpoint: "GET /cal/:token" });
  return requests;
}

/** Asks every request with its caller's session, the reads captured; each answer's status and time. */
export async function callAll(
  s: Scene,
  requests: ListRequest[],
  capture: QueryCapture,
): Promise<{ request: ListRequest; status: number; ms: number }[]> {
  const answers: { request: ListRequest; status: number; ms: number }[] = [];
  for (const request of requests) {
    const started = performance.now();
    const res = await capture.during(request.endpoint, () => s.as[request.as].get(request.url));
    answers.push({ request, status: res.statusCode, ms: performance.now() - started });
  }
  return answers;
}
