/**
 * Settings → account, the parts about the account's standing (issue 25, point 1): the pending
 * invitations of organisations (the app's notice: accept or decline, nothing happens before), and
 * the organisation's sign-in providers the member may link to this account ("use my Acme
 * sign-in": the provider's round trip, finished in this browser, links it; decision 029).
 */
import { redirect } from "@remix-run/cloudflare";
import { memberCall, pathParam, publicCall, type ApiArgs } from "~/lib/server/api.server";
import { memberIdentity } from "~/lib/server/member.server";

export async function loadAccountAccess(args: ApiArgs) {
  const user = await memberIdentity(args);
  const organization = user.organizations[0];
  const [invitations, links, profile] = await Promise.all([
    memberCall(args, (api) => api.auth.invitations.$get()),
    memberCall(args, (api) => api.auth.sso.links.$get()),
    publicCall(args, (api) => api.api.organization.profile[":slug"].$get({ param: { slug: pathParam(organization.slug) } })),
  ]);
  const linked = new Set(links.ok ? links.data.links.filter((link) => link.organization === organization.slug).map((link) => link.provider) : []);
  const providers = profile.ok ? (profile.data.sso_providers ?? []) : [];
  return {
    invitations: invitations.ok ? invitations.data.invitations : [],
    organization: { slug: organization.slug, name: organization.name },
    providers: providers.map((provider) => ({ provider, linked: linked.has(provider) })),
    linkedNow: new URL(args.request.url).searchParams.get("linked") === "1",
  };
}

export type AccountAccessAnswer = { intent: "invitation_accept" | "invitation_decline" | "sso_link"; ok: boolean; error: string | null; organization?: string };

/** The forms of those parts: accept or decline an invitation, start linking a provider. Null for the page's other forms. */
export async function accountAccessAction(args: ApiArgs, form: FormData): Promise<Response | { status: number; answer: AccountAccessAnswer } | null> {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "invitation_accept" || intent === "invitation_decline") {
    const param = { id: pathParam(id) };
    const result =
      intent === "invitation_accept"
        ? await memberCall(args, (api) => api.auth.invitations[":id"].accept.$post({ param }))
        : await memberCall(args, (api) => api.auth.invitations[":id"].decline.$post({ param }));
    if (!result.ok) return { status: result.status, answer: { intent, ok: false, error: result.error.error } };
    const organization = intent === "invitation_accept" && result.data ? (result.data as { organization: { name: string } }).organization.name : undefined;
    return { status: 200, answer: { intent, ok: true, error: null, organization } };
  }
  if (intent === "sso_link") {
    const user = await memberIdentity(args);
    const provider = String(form.get("provider") ?? "");
    const result = await memberCall(args, (api) => api.auth.sso[":provider"].link.$post({ param: { provider: pathParam(provider) }, json: { organization: user.organizations[0].slug } } as never));
    // To the provider; its callback brings the member back here with ?linked=1.
    if (result.ok) return redirect((result.data as { url: string }).url);
    return { status: result.status, answer: { intent, ok: false, error: result.error.error } };
  }
  return null;
}
