import { useMutation } from "@tanstack/react-query";
import type { PasswordResetConfirm, PasswordResetRequest } from "../../../../common/schemas/auth.ts";
import { okResponse } from "../../../../common/schemas/errors.ts";
import { apiFetch } from "../../../lib/api.ts";
import { authKeys } from "./keys.ts";

/** 'Glemt passord?': the server answers the same for known and unknown addresses. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: authKeys.passwordReset,
    mutationFn: (body: PasswordResetRequest) =>
      apiFetch("/api/auth/password-reset", { method: "POST", body, schema: okResponse }),
  });
}

/** Saves the new password with the token from the reset link. */
export function useResetPassword() {
  return useMutation({
    mutationKey: authKeys.passwordResetConfirm,
    mutationFn: (body: PasswordResetConfirm) =>
      apiFetch("/api/auth/password-reset/confirm", { method: "POST", body, schema: okResponse }),
  });
}
