import { CircleAlert } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { type ErrorCode, ui } from "../../../common/texts/index.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { safeNext } from "../../lib/next-path.ts";
import { paths } from "../../lib/paths.ts";
import { useSessionActions } from "../../lib/session.tsx";
import { AuthLayout } from "./AuthLayout.tsx";

export interface LinkFragment {
  token: string | null;
  next: string | null;
}

/**
 * The token (and `next`) an e-mail link carries in its fragment: `/auth/magic#token=…`.
 * A browser never sends the fragment with its GET, so tokens stay out of request logs;
 * the query string is not read, so a token there counts as missing.
 *
 * The fragment is read once and then removed from the address bar, so the token is not
 * left in the history or on a screenshot. The value read first is kept in state: it
 * survives the re-render without the fragment and StrictMode's second effect run.
 */
export function useLinkFragment(): LinkFragment {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [fragment] = useState<LinkFragment>(() => {
    const params = new URLSearchParams(hash.slice(1));
    return { token: params.get("token") || null, next: params.get("next") };
  });
  useEffect(() => {
    // A replacing navigation (history.replaceState): Back does not bring the token back either.
    if (hash) navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);
  return fragment;
}

/**
 * What a page does once its e-mail link has signed the person in: load the new session,
 * then go to `next` as the server answered it (a new person gets 'Velg din avdeling'
 * there). The history entry of the link page is replaced: Back must not return to a
 * used link.
 */
export function useLinkSignedIn(): (next: string) => Promise<void> {
  const navigate = useNavigate();
  const { afterSignIn } = useSessionActions();
  return useCallback(
    async (next: string) => {
      await afterSignIn();
      navigate(safeNext(next), { replace: true });
    },
    [afterSignIn, navigate],
  );
}

/**
 * A refusal of the link itself (used, expired, replaced: the server's `code`), which no
 * other input can fix: the page shows `refused` instead of its form. `unlessRefused`
 * resolves to null on that refusal and passes any other failure on, to the form.
 */
export function useLinkRefusal(code: ErrorCode) {
  const [refused, setRefused] = useState<string | null>(null);
  const unlessRefused = <T,>(request: Promise<T>): Promise<T | null> =>
    request.catch((err: unknown) => {
      if (!(err instanceof ApiError && err.code === code)) throw err;
      setRefused(err.message);
      return null;
    });
  return { refused, unlessRefused };
}

/**
 * An e-mail link that cannot be used (no token, or the server refused it). `retryTo` is
 * the page where a new link can be requested, when there is one.
 */
export function LinkFailed({
  title,
  message,
  retryTo,
}: {
  title: string;
  message: string;
  retryTo?: string;
}) {
  return (
    <AuthLayout title={title}>
      <div role="alert" className="flex items-start gap-3 text-[15px] text-ink">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-error" />
        <p>{message}</p>
      </div>
      <div className="mt-6 flex flex-col gap-3">
        {retryTo && (
          <Link to={retryTo} className={cn(buttonClass("primary", "lg"), "w-full")}>
            {ui.auth.requestNewLink}
          </Link>
        )}
        <Link to={paths.login} className={cn(buttonClass(retryTo ? "outline" : "primary", "lg"), "w-full")}>
          {ui.auth.backToLogin}
        </Link>
      </div>
    </AuthLayout>
  );
}
