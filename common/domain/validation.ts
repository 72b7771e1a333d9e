/**
 * Rules for what people type, shared by the forms and the server, so both give the
 * same Norwegian message (spec §5).
 */
import { limits } from "../base/limits.ts";

/** The codes of these rules; each has its message in texts/errors/auth.ts. */
export type InputRuleError =
  | "all_fields_required"
  | "passwords_differ"
  | "password_too_short"
  | "invalid_email";

// Deliberately simple: one @, no spaces, a dot in the domain part.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= limits.emailMaxLength && emailPattern.test(value.trim());
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The first rule an address asked for on its own breaks (sign-in link, 'Glemt passord?'). */
export function emailError(value: string): "email_required" | "invalid_email" | null {
  const email = normaliseEmail(value);
  if (!email) return "email_required";
  if (!isValidEmail(email)) return "invalid_email";
  return null;
}

export interface RegistrationInput {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first rule a new password breaks (registration, 'Nytt passord'), in the form's order. */
export function newPasswordError(password: string, confirmPassword: string): InputRuleError | null {
  if (!password || !confirmPassword) return "all_fields_required";
  if (password !== confirmPassword) return "passwords_differ";
  if (password.length < limits.passwordMinLength) return "password_too_short";
  return null;
}

/** The first rule a registration breaks, in the order the form shows them. */
export function registrationError(input: RegistrationInput): InputRuleError | null {
  const { fullName, email, password, confirmPassword } = input;
  if (!fullName.trim() || !email.trim()) return "all_fields_required";
  const passwordRule = newPasswordError(password, confirmPassword);
  if (passwordRule) return passwordRule;
  if (!isValidEmail(email)) return "invalid_email";
  return null;
}

/**
 * Confirming a registration: any password but an empty one is checked against the one
 * chosen at registration.
 */
export function confirmationError(password: string): InputRuleError | null {
  return password ? null : "all_fields_required";
}

/** Does the address belong to one of the allowed domains (empty list: any)? */
export function emailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = normaliseEmail(email).split("@").pop() ?? "";
  return allowedDomains.includes(domain);
}
