import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type MagicLinkRequest,
  magicLinkVerifyResponse,
  type PasswordSignInRequest,
  type tokenBody,
} from "../../../../common/schemas/auth.ts";
import { okResponse } from "../../../../common/schemas/errors.ts";
import { apiFetch } from "../../../lib/api.ts";
import { paths } from "../../../lib/paths.ts";
import { authKeys } from "./keys.ts";

/** Sends a sign-in link; the server answers the same whether or not the address has an account. */
export function useSendMagicLink() {
  return useMutation({
    mutationKey: authKeys.magicLink,
    mutationFn: (body: MagicLinkRequest) =>
      apiFetch("/api/auth/magic-link", { method: "POST", body, schema: okResponse }),
  });
}

/** Sets the session cookie; loading the session is the caller's next step. */
export function usePasswordSignIn() {
  return useMutation({
    mutationKey: authKeys.passwordSignIn,
    mutationFn: (body: PasswordSignInRequest) =>
      apiFetch("/api/auth/sign-in", { method: "POST", body, schema: okResponse }),
  });
}

type MagicLinkVerifyRequest = z.infer<typeof tokenBody> & Pick<MagicLinkRequest, "next">;

/**
 * A token is used once. React StrictMode mounts effects twice and a remount must not
 * post again, so each token's request is made once per page load and shared. It is not
 * a query: a refetch (after sign-in the personal queries are reset) would post a used token.
 */
const verifications = new Map<string, Promise<string>>();

/**
 * Signs in with a magic link's token; resolves to where to go next. `next` (from the
 * link) is echoed back by the server, which checks it is a same-site path.
 */
export function verifyMagicLinkOnce(token: string, next: string): Promise<string> {
  let verification = verifications.get(token);
  if (!verification) {
    const body: MagicLinkVerifyRequest = next === paths.home ? { token } : { token, next };
    verification = apiFetch("/api/auth/magic-link/verify", {
      method: "POST",
      body,
      schema: magicLinkVerifyResponse,
    }).then((r) => r.next);
    verifications.set(token, verification);
  }
  return verification;
}
