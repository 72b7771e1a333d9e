import { z } from "zod";

export const department = z.object({ id: z.uuid(), name: z.string() });
export type Department = z.infer<typeof department>;
export const departmentList = z.object({ departments: z.array(department) });

export const joinDepartmentRequest = z.object({ deptId: z.uuid() });
/** ensure_staff: 'created' → 'Velkommen!', 'existing' → 'Velkommen tilbake!' */
export const joinDepartmentResponse = z.object({ status: z.enum(["created", "existing"]) });

export const currentDepartmentRequest = z.object({ deptId: z.uuid() });
