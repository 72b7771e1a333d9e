/**
 * Where to go after sign-in: the page the person first asked for, carried as ?next=
 * through /login, the magic-link e-mail and password sign-in. Only same-site paths count.
 */
import { returnPath } from "../../common/schemas/auth.ts";

const authPages = ["/login", "/register", "/auth/"];

export function safeNext(value: string | null | undefined): string {
  const parsed = returnPath.safeParse(value);
  if (!parsed.success) return "/";
  return authPages.some((p) => parsed.data.startsWith(p)) ? "/" : parsed.data;
}

/** /login, remembering `path` unless it is the landing page anyway. */
export function loginPathFor(path: string): string {
  const next = safeNext(path);
  return next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}
