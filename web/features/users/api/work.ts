/**
 * A person's contract and competences in a department (issue 28), read and saved from
 * 'Rediger bruker' and a leader's 'Arbeidsavtale og kompetanse'. The keys start with
 * "work", as the admin page's do: a save there or here refreshes the holders' counts and
 * the competences offered everywhere.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { competenceList, type StaffWorkInput, staffWorkDto } from "../../../../common/schemas/work.ts";
import { apiFetch } from "../../../lib/api.ts";

const enc = encodeURIComponent;
const staffWorkPath = (deptId: string, userId: string) =>
  `/api/departments/${enc(deptId)}/staff/${enc(userId)}/work`;

export const staffWorkQuery = (deptId: string, userId: string) =>
  queryOptions({
    queryKey: ["work", "staff", deptId, userId],
    queryFn: () => apiFetch(staffWorkPath(deptId, userId), { schema: staffWorkDto }),
  });

export const useStaffWork = (deptId: string, userId: string) => useQuery(staffWorkQuery(deptId, userId));

export const useDepartmentCompetences = (deptId: string) =>
  useQuery({
    queryKey: ["work", "competences", deptId],
    queryFn: () => apiFetch(`/api/departments/${enc(deptId)}/competences`, { schema: competenceList }),
  });

/** Saves one department's contract; the caller says how it went. */
export function useSaveStaffWork(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ deptId, body }: { deptId: string; body: StaffWorkInput }) =>
      apiFetch(staffWorkPath(deptId, userId), { method: "PUT", body, schema: staffWorkDto }),
    onSettled: () => void client.invalidateQueries({ queryKey: ["work"] }),
  });
}
