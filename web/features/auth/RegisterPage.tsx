import { useNavigate } from "react-router";
import { authErrorFields, registrationForm } from "../../../common/schemas/auth.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useSchemaForm } from "../../lib/forms.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";
import { useRegister } from "./api/registration.ts";
import { EmailField } from "./EmailField.tsx";
import { UnlessSingleSignOnOnly } from "./SingleSignOn.tsx";

const t = ui.auth;

/** /register: the spec's four fields, checked by the same rules as the server (spec §5). */
export function RegisterPage() {
  return (
    <UnlessSingleSignOnOnly>
      <RegisterPageForm />
    </UnlessSingleSignOnOnly>
  );
}

function RegisterPageForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const { busy, id, field, alert, submit } = useSchemaForm(registrationForm, {
    fullName: "",
    email: "",
    password: "",
    confirmPassword: "",
  });

  const onSubmit = submit(
    async (body) => {
      await register.mutateAsync(body);
      toast.success(t.registerSuccess);
      navigate(paths.login);
    },
    { fallback: t.registerFailed, errorFields: authErrorFields, onError: toast.error },
  );

  return (
    <AuthLayout title={t.registerTitle} intro={t.registerIntro}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("fullName")}>{t.fullNameLabel}</Label>
          <Input autoComplete="name" {...field("fullName")} />
        </div>
        <EmailField {...field("email")} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("password")}>{t.passwordLabel}</Label>
          <PasswordInput autoComplete="new-password" {...field("password")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("confirmPassword")}>{t.confirmPasswordLabel}</Label>
          <Input type="password" autoComplete="new-password" {...field("confirmPassword")} />
        </div>
        <FormAlert {...alert} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t.registering : t.register}
        </Button>
      </form>
      <AuthSwitchLink question={t.haveAccount} to={paths.login} label={t.toLogin} />
    </AuthLayout>
  );
}
