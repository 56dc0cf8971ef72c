/**
 * SCIM 2.0 provisioning (issue 31, section 4; docs/integrations.md): the requests Okta and
 * Microsoft Entra send, written by hand from their public SCIM documentation (Okta's "SCIM 2.0
 * protocol reference", Entra's "Tutorial: Develop and plan provisioning for a SCIM endpoint" and
 * its validator's requests): create, filter, PATCH with their quirks, deactivate, delete, groups as
 * sites, the discovery endpoints and SCIM's error format.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, createOrg, json, login, mailbox, seedOrganizations } from "./support";

const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

const keys: Record<string, string> = {};
const ids: Record<string, string> = {};

/** A SCIM request as the providers send it: application/scim+json, the key as bearer token. */
function scim(method: string, path: string, body?: unknown, org = "acme", key = keys[org]) {
  return call(method, `/scim/v2/${org}${path}`, {
    token: key,
    headers: body === undefined ? {} : { "content-type": "application/scim+json; charset=utf-8" },
    rawBody: body === undefined ? undefined : JSON.stringify(body),
  });
}

const q = (text: string) => encodeURIComponent(text);
const one = async (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<Record<string, unknown>>();

async function keyFor(org: string, token: string, scopes = ["scim"]) {
  const answer = await call("POST", `/api/${org}/admin/api-keys`, { token, body: { name: "Identity provider", scopes } });
  expect(answer.status).toBe(201);
  return (await json(answer)).secret as string;
}

// Okta: "SCIM 2.0 protocol reference", Create the user (POST /Users).
const oktaUser = {
  schemas: [USER],
  userName: "test.user@acme.example",
  name: { givenName: "Test", familyName: "User" },
  emails: [{ primary: true, value: "test.user@acme.example", type: "work" }],
  displayName: "Test User",
  locale: "en-US",
  externalId: "00ujl29u0le5T6Aj10h7",
  groups: [],
  password: "1mz050nq",
  active: true,
};

// Entra: the provisioning service's create request, with the enterprise extension and a userName (UPN) that is not the mail.
const entraUser = {
  schemas: [USER, ENTERPRISE],
  externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
  userName: "Test_User_ab6490ee@globex.onmicrosoft.com",
  active: true,
  emails: [{ primary: true, type: "work", value: "jordan.lee@globex.example" }],
  meta: { resourceType: "User" },
  name: { formatted: "Jordan Lee", familyName: "Lee", givenName: "Jordan" },
  roles: [],
  [ENTERPRISE]: { department: "Finance", manager: { value: "someone" } },
};

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  await createOrg({ id: "org-globex", slug: "globex", emailDomains: ["globex.example"] });
  await env.DB.prepare("insert into sso_providers (id, org_id, provider, issuer, client_id, enforced) values ('sso-globex', 'org-globex', 'entra', 'https://login.microsoftonline.com/x/v2.0', 'client', 1)").run();
  const ada = await createMember({ email: "ada@acme.example", orgId: acme.id, role: "admin" });
  const gil = await createMember({ email: "gil@globex.example", orgId: "org-globex", role: "admin" });
  const cora = await createMember({ email: "cora@commons.example", orgId: commons.id, role: "admin" });
  // Marta belongs to Acme and to Commons: Acme's provider may take her out of Acme only.
  const marta = await createMember({ email: "marta@acme.example", orgId: acme.id, name: "Marta Ruiz" });
  await env.DB.prepare("insert into memberships (org_id, member_id, role) values (?, ?, 'member')").bind(commons.id, marta.id).run();
  ids.marta = marta.id;
  ids.ada = ada.id;
  const tokens = {
    ada: (await login("ada@acme.example", "Correct-Horse-9")).body.access_token,
    gil: (await login("gil@globex.example", "Correct-Horse-9")).body.access_token,
    cora: (await login("cora@commons.example", "Correct-Horse-9")).body.access_token,
  };
  ids.gil = gil.id;
  ids.cora = cora.id;
  keys.acme = await keyFor("acme", tokens.ada);
  keys.globex = await keyFor("globex", tokens.gil);
  keys.commons = await keyFor("commons", tokens.cora);
  keys.acmeRead = await keyFor("acme", tokens.ada, ["members:read"]);
});

