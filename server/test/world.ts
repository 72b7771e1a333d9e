/**
 * The people the feature API tests meet: two departments of their own per test file,
 * A with an admin, a leader and three staff (Kari, Ola, Lise), B with a leader and Per,
 * who must see nothing of A's; each with a signed-in client.
 */
import { makeDepartment, makeStaff, signedInClient } from "./factories.ts";
import type { Client, TestApp } from "./harness.ts";

const roles = {
  admin: ["admin", "a"],
  leader: ["leader", "a"],
  kari: ["staff", "a"],
  ola: ["staff", "a"],
  lise: ["staff", "a"],
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

export async function twoDepartments(t: TestApp): Promise<World> {
  const a = (await makeDepartment(t)).id;
  const b = (await makeDepartment(t)).id;
  const entries = await Promise.all(
    (Object.keys(roles) as Person[]).map(async (name) => {
      const [role, dept] = roles[name];
      return [name, await makeStaff(t, { role, dept: dept === "a" ? a : b, active: true })] as const;
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
