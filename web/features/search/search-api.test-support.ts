/**
 * A fake search API for web tests: GET /api/search answered from results a test sets
 * (or a function of the query), the department's staff for 'Fra', and one direct
 * thread to stand in (so that a thread is on screen for 'I'); every call recorded,
 * `reply` overrides any answer.
 */
import type { Session } from "../../../common/schemas/auth.ts";
import type { ThreadDto } from "../../../common/schemas/chat.ts";
import type {
  FileHit,
  MessageHit,
  PersonHit,
  SearchResults,
  SearchThread,
} from "../../../common/schemas/search.ts";
import { baseHandlers, mockApi, session } from "../../test/app.tsx";
import { type Answer, type Call, type Reply, serveFeatureApi } from "../../test/feature-api.ts";

export const deptId = session("staff").currentDeptId!;

export const ids = {
  kari: "5ea7c000-0000-4000-8000-000000000001",
  ola: "5ea7c000-0000-4000-8000-000000000002",
  lars: "5ea7c000-0000-4000-8000-000000000003",
  department: "5ea7c000-0000-4000-8000-0000000000a1",
  oldShift: "5ea7c000-0000-4000-8000-0000000000a2",
  dm: "5ea7c000-0000-4000-8000-0000000000a3",
  channel: "5ea7c000-0000-4000-8000-0000000000a4",
  otherDepartment: "5ea7c000-0000-4000-8000-0000000000a5",
  intensiv: "7d0f7a3e-2a5e-4f55-9f0c-3a1f7d3c9a02",
} as const;

export const people = {
  kari: { userId: ids.kari, fullName: "Kari Nordmann", avatarUrl: null },
  ola: { userId: ids.ola, fullName: "Ola Nordmann", avatarUrl: null },
  lars: { userId: ids.lars, fullName: "Lars Johansen", avatarUrl: null },
};

/** Kari Nordmann, staff in Anestesi. */
export const kari = (): Session =>
  session("staff", { user: { ...session("staff").user, id: ids.kari, fullName: "Kari Nordmann" } });

export const threads = {
  department: { id: ids.department, kind: "department", deptId, name: "Anestesi", shift: null },
  oldShift: {
    id: ids.oldShift,
    kind: "shift",
    deptId,
    name: "Dagvakt",
    shift: { block: "day", date: "2025-11-24" },
  },
  dm: { id: ids.dm, kind: "direct", deptId, name: "Ola Nordmann", shift: null },
  channel: { id: ids.channel, kind: "channel", deptId, name: "Fagutvikling", shift: null },
  otherDepartment: {
    id: ids.otherDepartment,
    kind: "department",
    deptId: ids.intensiv,
    name: "Intensiv",
    shift: null,
  },
} satisfies Record<string, SearchThread>;

let made = 0;
const nextId = () => {
  made += 1;
  return `5ea7c000-0000-4000-8000-${String(1000 + made).padStart(12, "0")}`;
};

/** A message found: `snippet` with `[marked]` words becomes the text and its ranges. */
export function messageHit(thread: SearchThread, marked: string, over: Partial<MessageHit> = {}): MessageHit {
  const { text, ranges } = unmark(marked);
  return {
    id: nextId(),
    thread,
    author: people.ola,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    snippet: text,
    highlights: ranges,
    fileCount: 0,
    ...over,
  };
}

export function fileHit(thread: SearchThread, marked: string, over: Partial<FileHit> = {}): FileHit {
  const { text, ranges } = unmark(marked);
  return {
    id: nextId(),
    name: text,
    kind: "pdf",
    size: 120_000,
    messageId: nextId(),
    thread,
    createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    highlights: ranges,
    ...over,
  };
}

export function personHit(person: (typeof people)[keyof typeof people], marked: string): PersonHit {
  const { ranges } = unmark(marked);
  return { ...person, highlights: ranges };
}

/** 'Husk [pumpeinstruksen]' → the text without brackets and the bracketed words' [start, end). */
export function unmark(marked: string): { text: string; ranges: [number, number][] } {
  let text = "";
  const ranges: [number, number][] = [];
  for (const [i, part] of marked.split(/[[\]]/).entries()) {
    if (i % 2 === 1) ranges.push([text.length, text.length + part.length]);
    text += part;
  }
  return { text, ranges };
}

export const noResults: SearchResults = { messages: [], moreMessages: false, files: [], people: [] };

const ok = (body: unknown): Reply => ({ status: 200, body });

const dmThread: ThreadDto = {
  id: ids.dm,
  kind: "direct",
  deptId,
  name: "Ola Nordmann",
  isPublic: false,
  shift: null,
  other: people.ola,
  members: [people.kari, people.ola],
  isMember: true,
  abilities: { write: true, join: false, addMembers: false },
  retention: { messages: null, attachments: null },
};

export function searchServer({
  results = noResults as SearchResults | ((query: URLSearchParams) => SearchResults),
}: {
  results?: SearchResults | ((query: URLSearchParams) => SearchResults);
} = {}) {
  const state = { results };
  const calls: Call[] = [];
  const reply: Record<string, Answer> = {};

  function answer({ method, url }: Call): Reply | undefined {
    const path = url.pathname;
    if (method === "GET" && path === "/api/search") {
      const r = state.results;
      return ok(typeof r === "function" ? r(url.searchParams) : r);
    }
    if (method === "GET" && path === `/api/departments/${deptId}/staff`)
      return ok({
        staff: Object.values(people).map((p) => ({ ...p, firstName: null, lastName: null, role: "staff" })),
      });
    if (method === "GET" && path === `/api/chat/threads/${ids.dm}`) return ok(dmThread);
    if (method === "GET" && path === `/api/chat/threads/${ids.dm}/messages`)
      return ok({ messages: [], hasMore: false, asOf: new Date().toISOString() });
    return undefined;
  }

  mockApi(baseHandlers(kari()));
  const callsTo = serveFeatureApi(
    (path) => path === "/api/search" || path.startsWith("/api/departments/") || path.startsWith("/api/chat/"),
    calls,
    reply,
    answer,
  );
  /** The queries GET /api/search was asked, as search parameters. */
  const searches = () => callsTo("GET", "/api/search").map((c) => Object.fromEntries(c.url.searchParams));
  return { state, calls, reply, callsTo, searches };
}
