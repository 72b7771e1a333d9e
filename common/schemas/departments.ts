import { z } from "zod";
import { roles } from "../domain/roles.ts";

export const department = z.object({ id: z.uuid(), name: z.string() });
export type Department = z.infer<typeof department>;
export const departmentList = z.object({ departments: z.array(department) });

export const joinDepartmentRequest = z.object({ deptId: z.uuid() });
/** ensure_staff: 'created' → 'Velkommen!', 'existing' → 'Velkommen tilbake!' */
export const joinDepartmentResponse = z.object({ status: z.enum(["created", "existing"]) });

export const currentDepartmentRequest = z.object({ deptId: z.uuid() });

export const departmentParams = z.object({ deptId: z.uuid() });

/** A colleague (list_staff_in_department): what the colleague pickers and lists show. */
export const colleague = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** the role of their staff record in this department */
  role: z.enum(roles),
});
export type Colleague = z.infer<typeof colleague>;
/** The department's active staff, ordered by name. */
export const colleagueList = z.object({ staff: z.array(colleague) });
