/**
 * The user-administration API as the component tests need it: people, the log and the
 * demo users in memory, the list filtered and the actions applied as the server would,
 * every call recorded. A test overrides any answer with `reply`.
 */
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuditEntry, UserRow } from "../../../common/schemas/users.ts";
import { baseHandlers, config, departments, mockApi, session } from "../../test/app.tsx";
import { type Answer, type Call, type Reply, serveFeatureApi } from "../../test/feature-api.ts";

// The page loads lazily and the suite shares two cores with other suites: the first find may wait.
configure({ asyncUtilTimeout: 15_000 });

export const [anestesi, intensiv] = departments.map((d) => d.id) as [string, string];

let next = 0;
const uuid = () => `5e2b7c1a-0000-4000-8000-${String(++next).padStart(12, "0")}`;

const allowed = { edit: true, deactivate: true, delete: true, avatar: true };
const none = { edit: false, deactivate: false, delete: false, avatar: false };

/** A person in Anestesi, active, that an admin may do anything with. */
export function person(
  firstName: string,
  lastName: string,
  role: "admin" | "leader" | "staff" = "staff",
  over: Partial<UserRow> = {},
): UserRow {
  return {
    userId: uuid(),
    email: `${firstName.toLowerCase()}@demo.no`,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    phone: null,
    avatarUrl: null,
    memberships: [{ deptId: anestesi, deptName: "Anestesi", role, isActive: true }],
    active: true,
    createdAt: "2025-01-15T10:00:00.000Z",
    can: allowed,
    ...over,
  };
}

/** Ingrid (admin), Lars (leader), Kari and Ola (staff): the server's order. */
export const staffOf = () => [
  person("Ingrid", "Hansen", "admin", { email: "admin@demo.no", can: none }),
  person("Lars", "Johansen", "leader"),
  person("Kari", "Nordmann"),
  person("Ola", "Nordmann", "staff", { phone: "+47 900 00 000" }),
];

/** As a leader sees them: only (de)activation, and only of staff. */
export const asLeaderSees = (users: UserRow[]) =>
  users.map((u) => ({
    ...u,
    can: { ...none, deactivate: u.memberships.every((m) => m.role === "staff") },
  }));

export const entry = (action: string, minutesAgo: number, targetName: string | null = "Ola Nordmann") =>
  ({
    id: uuid(),
    at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    actor: { userId: uuid(), name: "Ingrid Hansen" },
    action,
    summary: `Ingrid Hansen gjorde ${action.replace(/\W/g, " ")} for ${targetName ?? "en slettet bruker"}`,
    target: { type: "user", id: uuid(), name: targetName },
    details: null,
  }) satisfies AuditEntry;

export const failure = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

export const admin = () => session("admin");
export const leader = () => session("leader");

export type { Call };

const ok = (body: unknown): Reply => ({ status: 200, body });
type CreateInput = { firstName: string; lastName: string; email: string; deptId: string; role: "staff" };
const fullName = (u: Pick<UserRow, "firstName" | "lastName">) => `${u.firstName} ${u.lastName}`;

