import type { MutationKey } from "@tanstack/react-query";

/**
 * The keys of the auth feature's mutations, so whatever watches them (useIsMutating, the
 * mutation cache) names them the same way as the hooks that run them.
 */
export const authKeys = {
  magicLink: ["auth", "magic-link"],
  passwordSignIn: ["auth", "sign-in"],
  register: ["auth", "register"],
  confirm: ["auth", "confirm"],
  passwordReset: ["auth", "password-reset"],
  passwordResetConfirm: ["auth", "password-reset", "confirm"],
} as const satisfies Record<string, MutationKey>;
