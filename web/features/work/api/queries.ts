/** Reading a department's working-time rules and its competences (leaders and admins). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { competenceList, workRulesDto } from "../../../../common/schemas/work.ts";
import { apiFetch } from "../../../lib/api.ts";
import { competencesPath, rulesPath, workKeys } from "./keys.ts";

export const workRulesQuery = (deptId: string) =>
  queryOptions({
    queryKey: workKeys.rules(deptId),
    queryFn: () => apiFetch(rulesPath(deptId), { schema: workRulesDto }),
  });

export const competencesQuery = (deptId: string) =>
  queryOptions({
    queryKey: workKeys.competences(deptId),
    queryFn: () => apiFetch(competencesPath(deptId), { schema: competenceList }),
  });

export const useWorkRules = (deptId: string) => useQuery(workRulesQuery(deptId));
export const useCompetences = (deptId: string) => useQuery(competencesQuery(deptId));
