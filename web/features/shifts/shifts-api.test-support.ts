/**
 * The extra-shift API as the component tests need it: shifts in memory, each tab's list
 * and the counts computed from them as the server would, interest and assignment that
 * change them, every call recorded. A test overrides any answer with `reply`.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect } from "vitest";
import { osloDate, shiftSpan } from "../../../common/domain/oslo-time.ts";
import type { Session } from "../../../common/schemas/auth.ts";
import type { FeatureFlags } from "../../../common/schemas/brand.ts";
import type {
  AssignmentAudit,
  AssignmentOutcome,
  PersonRef,
  ShiftAbilities,
  ShiftDto,
  ShiftView,
} from "../../../common/schemas/shifts.ts";
import type { MyFairness } from "../../../common/schemas/work.ts";
import { baseHandlers, mockApi, session } from "../../test/app.tsx";
import { type Answer, type Call, type Reply, serveFeatureApi } from "../../test/feature-api.ts";

export const ids = {
  kari: "0b6f6c1e-0000-4000-8000-000000000001",
  ola: "0b6f6c1e-0000-4000-8000-000000000002",
  lars: "0b6f6c1e-0000-4000-8000-000000000003",
  sofie: "0b6f6c1e-0000-4000-8000-000000000004",
  per: "0b6f6c1e-0000-4000-8000-000000000005",
  anne: "0b6f6c1e-0000-4000-8000-000000000006",
  intensiv: "7d0f7a3e-2a5e-4f55-9f0c-3a1f7d3c9a02",
} as const;

export const person = (userId: string, name: string): PersonRef => ({ userId, name, avatarUrl: null });
export const kariRef = person(ids.kari, "Kari Nordmann");
export const ola = person(ids.ola, "Ola Nordmann");

/** Kari Nordmann, signed in with the role given in Anestesi. */
export const kari = (role: "admin" | "leader" | "staff" = "staff", over: Partial<Session> = {}) =>
  session(role, { user: { ...session(role).user, id: ids.kari }, ...over });

const anestesi = session("staff").currentDeptId!;

/** An Oslo date `days` from today. */
export const inDays = (days: number) => osloDate(new Date(Date.now() + days * 86_400_000));

const none: ShiftAbilities = {
  edit: false,
  publish: false,
  delete: false,
  close: false,
  assign: false,
  interest: false,
  viewOutcome: false,
};

let next = 0;

/** A shift two days ahead, 07–15, open, nobody interested, nothing allowed. */
export function shift(
  over: Partial<Omit<ShiftDto, "can">> & {
    can?: Partial<ShiftAbilities>;
    day?: number;
    hours?: [number, number];
  } = {},
): ShiftDto {
  next += 1;
  const { can, day = 2, hours = [7, 15], ...rest } = over;
  const span = shiftSpan(inDays(day), hours[0], hours[1])!;
  return {
    id: `5a1c0c2e-0000-4000-8000-${String(next).padStart(12, "0")}`,
    deptId: anestesi,
    deptName: "Anestesi",
    title: "Dagvakt",
    description: null,
    location: "Operasjon 1",
    startsAt: span.startsAt.toISOString(),
    endsAt: span.endsAt.toISOString(),
    status: "open",
    createdAt: new Date().toISOString(),
    publishedAt: new Date().toISOString(),
    interestCount: 0,
    interested: [],
    isInterested: false,
    requires: [],
    assignment: null,
    can: { ...none, ...can },
    ...rest,
  };
}

export type { Call };

export const failure = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

const noneWorked = { nights: 0, weekends: 0, holidays: 0 };

/** 'Din plass i køen' as the server answers it: first of eight, nothing yet, unless `over` says. */
export const myFairnessOf = (over: Partial<MyFairness> = {}): MyFairness => ({
  deptId: anestesi,
  windowDays: 90,
  figures: { count: 0, last90Days: noneWorked, thisYear: noneWorked },
  place: 1,
  of: 8,
  partTimeFirst: false,
  partTime: false,
  ...over,
});

const inView: Record<ShiftView, (s: ShiftDto, me: string) => boolean> = {
  open: (s) => s.status === "open",
  waiting: (s) => s.status === "open" && s.isInterested,
  assigned: (s, me) => s.status === "assigned" && s.assignment?.person.userId === me,
  drafts: (s) => s.status === "draft",
  filled: (s) => s.status === "assigned",
};

