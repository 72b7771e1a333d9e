/**
 * The admin audit log (decisions.md § Users): every admin action leaves one row saying
 * who did what to which thing, and when. Rows outlive the people in them, so they hold
 * ids, never names or e-mail addresses: the row for a deleted user keeps the target's id
 * and nothing that identifies the person. `details` is a small flat object of such ids
 * and counts ({ deptId, count: 12 }); an e-mail address in it is refused.
 */
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../db/client.ts";
import { adminAuditLog } from "../db/schema.ts";
import type { Action } from "../policies/index.ts";

const detailsMaxChars = 2000;

const value = z.union([
  z
    .string()
    .max(200)
    .refine((v) => !v.includes("@"), "an e-mail address does not belong in the audit log"),
  z.number(),
  z.boolean(),
  z.null(),
]);

const auditDetails = z
  .record(z.string().max(50), z.union([value, z.array(value).max(100)]))
  .refine((d) => JSON.stringify(d).length <= detailsMaxChars, "audit details too large");
export type AuditDetails = z.infer<typeof auditDetails>;

export interface AuditTarget {
  /** what kind of thing: "user", "department", "broadcast" … */
  type: string;
  id: string | null;
}

/** Who did it: a person, or null for the app itself (a job such as retention's). */
type AuditActor = { userId: string } | null;

/**
 * The row's insert as SQL, for a caller that writes it as part of its own statement (a
 * CTE), so that it stands or falls with the rest; `onlyIf` writes it only when that
 * condition holds (say, that the statement's gate let the change through). Throws
 * (before writing) when `details` is not a small object of ids and values.
 */
export function auditInsert(
  actor: AuditActor,
  action: Action,
  target: AuditTarget,
  details: AuditDetails = {},
  onlyIf: SQL = sql`true`,
): SQL {
  const valid = auditDetails.parse(details);
  return sql`insert into ${adminAuditLog} (actor_user_id, action, target_type, target_id, details)
    select ${actor?.userId ?? null}, ${action}, ${target.type}, ${target.id}, ${JSON.stringify(valid)}::jsonb
    where ${onlyIf}`;
}

/** Writes the row in the caller's transaction, so an action and its record stand or fall together. */
export async function recordAudit(
  tx: Tx,
  actor: AuditActor,
  action: Action,
  target: AuditTarget,
  details: AuditDetails = {},
): Promise<string> {
  const result = (await tx.execute(
    sql`${auditInsert(actor, action, target, details)} returning id`,
  )) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
}
