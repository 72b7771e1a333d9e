/** The result of an assignment and its full audit (decisions.md § Fair assignment). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { assignmentAudit, assignmentOutcome, assignmentPreview } from "../../../../common/schemas/shifts.ts";
import { apiFetch } from "../../../lib/api.ts";
import { shiftKeys, shiftPath } from "./keys.ts";

export const outcomeQuery = (shiftId: string) =>
  queryOptions({
    queryKey: shiftKeys.outcome(shiftId),
    queryFn: () => apiFetch(shiftPath(shiftId, "outcome"), { schema: assignmentOutcome }),
  });

export const auditQuery = (shiftId: string) =>
  queryOptions({
    queryKey: shiftKeys.audit(shiftId),
    queryFn: () => apiFetch(shiftPath(shiftId, "audit"), { schema: assignmentAudit }),
  });

export const useOutcome = (shiftId: string) => useQuery(outcomeQuery(shiftId));

/** Asked for only once 'Se full audit' is pressed. */
export const useAudit = (shiftId: string, enabled: boolean) => useQuery({ ...auditQuery(shiftId), enabled });

/**
 * What 'Tildel automatisk' would decide on, read each time its confirmation opens (who
 * is interested changes by the minute).
 */
export const useAssignmentPreview = (shiftId: string, enabled: boolean) =>
  useQuery({
    queryKey: shiftKeys.preview(shiftId),
    queryFn: () => apiFetch(shiftPath(shiftId, "assignment-preview"), { schema: assignmentPreview }),
    enabled,
    staleTime: 0,
    refetchOnMount: "always",
  });
