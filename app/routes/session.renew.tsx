/**
 * /session/renew (SPEC.md section 4, "Token handling"; issue 16, point 3): the upstream answered a
 * refresh with 202 and a URL to follow. This page loads that URL (a page of the auth origin only)
 * in a hidden frame and waits up to 10 s for its `set_token` message; the tokens go to this route's
 * action, which keeps them in the member's web session (never in the page), and the member goes
 * back where they were. Otherwise it says the session could not be renewed, with a retry and a way
 * to sign in again.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { buttonVariants } from "~/components/ui/button";
import { localPath } from "~/domain/same-origin";
import { renewalUrlAllowed, RenewedTokensSchema, RENEW_TIMEOUT_MS, setTokenMessage } from "~/domain/session-renewal";
import { useTranslation } from "~/i18n/react";
import { signinRedirect } from "~/lib/server/api.server";
import { titleMeta } from "~/lib/page-title";
import { useHydrated } from "~/lib/use-hydrated";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "auth", "session_renew_title");

/** Where the auth service answers: the upstream's origin behind an edge, else this Worker's own. */
const authOriginOf = (env: Env, request: Request) => new URL(env.UPSTREAM_URL || request.url).origin;

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await context.webSessions.get(request))) throw signinRedirect(request);
  const params = new URL(request.url).searchParams;
  const authOrigin = authOriginOf(context.cloudflare.env, request);
  const url = params.get("url") ?? "";
  if (!renewalUrlAllowed(url, authOrigin)) throw new Response("This renewal cannot be followed.", { status: 400 });
  return { url, authOrigin, redirect: localPath(params.get("redirect")) ?? "/wall", timeoutMs: RENEW_TIMEOUT_MS };
}

/** POST the tokens of the frame's message: kept in the web session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await context.webSessions.get(request);
  if (!session) return Response.json({ error: "unauthorized", message: "There is no session to renew." }, { status: 401 });
  const body = await request.json().catch(() => null);
  const tokens = v.safeParse(RenewedTokensSchema, body);
  if (!tokens.success) return Response.json({ error: "validation_error", message: "These are not tokens." }, { status: 400 });
  await context.webSessions.renew(session, tokens.output);
  return Response.json({ renewed: true });
}

export default function SessionRenew() {
  const { url, authOrigin, redirect, timeoutMs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const [state, setState] = useState<"waiting" | "failed">("waiting");
  // The frame loads only once the page listens for its message (after hydration), or the answer is missed.
  const hydrated = useHydrated();
  useEffect(() => {
    if (state !== "waiting") return;
    let done = false;
    const timer = setTimeout(() => setState("failed"), timeoutMs);
    async function onMessage(event: MessageEvent) {
      const tokens = setTokenMessage(event, authOrigin);
      if (!tokens || done) return;
      done = true;
      clearTimeout(timer);
      const answer = await fetch("/session/renew", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(tokens) }).catch(() => null);
      if (answer?.ok) window.location.replace(redirect);
      else setState("failed");
    }
    window.addEventListener("message", onMessage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("message", onMessage);
    };
  }, [state, authOrigin, redirect, timeoutMs]);
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{t("session_renew_title")}</h1>
      <p role="status">{t(state === "waiting" ? "session_renew_waiting" : "session_renew_failed")}</p>
      {state === "waiting" ? (
        <>
          {/* Mounted again by "try again", so the auth origin's page loads afresh. */}
          {hydrated ? <iframe src={url} title={t("session_renew_frame")} hidden /> : null}
          <noscript>
            {/* Signing out is a POST (a link to /logout only asks for confirmation). */}
            <form method="post" action="/logout">
              <button type="submit" className={buttonVariants({ variant: "outline" })}>
                {t("session_renew_signin")}
              </button>
            </form>
          </noscript>
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <button type="button" className={buttonVariants({ variant: "default" })} onClick={() => setState("waiting")}>
            {t("session_renew_retry")}
          </button>
          <Form method="post" action="/logout" className="flex flex-col">
            <button type="submit" className={buttonVariants({ variant: "outline" })}>
              {t("session_renew_signin")}
            </button>
          </Form>
        </div>
      )}
    </main>
  );
}
