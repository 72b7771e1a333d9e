/**
 * What each part of the demo seed looks up first: the demo people it names (by e-mail)
 * and the departments it fills (by name). Someone or something the seed did not make is
 * missing, and the part then seeds nothing or less.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { departments, user } from "../schema.ts";

export interface DemoLookup<Who extends string> {
  /** how many of the named people exist */
  people: number;
  idOf(who: Who): string | undefined;
  deptIdOf(name: string): string | undefined;
}

export async function demoLookup<Who extends string>(
  db: Db,
  emails: Record<Who, string>,
  deptNames: readonly string[],
): Promise<DemoLookup<Who>> {
  const [people, depts] = await Promise.all([
    db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(inArray(user.email, Object.values<string>(emails))),
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(inArray(departments.name, [...deptNames])),
  ]);
  return {
    people: people.length,
    idOf: (who) => people.find((p) => p.email === emails[who])?.id,
    deptIdOf: (name) => depts.find((d) => d.name === name)?.id,
  };
}
