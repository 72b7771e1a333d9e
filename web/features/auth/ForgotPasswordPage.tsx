import { useMutation } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { isValidEmail, normaliseEmail } from "../../../common/domain/validation.ts";
import { okResponse } from "../../../common/schemas/errors.ts";
import { errorMessages, ui } from "../../../common/texts/index.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { apiFetch, errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";

const t = ui.auth;

/**
 * /forgot-password: asks for a link to /auth/reset. The server answers the same for
 * known and unknown addresses, so the sent state says "if … has an account".
 * /login passes the address already typed as ?email=.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get("email") ?? "");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const ids = { email: useId(), error: useId() };

  const request = useMutation({
    mutationFn: (address: string) =>
      apiFetch("/api/auth/password-reset", { method: "POST", body: { email: address }, schema: okResponse }),
    onSuccess: (_, address) => setSentTo(address),
    onError: (err) => {
      const message = errorText(err, t.resetRequestFailed);
      setError(message);
      toast.error(message);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const address = normaliseEmail(email);
    if (!address) return setError(errorMessages.email_required);
    if (!isValidEmail(address)) return setError(errorMessages.invalid_email);
    setError(null);
    request.mutate(address);
  }

  if (sentTo) return <Sent email={sentTo} />;

  return (
    <AuthLayout title={t.forgotTitle} intro={t.forgotIntro}>
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
        <FormAlert id={ids.error} message={error} />
        <Button type="submit" size="lg" disabled={request.isPending}>
          {request.isPending ? t.sendingResetLink : t.sendResetLink}
        </Button>
      </form>
      <AuthSwitchLink question={t.rememberedPassword} to="/login" label={t.toLogin} />
    </AuthLayout>
  );
}

function Sent({ email }: { email: string }) {
  const message = useRef<HTMLDivElement>(null);
  // The form (and the focused button) is gone; a screen reader starts at the news instead.
  useEffect(() => message.current?.focus(), []);
  return (
    <AuthLayout title={t.sentTitle}>
      <div ref={message} tabIndex={-1} className="flex flex-col gap-4 text-[15px] text-ink outline-none">
        <span className="flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
          <MailCheck aria-hidden className="size-6" />
        </span>
        <p>{t.resetSentBody(email)}</p>
        <p className="text-sm text-muted-fg">{t.resetSentHint}</p>
      </div>
      <Link to="/login" className={cn(buttonClass("primary", "lg"), "mt-6 w-full")}>
        {t.backToLogin}
      </Link>
    </AuthLayout>
  );
}
