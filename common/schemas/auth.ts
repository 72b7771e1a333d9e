import { z } from "zod";
import { limits } from "../domain/limits.ts";
import { roles } from "../domain/roles.ts";

const probeOrigin = "https://app.invalid";

/**
 * Is `p` a path on this site? Resolved the way a browser would (`new URL` against our
 * origin), so tricks such as `//evil`, `/\\evil` or a tab inside `/\t/evil` are caught by
 * the same parser that would follow them. Control characters are refused outright.
 */
export function isSameSitePath(p: string): boolean {
  if (!p.startsWith("/") || hasControlCharacters(p)) return false;
  try {
    return new URL(p, probeOrigin).origin === probeOrigin;
  } catch {
    return false;
  }
}

/** C0 controls (NUL, tab, CR, LF …) and DEL: never part of a name, address or path. */
export function hasControlCharacters(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  return /[\u0000-\u001f\u007f]/.test(value);
}

/** A same-site path to return to after sign-in; anything else is dropped. */
export const returnPath = z.string().max(2000).refine(isSameSitePath, "Ugyldig sti");

export const email = z.string().trim().toLowerCase().max(limits.emailMaxLength).pipe(z.email());

/**
 * Shape only; the rules (format, length, equality) are in domain/validation and give 422.
 * Control characters are a malformed request (400), never stored or passed on.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasControlCharacters(v), "Ugyldige tegn");

export const magicLinkRequest = z.object({ email: text(limits.emailMaxLength), next: returnPath.optional() });
export type MagicLinkRequest = z.infer<typeof magicLinkRequest>;

export const tokenBody = z.object({ token: z.string().min(10).max(500) });

export const magicLinkVerifyResponse = z.object({ next: z.string() });

export const registerRequest = z.object({
  fullName: text(limits.fullNameMaxLength),
  email: text(limits.emailMaxLength),
  password: text(limits.passwordMaxLength),
  confirmPassword: text(limits.passwordMaxLength),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const passwordSignInRequest = z.object({
  email: text(limits.emailMaxLength),
  password: text(limits.passwordMaxLength),
});

/** Confirming a registration takes the password chosen at registration too. */
export const confirmRequest = tokenBody.extend({ password: text(limits.passwordMaxLength) });

export const passwordResetRequest = z.object({ email: text(limits.emailMaxLength) });

export const passwordResetConfirm = tokenBody.extend({
  password: text(limits.passwordMaxLength),
  confirmPassword: text(limits.passwordMaxLength),
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

export const membership = z.object({
  deptId: z.uuid(),
  deptName: z.string(),
  role: z.enum(roles),
  isActive: z.boolean(),
});
export type MembershipDto = z.infer<typeof membership>;

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});

export const abilities = z.object({
  viewAdmin: z.boolean(),
  manageShifts: z.boolean(),
  broadcast: z.boolean(),
  useDevTools: z.boolean(),
});
export type Abilities = z.infer<typeof abilities>;

export const session = z.object({
  user: sessionUser,
  memberships: z.array(membership),
  currentDeptId: z.uuid().nullable(),
  /** the role that counts in the current department (null: no staff record there) */
  role: z.enum(roles).nullable(),
  /** "highest role wins": the badge */
  badgeRole: z.enum(roles).nullable(),
  needsDepartment: z.boolean(),
  abilities,
});
export type Session = z.infer<typeof session>;

export const sessionResponse = z.object({ session: session.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;
