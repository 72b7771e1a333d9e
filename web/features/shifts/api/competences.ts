/**
 * A department's competences, for 'Krever kompetanse' in the shift form (issue 28). The
 * key is the one the admin page's 'Kompetanse' writes under, so a competence added
 * there is offered here at once.
 */
import { useQuery } from "@tanstack/react-query";
import { competenceList } from "../../../../common/schemas/work.ts";
import { apiFetch } from "../../../lib/api.ts";

export const useDepartmentCompetences = (deptId: string) =>
  useQuery({
    queryKey: ["work", "competences", deptId],
    queryFn: () =>
      apiFetch(`/api/departments/${encodeURIComponent(deptId)}/competences`, { schema: competenceList }),
    enabled: deptId !== "",
  });
