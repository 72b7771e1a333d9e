import { useEffect, useState } from "react";
import { magicLinkVerifyResponse } from "../../../common/schemas/auth.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { apiFetch, errorText } from "../../lib/api.ts";
import { safeNext } from "../../lib/next-path.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { LinkFailed, useLinkFragment, useLinkSignedIn } from "./email-link.tsx";

const t = ui.auth;

/**
 * A token is used once. React StrictMode mounts effects twice and a remount must not
 * post again, so each token's request is made once per page load and shared.
 */
const requests = new Map<string, Promise<string>>();

/** `next` (from the link) is echoed back by the server, which checks it is a same-site path. */
function verifyOnce(token: string, next: string): Promise<string> {
  let request = requests.get(token);
  if (!request) {
    const body = next === "/" ? { token } : { token, next };
    request = apiFetch("/api/auth/magic-link/verify", {
      method: "POST",
      body,
      schema: magicLinkVerifyResponse,
    }).then((r) => r.next);
    requests.set(token, request);
  }
  return request;
}

/**
 * /auth/magic#token=…: the page a sign-in mail opens. It signs in by itself, but only
 * this script uses the token: a mail scanner's plain GET of the link gets the page and
 * changes nothing.
 */
export function MagicLinkPage() {
  const fragment = useLinkFragment();
  const { token } = fragment;
  const requestedNext = safeNext(fragment.next);
  const signedIn = useLinkSignedIn();
  const [error, setError] = useState<string | null>(token ? null : t.missingToken);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token, requestedNext)
      .then((next) => (live ? signedIn(next) : undefined))
      .catch((err: unknown) => live && setError(errorText(err, errorMessages.magic_link_invalid)));
    return () => {
      live = false;
    };
  }, [token, requestedNext, signedIn]);

  if (error) return <LinkFailed title={t.magicFailedTitle} message={error} />;

  return (
    <AuthLayout title={t.magicTitle}>
      <Spinner label={t.magicLoading} />
    </AuthLayout>
  );
}
