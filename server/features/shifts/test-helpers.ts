/**
 * What the shift API tests share: two departments of their own and the people in them,
 * each with a signed-in client, and the create form for a day and hours from now.
 */
import { osloDate } from "../../../common/domain/oslo-time.ts";
import type { ShiftInput } from "../../../common/schemas/shifts.ts";
import { makeDepartment, makeStaff, signedInClient } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";

/** Long enough for the bus's microtasks to have run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

const roles = {
  admin: ["admin", "a"],
  leader: ["leader", "a"],
  kari: ["staff", "a"],
  ola: ["staff", "a"],
  lise: ["staff", "a"],
  // Department B: a leader and a staff member who must see nothing of A's.
  leaderB: ["leader", "b"],
  per: ["staff", "b"],
} as const;
export type Person = keyof typeof roles;

export interface World {
  a: string;
  b: string;
  ids: Record<Person, string>;
  as: Record<Person, Client>;
  names: Record<Person, string>;
}

/** Departments A and B and their people; every test file gets its own. */
export async function shiftWorld(t: TestApp): Promise<World> {
  const a = (await makeDepartment(t)).id;
  const b = (await makeDepartment(t)).id;
  const entries = await Promise.all(
    (Object.keys(roles) as Person[]).map(async (name) => {
      const [role, dept] = roles[name];
      const made = await makeStaff(t, { role, dept: dept === "a" ? a : b, active: true });
      return [name, made] as const;
    }),
  );
  const clients = await Promise.all(entries.map(([, made]) => signedInClient(t, made.userId)));
  const pick = <T>(f: (i: number) => T) =>
    Object.fromEntries(entries.map(([name], i) => [name, f(i)])) as Record<Person, T>;
  return {
    a,
    b,
    ids: pick((i) => entries[i]![1].userId),
    names: pick((i) => entries[i]![1].fullName),
    as: pick((i) => clients[i]!),
  };
}

/** The create form for `days` from `now` (Oslo), `from` to `to` o'clock. */
export function form(now: Date, days: number, from: number, to: number, extra: Partial<ShiftInput> = {}) {
  return {
    date: osloDate(new Date(now.getTime() + days * 86_400_000)),
    fromHour: from,
    toHour: to,
    title: "Dagvakt",
    location: "Operasjon 1",
    ...extra,
  } satisfies ShiftInput;
}
