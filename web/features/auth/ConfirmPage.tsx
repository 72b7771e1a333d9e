import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import type { z } from "zod";
import { type confirmRequest, magicLinkVerifyResponse } from "../../../common/schemas/auth.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { ApiError, apiFetch, errorText } from "../../lib/api.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";
import { LinkFailed, useLinkFragment, useLinkSignedIn } from "./email-link.tsx";

const t = ui.auth;

interface FieldError {
  message: string;
  /** the password is what the server refused (not, say, the rate limit) */
  passwordWrong: boolean;
}

const passwordRefusals = new Set(["confirmation_password_wrong", "all_fields_required"]);

/**
 * /auth/confirm#token=…: the page the registration mail opens. The link alone confirms
 * nothing: the password chosen at registration goes with it. Whoever gets a confirmation
 * mail they never asked for (a stranger registered their address) cannot confirm the
 * stranger's account, and is pointed to the e-mail link sign-in instead. Nothing is
 * posted before the form is sent, so a mail scanner opening the link changes nothing.
 */
export function ConfirmPage() {
  const { token } = useLinkFragment();
  const signedIn = useLinkSignedIn();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<FieldError | null>(null);
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = { password: `${id}-password`, error: `${id}-error` };

  /** The message goes under the field, and the field has the focus to try again. */
  function fail(message: string, passwordWrong: boolean) {
    setError({ message, passwordWrong });
    passwordField.current?.focus();
  }

  const confirm = useMutation({
    mutationFn: (body: z.infer<typeof confirmRequest>) =>
      apiFetch("/api/auth/confirm", { method: "POST", body, schema: magicLinkVerifyResponse }),
    // Still pending while the session loads, so the button stays busy until the page changes.
    onSuccess: ({ next }) => signedIn(next),
    onError: (err) => {
      const message = errorText(err, t.confirmFailed);
      // A used, expired or replaced link cannot be retried with another password.
      if (err instanceof ApiError && err.code === "confirmation_invalid") return setLinkRefused(message);
      // Too many attempts or no network: the password itself may well be right.
      fail(message, err instanceof ApiError && passwordRefusals.has(err.code));
    },
  });

  if (!token) return <LinkFailed title={t.confirmFailedTitle} message={t.missingToken} />;
  if (linkRefused) return <LinkFailed title={t.confirmFailedTitle} message={linkRefused} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (confirm.isPending) return;
    // The server's rule: any password but an empty one is checked against the registration.
    if (!password) return fail(errorMessages.all_fields_required, true);
    setError(null);
    confirm.mutate({ token, password });
  };

  const describedBy = error ? ids.error : undefined;

  return (
    <AuthLayout title={t.confirmTitle} intro={t.confirmIntro}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.password}>{t.passwordLabel}</Label>
          <PasswordInput
            ref={passwordField}
            id={ids.password}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error?.passwordWrong || undefined}
            aria-describedby={describedBy}
          />
        </div>
        <FormAlert id={ids.error} message={error?.message ?? null} />
        <Button type="submit" size="lg" disabled={confirm.isPending}>
          {confirm.isPending ? t.confirming : t.confirm}
        </Button>
      </form>
      <AuthSwitchLink question={t.notRegisteredYourself} to="/login" label={t.toEmailLinkSignIn} />
    </AuthLayout>
  );
}
