import { CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { magicLinkVerifyResponse } from "../../../common/schemas/auth.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { useSessionActions } from "../../app/session.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { apiFetch, errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { safeNext } from "../../lib/next-path.ts";
import { AuthLayout } from "./AuthLayout.tsx";

/**
 * A token is used once. React StrictMode mounts effects twice and a remount must not
 * post again, so each token's request is made once per page load and shared.
 */
const requests = new Map<string, Promise<string>>();

/** `next` (from the link) is echoed back by the server, which checks it is a same-site path. */
function redeemOnce(endpoint: string, token: string, next: string): Promise<string> {
  const key = `${endpoint} ${token}`;
  let request = requests.get(key);
  if (!request) {
    const body = next === "/" ? { token } : { token, next };
    request = apiFetch(endpoint, { method: "POST", body, schema: magicLinkVerifyResponse }).then(
      (r) => r.next,
    );
    requests.set(key, request);
  }
  return request;
}

interface TokenPageProps {
  endpoint: "/api/auth/magic-link/verify" | "/api/auth/confirm";
  title: string;
  loading: string;
  failedTitle: string;
  fallbackError: string;
}

/**
 * The page an e-mail link opens (/auth/magic, /auth/confirm). Only this script uses the
 * token: a mail scanner's plain GET of the link gets the page and changes nothing.
 */
function TokenPage({ endpoint, title, loading, failedTitle, fallbackError }: TokenPageProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const requestedNext = safeNext(params.get("next"));
  const navigate = useNavigate();
  const { afterSignIn } = useSessionActions();
  const [error, setError] = useState<string | null>(token ? null : ui.auth.missingToken);

  useEffect(() => {
    if (!token) return;
    let live = true;
    redeemOnce(endpoint, token, requestedNext)
      .then(async (next) => {
        if (!live) return;
        await afterSignIn();
        navigate(safeNext(next), { replace: true });
      })
      .catch((err: unknown) => live && setError(errorText(err, fallbackError)));
    return () => {
      live = false;
    };
  }, [endpoint, token, requestedNext, navigate, afterSignIn, fallbackError]);

  if (error) {
    return (
      <AuthLayout title={failedTitle}>
        <div role="alert" className="flex items-start gap-3 text-[15px] text-ink">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-error" />
          <p>{error}</p>
        </div>
        <Link to="/login" className={cn(buttonClass("primary", "lg"), "mt-6 w-full")}>
          {ui.auth.backToLogin}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title}>
      <Spinner label={loading} />
    </AuthLayout>
  );
}

export function MagicLinkPage() {
  return (
    <TokenPage
      endpoint="/api/auth/magic-link/verify"
      title={ui.auth.magicTitle}
      loading={ui.auth.magicLoading}
      failedTitle={ui.auth.magicFailedTitle}
      fallbackError={errorMessages.magic_link_invalid}
    />
  );
}

export function ConfirmPage() {
  return (
    <TokenPage
      endpoint="/api/auth/confirm"
      title={ui.auth.confirmTitle}
      loading={ui.auth.confirmLoading}
      failedTitle={ui.auth.confirmFailedTitle}
      fallbackError={errorMessages.confirmation_invalid}
    />
  );
}
