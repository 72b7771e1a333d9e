/**
 * What leaders change on the admin page: the department's working-time rules and its
 * competences. Each says how it went itself (a toast; on failure our title and the
 * server's Norwegian reason under it) and refreshes the working-time queries after. A
 * competence renamed or deleted changes the cards that require it: the shifts are read
 * again too.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { okResponse } from "../../../../common/schemas/errors.ts";
import {
  type CompetenceInput,
  competenceDto,
  type WorkRulesInput,
  workRulesDto,
} from "../../../../common/schemas/work.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../../lib/api.ts";
import { competencesPath, rulesPath, workKeys } from "./keys.ts";

const t = ui.work;

/** The shift lists' prefix (web/features/shifts/api/keys.ts): a card names what its shift requires. */
const shiftsKey = ["shifts"];

const refresh = (client: QueryClient, shifts = false) => {
  void client.invalidateQueries({ queryKey: workKeys.all });
  if (shifts) void client.invalidateQueries({ queryKey: shiftsKey });
};

/** A failure: our title, and the server's reason when it gave one. */
function failed(err: unknown, title: string) {
  const reason = err instanceof ApiError && err.message !== title ? err.message : undefined;
  toast.error(title, reason ? { description: reason } : undefined);
}

/** 'Lagre' under 'Arbeidstidsregler': the answer is the rules as stored. */
export function useSaveWorkRules(deptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkRulesInput) =>
      apiFetch(rulesPath(deptId), { method: "PUT", body, schema: workRulesDto }),
    onSuccess: (rules) => {
      client.setQueryData(workKeys.rules(deptId), rules);
      toast.success(t.rules.saved);
    },
    onError: (err) => failed(err, t.rules.saveFailed),
    onSettled: () => refresh(client),
  });
}

/** 'Ny kompetanse': the form shows a refusal under the name. */
export function useCreateCompetence(deptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompetenceInput) =>
      apiFetch(competencesPath(deptId), { method: "POST", body, schema: competenceDto }),
    onSuccess: (made) => toast.success(t.competences.created(made.name)),
    onSettled: () => refresh(client),
  });
}

/** Renaming: the form shows a refusal under the name. */
export function useRenameCompetence(deptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ competenceId, name }: { competenceId: string; name: string }) =>
      apiFetch(competencesPath(deptId, competenceId), {
        method: "PATCH",
        body: { name } satisfies CompetenceInput,
        schema: competenceDto,
      }),
    onSuccess: () => toast.success(t.competences.renamed),
    onSettled: () => refresh(client, true),
  });
}

export function useDeleteCompetence(deptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (competenceId: string) =>
      apiFetch(competencesPath(deptId, competenceId), { method: "DELETE", schema: okResponse }),
    onSuccess: () => toast.success(t.competences.deleted),
    onError: (err) => failed(err, t.competences.deleteFailed),
    onSettled: () => refresh(client, true),
  });
}