/** As the server orders them: newest assignment first for 'Tildelt', else as given. */
const ordered = (view: ShiftView, list: ShiftDto[]) =>
  view === "filled"
    ? [...list].sort((a, b) => (b.assignment?.assignedAt ?? "").localeCompare(a.assignment?.assignedAt ?? ""))
    : list;

/**
 * Signed in as `me` (Kari, staff by default) with `shifts` in the department. Drafts
 * are counted for leaders and admins only, as the server does.
 */
export function shiftsServer(
  shifts: ShiftDto[] = [],
  { me = kari(), features = {} }: { me?: Session; features?: Partial<FeatureFlags> } = {},
) {
  const calls: Call[] = [];
  /** `METHOD /path` (no query) → the answer instead of the built-in one */
  const reply: Record<string, Answer> = {};
  const outcomes = new Map<string, AssignmentOutcome>();
  const audits = new Map<string, AssignmentAudit>();
  const lead = me.role === "admin" || me.role === "leader";
  const find = (id: string) => shifts.find((s) => s.id === id);

  function answer(call: Call): Reply | undefined {
    const { method, url } = call;
    const path = url.pathname;
    if (method === "GET" && path === "/api/shifts") {
      const view = url.searchParams.get("view") as ShiftView;
      return {
        status: 200,
        body: {
          shifts: ordered(
            view,
            shifts.filter((s) => inView[view](s, me.user.id)),
          ),
        },
      };
    }
    if (method === "GET" && path === "/api/shifts/counts") {
      const count = (view: ShiftView) => shifts.filter((s) => inView[view](s, me.user.id)).length;
      const interested = shifts.filter((s) => s.status === "open").reduce((n, s) => n + s.interestCount, 0);
      return {
        status: 200,
        body: {
          open: count("open"),
          waiting: count("waiting"),
          assigned: count("assigned"),
          drafts: lead ? count("drafts") : null,
          filled: lead ? count("filled") : null,
          interested,
        },
      };
    }
    if (method === "GET" && path === "/api/shifts/fairness/me") return { status: 200, body: myFairnessOf() };
    const match = /^\/api\/shifts\/([^/]+)(?:\/([a-z-]+))?$/.exec(path);
    const target = match && find(match[1]!);
    if (!match || !target) return undefined;
    switch (`${method} ${match[2] ?? ""}`) {
      case "POST interest":
      case "DELETE interest": {
        const interested = method === "POST";
        target.isInterested = interested;
        target.interestCount += interested ? 1 : -1;
        return { status: 200, body: { shiftId: target.id, interested, interestCount: target.interestCount } };
      }
      case "POST publish":
        Object.assign(target, { status: "open", can: { ...none, close: true } });
        return { status: 200, body: target };
      case "POST close":
        Object.assign(target, { status: "closed", can: none });
        return { status: 200, body: target };
      case "DELETE ":
        shifts.splice(shifts.indexOf(target), 1);
        return { status: 204, body: null };
      case "GET outcome": {
        const outcome = outcomes.get(target.id);
        return outcome
          ? { status: 200, body: outcome }
          : failure(404, "shift_outcome_not_found", "Fant ikke");
      }
      // Everyone counted as interested, each eligible with no extra shifts yet.
      case "GET assignment-preview": {
        const candidates = Array.from({ length: target.interestCount }, (_, i) => ({
          userId: target.interested[i]?.userId ?? `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
          name: target.interested[i]?.name ?? `Interessert ${i + 1}`,
          fairnessValue: 0,
          eligible: true,
          reason: null,
        }));
        const n = candidates.length;
        return {
          status: 200,
          body: {
            shiftId: target.id,
            candidates,
            interested: n,
            eligible: n,
            rule: "Den som har fått færrest ekstravakter får vakten.",
          },
        };
      }
      case "GET audit": {
        const audit = audits.get(target.id);
        return audit ? { status: 200, body: audit } : failure(404, "shift_outcome_not_found", "Fant ikke");
      }
      default:
        return undefined;
    }
  }

  mockApi(baseHandlers(me, features));
  const callsTo = serveFeatureApi((path) => path.startsWith("/api/shifts"), calls, reply, answer);

  return { shifts, calls, callsTo, reply, outcomes, audits };
}

/** 'Tildel' in the confirmation 'Tildel automatisk' opens, once it shows who is interested. */
export async function confirmAssign() {
  const dialog = await screen.findByRole("dialog", { name: "Tildele vakten automatisk?" });
  const confirm = within(dialog).getByRole("button", { name: "Tildel" });
  await waitFor(() => expect(confirm).toBeEnabled());
  await userEvent.click(confirm);
}
