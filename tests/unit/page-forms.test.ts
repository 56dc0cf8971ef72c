/**
 * Every page action that reads a form, given a body that is not one (JSON, plain text, a broken
 * multipart): a clear 4xx, never the 500 of an uncaught `request.formData()`. The body is the
 * first thing each action reads, so no API is needed here; and the route modules import the Remix
 * runtime, which does not load inside the Worker tests' workerd.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import * as acceptTerms from "../../app/routes/accept-terms";
import * as confirmEmail from "../../app/routes/confirm_email.$token";
import * as initiative from "../../app/routes/_app.initiative.$slug.($action)/route";
import * as recoverPassword from "../../app/routes/recover_password._index/route";
import * as account from "../../app/routes/_app.settings.account/route";
import * as language from "../../app/routes/_app.settings.language";
import * as notification from "../../app/routes/_app.settings.notification/route";
import * as preferences from "../../app/routes/_app.settings.preferences/route";
import * as signin from "../../app/routes/signin/route";
import * as signupCorporate from "../../app/routes/signup.c.$token";
import * as signupEmailConfirmation from "../../app/routes/signup.email_confirmation";
import * as signupFirstStep from "../../app/routes/signup._index";
import * as signupOrganization from "../../app/routes/signup.organization";
import * as signupPassword from "../../app/routes/signup.password";
import * as wall from "../../app/routes/_app.wall.$slug.($action)";

/** Nothing of it is touched before the body is read. */
const context = {} as AppLoadContext;

type Action = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

const READ_FORM: [string, Action, Record<string, string>][] = [
  ["/accept-terms", acceptTerms.action, {}],
  ["/initiative/beach", initiative.action, { slug: "beach" }],
  ["/wall/beach", wall.action, { slug: "beach" }],
  ["/settings/account", account.action, {}],
  ["/settings/language", language.action, {}],
  ["/settings/notification", notification.action, {}],
  ["/settings/preferences", preferences.action, {}],
  ["/signup", signupFirstStep.action, {}],
  ["/signup/c/token-1", signupCorporate.action, { token: "token-1" }],
  ["/signup/password", signupPassword.action, {}],
  ["/signup/organization", signupOrganization.action, {}],
  ["/signup/email_confirmation", signupEmailConfirmation.action, {}],
];

const NOT_FORMS: [string, BodyInit, string][] = [
  ["JSON", '{"kind":"platform"}', "application/json"],
  ["plain text", "kind=platform", "text/plain"],
  ["a multipart body without its boundary", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--", "multipart/form-data"],
];

/** The answer of an action, thrown or returned, as a status and a body. */
async function outcome(run: () => unknown): Promise<{ status: number; body: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: await value.json().catch(() => null) };
  // Remix's data(): { type: "DataWithResponseInit", data, init }
  const wrapped = value as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  if (value instanceof Error) throw value;
  return { status: 200, body: value };
}

const post = (path: string, body: BodyInit, type: string) =>
  new Request(`http://localhost${path}`, { method: "POST", body, headers: { "content-type": type } });

describe("page actions given a body that is not a form", () => {
  for (const [path, action, params] of READ_FORM) {
    it(`${path} answers 400 invalid_form`, async () => {
      for (const [what, body, type] of NOT_FORMS) {
        const answer = await outcome(() => action({ request: post(path, body, type), context, params }));
        expect(answer, what).toEqual({ status: 400, body: { error: "invalid_form", message: expect.any(String) } });
      }
    });
  }

  it("the sign-in, recovery and confirmation forms read it as an empty form: 400 with field errors", async () => {
    const actions: [string, Action, Record<string, string>][] = [
      ["/signin", signin.action, {}],
      ["/recover_password", recoverPassword.action, {}],
      ["/confirm_email/abc", confirmEmail.action, { token: "abc" }],
    ];
    for (const [path, action, params] of actions) {
      const answer = await outcome(() => action({ request: post(path, '{"email":"a@b.co"}', "application/json"), context, params }));
      expect(answer.status, path).toBe(400);
    }
  });
});
