/**
 * 'Oppbevaring' (admins): the departments to choose among, and a department's retention
 * rules, read and saved whole. Saving says how it went in a toast (on failure our title
 * and the server's Norwegian reason under it).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { departmentList } from "../../../../common/schemas/departments.ts";
import { type RetentionRulesInput, retentionRulesDto } from "../../../../common/schemas/retention.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../../lib/api.ts";

const t = ui.retention;

const rulesPath = (deptId: string) => `/api/admin/departments/${encodeURIComponent(deptId)}/retention`;

export const retentionKeys = {
  departments: ["retention", "departments"],
  rules: (deptId: string) => ["retention", "rules", deptId],
} as const;

export const useDepartments = () =>
  useQuery(
    queryOptions({
      queryKey: retentionKeys.departments,
      queryFn: () => apiFetch("/api/departments", { schema: departmentList }),
    }),
  );

export const useRetentionRules = (deptId: string) =>
  useQuery(
    queryOptions({
      queryKey: retentionKeys.rules(deptId),
      queryFn: () => apiFetch(rulesPath(deptId), { schema: retentionRulesDto }),
    }),
  );

/** 'Lagre': the answer is the rules as stored. */
export function useSaveRetention(deptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionRulesInput) =>
      apiFetch(rulesPath(deptId), { method: "PUT", body, schema: retentionRulesDto }),
    onSuccess: (saved) => {
      client.setQueryData(retentionKeys.rules(deptId), saved);
      toast.success(t.saved);
    },
    onError: (err) => {
      const reason = err instanceof ApiError && err.message !== t.saveFailed ? err.message : undefined;
      toast.error(t.saveFailed, reason ? { description: reason } : undefined);
    },
  });
}
