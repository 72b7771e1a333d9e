import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { isValidEmail, normaliseEmail } from "../../../common/domain/validation.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { useSessionActions } from "../../app/session.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { apiFetch, errorText } from "../../lib/api.ts";
import { safeNext } from "../../lib/next-path.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";

const t = ui.auth;

type Mode = "link" | "password";

/** 'Glemt passord?' takes the address already typed along, so it need not be typed twice. */
function forgotPasswordPath(email: string): string {
  const address = email.trim();
  return address ? `/forgot-password?${new URLSearchParams({ email: address })}` : "/forgot-password";
}

/**
 * /login: a magic link by e-mail first; 'Logg inn med passord' as the second way. The
 * page a signed-out person first asked for travels along as ?next=.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const { afterSignIn } = useSessionActions();
  const [mode, setMode] = useState<Mode>("link");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), error: useId() };

  const sendLink = useMutation({
    mutationFn: (address: string) =>
      apiFetch("/api/auth/magic-link", {
        method: "POST",
        body: { email: address, ...(next !== "/" && { next }) },
      }),
    onSuccess: (_, address) => setSentTo(address),
    onError: (err) => fail(errorText(err, t.linkFailed)),
  });

  const signIn = useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiFetch("/api/auth/sign-in", { method: "POST", body }),
    // The session turns signed-in and the public-only guard moves on to `next`.
    onSuccess: () => afterSignIn(),
    onError: (err) => fail(errorText(err, t.signInFailed)),
  });

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const address = normaliseEmail(email);
    if (!address) return setError(errorMessages.email_required);
    if (!isValidEmail(address)) return setError(errorMessages.invalid_email);
    if (mode === "password" && !password) return setError(t.passwordRequired);
    setError(null);
    if (mode === "link") sendLink.mutate(address);
    else signIn.mutate({ email: address, password });
  }

  function switchMode(to: Mode) {
    setMode(to);
    setError(null);
  }

  if (sentTo) {
    return (
      <AuthLayout title={t.sentTitle}>
        <div className="flex flex-col gap-4 text-[15px] text-ink">
          <span className="flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
            <MailCheck aria-hidden className="size-6" />
          </span>
          <p>{t.sentBody(sentTo)}</p>
          <p className="text-sm text-muted-fg">{t.sentHint}</p>
          <p className="text-sm text-muted-fg">
            {t.sentRetry}{" "}
            <Button variant="link" onClick={() => setSentTo(null)}>
              {ui.common.retry}
            </Button>
          </p>
        </div>
      </AuthLayout>
    );
  }

  const busy = sendLink.isPending || signIn.isPending;

  return (
    <AuthLayout title={t.loginTitle} intro={mode === "link" ? t.loginIntro : t.passwordIntro}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.email}>{t.emailLabel}</Label>
          <Input
            id={ids.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t.emailPlaceholder}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            required
          />
        </div>
        {mode === "password" && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.password}>{t.passwordLabel}</Label>
            <PasswordInput
              id={ids.password}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={error ? ids.error : undefined}
            />
            <Link
              to={forgotPasswordPath(email)}
              className="inline-flex min-h-11 items-center self-end text-sm font-medium text-primary underline underline-offset-4 hover:no-underline md:min-h-0"
            >
              {t.forgotPassword}
            </Link>
          </div>
        )}
        <FormAlert id={ids.error} message={error} />
        <Button type="submit" size="lg" disabled={busy}>
          {mode === "link"
            ? sendLink.isPending
              ? t.sendingLink
              : t.sendLink
            : signIn.isPending
              ? t.signingIn
              : t.signIn}
        </Button>
        {/* 'Logg inn med e-postlenke i stedet' is wider than a phone's form: it may wrap. */}
        <Button
          variant="outline"
          size="lg"
          className="h-auto min-h-11 py-2 whitespace-normal"
          onClick={() => switchMode(mode === "link" ? "password" : "link")}
        >
          {mode === "link" ? t.passwordInstead : t.linkInstead}
        </Button>
      </form>
      <AuthSwitchLink question={t.noAccount} to="/register" label={t.toRegister} />
    </AuthLayout>
  );
}
