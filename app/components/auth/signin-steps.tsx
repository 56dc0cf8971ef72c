import { Form, Link, useLocation, useRevalidator } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { signupPath } from "~/lib/signed-out";
import { EmailField } from "./email-field";
import { FailureAlert } from "./failure-alert";
import type { AuthFailure, FieldErrors } from "~/domain/auth-forms";
import { PasswordField } from "./password-field";
import { useHydrated } from "~/lib/use-hydrated";
import { linkClass, SubmitButton } from "./controls";
import { usePending } from "~/lib/pending";
import { useSchemaForm } from "~/lib/schema-form";

/** What the sign-in action answered, as the steps read it (app/routes/signin/signin.server.ts). */
export interface SigninResult {
  intent: "lookup" | "login" | "resend";
  email: string;
  errors?: FieldErrors;
  failure?: AuthFailure;
  resent?: boolean;
}

const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** The sign-in page at another stage, keeping where the visitor was going. */
function useSigninHref() {
  const location = useLocation();
  const next = new URLSearchParams(location.search).get("redirect");
  return (email: string) => `/signin${query({ redirect: next, email })}`;
}

// The forms' schemas (valibot) arrive with the first touch of a field, not with the page
// (docs/decisions/039-first-visit-weight.md).
const emailFormSchema = () => import("~/domain/auth-forms").then((module) => module.EmailFormSchema);
const loginFormSchema = () => import("~/domain/auth-forms").then((module) => module.LoginFormSchema);

/** The create-account page, by way of the initiative the visitor was going to (signed-out.ts). */
function useSignupHref() {
  const next = new URLSearchParams(useLocation().search).get("redirect");
  return (email?: string) => signupPath(next, email);
}

export function EmailStep({ initialEmail, result, canSignUp = true }: { initialEmail: string; result?: SigninResult; canSignUp?: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const submitting = usePending("lookup");
  const signupHref = useSignupHref();
  const [email, setEmail] = useState(result?.email || initialEmail);
  const { props, error } = useSchemaForm(emailFormSchema, { id: "signin-email", errors: result?.errors, pending: submitting });

  const failure = result?.intent === "lookup" ? result.failure : undefined;
  return (
    <Form method="post" {...props} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="lookup" />
      {failure ? (
        <FailureAlert
          prefix="signin"
          failure={failure}
          tip={
            failure.status === 404 && canSignUp ? (
              <Link className={linkClass} to={signupHref(result?.email)}>
                {t("signin_error_404_tip")}
              </Link>
            ) : null
          }
        />
      ) : null}
      <EmailField value={email} onChange={setEmail} error={error("email")} autoFocus />
      <SubmitButton busy={submitting} disabled={hydrated && submitting}>
        {t("signin_next")}
      </SubmitButton>
    </Form>
  );
}

/** The email the member is signing in with, and a way back to change it. */
function EmailSummary({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const signinHref = useSigninHref();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md bg-muted px-3 py-2 text-sm">
      <span className="min-w-0 break-all font-medium">{email}</span>
      <Link className={linkClass} to={signinHref(email)}>
        {t("signin_change_email")}
      </Link>
    </div>
  );
}

function LoginFailure({ result, canSignUp }: { result: SigninResult; canSignUp: boolean }) {
  const { t } = useTranslation("auth");
  const submitting = usePending("resend");
  const signupHref = useSignupHref();
  const failure = result.failure!;
  const email = result.email;
  let tip = null;
  if (failure.status === 401) {
    tip = (
      <Link className={linkClass} to={`/recover_password${query({ email })}`}>
        {t(failure.error === "password_not_set" ? "signin_error_401_password_not_set_tip" : "signin_error_401_tip")}
      </Link>
    );
  } else if ((failure.status === 402 || failure.status === 404) && canSignUp) {
    tip = (
      <Link className={linkClass} to={signupHref(email)}>
        {t("signin_error_402_tip")}
      </Link>
    );
  } else if (failure.status === 412) {
    tip = (
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="link" size={null} className="text-left underline" disabled={submitting}>
          {t("signin_error_412_tip")}
        </Button>
      </Form>
    );
  }
  return <FailureAlert prefix="signin" failure={failure} tip={tip} />;
}

export function PasswordStep({ email, result, canSignUp = true }: { email: string; result?: SigninResult; canSignUp?: boolean }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const submitting = usePending("login");
  const [password, setPassword] = useState("");
  const { props, error } = useSchemaForm(loginFormSchema, {
    id: "signin-password",
    errors: result?.intent === "login" ? result.errors : undefined,
    pending: submitting,
  });

  return (
    <div className="flex flex-col gap-4">
      <EmailSummary email={email} />
      {result?.intent === "login" && result.failure ? <LoginFailure result={result} canSignUp={canSignUp} /> : null}
      {result?.intent === "resend" && result.resent ? <Alert variant="success">{t("signin_resend_done")}</Alert> : null}
      {result?.intent === "resend" && result.failure ? <FailureAlert prefix="confirm_resend" failure={result.failure} /> : null}
      <Form method="post" {...props} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="login" />
        {/* The e-mail again, for the request and for password managers. */}
        <input type="hidden" name="email" value={email} autoComplete="username" />
        <PasswordField
          id="password"
          name="password"
          label={t("password_label")}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
          autoFocus
          error={error("password")}
        />
        <Link className={cn(linkClass, "self-end text-sm")} to={`/recover_password${query({ email })}`}>
          {t("signin_forgot_password")}
        </Link>
        <SubmitButton busy={submitting} disabled={hydrated && submitting}>
          {t("signin_submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

/**
 * SSO: the organisation signs its members in. The start URL opens in a popup (a new tab without
 * JavaScript); /sso/success then reloads this page, whose loader finds the session and moves on.
 * If the popup is closed some other way, this page checks again by itself.
 */
export function SsoStep({ email, url }: { email: string; url: string }) {
  const { t } = useTranslation("auth");
  const revalidator = useRevalidator();
  const [opened, setOpened] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(timer.current), []);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const width = 520;
    const height = 680;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(url, "commons-sso", `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) {
      // Blocked: let the link open a tab as it would without JavaScript.
      setBlocked(true);
      return;
    }
    event.preventDefault();
    popup.focus();
    setOpened(true);
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer.current);
        setOpened(false);
        revalidator.revalidate();
      }
    }, 1000);
  };

  return (
    <div className="flex flex-col gap-4">
      <EmailSummary email={email} />
      <div role="status" className="flex items-center gap-3 rounded-md border border-border px-4 py-3">
        <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin text-brand motion-reduce:animate-none" />
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold">{t("signin_sso_waiting")}</p>
          <p className="text-sm text-muted-foreground">{t(opened ? "signin_sso_opened" : "signin_sso_hint")}</p>
        </div>
      </div>
      {blocked ? <Alert variant="info">{t("signin_sso_blocked")}</Alert> : null}
      <a href={url} target="_blank" rel="opener" onClick={open} className={cn(buttonVariants({ size: null }), "min-h-12 px-6 py-3 text-center text-base")}>
        {t(opened ? "signin_sso_reopen" : "signin_sso_open")}
        <span className="sr-only"> ({t("opens_new_window")})</span>
      </a>
    </div>
  );
}
