/**
 * 'Logg inn med …' (issue 30): a plain link to the server's start address, which sends
 * the browser on to the hospital's identity provider; the provider sends it back signed
 * in. A refused sign-in comes back to /login with its code (`?sso=…`), said here.
 */
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { type ErrorCode, errorMessages } from "../../../common/texts/errors.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { useConfig } from "../../lib/config.tsx";
import { paths } from "../../lib/paths.ts";

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorMessages, code);

export function SingleSignOn({
  label,
  next,
  refusal,
}: {
  label: string;
  next: string;
  refusal: string | null;
}) {
  const start = `/api/auth/oidc/start${next === paths.home ? "" : `?${new URLSearchParams({ next })}`}`;
  const message = refusal && (isErrorCode(refusal) ? errorMessages[refusal] : ui.auth.signInFailed);
  return (
    <div className="flex flex-col gap-4">
      {message && <FormAlert message={message} />}
      <Button asChild size="lg" className="h-auto min-h-11 py-2 whitespace-normal">
        <a href={start}>
          <KeyRound aria-hidden />
          {label}
        </a>
      </Button>
    </div>
  );
}

/** The line between the provider's button and the forms below it. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-muted-fg" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      {ui.auth.ssoOr}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/**
 * Pages of passwords (registration, 'Glemt passord?', a new password) lead to the login
 * page where single sign-on is the only way in: there a newcomer's first sign-in makes
 * their account.
 */
export function UnlessSingleSignOnOnly({ children }: { children: ReactNode }) {
  const { config } = useConfig();
  return config.singleSignOn?.only ? <Navigate to={paths.login} replace /> : children;
}
