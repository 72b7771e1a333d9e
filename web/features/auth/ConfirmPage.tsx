import { authErrorFields, confirmationForm } from "../../../common/schemas/auth.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { useSchemaForm } from "../../lib/forms.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";
import { useConfirmRegistration } from "./api/registration.ts";
import { LinkFailed, useLinkFragment, useLinkRefusal, useLinkSignedIn } from "./email-link.tsx";

const t = ui.auth;

/** The password is the form's only field: 'all fields' refused by the server means it too. */
const confirmationFields = { ...authErrorFields, all_fields_required: "password" };

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
  // A used, expired or replaced link cannot be retried with another password.
  const link = useLinkRefusal("confirmation_invalid");
  const confirm = useConfirmRegistration();
  const { busy, id, field, alert, submit } = useSchemaForm(confirmationForm, { password: "" });

  if (!token) return <LinkFailed title={t.confirmFailedTitle} message={t.missingToken} />;
  if (link.refused) return <LinkFailed title={t.confirmFailedTitle} message={link.refused} />;

  const onSubmit = submit(
    async ({ password }) => {
      const answer = await link.unlessRefused(confirm.mutateAsync({ token, password }));
      // Busy until the session has loaded and the page changes.
      if (answer) await signedIn(answer.next);
    },
    // Too many attempts or no network say nothing about the password, but it is where to try again.
    { fallback: t.confirmFailed, errorFields: confirmationFields, focus: "password" },
  );

  return (
    <AuthLayout title={t.confirmTitle} intro={t.confirmIntro}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("password")}>{t.passwordLabel}</Label>
          <PasswordInput autoComplete="current-password" {...field("password")} />
        </div>
        <FormAlert {...alert} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t.confirming : t.confirm}
        </Button>
      </form>
      <AuthSwitchLink question={t.notRegisteredYourself} to={paths.login} label={t.toEmailLinkSignIn} />
    </AuthLayout>
  );
}
