import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { authErrorFields, signInForms } from "../../../common/schemas/auth.ts";
import { ui } from "../../../common/texts/index.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PasswordInput } from "../../components/ui/password-input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { useConfig } from "../../lib/config.tsx";
import { useSchemaForm } from "../../lib/forms.ts";
import { safeNext } from "../../lib/next-path.ts";
import { paths } from "../../lib/paths.ts";
import { useSessionActions } from "../../lib/session.tsx";
import { AuthLayout, AuthSwitchLink } from "./AuthLayout.tsx";
import { usePasswordSignIn, useSendMagicLink } from "./api/sign-in.ts";
import { EmailField } from "./EmailField.tsx";
import { OrDivider, SingleSignOn } from "./SingleSignOn.tsx";

const t = ui.auth;

type Mode = "link" | "password";

/** 'Glemt passord?' takes the address already typed along, so it need not be typed twice. */
function forgotPasswordPath(email: string): string {
  const address = email.trim();
  return address
    ? `${paths.forgotPassword}?${new URLSearchParams({ email: address })}`
    : paths.forgotPassword;
}

/**
 * /login: a magic link by e-mail first; 'Logg inn med passord' as the second way. The
 * page a signed-out person first asked for travels along as ?next=. Where the hospital's
 * provider is set up, 'Logg inn med …' comes first; with single sign-on only, it is the
 * one way, and `?nodtilgang` shows the admins' break-glass e-mail link.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const { config } = useConfig();
  const sso = config.singleSignOn;
  const breakGlass = sso?.only === true && params.has("nodtilgang");
  if (sso?.only && !breakGlass)
    return (
      <AuthLayout title={t.loginTitle} intro={t.ssoOnlyIntro}>
        <SingleSignOn label={sso.label} next={next} refusal={params.get("sso")} />
        <Link
          to={`${paths.login}?nodtilgang`}
          className="mt-6 inline-flex min-h-11 items-center text-sm text-muted-fg underline underline-offset-4 hover:no-underline md:min-h-0"
        >
          {t.breakGlassLink}
        </Link>
      </AuthLayout>
    );
  return (
    <EmailSignIn
      next={next}
      sso={breakGlass ? null : sso}
      breakGlass={breakGlass}
      refusal={params.get("sso")}
    />
  );
}

function EmailSignIn({
  next,
  sso,
  breakGlass,
  refusal,
}: {
  next: string;
  sso: { label: string } | null;
  breakGlass: boolean;
  refusal: string | null;
}) {
  const { afterSignIn } = useSessionActions();
  const [mode, setMode] = useState<Mode>("link");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, busy, id, field, alert, submit } = useSchemaForm(signInForms[mode], {
    email: "",
    password: "",
  });
  const email = useWatch({ control: form.control, name: "email" });
  const sendLink = useSendMagicLink();
  const signIn = usePasswordSignIn();

  const onSubmit = submit(
    async ({ email: address, password }) => {
      if (mode === "link") {
        await sendLink.mutateAsync({ email: address, ...(next !== paths.home && { next }) });
        setSentTo(address);
      } else {
        await signIn.mutateAsync({ email: address, password });
        // The session turns signed-in and the public-only guard moves on to `next`.
        await afterSignIn();
      }
    },
    {
      fallback: mode === "link" ? t.linkFailed : t.signInFailed,
      errorFields: authErrorFields,
      onError: toast.error,
    },
  );

  function switchMode(to: Mode) {
    setMode(to);
    form.clearErrors();
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

  return (
    <AuthLayout
      title={breakGlass ? t.breakGlassTitle : t.loginTitle}
      intro={breakGlass ? t.breakGlassIntro : mode === "link" ? t.loginIntro : t.passwordIntro}
    >
      {sso && (
        <div className="mb-4 flex flex-col gap-4">
          <SingleSignOn label={sso.label} next={next} refusal={refusal} />
          <OrDivider />
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField {...field("email")} />
        {mode === "password" && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id("password")}>{t.passwordLabel}</Label>
            <PasswordInput autoComplete="current-password" {...field("password")} />
            <Link
              to={forgotPasswordPath(email)}
              className="inline-flex min-h-11 items-center self-end text-sm font-medium text-primary underline underline-offset-4 hover:no-underline md:min-h-0"
            >
              {t.forgotPassword}
            </Link>
          </div>
        )}
        <FormAlert {...alert} />
        <Button type="submit" size="lg" disabled={busy}>
          {mode === "link" ? (busy ? t.sendingLink : t.sendLink) : busy ? t.signingIn : t.signIn}
        </Button>
        {/* 'Logg inn med e-postlenke i stedet' is wider than a phone's form: it may wrap. */}
        {!breakGlass && (
          <Button
            variant="outline"
            size="lg"
            className="h-auto min-h-11 py-2 whitespace-normal"
            onClick={() => switchMode(mode === "link" ? "password" : "link")}
          >
            {mode === "link" ? t.passwordInstead : t.linkInstead}
          </Button>
        )}
      </form>
      {breakGlass ? (
        <Link
          to={paths.login}
          className="mt-6 inline-flex min-h-11 items-center text-sm font-medium text-primary underline underline-offset-4 hover:no-underline md:min-h-0"
        >
          {t.backToSso}
        </Link>
      ) : (
        <AuthSwitchLink question={t.noAccount} to={paths.register} label={t.toRegister} />
      )}
    </AuthLayout>
  );
}
