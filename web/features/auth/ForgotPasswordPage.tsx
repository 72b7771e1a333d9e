import { MailCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { authErrorFields, emailLinkForm } from "../../../common/schemas/auth.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { useSchemaForm } from "../../lib/forms.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";
import { useRequestPasswordReset } from "./api/password-reset.ts";
import { EmailField } from "./EmailField.tsx";
import { UnlessSingleSignOnOnly } from "./SingleSignOn.tsx";

const t = ui.auth;

/**
 * /forgot-password: asks for a link to /auth/reset. The server answers the same for
 * known and unknown addresses, so the sent state says "if … has an account".
 * /login passes the address already typed as ?email=.
 */
export function ForgotPasswordPage() {
  return (
    <UnlessSingleSignOnOnly>
      <ForgotPasswordPageForm />
    </UnlessSingleSignOnOnly>
  );
}

function ForgotPasswordPageForm() {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const { busy, field, alert, submit } = useSchemaForm(emailLinkForm, {
    email: params.get("email") ?? "",
  });

  const onSubmit = submit(
    async (body) => {
      await request.mutateAsync(body);
      setSentTo(body.email);
    },
    { fallback: t.resetRequestFailed, errorFields: authErrorFields, onError: toast.error },
  );

  if (sentTo) return <Sent email={sentTo} />;

  return (
    <AuthLayout title={t.forgotTitle} intro={t.forgotIntro}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField {...field("email")} />
        <FormAlert {...alert} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t.sendingResetLink : t.sendResetLink}
        </Button>
      </form>
      <AuthSwitchLink question={t.rememberedPassword} to={paths.login} label={t.toLogin} />
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
      <Link to={paths.login} className={cn(buttonClass("primary", "lg"), "mt-6 w-full")}>
        {t.backToLogin}
      </Link>
    </AuthLayout>
  );
}
