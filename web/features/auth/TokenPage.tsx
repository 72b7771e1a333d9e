import { useEffect, useState } from "react";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorText } from "../../lib/api.ts";
import { safeNext } from "../../lib/next-path.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { verifyMagicLinkOnce } from "./api/sign-in.ts";
import { LinkFailed, useLinkFragment, useLinkSignedIn } from "./email-link.tsx";

const t = ui.auth;

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
    verifyMagicLinkOnce(token, requestedNext)
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
