import { departments, user } from "../../db/schema.ts";
import { signedInClient } from "../../test/factories.ts";
import type { Client, TestApp } from "../../test/harness.ts";

export const demo = {
  admin: "admin@demo.no",
  leader: "leder@demo.no",
  secretary: "sekretaer@demo.no",
  kari: "kari@demo.no",
  ola: "ola@demo.no",
  per: "intensiv@demo.no",
} as const;
export type DemoName = keyof typeof demo;

/** Long enough for the bus's microtasks to have run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** The demo people's user ids and the demo departments' ids. */
export async function demoIds(t: TestApp) {
  const users = await t.ctx.db.select({ id: user.id, email: user.email }).from(user);
  const depts = await t.ctx.db.select().from(departments);
  const ids = Object.fromEntries(
    Object.entries(demo).map(([name, email]) => [name, users.find((u) => u.email === email)!.id]),
  ) as Record<DemoName, string>;
  const dept = (name: string) => depts.find((d) => d.name === name)!.id;
  return { ...ids, anestesi: dept("Anestesi"), intensiv: dept("Intensiv"), akuttmottak: dept("Akuttmottak") };
}

/** A signed-in client per demo person. */
export async function demoClients(
  t: TestApp,
  ids: Record<DemoName, string>,
): Promise<Record<DemoName, Client>> {
  const entries = await Promise.all(
    (Object.keys(demo) as DemoName[]).map(
      async (name) => [name, await signedInClient(t, ids[name])] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<DemoName, Client>;
}

/** The id of the thread a get-or-create or create call answered with. */
export function threadIdOf(res: { statusCode: number; body: string; json(): { id: string } }): string {
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`no thread: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
