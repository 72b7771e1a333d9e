/** Departments for production (issue 9): admins create and rename them; names are unique. */
import { eq } from "drizzle-orm";
import { departments } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique.ts";
import { recordAudit } from "../../platform/audit.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";

async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("department_name_taken");
    throw err;
  }
}

export function createDepartment(deps: TxDeps, actor: { userId: string } | null, name: string) {
  return nameTaken(() =>
    withTx(deps, async (tx) => {
      const [dept] = await tx
        .insert(departments)
        .values({ name })
        .returning({ id: departments.id, name: departments.name });
      if (actor) await recordAudit(tx, actor, "department.create", { type: "department", id: dept!.id });
      return dept!;
    }),
  );
}

export function renameDepartment(deps: TxDeps, actor: { userId: string }, deptId: string, name: string) {
  return nameTaken(() =>
    withTx(deps, async (tx) => {
      const [dept] = await tx
        .update(departments)
        .set({ name })
        .where(eq(departments.id, deptId))
        .returning({ id: departments.id, name: departments.name });
      if (!dept) throw notFound("department_not_found");
      await recordAudit(tx, actor, "department.rename", { type: "department", id: deptId });
      return dept;
    }),
  );
}
