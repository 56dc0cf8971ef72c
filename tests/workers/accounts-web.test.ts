/**
 * The screens of issue 25, point 1, through their loaders and actions with a real load context:
 * /invite/{token} for an existing account (sign in, or switch account, then accept or decline),
 * Settings → Account (the pending invitations, "use my … sign-in"), Manage → Members (remove) and
 * Manage → Web address and sign-in (prove an e-mail domain).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action as inviteAction, loader as inviteLoader } from "../../app/routes/invite.$token/route";
import { action as accountAction, loader as accountLoader } from "../../app/routes/_app.settings.account/route";
import { action as membersAction } from "../../app/routes/_app.manage.members/route";
import { action as accessAction, loader as accessLoader } from "../../app/routes/_app.manage.access/route";
import { createWebSession } from "../../workers/auth/web-session";
import { setFakeTxt } from "../../workers/dns/fake";
import { pageRequests, run, type Route } from "./route-calls";
import { call, createMember, login, mailbox, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const requests = pageRequests(cookies);
const anonymous = (path: string, fields?: [string, string][]) =>
  new Request(`http://acme.localhost${path}`, fields ? { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://acme.localhost" }, body: new URLSearchParams(fields).toString() } : {});
const invite = async (email: string) => {
  const token = (await login("alma@acme.example", "Correct-Horse-9")).body.access_token;
  await call("POST", "/api/acme/admin/invitations", { token, body: { invitations: [{ email }] } });
  return (await mailbox(email))[0].links[0].split("/invite/")[1];
};
const isMember = async (who: string) => Number(await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE org_id = 'org-acme' AND member_id = ?").bind(ids[who]).first("n")) === 1;

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  // Before the organisation is first read (and cached): its provider is part of its profile.
  await env.DB.prepare("INSERT INTO sso_providers (id, org_id, provider, issuer, client_id, enforced) VALUES ('sso-acme', 'org-acme', 'acme-idp', 'http://127.0.0.1:9', 'c', 0)").run();
  const context = await testLoadContext("acme");
  for (const [name, org, role] of [["alma", acme.id, "admin"], ["ana", commons.id, "member"], ["bea", commons.id, "member"], ["leo", acme.id, "member"]] as const) {
    const email = `${name}@${org === acme.id ? "acme" : "commons"}.example`;
    ids[name] = (await createMember({ email, orgId: org, name, role })).id;
    cookies[name] = (await createWebSession(context, (await login(email, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
});

describe("/invite/{token} for an existing account", () => {
  it("asks to sign in as the account, or to switch from another, and accepts only then", async () => {
    const token = await invite("ana@commons.example");
    const signedOut = await run(inviteLoader as Route, anonymous(`/invite/${token}`), { token });
    expect(signedOut.data).toMatchObject({ kind: "join", state: "signin", email: "ana@commons.example", organization: "Acme", signinUrl: `/signin?redirect=%2Finvite%2F${token}` });
    const other = await run(inviteLoader as Route, requests.get("bea", `/invite/${token}`), { token });
    expect(other.data).toMatchObject({ state: "other_account", signedInAs: "bea@commons.example" });
    const switched = await run(inviteAction as Route, requests.post("bea", `/invite/${token}`, [["kind", "join"], ["intent", "switch"]]), { token });
    expect(switched).toMatchObject({ status: 302, location: `/signin?redirect=%2Finvite%2F${token}` });
    expect(await isMember("ana")).toBe(false);
    expect((await run(inviteLoader as Route, requests.get("ana", `/invite/${token}`), { token })).data).toMatchObject({ state: "ready", role: "member" });
    const accepted = await run(inviteAction as Route, requests.post("ana", `/invite/${token}`, [["kind", "join"], ["intent", "accept"]]), { token });
    expect(accepted).toMatchObject({ status: 302, location: "/wall" });
    expect(await isMember("ana")).toBe(true);
  });

  it("declines with the link alone, and nothing is written", async () => {
    const token = await invite("bea@commons.example");
    const declined = await run(inviteAction as Route, anonymous(`/invite/${token}`, [["kind", "join"], ["intent", "decline"]]), { token });
    expect(declined.data).toEqual({ intent: "decline", declined: true, organization: "Acme" });
    expect(await isMember("bea")).toBe(false);
  });
});

describe("/invite/{token} for a new person", () => {
  it("chooses the password on a Spanish page, and the app goes on in Spanish", async () => {
    const token = await invite("nueva@example.org");
    const page = new Request(`http://acme.localhost/invite/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://acme.localhost", "accept-language": "es-ES,es;q=0.9" },
      body: new URLSearchParams([["intent", "save"], ["password", "Green-lantern-42"], ["agreeTC", "on"]]).toString(),
    });
    const signedIn = await run(inviteAction as Route, page, { token });
    expect(signedIn.status).toBe(302);
    expect(await env.DB.prepare("SELECT language FROM members WHERE email = 'nueva@example.org'").first("language")).toBe("es-ES");
  });
});

describe("Settings → Account", () => {
  it("lists the account's pending invitations, accepted or declined there", async () => {
    await env.DB.prepare("DELETE FROM invitations WHERE email = 'bea@commons.example'").run();
    await invite("bea@commons.example");
    // Bea switched accounts on the invitation page above: she signs in again.
    cookies.bea = (await createWebSession(await testLoadContext("acme"), (await login("bea@commons.example", "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
    const page = await run(accountLoader as Route, requests.get("bea", "/settings/account"));
    expect(page.data!.invitations).toEqual([expect.objectContaining({ organization: expect.objectContaining({ name: "Acme" }) })]);
    const accepted = await run(accountAction as Route, requests.post("bea", "/settings/account", [["intent", "invitation_accept"], ["id", page.data!.invitations[0].id]]));
    expect(accepted.data).toMatchObject({ intent: "invitation_accept", ok: true, organization: "Acme" });
    expect(await isMember("bea")).toBe(true);
  });

  it("offers the organisation's providers to link, none linked yet", async () => {
    const page = await run(accountLoader as Route, requests.get("leo", "/settings/account"));
    expect(page.data).toMatchObject({ providers: [{ provider: "acme-idp", linked: false }], linkedNow: false });
  });
});

describe("Manage → Members: remove", () => {
  it("removes a member after the confirmation's button, and says so", async () => {
    const removed = await run(membersAction as Route, requests.post("alma", "/manage/members", [["intent", "remove"], ["id", ids.leo]]));
    expect(removed.data).toMatchObject({ done: { status: "remove" }, error: null });
    expect(await isMember("leo")).toBe(false);
    const self = await run(membersAction as Route, requests.post("alma", "/manage/members", [["intent", "remove"], ["id", ids.alma]]));
    expect(self).toMatchObject({ status: 409, data: { error: "cannot_remove_self" } });
  });
});

describe("Manage → Web address and sign-in: e-mail domains", () => {
  it("shows the domain's record and proves it when the record is there", async () => {
    const page = await run(accessLoader as Route, requests.get("alma", "/manage/access"));
    const [domain] = page.data!.emailDomains;
    expect(domain).toMatchObject({ domain: "acme.example", status: "pending", record: { name: "_commons-challenge.acme.example" } });
    const early = await run(accessAction as Route, requests.post("alma", "/manage/access", [["intent", "email_domain_verify"], ["domain", "acme.example"]]));
    expect(early).toMatchObject({ status: 409, data: { ok: false, target: "acme.example", fields: { domain: "email_domain_check_record_missing" } } });
    await setFakeTxt(env.ORG_CACHE, domain.record.name, [domain.record.value]);
    expect((await run(accessAction as Route, requests.post("alma", "/manage/access", [["intent", "email_domain_verify"], ["domain", "acme.example"]]))).data).toMatchObject({ ok: true, target: "acme.example" });
    expect((await run(accessLoader as Route, requests.get("alma", "/manage/access"))).data!.emailDomains[0]).toMatchObject({ status: "verified" });
  });
});