describe("Okta", () => {
  it("finds nobody before the user exists (its first request), in SCIM's list shape", async () => {
    const answer = await scim("GET", `/Users?filter=${q('userName eq "test.user@acme.example"')}&startIndex=1&count=100`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/scim+json");
    expect(await json(answer)).toEqual({ schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
  });

  it("creates the user as an invitation where the organisation signs in with passwords", async () => {
    const answer = await scim("POST", "/Users", oktaUser);
    expect(answer.status).toBe(201);
    const user = await json(answer);
    expect(user).toMatchObject({ schemas: [USER], userName: "test.user@acme.example", externalId: "00ujl29u0le5T6Aj10h7", active: true, emails: [{ value: "test.user@acme.example", type: "work", primary: true }], displayName: "Test User" });
    expect(user.meta).toMatchObject({ resourceType: "User", location: `http://localhost/scim/v2/acme/Users/${user.id}` });
    ids.okta = user.id;
    expect(await one("select 1 as n from invitations where org_id = 'org-acme' and member_id = ? and accepted_at is null", user.id)).not.toBeNull();
    expect(await one("select 1 as n from memberships where org_id = 'org-acme' and member_id = ?", user.id)).toBeNull();
    expect((await mailbox("test.user@acme.example"))[0]?.links.some((link) => link.includes("/invite/"))).toBe(true);
    expect(await one("select external_id, user_name from scim_users where member_id = ?", user.id)).toEqual({ external_id: "00ujl29u0le5T6Aj10h7", user_name: "test.user@acme.example" });
    // Okta's own dedupe: the same user again is 409 uniqueness.
    const again = await json(await scim("POST", "/Users", oktaUser));
    expect(again).toMatchObject({ schemas: [SCIM_ERROR], status: "409", scimType: "uniqueness" });
  });

  it("reads the user by id and by each filter the providers use", async () => {
    expect((await json(await scim("GET", `/Users/${ids.okta}`))).userName).toBe("test.user@acme.example");
    for (const filter of ['userName eq "Test.User@acme.example"', 'externalId eq "00ujl29u0le5T6Aj10h7"', 'emails[type eq "work"].value eq "test.user@acme.example"']) {
      const list = await json(await scim("GET", `/Users?filter=${q(filter)}`));
      expect(list.totalResults, filter).toBe(1);
      expect(list.Resources[0].id).toBe(ids.okta);
    }
    const bad = await scim("GET", `/Users?filter=${q('userName sw "test"')}`);
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ schemas: [SCIM_ERROR], status: "400", scimType: "invalidFilter" });
  });

  it("pages with startIndex and count", async () => {
    const all = await json(await scim("GET", "/Users"));
    expect(all.totalResults).toBe(3);
    const second = await json(await scim("GET", "/Users?startIndex=2&count=1"));
    expect(second).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(second.Resources[0].id).toBe(all.Resources[1].id);
  });

  it("deactivates with a value object {active: false}: the invitation goes, the user stays visible as inactive", async () => {
    const answer = await scim("PATCH", `/Users/${ids.okta}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] });
    expect(answer.status).toBe(200);
    expect((await json(answer)).active).toBe(false);
    expect(await one("select 1 as n from invitations where org_id = 'org-acme' and member_id = ?", ids.okta)).toBeNull();
    const listed = await json(await scim("GET", `/Users?filter=${q('userName eq "test.user@acme.example"')}`));
    expect(listed.Resources[0].active).toBe(false);
    // And reactivates: invited again.
    const back = await json(await scim("PATCH", `/Users/${ids.okta}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: true } }] }));
    expect(back.active).toBe(true);
    expect(await one("select 1 as n from invitations where org_id = 'org-acme' and member_id = ? and accepted_at is null", ids.okta)).not.toBeNull();
  });

  it("replaces the user with PUT", async () => {
    const answer = await scim("PUT", `/Users/${ids.okta}`, { ...oktaUser, id: ids.okta, name: { givenName: "Tess", familyName: "User" }, displayName: undefined });
    expect(answer.status).toBe(200);
    expect((await json(answer)).name.formatted).toBe("Tess User");
  });

  it("takes back a one-word name as it reads it: an empty familyName is no family name", async () => {
    const oneWord = await scim("PUT", `/Users/${ids.okta}`, { ...oktaUser, id: ids.okta, name: { givenName: "Tess", familyName: "" }, displayName: undefined });
    expect(oneWord.status).toBe(200);
    const read = await json(await scim("GET", `/Users/${ids.okta}`));
    expect(read.name).toMatchObject({ formatted: "Tess", givenName: "Tess", familyName: "" });
    // The providers PUT back what they read.
    const again = await scim("PUT", `/Users/${ids.okta}`, read);
    expect(again.status).toBe(200);
    expect((await json(again)).name.formatted).toBe("Tess");
    const wrong = await scim("PATCH", `/Users/${ids.okta}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "name.familyName", value: 7 }] });
    expect(wrong.status).toBe(400);
    const restored = await scim("PUT", `/Users/${ids.okta}`, { ...oktaUser, id: ids.okta, name: { givenName: "Tess", familyName: "User" }, displayName: undefined });
    expect((await json(restored)).name.formatted).toBe("Tess User");
  });

  it("takes an existing member out of this organisation only, never the account or their other organisation", async () => {
    const found = await json(await scim("GET", `/Users?filter=${q('userName eq "marta@acme.example"')}`));
    expect(found.Resources[0]).toMatchObject({ id: ids.marta, active: true, displayName: "Marta Ruiz" });
    const answer = await scim("PATCH", `/Users/${ids.marta}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] });
    expect(answer.status).toBe(200);
    expect(await one("select 1 as n from memberships where org_id = 'org-acme' and member_id = ?", ids.marta)).toBeNull();
    expect(await one("select 1 as n from memberships where org_id = 'org-commons' and member_id = ?", ids.marta)).not.toBeNull();
    expect(await one("select disabled_at, erased_at from members where id = ?", ids.marta)).toEqual({ disabled_at: null, erased_at: null });
    expect(await one("select actor_member_id from audit_log where action = 'member.removed' and target_id = ?", ids.marta)).toEqual({ actor_member_id: expect.stringMatching(/^api_key:/) });
    // A name is the account's: not changed while the account belongs to another organisation too.
    await scim("PATCH", `/Users/${ids.marta}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "name.familyName", value: "Other" }] });
    expect(await one("select name from profiles where member_id = ?", ids.marta)).toEqual({ name: "Marta Ruiz" });
  });
});

describe("Microsoft Entra", () => {
  it("creates a member at once, without a password, where the organisation signs in by SSO", async () => {
    const answer = await scim("POST", "/Users", entraUser, "globex");
    expect(answer.status).toBe(201);
    const user = await json(answer);
    ids.entra = user.id;
    expect(user).toMatchObject({ userName: "Test_User_ab6490ee@globex.onmicrosoft.com", externalId: entraUser.externalId, active: true, emails: [{ value: "jordan.lee@globex.example" }], displayName: "Jordan Lee" });
    expect(await one("select role from memberships where org_id = 'org-globex' and member_id = ?", user.id)).toEqual({ role: "member" });
    expect(await one("select password_hash from members where id = ?", user.id)).toEqual({ password_hash: null });
    expect(await one("select actor_member_id from audit_log where action = 'member.provisioned' and target_id = ?", user.id)).toEqual({ actor_member_id: expect.stringMatching(/^api_key:/) });
  });

  it("filters by userName and externalId as Entra does", async () => {
    for (const filter of [`userName eq "Test_User_ab6490ee@globex.onmicrosoft.com"`, `externalId eq "${entraUser.externalId}"`]) {
      const answer = await call("GET", `/scim/v2/globex/Users?filter=${filter.replace(/ /g, "+")}`, { token: keys.globex });
      expect((await json(answer)).Resources.map((r: { id: string }) => r.id), filter).toEqual([ids.entra]);
    }
  });

  it("patches with Entra's shapes: op in capitals, paths with filters, sub-attributes", async () => {
    const answer = await scim(
      "PATCH",
      `/Users/${ids.entra}`,
      {
        schemas: [PATCH_OP],
        Operations: [
          { op: "Replace", path: 'emails[type eq "work"].value', value: "updatedEmail@globex.example" },
          { op: "Replace", path: "name.familyName", value: "Lee-Smith" },
          { op: "Add", path: "title", value: "Analyst" },
          { op: "Replace", path: `${ENTERPRISE}:department`, value: "Audit" },
        ],
      },
      "globex",
    );
    expect(answer.status).toBe(200);
    const user = await json(answer);
    // The name is the organisation's own account's: changed. The e-mail is the account's: kept.
    expect(user.name.formatted).toBe("Jordan Lee-Smith");
    expect(user.emails[0].value).toBe("jordan.lee@globex.example");
  });

  it("deactivates with active as the string \"False\": the membership goes, the account stays", async () => {
    const answer = await scim("PATCH", `/Users/${ids.entra}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "False" }] }, "globex");
    expect(answer.status).toBe(200);
    expect((await json(answer)).active).toBe(false);
    expect(await one("select 1 as n from memberships where org_id = 'org-globex' and member_id = ?", ids.entra)).toBeNull();
    expect(await one("select 1 as n from members where id = ?", ids.entra)).not.toBeNull();
    // Entra's validator: a GET after disabling still shows the user, with active false.
    expect((await json(await scim("GET", `/Users/${ids.entra}`, undefined, "globex"))).active).toBe(false);
    // "True" brings them back as a member (the organisation's own account, SSO).
    const back = await scim("PATCH", `/Users/${ids.entra}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "True" }] }, "globex");
    expect((await json(back)).active).toBe(true);
    expect(await one("select 1 as n from memberships where org_id = 'org-globex' and member_id = ?", ids.entra)).not.toBeNull();
  });

  it("deletes: out of the organisation and of SCIM, the account kept", async () => {
    expect((await scim("DELETE", `/Users/${ids.entra}`, undefined, "globex")).status).toBe(204);
    const gone = await scim("GET", `/Users/${ids.entra}`, undefined, "globex");
    expect(gone.status).toBe(404);
    expect(await json(gone)).toMatchObject({ schemas: [SCIM_ERROR], status: "404" });
    expect(await one("select 1 as n from memberships where org_id = 'org-globex' and member_id = ?", ids.entra)).toBeNull();
    expect(await one("select 1 as n from members where id = ?", ids.entra)).not.toBeNull();
    expect((await scim("DELETE", `/Users/${ids.entra}`, undefined, "globex")).status).toBe(404);
  });
});

describe("groups as sites", () => {
  it("creates a group, adds and removes members, renames and deletes it (Entra's and Okta's PATCHes)", async () => {
    const created = await scim("POST", "/Groups", { schemas: [GROUP], externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159", displayName: "Madrid HQ", meta: { resourceType: "Group" } });
    expect(created.status).toBe(201);
    const group = await json(created);
    expect(group).toMatchObject({ schemas: [GROUP], displayName: "Madrid HQ", members: [] });
    // Entra adds members by a list of values.
    await scim("PATCH", `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [{ op: "Add", path: "members", value: [{ value: ids.ada }] }] });
    expect(await one("select site from memberships where org_id = 'org-acme' and member_id = ?", ids.ada)).toEqual({ site: "Madrid HQ" });
    const listed = await json(await scim("GET", `/Groups?filter=${q('displayName eq "Madrid HQ"')}&excludedAttributes=members`));
    expect(listed.totalResults).toBe(1);
    expect(listed.Resources[0].members).toBeUndefined();
    expect((await json(await scim("GET", `/Groups/${group.id}`))).members).toEqual([expect.objectContaining({ value: ids.ada })]);
    // Okta renames with a value object.
    await scim("PATCH", `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { id: group.id, displayName: "Madrid Campus" } }] });
    expect(await one("select site from memberships where org_id = 'org-acme' and member_id = ?", ids.ada)).toEqual({ site: "Madrid Campus" });
    // Okta removes one member by a filtered path.
    await scim("PATCH", `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${ids.ada}"]` }] });
    expect(await one("select site from memberships where org_id = 'org-acme' and member_id = ?", ids.ada)).toEqual({ site: null });
    await scim("PATCH", `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: ids.ada }, { value: ids.cora }] }] });
    // Another organisation's member is not added.
    expect(await one("select site from memberships where member_id = ?", ids.cora)).toEqual({ site: null });
    expect((await scim("DELETE", `/Groups/${group.id}`)).status).toBe(204);
    expect(await one("select site from memberships where org_id = 'org-acme' and member_id = ?", ids.ada)).toEqual({ site: null });
    expect((await scim("GET", `/Groups/${group.id}`)).status).toBe(404);
  });

  it("refuses a second group of the same name", async () => {
    await scim("POST", "/Groups", { schemas: [GROUP], displayName: "Lisbon" });
    expect(await json(await scim("POST", "/Groups", { schemas: [GROUP], displayName: "Lisbon" }))).toMatchObject({ status: "409", scimType: "uniqueness" });
  });
});

describe("discovery and refusals", () => {
  it("describes itself", async () => {
    const config = await json(await scim("GET", "/ServiceProviderConfig"));
    expect(config).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    const types = await json(await scim("GET", "/ResourceTypes"));
    expect(types.Resources.map((t: { id: string }) => t.id)).toEqual(["User", "Group"]);
    expect((await scim("GET", `/Schemas/${USER}`)).status).toBe(200);
    expect((await json(await scim("GET", "/Schemas"))).totalResults).toBe(2);
  });

  it("answers in SCIM's error format: no key 401, a key without scim 403, another organisation 404", async () => {
    const none = await scim("GET", "/Users", undefined, "acme", "");
    expect(none.status).toBe(401);
    expect(await json(none)).toMatchObject({ schemas: [SCIM_ERROR], status: "401" });
    const read = await scim("GET", "/Users", undefined, "acme", keys.acmeRead);
    expect(read.status).toBe(403);
    expect(await json(read)).toMatchObject({ schemas: [SCIM_ERROR], status: "403" });
    const other = await scim("GET", "/Users", undefined, "commons", keys.acme);
    expect(other.status).toBe(404);
    expect((await scim("GET", `/Users/${ids.cora}`)).status).toBe(404);
    const badBody = await call("POST", "/scim/v2/acme/Users", { token: keys.acme, rawBody: "{nope", headers: { "content-type": "application/scim+json" } });
    expect(badBody.status).toBe(400);
    expect(await json(badBody)).toMatchObject({ schemas: [SCIM_ERROR], status: "400" });
    expect(await json(await scim("POST", "/Users", { schemas: [USER], userName: "not-an-address" }))).toMatchObject({ status: "400", scimType: "invalidValue" });
  });
});
