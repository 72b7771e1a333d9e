/**
 * Where to go after sign-in: the page the person first asked for, carried as ?next=
 * through /login, the magic-link e-mail and password sign-in. Only same-site paths count.
 */
import { returnPath } from "../../common/schemas/auth.ts";
import { isTokenPage, paths } from "./paths.ts";

const isAuthPage = (path: string) =>
  path.startsWith(paths.login) || path.startsWith(paths.register) || isTokenPage(path);

export function safeNext(value: string | null | undefined): string {
  const parsed = returnPath.safeParse(value);
  if (!parsed.success) return paths.home;
  return isAuthPage(parsed.data) ? paths.home : parsed.data;
}

/** /login, remembering `path` unless it is the landing page anyway. */
export function loginPathFor(path: string): string {
  const next = safeNext(path);
  return next === paths.home ? paths.login : `${paths.login}?next=${encodeURIComponent(next)}`;
}
