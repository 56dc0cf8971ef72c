/**
 * The screens of issue 28, point 6, through their loaders and actions with a real load context:
 * Settings → Account's "Your data" (the download, the deletion form), the sign-in page's notice of
 * a scheduled deletion, and Manage → Members' download of a member's data and deletion of an
 * account, on its owner's request.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action as accountAction } from "../../app/routes/_app.settings.account/route";
import { loader as exportLoader } from "../../app/routes/settings.account.export";
import { loader as signinLoader } from "../../app/routes/signin/route";
import { action as membersAction } from "../../app/routes/_app.manage.members/route";
import { loader as memberExportLoader } from "../../app/routes/_app.manage.members_.$id.export";
import { createWebSession } from "../../workers/auth/web-session";
import { pageRequests, run, type Route } from "./route-calls";
import { createMember, login, seedOrganizations, testLoadContext } from "./support";

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const requests = pageRequests(cookies);

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const context = await testLoadContext("acme");
  for (const [name, role] of [["alma", "admin"], ["marta", "member"], ["leo", "member"], ["nina", "member"]] as const) {
    const email = `${name}@acme.example`;
    ids[name] = (await createMember({ email, orgId: acme.id, name, role })).id;
    cookies[name] = (await createWebSession(context, (await login(email, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
  }
  await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, ?)").bind(commons.id, ids.leo).run();
});

describe("Settings → Account, your data", () => {
  it("downloads the account's data as a JSON attachment that is never cached", async () => {
    const context = await testLoadContext("acme");
    const response = (await exportLoader({ request: requests.get("marta", "/settings/account/export"), context, params: {} })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="commons-my-data-/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(((await response.json()) as { account: { email: string } }).account.email).toBe("marta@acme.example");
  });

  it("sends a signed-out visitor to sign in instead", async () => {
    const signedOut = await run(exportLoader as Route, new Request("http://acme.localhost/settings/account/export"));
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/signin/);
  });

  it("refuses a deletion confirmed with another address, at its field", async () => {
    const refused = await run(accountAction as Route, requests.post("marta", "/settings/account", [["intent", "account_delete"], ["email", "leo@acme.example"]]));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "account_delete", fields: { email: "account_delete_error_email" }, email: "leo@acme.example" });
    const empty = await run(accountAction as Route, requests.post("marta", "/settings/account", [["intent", "account_delete"], ["email", ""]]));
    expect(empty.data).toMatchObject({ fields: { email: "form_error_required" } });
  });

  it("asks for the deletion and leaves for the sign-in page, which says when the account goes", async () => {
    const asked = await run(accountAction as Route, requests.post("marta", "/settings/account", [["intent", "account_delete"], ["email", "marta@acme.example"]]));
    expect(asked.status).toBe(303);
    const requestedAt = Number(await env.DB.prepare("SELECT deletion_requested_at FROM members WHERE id = ?").bind(ids.marta).first("deletion_requested_at"));
    const due = new Date(requestedAt + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(asked.location).toBe(`/signin?deletion_due=${due}`);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM web_sessions WHERE member_id = ?").bind(ids.marta).first("n")).toBe(0);
    const page = await run(signinLoader as Route, new Request(`http://acme.localhost${asked.location}`));
    expect(page.data).toMatchObject({ stage: "email", deletionDue: due });
    const forged = await run(signinLoader as Route, new Request("http://acme.localhost/signin?deletion_due=<b>soon</b>"));
    expect(forged.data).toMatchObject({ deletionDue: null });
  });
});

describe("Manage → Members, a member's data and account on their request", () => {
  it("downloads a member's data for an administrator, and is no page for anyone else", async () => {
    const context = await testLoadContext("acme");
    const response = (await memberExportLoader({ request: requests.get("alma", `/manage/members/${ids.leo}/export`), context, params: { id: ids.leo } })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="commons-my-data-/);
    expect(((await response.json()) as { organizations: { slug: string }[] }).organizations.map((o) => o.slug)).toEqual(["acme"]);
    const refused = await run(memberExportLoader as Route, requests.get("leo", `/manage/members/${ids.nina}/export`), { id: ids.nina });
    expect(refused.status).toBe(404);
  });

  it("schedules the deletion of an account this organisation alone holds", async () => {
    const done = await run(membersAction as Route, requests.post("alma", "/manage/members", [["intent", "delete_account"], ["id", ids.nina]]));
    expect(done.data).toMatchObject({ done: { status: "delete_account", count: 1 }, id: ids.nina });
    expect(await env.DB.prepare("SELECT deletion_requested_by FROM members WHERE id = ?").bind(ids.nina).first("deletion_requested_by")).toBe(ids.alma);
  });

  it("says why not for an account other organisations hold too", async () => {
    const refused = await run(membersAction as Route, requests.post("alma", "/manage/members", [["intent", "delete_account"], ["id", ids.leo]]));
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ error: "member_in_other_organizations", id: ids.leo });
  });
});
