import { useMutation } from "@tanstack/react-query";
import {
  type ConfirmRequest,
  magicLinkVerifyResponse,
  type RegisterRequest,
} from "../../../../common/schemas/auth.ts";
import { okResponse } from "../../../../common/schemas/errors.ts";
import { apiFetch } from "../../../lib/api.ts";
import { authKeys } from "./keys.ts";

/** Registers an unconfirmed account; the confirmation mail follows. */
export function useRegister() {
  return useMutation({
    mutationKey: authKeys.register,
    mutationFn: (body: RegisterRequest) =>
      apiFetch("/api/auth/register", { method: "POST", body, schema: okResponse }),
  });
}

/** Confirms a registration with its link's token and password; signed in, it answers where to go. */
export function useConfirmRegistration() {
  return useMutation({
    mutationKey: authKeys.confirm,
    mutationFn: (body: ConfirmRequest) =>
      apiFetch("/api/auth/confirm", { method: "POST", body, schema: magicLinkVerifyResponse }),
  });
}
