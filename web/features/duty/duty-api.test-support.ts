/**
 * A fake duty API for web tests: the department's roles with their holders now, the
 * leaders' grid and the department's staff, answered from data a test can change;
 * every call recorded. Writes change the data as the server would.
 */
import { dutyGrid, ongoingBlock } from "../../../common/domain/duty.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { DutyGridDto, DutyNowDto, DutyPerson, DutyRoleDto } from "../../../common/schemas/duty.ts";
import { baseHandlers, mockApi, session } from "../../test/app.tsx";
import { type Answer, type Call, type Reply, serveFeatureApi } from "../../test/feature-api.ts";

export const ids = {
  kari: "0b6f6c1e-0000-4000-8000-000000000001",
  ola: "0b6f6c1e-0000-4000-8000-000000000002",
  lars: "0b6f6c1e-0000-4000-8000-000000000003",
  sofie: "0b6f6c1e-0000-4000-8000-000000000004",
} as const;

export const people: Record<keyof typeof ids, DutyPerson> = {
  kari: { userId: ids.kari, fullName: "Kari Nordmann", avatarUrl: null },
  ola: { userId: ids.ola, fullName: "Ola Nordmann", avatarUrl: null },
  lars: { userId: ids.lars, fullName: "Lars Johansen", avatarUrl: null },
  sofie: { userId: ids.sofie, fullName: "Sofie Berg", avatarUrl: null },
};

/** Kari Nordmann (or Lars, a leader), signed in in Anestesi. */
export const signedInAs = (who: "kari" | "lars", role: "admin" | "leader" | "staff" = "staff"): Session =>
  session(role, { user: { ...session(role).user, id: ids[who], fullName: people[who].fullName } });

export const deptId = session("staff").currentDeptId!;

export const roles: DutyRoleDto[] = [
  { id: "5e1f0000-0000-4000-8000-000000000001", name: "Ansvarshavende sykepleier" },
  { id: "5e1f0000-0000-4000-8000-000000000002", name: "Koordinator" },
];

interface Held {
  roleId: string;
  blockStart: string;
  holder: DutyPerson;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

export function dutyServer({
  me = signedInAs("kari"),
  roleList = roles,
  held = [] as Held[],
  may = { take: [] as string[], handOver: [] as string[] },
}: {
  me?: Session;
  roleList?: DutyRoleDto[];
  held?: Held[];
  may?: { take: string[]; handOver: string[] };
} = {}) {
  const now = new Date();
  const block = ongoingBlock(now);
  const state = { roles: [...roleList], held: [...held] };
  const calls: Call[] = [];
  const reply: Record<string, Answer> = {};
  const lead = me.role === "leader" || me.role === "admin";
  const heldNow = (roleId: string) =>
    state.held.find((h) => h.roleId === roleId && h.blockStart === block.start.toISOString());

  const dutyNow = (): DutyNowDto => ({
    deptId,
    block: {
      kind: block.kind,
      name: block.name,
      range: block.range,
      start: block.start.toISOString(),
      end: block.end.toISOString(),
    },
    roles: state.roles.map((r) => {
      const holder = heldNow(r.id)?.holder ?? null;
      return {
        ...r,
        holder,
        abilities: {
          take: !holder && may.take.includes(r.id),
          handOver: !!holder && (lead || holder.userId === me.user.id),
          manage: lead,
        },
      };
    }),
    canManage: lead,
  });

  const grid = (): DutyGridDto => ({
    deptId,
    now: now.toISOString(),
    blocks: dutyGrid(now).map((b) => ({
      kind: b.kind,
      name: b.name,
      range: b.range,
      start: b.start.toISOString(),
      end: b.end.toISOString(),
      date: b.date,
      past: b.end <= now,
    })),
    roles: state.roles,
    holdings: state.held,
    staff: Object.values(people),
  });

  function answer({ method, url, body }: Call): Reply | undefined {
    const path = url.pathname.replace(`/api/departments/${deptId}`, "");
    if (method === "GET" && path === "/staff")
      return ok({
        staff: Object.values(people).map((p) => ({
          ...p,
          firstName: null,
          lastName: null,
          role: "staff",
        })),
      });
    if (method === "GET" && path === "/duty") return ok(dutyNow());
    if (method === "GET" && path === "/duty/grid") return lead ? ok(grid()) : undefined;
    if (method === "POST" && path === "/duty/roles") {
      const role = {
        id: `5e1f0000-0000-4000-8000-${String(state.roles.length + 10).padStart(12, "0")}`,
        name: (body as { name: string }).name.trim(),
      };
      state.roles.push(role);
      return { status: 201, body: role };
    }
    const m = /^\/duty\/roles\/([^/]+)(?:\/(\w+))?$/.exec(path);
    if (!m) return undefined;
    const [, roleId, action] = m as unknown as [string, string, string | undefined];
    if (method === "PUT" && action === "holder") {
      const { blockStart, userId } = body as { blockStart: string; userId: string | null };
      state.held = state.held.filter((h) => !(h.roleId === roleId && h.blockStart === blockStart));
      const holder = Object.values(people).find((p) => p.userId === userId);
      if (holder) state.held.push({ roleId, blockStart, holder });
      return ok({ ok: true });
    }
    if (method === "POST" && action === "take") {
      state.held.push({ roleId, blockStart: block.start.toISOString(), holder: people.kari });
      return ok(dutyNow());
    }
    if (method === "POST" && action === "handover") {
      const to = Object.values(people).find((p) => p.userId === (body as { userId: string }).userId)!;
      const h = heldNow(roleId)!;
      h.holder = to;
      return ok(dutyNow());
    }
    if (method === "DELETE" && !action) {
      state.roles = state.roles.filter((r) => r.id !== roleId);
      return ok({ ok: true });
    }
    return undefined;
  }

  mockApi(baseHandlers(me));
  const callsTo = serveFeatureApi((p) => p.startsWith(`/api/departments/${deptId}`), calls, reply, answer);
  return { state, calls, reply, callsTo, block };
}
