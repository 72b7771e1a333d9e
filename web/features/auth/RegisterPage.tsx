import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { type RegistrationInput, registrationError } from "../../../common/domain/validation.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { apiFetch, errorText } from "../../lib/api.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";

const t = ui.auth;
const empty: RegistrationInput = { fullName: "", email: "", password: "", confirmPassword: "" };

/** /register: the spec's four fields, checked by the same rules as the server (spec §5). */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const ids = {
    fullName: `${id}-name`,
    email: `${id}-email`,
    password: `${id}-password`,
    confirmPassword: `${id}-confirm`,
    error: `${id}-error`,
  };

  const register = useMutation({
    mutationFn: (body: RegistrationInput) => apiFetch("/api/auth/register", { method: "POST", body }),
    onSuccess: () => {
      toast.success(t.registerSuccess);
      navigate("/login");
    },
    onError: (err) => {
      const message = errorText(err, t.registerFailed);
      setError(message);
      toast.error(message);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const code = registrationError(form);
    if (code) return setError(errorMessages[code]);
    setError(null);
    register.mutate({ ...form, fullName: form.fullName.trim(), email: form.email.trim() });
  }

  const field = (key: keyof RegistrationInput) => ({
    id: ids[key],
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    "aria-describedby": error ? ids.error : undefined,
  });

  return (
    <AuthLayout title={t.registerTitle} intro={t.registerIntro}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.fullName}>{t.fullNameLabel}</Label>
          <Input autoComplete="name" {...field("fullName")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.email}>{t.emailLabel}</Label>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t.emailPlaceholder}
            {...field("email")}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.password}>{t.passwordLabel}</Label>
          <PasswordInput autoComplete="new-password" {...field("password")} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.confirmPassword}>{t.confirmPasswordLabel}</Label>
          <Input type="password" autoComplete="new-password" {...field("confirmPassword")} />
        </div>
        <FormAlert id={ids.error} message={error} />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? t.registering : t.register}
        </Button>
      </form>
      <AuthSwitchLink question={t.haveAccount} to="/login" label={t.toLogin} />
    </AuthLayout>
  );
}
