import { z } from "zod";
import { hasControlCharacters } from "../base/characters.ts";
import { limits } from "../base/limits.ts";
import { roles } from "../domain/roles.ts";
import {
  confirmationError,
  emailError,
  newPasswordError,
  normaliseEmail,
  registrationError,
} from "../domain/validation.ts";
import { type ErrorCode, errorMessages, ui } from "../texts/index.ts";

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

/** Signed out; a session begun by single sign-on may be ended at the provider too (its address). */
export const signOutResponse = z.object({
  ok: z.literal(true),
  providerLogoutUrl: z.string().url().nullable(),
});

export const magicLinkRequest = z.object({ email: text(limits.emailMaxLength), next: returnPath.optional() });
export type MagicLinkRequest = z.infer<typeof magicLinkRequest>;

export const tokenBody = z.object({ token: z.string().min(10).max(500) });

/** The page a magic link opens posts its token and the page asked for before sign-in. */
export const magicLinkVerifyRequest = tokenBody.extend({ next: returnPath.optional() });

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

export type PasswordSignInRequest = z.infer<typeof passwordSignInRequest>;
export type ConfirmRequest = z.infer<typeof confirmRequest>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/*
 * The forms' schemas. Their rules are the server's own (domain/validation, its 422
 * answers), applied to what was typed: the first rule broken, in the server's order and
 * with its message, so a form refuses exactly what the server would. The request
 * schemas above stay shape-only; a form leaves the shape to the server.
 */

/**
 * The field of the sign-in forms a rule or a refusal is about: the form marks it and
 * puts the focus there. 'Alle felt må fylles ut' is about every blank field.
 */
export const authErrorFields: Readonly<Partial<Record<ErrorCode, string>>> = {
  email_required: "email",
  invalid_email: "email",
  email_domain_not_allowed: "email",
  email_taken: "email",
  passwords_differ: "confirmPassword",
  password_too_short: "password",
  confirmation_password_wrong: "password",
};

type FormValues = Record<string, string>;

function report(ctx: z.RefinementCtx, message: string, fields: readonly string[]) {
  for (const field of fields) ctx.addIssue({ code: "custom", message, path: [field] });
}

/**
 * Puts the first broken rule on the fields to fix: the one it is about, every blank one
 * for 'Alle felt må fylles ut', every field for a rule about none in particular.
 */
function reportRule(ctx: z.RefinementCtx, values: FormValues, code: ErrorCode | null) {
  if (!code) return;
  const names = Object.keys(values);
  const about = authErrorFields[code];
  const fields =
    code === "all_fields_required" ? names.filter((name) => !values[name]?.trim()) : about ? [about] : names;
  report(ctx, errorMessages[code], fields);
}

/** The forms that ask for a link by e-mail: sign-in link, 'Glemt passord?'. */
export const emailLinkForm = z
  .object({ email: z.string() })
  .superRefine(({ email }, ctx) => reportRule(ctx, { email }, emailError(email)))
  .transform(({ email }) => ({ email: normaliseEmail(email) }));

/** /login holds both fields in either way of signing in; the password counts only when used. */
function signInForm(withPassword: boolean) {
  return z
    .object({ email: z.string(), password: z.string() })
    .superRefine(({ email, password }, ctx) => {
      const rule = emailError(email);
      if (rule) reportRule(ctx, { email }, rule);
      else if (withPassword && !password) report(ctx, ui.auth.passwordRequired, ["password"]);
    })
    .transform(({ email, password }) => ({ email: normaliseEmail(email), password }));
}

export const signInForms = { link: signInForm(false), password: signInForm(true) };

export const registrationForm = z
  .object({ fullName: z.string(), email: z.string(), password: z.string(), confirmPassword: z.string() })
  .superRefine((input, ctx) => reportRule(ctx, input, registrationError(input)))
  .transform(
    (input): RegisterRequest => ({
      ...input,
      fullName: input.fullName.trim(),
      email: input.email.trim(),
    }),
  );

/** 'Nytt passord': the token comes from the link, not the form. */
export const newPasswordForm = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((input, ctx) =>
    reportRule(ctx, input, newPasswordError(input.password, input.confirmPassword)),
  );

/** Confirming a registration: the token comes from the link, not the form. */
export const confirmationForm = z
  .object({ password: z.string() })
  .superRefine((input, ctx) => reportRule(ctx, input, confirmationError(input.password)));

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
  /** the 'Haster' overview of the department (leaders and admins) */
  urgentOverview: z.boolean().optional(),
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
