/**
 * Before 'Jeg er interessert': what the working-time rules say about me taking the shift
 * (issue 28). Asked at the press, never kept: my other shifts change the answer.
 */
import { useMutation } from "@tanstack/react-query";
import { takeCheckDto } from "../../../../common/schemas/work.ts";
import { apiFetch } from "../../../lib/api.ts";
import { shiftPath } from "./keys.ts";

export const useTakeCheck = () =>
  useMutation({
    mutationFn: (shiftId: string) => apiFetch(shiftPath(shiftId, "eligibility"), { schema: takeCheckDto }),
  });
