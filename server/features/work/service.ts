/**
 * What leaders set for working time and competence (issue 28): the department's limits
 * and 'Deltid først', its competences, and each staff member's contract and
 * competences. Every change runs in one transaction with its audit row (ids and
 * values, never names). Races are the database's to decide: the unique index on a
 * department's names, the share lock on competences a write names.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { workLimits } from "../../../common/base/limits.ts";
import { lawWorkLimits, outerWorkLimits } from "../../../common/domain/working-time.ts";
import type {
  CompetenceDto,
  CompetenceInput,
  StaffWorkDto,
  StaffWorkInput,
  WorkRulesDto,
  WorkRulesInput,
} from "../../../common/schemas/work.ts";
import type { Db, Tx } from "../../db/client.ts";
import { competences, departments, staff, staffCompetences } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique.ts";
import { recordAccess } from "../../platform/access-log.ts";
import { recordAudit } from "../../platform/audit.ts";
import { departmentCompetences } from "../../platform/competences.ts";
import type { AppContext } from "../../platform/context.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { withTx } from "../../platform/tx.ts";
import type { CompetenceResource } from "../../policies/resources.ts";

type Deps = Pick<AppContext, "db" | "bus">;
interface Actor {
  userId: string;
}

// ── 'Arbeidstidsregler' ────────────────────────────────────────────────────────

const ruleColumns = {
  maxHoursPerDay: departments.maxHoursPerDay,
  maxOvertimeWeek: departments.maxOvertimeWeek,
  maxOvertime4Weeks: departments.maxOvertime4Weeks,
  maxOvertimeYear: departments.maxOvertimeYear,
  partTimeFirst: departments.partTimeFirst,
};

/** The department's rules with the installation's rest rule and the law's figures beside them. */
export async function readWorkRules(
  db: Db | Tx,
  minRestHours: number,
  deptId: string,
): Promise<WorkRulesDto> {
  const [rules] = await db.select(ruleColumns).from(departments).where(eq(departments.id, deptId));
  if (!rules) throw notFound("department_not_found");
  return { deptId, ...rules, minRestHours, law: lawWorkLimits, outer: outerWorkLimits };
}

/** A local agreement's limits (the schema keeps them within the law's outer bounds). */
export function saveWorkRules(deps: Deps, actor: Actor, deptId: string, input: WorkRulesInput) {
  return withTx(deps, async (tx) => {
    const [saved] = await tx
      .update(departments)
      .set(input)
      .where(eq(departments.id, deptId))
      .returning({ id: departments.id });
    if (!saved) throw notFound("department_not_found");
    await recordAudit(tx, actor, "workRules.edit", { type: "department", id: deptId }, { ...input });
  });
}

// ── 'Kompetanse' ───────────────────────────────────────────────────────────────

/** Lengths count code points, as PostgreSQL's char_length does. */
const length = (text: string) => Array.from(text).length;

/** The name as stored (trimmed, on one line), or 422 with the rule it breaks. */
function validName(name: string): string {
  const normalised = name.trim().replace(/\s+/g, " ");
  if (!normalised) throw unprocessable("competence_name_required");
  if (length(normalised) > workLimits.competenceNameMaxLength)
    throw unprocessable("competence_name_too_long");
  return normalised;
}

/** A name another competence of the department has, whatever the case or race, answers 409. */
async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("competence_name_taken");
    throw err;
  }
}

/**
 * How many active staff of its department hold the competence of the outer row. (The
 * outer table is named: Drizzle leaves columns unqualified in a query of one table.)
 */
const holders = sql<number>`(select count(*)::int from ${staffCompetences} sc
  join ${staff} s on s.id = sc.staff_id and s.is_active
  where sc.competence_id = ${competences}.id)`;

/** The department's competences by name, whatever the case, each with its holders. */
export function listCompetences(db: Db | Tx, deptId: string): Promise<CompetenceDto[]> {
  return db
    .select({ id: competences.id, name: competences.name, holders })
    .from(competences)
    .where(eq(competences.deptId, deptId))
    .orderBy(sql`lower(${competences.name})`, asc(competences.id));
}

async function presentCompetence(tx: Tx, id: string): Promise<CompetenceDto> {
  const [row] = await tx
    .select({ id: competences.id, name: competences.name, holders })
    .from(competences)
    .where(eq(competences.id, id));
  return row!;
}

