/**
 * The departments a person can join and be in. Joining and switching change the
 * session (current department, role, abilities): reloading it is the caller's next step,
 * and the person's other tabs follow by themselves (session.changed).
 */
import { queryOptions, type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type currentDepartmentRequest,
  departmentList,
  type joinDepartmentRequest,
  joinDepartmentResponse,
} from "../../../../common/schemas/departments.ts";
import { okResponse } from "../../../../common/schemas/errors.ts";
import { apiFetch } from "../../../lib/api.ts";

/** Every department, by name: what 'Velg din avdeling' offers. */
export const departmentsQuery = () =>
  queryOptions({
    queryKey: ["departments"],
    queryFn: () => apiFetch("/api/departments", { schema: departmentList }),
  });

/** ensure_staff: only a person without any staff record may join; answers created or existing. */
export function useJoinDepartment() {
  return useMutation({
    mutationKey: ["departments", "join"],
    mutationFn: (deptId: string) => {
      const body: z.infer<typeof joinDepartmentRequest> = { deptId };
      return apiFetch("/api/me/departments", { method: "POST", body, schema: joinDepartmentResponse });
    },
  });
}

/**
 * Makes another of the person's departments the current one. The caller's outcomes go on
 * the mutation itself, not on `mutate`: the menu that starts it closes (and unmounts) at
 * once, and `mutate`'s own callbacks would then never run.
 */
export function useSwitchDepartment(
  outcome: Pick<UseMutationOptions<unknown, Error, string>, "onSuccess" | "onError">,
) {
  return useMutation({
    ...outcome,
    mutationKey: ["departments", "switch"],
    mutationFn: (deptId: string) => {
      const body: z.infer<typeof currentDepartmentRequest> = { deptId };
      return apiFetch("/api/me/current-department", { method: "PUT", body, schema: okResponse });
    },
  });
}
