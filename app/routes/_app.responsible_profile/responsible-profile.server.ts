/**
 * /responsible_profile on the server: the member's social CV and certificates (issue 13); a 404
 * where the organisation has the feature off. The page's own form posts: revoke a certificate,
 * remove the picture.
 */
import { redirect } from "@remix-run/cloudflare";
import { jsonBody, memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { readForm } from "~/lib/server/form.server";
import { memberOrgSlug } from "~/lib/server/member.server";

export async function loadResponsibleProfile(args: ApiArgs) {
  const org = pathParam(await memberOrgSlug(args));
  const [profile, certificates, credentials] = await Promise.all([
    memberCall(args, (api) => api.api[":org"].responsible_profile.$get({ param: { org } })),
    memberCall(args, (api) => api.api[":org"].responsible_profile.certificates.$get({ param: { org } })),
    memberCall(args, (api) => api.api[":org"].credentials.$get({ param: { org } })),
  ]);
  if (!profile.ok && profile.status === 404) throw new Response("Not found", { status: 404 });
  return {
    profile: profile.ok ? profile.data : null,
    certificates: certificates.ok ? certificates.data.certificates : [],
    // Null where the deployment issues no credentials (503): the panel is not shown.
    credentials: credentials.ok ? credentials.data.credentials : null,
  };
}

export type ProfileNotice = "revoked" | "avatar_removed" | "action_failed";
/** The credentials panel's notices (its own namespace, credentials.json). */
export type CredentialNotice = "credential_revoked" | "credentials_issued" | "credentials_none" | "credentials_failed";

/** The page's form posts; each answers a redirect back with a notice (works without JavaScript). */
export async function responsibleProfileAction(args: ApiArgs) {
  const form = await readForm(args.request);
  const org = pathParam(await memberOrgSlug(args));
  const intent = form.get("intent");
  const back = (notice: ProfileNotice | CredentialNotice, count?: number) => redirect(`/responsible_profile?notice=${notice}${count === undefined ? "" : `&count=${count}`}`, 303);
  if (intent === "revoke") {
    const id = String(form.get("id") ?? "");
    const result = await memberCall(args, (api) => api.api[":org"].responsible_profile.certificates[":id"].$delete({ param: { org, id: pathParam(id) } }));
    return back(result.ok ? "revoked" : "action_failed");
  }
  if (intent === "revoke_credential") {
    const id = String(form.get("id") ?? "");
    const result = await memberCall(args, (api) => api.api[":org"].credentials[":id"].revoke.$post({ param: { org, id: pathParam(id) } }));
    return back(result.ok ? "credential_revoked" : "credentials_failed");
  }
  if (intent === "issue_credentials") {
    const result = await memberCall(args, (api) => api.api[":org"].credentials.$post({ param: { org } }));
    if (!result.ok) return back("credentials_failed");
    return result.data.issued ? back("credentials_issued", result.data.issued) : back("credentials_none");
  }
  if (intent === "remove_avatar") {
    const result = await memberCall(args, (api) => api.api[":org"].profile.$put({ param: { org } }, jsonBody({ avatar: null })));
    return back(result.ok ? "avatar_removed" : "action_failed");
  }
  return Response.json({ error: "invalid_intent", message: "Unknown action." }, { status: 400 });
}
