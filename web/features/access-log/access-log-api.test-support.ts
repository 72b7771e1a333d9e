/**
 * The access log's API as the component tests need it: rows in memory, filtered and
 * paged as the server does, every call recorded. A test overrides an answer with `reply`.
 */
import { configure } from "@testing-library/react";
import type { AccessAction } from "../../../common/domain/access-log.ts";
import type { AdminAccessEntry } from "../../../common/schemas/access-log.ts";
import { baseHandlers, mockApi, session } from "../../test/app.tsx";
import { type Answer, type Call, serveFeatureApi } from "../../test/feature-api.ts";

// The page loads lazily and the suite shares two cores with other suites: the first find may wait.
configure({ asyncUtilTimeout: 15_000 });

let next = 0;
const uuid = () => `7a1c2b3d-0000-4000-8000-${String(++next).padStart(12, "0")}`;

export const people = {
  ingrid: { userId: uuid(), name: "Ingrid Hansen" },
  lars: { userId: uuid(), name: "Lars Johansen" },
  kari: { userId: uuid(), name: "Kari Nordmann" },
  ola: { userId: uuid(), name: "Ola Nordmann" },
};

/** A row `minutesAgo`, by `actor` (null: gone) about `subject`. */
export const accessRow = (
  action: AccessAction,
  minutesAgo: number,
  actor: { userId: string; name: string } | null = people.ingrid,
  subject = people.kari,
): AdminAccessEntry => ({
  id: uuid(),
  at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  action,
  actor,
  subject,
});

export function accessLogServer(
  rows: AdminAccessEntry[],
  { role = "staff" as "admin" | "leader" | "staff", pageSize = 50 } = {},
) {
  const calls: Call[] = [];
  const reply: Record<string, Answer> = {};
  const page = (matching: AdminAccessEntry[], before: string | null) => {
    const from = before ? matching.findIndex((r) => r.id === before) + 1 : 0;
    const entries = matching.slice(from, from + pageSize);
    return { entries, next: from + pageSize < matching.length ? entries.at(-1)!.id : null };
  };
  const answer = ({ url }: Call) => {
    const q = url.searchParams;
    // Kari is the one signed in on 'Min Profil'.
    if (url.pathname === "/api/profile/access-log") {
      const mine = page(
        rows.filter((r) => r.subject.userId === people.kari.userId),
        q.get("before"),
      );
      return { status: 200, body: { ...mine, entries: mine.entries.map(({ subject: _, ...r }) => r) } };
    }
    const day = (r: AdminAccessEntry) => r.at.slice(0, 10);
    const matching = rows.filter(
      (r) =>
        (!q.get("subject") || r.subject.userId === q.get("subject")) &&
        (!q.get("actor") || r.actor?.userId === q.get("actor")) &&
        (!q.get("action") || r.action === q.get("action")) &&
        (!q.get("from") || day(r) >= q.get("from")!) &&
        (!q.get("to") || day(r) <= q.get("to")!),
    );
    return { status: 200, body: page(matching, q.get("before")) };
  };
  mockApi(baseHandlers(session(role)));
  const callsTo = serveFeatureApi((path) => path.endsWith("/access-log"), calls, reply, answer);
  return { calls, callsTo, reply };
}
