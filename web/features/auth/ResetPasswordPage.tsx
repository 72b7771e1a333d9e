import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { newPasswordError } from "../../../common/domain/validation.ts";
import type { PasswordResetConfirm } from "../../../common/schemas/auth.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, apiFetch, errorText } from "../../lib/api.ts";
import { storageKeys, writeStored } from "../../lib/storage.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { LinkFailed, useLinkFragment } from "./email-link.tsx";

const t = ui.auth;

/**
 * /auth/reset#token=…: the page the password-reset e-mail opens. The token is posted only
 * when the person saves a new password, so a mail scanner opening the link changes nothing.
 */
export function ResetPasswordPage() {
  const { token } = useLinkFragment();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const id = useId();
  const ids = { password: `${id}-password`, confirm: `${id}-confirm`, error: `${id}-error` };

  const save = useMutation({
    mutationFn: (body: PasswordResetConfirm) =>
      apiFetch("/api/auth/password-reset/confirm", { method: "POST", body, schema: okResponse }),
    onSuccess: () => {
      // The person signs in as themselves next; in staging the demo admin must not be signed in first.
      writeStored("session", storageKeys.autoSignInTried, true);
      toast.success(t.passwordChanged);
      navigate("/login", { replace: true });
    },
    onError: (err) => {
      const message = errorText(err, t.resetFailed);
      // A used or expired link cannot be retried; the person needs a new one.
      if (err instanceof ApiError && err.code === "password_reset_invalid") return setLinkRefused(message);
      setError(message);
      toast.error(message);
    },
  });

  if (!token)
    return <LinkFailed title={t.resetFailedTitle} message={t.missingToken} retryTo="/forgot-password" />;
  if (linkRefused)
    return <LinkFailed title={t.resetFailedTitle} message={linkRefused} retryTo="/forgot-password" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same rules, in the same order, as the server's check.
    const code = newPasswordError(password, confirmPassword);
    if (code) return setError(errorMessages[code]);
    setError(null);
    save.mutate({ token, password, confirmPassword });
  };

  const describedBy = error ? ids.error : undefined;

  return (
    <AuthLayout title={t.resetTitle} intro={t.resetIntro}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.password}>{t.newPasswordLabel}</Label>
          <PasswordInput
            id={ids.password}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.confirm}>{t.confirmPasswordLabel}</Label>
          <PasswordInput
            id={ids.confirm}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <FormAlert id={ids.error} message={error} />
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? t.savingPassword : t.savePassword}
        </Button>
      </form>
    </AuthLayout>
  );
}