/** 'Ny kompetanse'. */
export function createCompetence(deps: Deps, actor: Actor, deptId: string, input: CompetenceInput) {
  const name = validName(input.name);
  return nameTaken(() =>
    withTx(deps, async (tx) => {
      // One department's creations in turn, so the count below holds.
      await tx.execute(sql`select 1 from ${departments} where ${departments.id} = ${deptId} for update`);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(competences)
        .where(eq(competences.deptId, deptId));
      if (n >= workLimits.competencesPerDepartment) throw conflict("competences_full");
      const [made] = await tx
        .insert(competences)
        .values({ deptId, name })
        .onConflictDoNothing()
        .returning({ id: competences.id });
      if (!made) throw conflict("competence_name_taken");
      await recordAudit(tx, actor, "competence.create", { type: "competence", id: made.id }, { deptId });
      return { id: made.id, name, holders: 0 };
    }),
  );
}

export function renameCompetence(
  deps: Deps,
  actor: Actor,
  competence: CompetenceResource,
  input: CompetenceInput,
) {
  const name = validName(input.name);
  return nameTaken(() =>
    withTx(deps, async (tx) => {
      const [renamed] = await tx
        .update(competences)
        .set({ name })
        .where(and(eq(competences.id, competence.id), eq(competences.deptId, competence.deptId)))
        .returning({ id: competences.id });
      if (!renamed) throw notFound("competence_not_found");
      await recordAudit(
        tx,
        actor,
        "competence.rename",
        { type: "competence", id: competence.id },
        { deptId: competence.deptId },
      );
      return presentCompetence(tx, competence.id);
    }),
  );
}

/** The competence, and with it every holding and every shift's requirement of it. */
export function deleteCompetence(deps: Deps, actor: Actor, competence: CompetenceResource) {
  return withTx(deps, async (tx) => {
    const [gone] = await tx
      .delete(competences)
      .where(and(eq(competences.id, competence.id), eq(competences.deptId, competence.deptId)))
      .returning({ id: competences.id });
    if (!gone) throw notFound("competence_not_found");
    await recordAudit(
      tx,
      actor,
      "competence.delete",
      { type: "competence", id: competence.id },
      { deptId: competence.deptId },
    );
  });
}

// ── A staff member's contract and competences ──────────────────────────────────

/** The staff record of `userId` in `deptId`, if there is one. */
export async function staffRecordId(db: Db | Tx, deptId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.deptId, deptId), eq(staff.userId, userId)));
  return row?.id ?? null;
}

/** Their contract and competences in the department (competences by name). */
export async function readStaffWork(db: Db | Tx, deptId: string, userId: string): Promise<StaffWorkDto> {
  const [row] = await db
    .select({
      positionPercent: staff.positionPercent,
      fullTimeHours: staff.fullTimeHours,
      competenceIds: sql<string[]>`coalesce((
        select json_agg(c.id order by lower(c.name), c.id)
        from ${staffCompetences} sc join ${competences} c on c.id = sc.competence_id
        where sc.staff_id = ${staff}.id), '[]'::json)`,
    })
    .from(staff)
    .where(and(eq(staff.deptId, deptId), eq(staff.userId, userId)));
  if (!row) throw notFound("staff_record_not_found");
  return { deptId, userId, ...row };
}

/** 'Stillingsprosent', a full position's hours, and the set of competences held (replaced). */
export function saveStaffWork(
  deps: Deps,
  actor: Actor,
  deptId: string,
  userId: string,
  input: StaffWorkInput,
) {
  return withTx(deps, async (tx) => {
    const competenceIds = await departmentCompetences(tx, deptId, input.competenceIds);
    const [record] = await tx
      .update(staff)
      .set({ positionPercent: input.positionPercent, fullTimeHours: input.fullTimeHours })
      .where(and(eq(staff.deptId, deptId), eq(staff.userId, userId)))
      .returning({ id: staff.id });
    if (!record) throw notFound("staff_record_not_found");
    await tx.delete(staffCompetences).where(eq(staffCompetences.staffId, record.id));
    if (competenceIds.length > 0)
      await tx
        .insert(staffCompetences)
        .values(competenceIds.map((competenceId) => ({ staffId: record.id, competenceId })));
    await recordAudit(
      tx,
      actor,
      "staffWork.edit",
      { type: "user", id: userId },
      {
        deptId,
        positionPercent: input.positionPercent,
        fullTimeHours: input.fullTimeHours,
        competenceIds,
      },
    );
    await recordAccess(tx, { actorId: actor.userId, subjectId: userId, action: "record.edit" });
  });
}