export function usersServer(
  data: { users?: UserRow[]; audit?: AuditEntry[]; auditPage?: number } = {},
  { me = admin(), environment = "staging" as "staging" | "production" } = {},
) {
  const users = data.users ?? staffOf();
  const audit = data.audit ?? [];
  const pageSize = data.auditPage ?? 50;
  const demo = [{ email: "kari@demo.no", fullName: "Kari Nordmann", role: "staff", deptName: "Anestesi" }];
  const calls: Call[] = [];
  const reply: Record<string, Answer> = {};
  const find = (id: string | undefined) => users.find((u) => u.userId === id);

  function answer({ method, url, body }: Call): Reply | undefined {
    const path = url.pathname;
    const q = url.searchParams;
    if (method === "GET" && path === "/api/admin/users") {
      const search = (q.get("search") ?? "").toLowerCase();
      return ok({
        users: users.filter((u) =>
          `${u.fullName} ${u.email} ${u.phone ?? ""}`.toLowerCase().includes(search),
        ),
      });
    }
    if (method === "POST" && path === "/api/admin/users/preview") {
      const input = body as CreateInput;
      const found = users.find((u) => u.email === input.email);
      if (!found) return ok({ existing: null });
      const dept = departments.find((d) => d.id === input.deptId)!;
      const record = found.memberships.find((m) => m.deptId === input.deptId);
      const changes = [
        ...(fullName(found) === fullName(input)
          ? []
          : [{ field: "name", from: found.fullName, to: fullName(input) }]),
        ...(record?.role === input.role && record.isActive
          ? []
          : [{ field: "record", deptName: dept.name, from: record ?? null, to: input.role }]),
      ];
      return ok({ existing: { fullName: found.fullName, changes } });
    }
    if (method === "POST" && path === "/api/admin/users") {
      const input = body as CreateInput;
      const dept = departments.find((d) => d.id === input.deptId)!;
      const found = users.find((u) => u.email === input.email);
      if (found) {
        Object.assign(found, {
          firstName: input.firstName,
          lastName: input.lastName,
          fullName: fullName(input),
        });
        found.memberships = [
          ...found.memberships.filter((m) => m.deptId !== dept.id),
          { deptId: dept.id, deptName: dept.name, role: input.role, isActive: true },
        ];
        return { status: 201, body: { user: found, created: false } };
      }
      const made = person(input.firstName, input.lastName, input.role, {
        email: input.email,
        memberships: [{ deptId: dept.id, deptName: dept.name, role: input.role, isActive: true }],
      });
      users.push(made);
      return { status: 201, body: { user: made, created: true } };
    }
    if (method === "GET" && path === "/api/admin/audit") {
      const action = q.get("action");
      const matching = audit.filter((e) => !action || e.action === action);
      const from = q.get("before") ? matching.findIndex((e) => e.id === q.get("before")) + 1 : 0;
      const page = matching.slice(from, from + pageSize);
      const more = from + pageSize < matching.length;
      return ok({
        entries: page,
        next: more ? page.at(-1)!.id : null,
        actions: [...new Set(audit.map((e) => e.action))],
      });
    }
    if (method === "GET" && path === "/api/dev/demo-users") return ok({ users: demo });
    if (method === "POST" && path === "/api/dev/demo-users") {
      const input = body as { firstName: string; lastName: string; email?: string };
      const made = {
        email: input.email ?? `${input.firstName.toLowerCase()}@demo.no`,
        fullName: fullName(input),
      };
      demo.push({ ...made, role: "staff", deptName: "Anestesi" });
      return { status: 201, body: made };
    }
    if (method === "POST" && path === "/api/dev/sign-in-link")
      return ok({ url: `http://localhost/auth/magic?token=for-${(body as { email: string }).email}` });
    if (method === "POST" && path === "/api/dev/bootstrap") return ok({ created: 0 });
    const match = /^\/api\/admin\/users\/([^/]+)(\/activation)?$/.exec(path);
    const target = find(match?.[1]);
    if (!target) return undefined;
    if (method === "PATCH" && !match?.[2]) {
      const { memberships, ...input } = body as Pick<UserRow, "firstName" | "lastName" | "phone"> & {
        memberships: { deptId: string; role: "staff"; isActive: boolean }[];
      };
      Object.assign(target, input, { fullName: fullName(input) });
      for (const m of target.memberships)
        Object.assign(
          m,
          memberships.find((c) => c.deptId === m.deptId),
        );
      target.active = target.memberships.some((m) => m.isActive);
      return ok(target);
    }
    if (method === "POST" && match?.[2]) {
      const { active } = body as { active: boolean };
      target.active = active;
      for (const m of target.memberships) m.isActive = active;
      return ok(target);
    }
    if (method === "DELETE") {
      users.splice(users.indexOf(target), 1);
      return { status: 204, body: null };
    }
    return undefined;
  }

  mockApi({
    ...baseHandlers(me),
    "GET /api/config": config({}, { environment, demoTools: environment === "staging" }),
  });
  const callsTo = serveFeatureApi((path) => /^\/api\/(admin|dev)\//.test(path), calls, reply, answer);

  return { users, audit, demo, calls, callsTo, reply };
}

/** A table row's action: its '…' menu opened, the item chosen. */
export async function chooseRowAction(person: string, action: string) {
  await userEvent.click(await screen.findByRole("button", { name: `Handlinger for ${person}` }));
  await userEvent.click(await screen.findByRole("menuitem", { name: action }));
}
