/**
 * /manage/access on the server (issue 15, point 4; issue 25): the organisation's custom hostnames,
 * SSO providers and e-mail domains (proven by DNS) from the admin API, each form of the screen as one call, and the test sign-in, which
 * sends the administrator to the provider and back to this screen with the test's outcome; and the
 * credential signing keys, rotated behind a confirmation (issue 32).
 */
import { redirect } from "@remix-run/cloudflare";
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { notFound, requireStaff } from "~/lib/server/manage.server";

export async function loadAccess(args: ApiArgs) {
  const { org } = await requireStaff(args, ["admin"]);
  const param = { org: pathParam(org) };
  const testId = new URL(args.request.url).searchParams.get("test");
  // One call for the lists and the signing keys (one D1 batch); the test's outcome only when coming back from one.
  const [access, test] = await Promise.all([
    memberCall(args, (api) => api.api[":org"].admin.access.$get({ param })),
    testId && /^[0-9a-f-]{36}$/.test(testId) ? memberCall(args, (api) => api.api[":org"].admin.sso.tests[":id"].$get({ param: { ...param, id: pathParam(testId) } })) : null,
  ]);
  if (!access.ok && access.status === 403) throw notFound();
  return {
    hostnames: access.ok ? access.data.hostnames : null,
    providers: access.ok ? access.data.providers : null,
    emailDomains: access.ok ? access.data.email_domains : null,
    test: test?.ok ? test.data : null,
    // The credential signing keys (issue 32) come in the same answer: null without credentials on this deployment.
    signingKeys: access.ok ? access.data.credential_keys : null,
    signingKeysError: access.ok && !access.data.credential_keys ? "credentials_unavailable" : null,
  };
}

export type AccessIntent = "hostname_add" | "hostname_verify" | "hostname_remove" | "sso_add" | "sso_update" | "sso_remove" | "sso_test" | "email_domain_verify" | "credentials_key_rotate";
export interface AccessAnswer {
  intent: AccessIntent | null;
  /** The hostname or provider the form was about (its row shows the answer). */
  target: string | null;
  ok: boolean;
  error: string | null;
  fields: Record<string, string>;
  /** What the form sent, to show again after a refusal. */
  values: Record<string, string>;
}

const INTENTS: readonly AccessIntent[] = ["hostname_add", "hostname_verify", "hostname_remove", "sso_add", "sso_update", "sso_remove", "sso_test", "email_domain_verify", "credentials_key_rotate"];

/** A provider form's fields as the API takes them (an empty secret: kept on a change, none on a new one). */
function providerBody(form: FormData, adding: boolean) {
  const text = (name: string) => String(form.get(name) ?? "");
  const secret = text("client_secret");
  return {
    ...(adding ? { provider: text("provider") } : {}),
    issuer: text("issuer"),
    client_id: text("client_id"),
    scopes: text("scopes"),
    enforced: form.get("enforced") === "on",
    ...(secret ? { client_secret: secret } : form.get("clear_secret") === "on" ? { client_secret: null } : {}),
  };
}

export async function accessAction(args: ApiArgs): Promise<{ status: number; answer: AccessAnswer }> {
  const { org } = await requireStaff(args, ["admin"]);
  const form = await readForm(args.request);
  const intent = INTENTS.find((value) => value === form.get("intent")) ?? null;
  const target = String(form.get("hostname") ?? form.get("id") ?? form.get("domain") ?? "") || null;
  const values = Object.fromEntries([...form.entries()].filter(([name]) => name !== "client_secret").map(([name, value]) => [name, String(value)]));
  const param = { org: pathParam(org) };
  if (!intent) return { status: 400, answer: { intent, target, ok: false, error: "validation_error", fields: {}, values } };
  const hostname = String(form.get("hostname") ?? "");
  const id = String(form.get("id") ?? "");
  const domain = String(form.get("domain") ?? "");
  // Rotating the signing key is confirmed by a box ticked (the browser asks for it; a form sent without it is refused here).
  if (intent === "credentials_key_rotate" && form.get("confirm") !== "on") return { status: 400, answer: { intent, target, ok: false, error: "validation_error", fields: { confirm: "form_error_required" }, values } };
  const result =
    intent === "credentials_key_rotate"
      ? await memberCall(args, (api) => api.api[":org"].credentials.keys.rotate.$post({ param }))
      : intent === "email_domain_verify"
      ? await memberCall(args, (api) => api.api[":org"].admin.email_domains[":domain"].verify.$post({ param: { ...param, domain: pathParam(domain) } }))
      : intent === "hostname_add"
      ? await memberCall(args, (api) => api.api[":org"].admin.hostnames.$post({ param, json: { hostname } }))
      : intent === "hostname_verify"
        ? await memberCall(args, (api) => api.api[":org"].admin.hostnames[":hostname"].verify.$post({ param: { ...param, hostname: pathParam(hostname) } }))
        : intent === "hostname_remove"
          ? await memberCall(args, (api) => api.api[":org"].admin.hostnames[":hostname"].$delete({ param: { ...param, hostname: pathParam(hostname) } }))
          : intent === "sso_add"
            ? await memberCall(args, (api) => api.api[":org"].admin.sso.$post({ param, json: providerBody(form, true) as never }))
            : intent === "sso_update"
              ? await memberCall(args, (api) => api.api[":org"].admin.sso[":id"].$put({ param: { ...param, id: pathParam(id) }, json: providerBody(form, false) }))
              : intent === "sso_remove"
                ? await memberCall(args, (api) => api.api[":org"].admin.sso[":id"].$delete({ param: { ...param, id: pathParam(id) } }))
                : await memberCall(args, (api) => api.api[":org"].admin.sso[":id"].test.$post({ param: { ...param, id: pathParam(id) } }));
  if (intent === "sso_test" && result.ok) {
    const { test, url } = result.data as { test: { id: string }; url: string | null };
    // To the provider (its authorization endpoint, from discovery), or straight to the failed test.
    throw redirect(url ?? `/manage/access?test=${encodeURIComponent(test.id)}`);
  }
  if (result.ok) return { status: 200, answer: { intent, target, ok: true, error: null, fields: {}, values: {} } };
  return { status: result.status, answer: { intent, target, ok: false, error: result.error.error, fields: result.error.fields ?? {}, values } };
}
