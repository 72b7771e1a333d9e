import { useNavigate } from "react-router";
import { authErrorFields, newPasswordForm } from "../../../common/schemas/auth.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../lib/forms.ts";
import { paths } from "../../lib/paths.ts";
import { storageKeys, writeStored } from "../../lib/storage.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { useResetPassword } from "./api/password-reset.ts";
import { LinkFailed, useLinkFragment, useLinkRefusal } from "./email-link.tsx";
import { UnlessSingleSignOnOnly } from "./SingleSignOn.tsx";

const t = ui.auth;

/**
 * /auth/reset#token=…: the page the password-reset e-mail opens. The token is posted only
 * when the person saves a new password, so a mail scanner opening the link changes nothing.
 */
export function ResetPasswordPage() {
  return (
    <UnlessSingleSignOnOnly>
      <ResetPasswordPageForm />
    </UnlessSingleSignOnOnly>
  );
}

function ResetPasswordPageForm() {
  const { token } = useLinkFragment();
  const navigate = useNavigate();
  // A used or expired link cannot be retried; the person needs a new one.
  const link = useLinkRefusal("password_reset_invalid");
  const save = useResetPassword();
  const { busy, id, field, alert, submit } = useSchemaForm(newPasswordForm, {
    password: "",
    confirmPassword: "",
  });

  if (!token)
    return <LinkFailed title={t.resetFailedTitle} message={t.missingToken} retryTo={paths.forgotPassword} />;
  if (link.refused)
    return <LinkFailed title={t.resetFailedTitle} message={link.refused} retryTo={paths.forgotPassword} />;

  const onSubmit = submit(
    async (passwords) => {
      const saved = await link.unlessRefused(save.mutateAsync({ token, ...passwords }));
      if (!saved) return;
      // The person signs in as themselves next; in staging the demo admin must not be signed in first.
      writeStored("session", storageKeys.autoSignInTried, true);
      toast.success(t.passwordChanged);
      navigate(paths.login, { replace: true });
    },
    { fallback: t.resetFailed, errorFields: authErrorFields, onError: toast.error },
  );

  return (
    <AuthLayout title={t.resetTitle} intro={t.resetIntro}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("password")}>{t.newPasswordLabel}</Label>
          <PasswordInput autoComplete="new-password" {...field("password")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("confirmPassword")}>{t.confirmPasswordLabel}</Label>
          <PasswordInput autoComplete="new-password" {...field("confirmPassword")} />
        </div>
        <FormAlert {...alert} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t.savingPassword : t.savePassword}
        </Button>
      </form>
    </AuthLayout>
  );
}
