/**
 * A member's data is theirs (issue 28, point 6; docs/decisions/030): GET /auth/account/export hands
 * the account's own data in every organisation it has data in and nobody else's; POST
 * /auth/account/deletion ends every session and schedules the erasure, which signing in within the
 * grace period cancels; the scheduled sweep then erases the identity while the organisations keep
 * the validated hours (dashboard and ranking) and the chat shows a deleted member; administrators
 * do both on a member's request, audited: the download of their organisation's part, and the
 * deletion of an account their organisation alone holds.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETION_GRACE_MS, erasedEmail } from "../../workers/account/deletion";
import { runScheduled } from "../../workers/scheduled";
import { addContribution, addParticipation, addRecord, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const PASSWORD = "Correct-Horse-9";
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const first = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<T>())!;
const count = async (sql: string, ...binds: unknown[]) => Number(await env.DB.prepare(sql).bind(...binds).first("n"));

async function person(name: string, orgId: string, role?: "admin" | "organiser") {
  ids[name] = (await createMember({ email: `${name}@x.example`, orgId, name: name[0].toUpperCase() + name.slice(1), role })).id;
  tokens[name] = (await login(`${name}@x.example`, PASSWORD)).body.access_token;
}

/** Marta (Acme and Commons) has something of every kind; Leo, her colleague, and Vera elsewhere have their own. */
beforeAll(async () => {
  const { acme, commons, vizinhos } = await seedOrganizations();
  await person("marta", acme.id);
  await person("leo", acme.id);
  await person("alma", acme.id, "admin");
  await person("olga", acme.id, "organiser");
  await person("cora", commons.id, "admin");
  await person("vera", vizinhos.id);
  await person("solo", acme.id);
  await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, ?)").bind(commons.id, ids.marta).run();
  await env.DB.prepare("UPDATE profiles SET phone = '+34600111222', avatar_key = 'aaaaaaaa-0000-4000-8000-000000000001.png' WHERE member_id = ?").bind(ids.marta).run();
  await env.FILES.put("media/avatars/aaaaaaaa-0000-4000-8000-000000000001.png", new Uint8Array([1, 2, 3]), { customMetadata: { memberId: ids.marta } });

  const park = await createInitiative({ orgId: acme.id, slug: "park-day", title: "Park day" });
  const later = await createInitiative({ orgId: acme.id, slug: "later-day", title: "Later day" });
  const fair = await createInitiative({ orgId: commons.id, slug: "book-fair", title: "Book fair" });
  const feira = await createInitiative({ orgId: vizinhos.id, slug: "feira", title: "Feira" });
  const martaPark = await addParticipation(park.id, acme.id, ids.marta);
  await addRecord(martaPark.id, "validated", 6);
  await addRecord(martaPark.id, "pending", 3);
  await env.DB.prepare("UPDATE participation_records SET reviewed_by = ? WHERE participation_id = ? AND status = 'validated'").bind(ids.olga, martaPark.id).run();
  await addParticipation(later.id, acme.id, ids.marta);
  await addRecord((await addParticipation(fair.id, commons.id, ids.marta)).id, "validated", 2);
  await addRecord((await addParticipation(park.id, acme.id, ids.leo)).id, "validated", 4);
  await addRecord((await addParticipation(feira.id, vizinhos.id, ids.vera)).id, "validated", 9);
  await addContribution(park.id, acme.id, ids.marta, 1250);
  await env.DB.prepare("UPDATE contributions SET comment = 'For the park' WHERE member_id = ?").bind(ids.marta).run();
  await addContribution(park.id, acme.id, ids.leo, 900);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO proposals (id, org_id, member_id, type, title, description) VALUES ('prop-marta', ?, ?, 'volunteering', 'Marta''s river clean-up', 'Let us clean the river')").bind(acme.id, ids.marta),
    env.DB.prepare("INSERT INTO proposals (id, org_id, member_id, type, title, description) VALUES ('prop-leo', ?, ?, 'volunteering', 'Leo''s garden', 'A garden')").bind(acme.id, ids.leo),
    env.DB.prepare("INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES ('att-marta', ?, ?, ?, 'document', 'marta-notes.pdf', 'application/pdf', 3, 'attachments/att-marta', 'published')").bind(acme.id, park.id, ids.marta),
    env.DB.prepare("INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES ('att-leo', ?, ?, ?, 'document', 'leo-notes.pdf', 'application/pdf', 3, 'attachments/att-leo', 'published')").bind(acme.id, park.id, ids.leo),
    env.DB.prepare("INSERT INTO cv_certificates (id, org_id, member_id, status, locale, timezone_offset, statement, pdf_key, updated_at) VALUES ('cert234567', ?, ?, 'completed', 'en-US', 0, '{\"name\":\"Marta\",\"hours\":6}', 'certificates/cert234567.pdf', 0)").bind(acme.id, ids.marta),
    env.DB.prepare("INSERT INTO credentials (id, org_id, member_id, certificate_id, hours, jwt, status_index, key_id, issued_at) VALUES ('cred23456789abcd', ?, ?, 'cert234567', 6, 'header.payload.signature', 7, 'key-1', 1000)").bind(acme.id, ids.marta),
  ]);
  await env.FILES.put("attachments/att-marta", new Uint8Array([1, 2, 3]));
  await env.FILES.put("attachments/att-leo", new Uint8Array([1, 2, 3]));
  await env.FILES.put("certificates/cert234567.pdf", new Uint8Array([1, 2, 3]));

  // Marta and Leo talk at Acme.
  const opened = (await json(await call("POST", "/api/acme/chat/conversations", { token: tokens.marta, body: { member_id: ids.leo } }))).conversation;
  ids.conversation = opened.id;
  expect((await call("POST", `/api/acme/chat/conversations/${opened.id}/messages`, { token: tokens.marta, body: { content: "See you at the park" } })).status).toBe(201);
  expect((await call("POST", `/api/acme/chat/conversations/${opened.id}/messages`, { token: tokens.leo, body: { content: "Leo's private reply" } })).status).toBe(201);
});

describe("GET /auth/account/export", () => {
  it("needs a signed-in member", async () => {
    expect((await call("GET", "/auth/account/export")).status).toBe(401);
  });

  it("is a JSON download that is never cached", async () => {
    const response = await call("GET", "/auth/account/export", { token: tokens.marta });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="commons-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("holds the member's own data in each of their organisations", async () => {
    const data = await json(await call("GET", "/auth/account/export", { token: tokens.marta }));
    expect(data.schema).toBe("commons.member-data");
    expect(data.schema_version).toBe(1);
    expect(data.account).toMatchObject({ id: ids.marta, email: "marta@x.example", deletion_requested_at: null });
    expect(data.profile).toMatchObject({ name: "Marta", phone: "+34600111222" });
    expect(data.profile.avatar).toMatch(/\/media\/avatars\/aaaaaaaa-0000-4000-8000-000000000001\.png$/);
    expect(data.organizations.map((o: { slug: string }) => o.slug).sort()).toEqual(["acme", "commons"]);
    const acme = data.organizations.find((o: { slug: string }) => o.slug === "acme");
    expect(acme.membership.role).toBe("member");
    expect(acme.participations.map((p: { initiative: { slug: string } }) => p.initiative.slug).sort()).toEqual(["later-day", "park-day"]);
    const park = acme.participations.find((p: { initiative: { slug: string } }) => p.initiative.slug === "park-day");
    expect(park.records.map((r: { hours: number; status: string }) => [r.hours, r.status]).sort()).toEqual([[3, "pending"], [6, "validated"]]);
    expect(acme.donations).toEqual([expect.objectContaining({ amount_minor_units: 1250, comment: "For the park", initiative: { slug: "park-day", title: "Park day" } })]);
    expect(acme.proposals.map((p: { title: string }) => p.title)).toEqual(["Marta's river clean-up"]);
    expect(acme.messages_sent.map((m: { content: string }) => m.content)).toEqual(["See you at the park"]);
    expect(acme.files).toEqual([expect.objectContaining({ filename: "marta-notes.pdf", download: expect.stringMatching(/\/api\/acme\/initiative\/park-day\/attachment\/document\/att-marta\/download$/) })]);
    expect(acme.certificates).toEqual([expect.objectContaining({ id: "cert234567", statement: { name: "Marta", hours: 6 }, verify: expect.stringMatching(/\/verify\/cert234567$/) })]);
    expect(acme.credentials).toEqual([
      expect.objectContaining({ id: "cred23456789abcd", kind: "social_cv", certificate_id: "cert234567", hours: 6, credential: "header.payload.signature", revoked_at: null, verify: expect.stringMatching(/\/verify\/cred23456789abcd$/) }),
    ]);
    const commons = data.organizations.find((o: { slug: string }) => o.slug === "commons");
    expect(commons.participations[0].records[0]).toMatchObject({ hours: 2, status: "validated" });
  });

  it("holds nobody else's data: not a colleague's, not the reviewer's, not another tenant's", async () => {
    const text = await (await call("GET", "/auth/account/export", { token: tokens.marta })).text();
    for (const theirs of ["leo@x.example", "Leo's private reply", "Leo's garden", "leo-notes.pdf", ids.leo, ids.olga, "olga@x.example", "Feira", "vizinhos", "vera@x.example"]) {
      expect(text, theirs).not.toContain(theirs);
    }
  });
});

describe("GET /api/{org}/admin/members/{id}/export (on the member's request)", () => {
  const download = (who: string, id: string, org = "acme") => call("GET", `/api/${org}/admin/members/${id}/export`, { token: tokens[who] });

  it("is for administrators of the member's organisation only", async () => {
    expect((await download("olga", ids.marta)).status).toBe(403);
    expect((await download("leo", ids.marta)).status).toBe(403);
    expect((await download("cora", ids.marta)).status).toBe(404);
    expect((await download("alma", ids.vera)).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'member.data_exported'")).toBe(0);
  });

  it("holds what this organisation holds of the member, and is audited", async () => {
    const response = await download("alma", ids.marta);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const data = await json(response);
    expect(data.account.email).toBe("marta@x.example");
    expect(data.organizations.map((o: { slug: string }) => o.slug)).toEqual(["acme"]);
    expect(JSON.stringify(data)).not.toContain("Book fair");
    const [row] = (await env.DB.prepare("SELECT actor_member_id, org_id FROM audit_log WHERE action = 'member.data_exported' AND target_id = ?").bind(ids.marta).all()).results;
    expect(row).toEqual({ actor_member_id: ids.alma, org_id: "org-acme" });
  });
});

describe("deleting one's account", () => {
  it("asks for the account's e-mail address, and refuses another", async () => {
    const wrong = await call("POST", "/auth/account/deletion", { token: tokens.marta, body: { email: "leo@x.example" } });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).fields).toEqual({ email: "account_delete_error_email" });
    expect((await call("POST", "/auth/account/deletion", { token: tokens.marta, body: {} })).status).toBe(400);
    expect((await call("POST", "/auth/account/deletion", { body: { email: "marta@x.example" } })).status).toBe(401);
    expect(await first("SELECT deletion_requested_at FROM members WHERE id = ?", ids.marta)).toEqual({ deletion_requested_at: null });
  });

  it("ends every session, says when the account goes, and mails the owner", async () => {
    const second = (await login("marta@x.example", PASSWORD)).body.access_token;
    const asked = await call("POST", "/auth/account/deletion", { token: tokens.marta, body: { email: " Marta@X.example " } });
    expect(asked.status).toBe(202);
    const answer = await json(asked);
    expect(Date.parse(answer.deletion_due_at) - Date.parse(answer.requested_at)).toBe(DELETION_GRACE_MS);
    expect((await call("GET", "/api/acme/profile", { token: tokens.marta })).status).toBe(401);
    expect((await call("GET", "/api/acme/profile", { token: second })).status).toBe(401);
    const [mail] = await mailbox("marta@x.example");
    expect(mail.subject).toBe("Your Commons account will be deleted");
    expect(mail.links[0]).toMatch(/\/signin$/);
  });

  it("is cancelled by signing in within the grace period", async () => {
    tokens.marta = (await login("marta@x.example", PASSWORD)).body.access_token;
    expect(await first("SELECT deletion_requested_at, deletion_requested_by FROM members WHERE id = ?", ids.marta)).toEqual({ deletion_requested_at: null, deletion_requested_by: null });
    // Nothing is erased once the grace period would have passed.
    await runScheduled(env, Date.now() + DELETION_GRACE_MS + 60_000);
    expect(await first("SELECT email, erased_at FROM members WHERE id = ?", ids.marta)).toEqual({ email: "marta@x.example", erased_at: null });
  });

  it("erases the identity only once the grace period is over, and the organisations keep the hours", async () => {
    const metricsBefore = await json(await call("GET", "/api/acme/admin/metrics", { token: tokens.alma }));
    expect((await call("POST", "/auth/account/deletion", { token: tokens.marta, body: { email: "marta@x.example" } })).status).toBe(202);
    const requestedAt = Number((await first<{ at: number }>("SELECT deletion_requested_at AS at FROM members WHERE id = ?", ids.marta)).at);

    await runScheduled(env, requestedAt + DELETION_GRACE_MS - 60_000);
    expect(await first("SELECT erased_at FROM members WHERE id = ?", ids.marta)).toEqual({ erased_at: null });

    await runScheduled(env, requestedAt + DELETION_GRACE_MS + 1);
    const member = await first<Record<string, unknown>>("SELECT email, password_hash, erased_at FROM members WHERE id = ?", ids.marta);
    expect(member).toMatchObject({ email: erasedEmail(ids.marta), password_hash: null });
    expect(member.erased_at).not.toBeNull();
    expect(await first("SELECT name, phone, avatar_key, social FROM profiles WHERE member_id = ?", ids.marta)).toEqual({ name: "", phone: null, avatar_key: null, social: "{}" });
    expect(await count("SELECT count(*) AS n FROM memberships WHERE member_id = ?", ids.marta)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM attachments WHERE member_id = ?", ids.marta)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM cv_certificates WHERE member_id = ?", ids.marta)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM proposals WHERE member_id = ?", ids.marta)).toBe(0);
    for (const key of ["media/avatars/aaaaaaaa-0000-4000-8000-000000000001.png", "attachments/att-marta", "certificates/cert234567.pdf"]) expect(await env.FILES.head(key), key).toBeNull();
    // Leo's things are untouched.
    expect(await env.FILES.head("attachments/att-leo")).not.toBeNull();
    expect(await count("SELECT count(*) AS n FROM proposals WHERE member_id = ?", ids.leo)).toBe(1);
    // What never counted goes (the pending record, the place at the later day); what counted stays, anonymous.
    expect(await count("SELECT count(*) AS n FROM participation_records r JOIN participations p ON p.id = r.participation_id WHERE p.member_id = ?", ids.marta)).toBe(2);
    expect(await count("SELECT participant_count AS n FROM initiatives WHERE slug = 'later-day'")).toBe(0);
    expect(await first("SELECT anonymous, comment FROM contributions WHERE member_id = ?", ids.marta)).toEqual({ anonymous: 1, comment: null });

    // The dashboard's totals and the ranking keep her hours, without her name.
    const metricsAfter = await json(await call("GET", "/api/acme/admin/metrics", { token: tokens.alma }));
    expect(metricsAfter.hours).toBe(metricsBefore.hours);
    expect(metricsAfter.participants).toBe(metricsBefore.participants);
    expect(metricsAfter.donations).toEqual(metricsBefore.donations);
    const ranking = await json(await call("GET", "/api/acme/ranking", { token: tokens.leo }));
    expect(ranking.organization_ranking.map((r: { name: string; hours: number; deleted: boolean }) => [r.name, r.hours, r.deleted])).toEqual([
      ["", 6, true],
      ["Leo", 4, false],
    ]);

    // Leo's conversation shows a deleted member, with her message still in it.
    const conversations = await json(await call("GET", "/api/acme/chat/conversations", { token: tokens.leo }));
    const partner = conversations.conversations[0].participants.find((p: { id: string }) => p.id === ids.marta);
    expect(partner).toMatchObject({ name: "", deleted: true, avatar: null });
    const messages = await json(await call("GET", `/api/acme/chat/conversations/${ids.conversation}/messages`, { token: tokens.leo }));
    expect(messages.messages.map((m: { content: string }) => m.content)).toContain("See you at the park");

    // Nobody signs in as her any more; each organisation's audit log records the erasure.
    expect((await call("POST", "/auth/login", { body: { email: "marta@x.example", password: PASSWORD } })).status).not.toBe(200);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'member.erased' AND target_id = ?", ids.marta)).toBe(2);
    expect(await mailbox("marta@x.example")).toEqual([]);
  });
});

describe("an administrator deletes a member's account on request", () => {
  const ask = (who: string, id: string, org = "acme") => call("POST", `/api/${org}/admin/members/${id}/deletion`, { token: tokens[who] });

  it("is for administrators of the member's organisation only", async () => {
    expect((await ask("olga", ids.solo)).status).toBe(403);
    expect((await ask("solo", ids.leo)).status).toBe(403);
    expect((await ask("cora", ids.solo, "commons")).status).toBe(404);
    expect((await ask("cora", ids.solo)).status).toBe(404);
    expect((await ask("alma", ids.vera)).status).toBe(404);
    expect((await ask("alma", ids.alma)).status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM members WHERE deletion_requested_at IS NOT NULL AND erased_at IS NULL")).toBe(0);
  });

  it("is refused for an account other organisations hold too", async () => {
    await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES ('org-commons', ?)").bind(ids.leo).run();
    const refused = await ask("alma", ids.leo);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toBe("member_in_other_organizations");
    expect(await first("SELECT deletion_requested_at FROM members WHERE id = ?", ids.leo)).toEqual({ deletion_requested_at: null });
  });

  it("schedules the deletion of an account this organisation alone holds, audited once", async () => {
    const asked = await ask("alma", ids.solo);
    expect(asked.status).toBe(202);
    expect((await call("GET", "/api/acme/profile", { token: tokens.solo })).status).toBe(401);
    expect(await first("SELECT deletion_requested_by FROM members WHERE id = ?", ids.solo)).toEqual({ deletion_requested_by: ids.alma });
    expect((await ask("alma", ids.solo)).status).toBe(202);
    const rows = (await env.DB.prepare("SELECT actor_member_id, detail FROM audit_log WHERE action = 'member.deletion_requested' AND target_id = ?").bind(ids.solo).all<{ actor_member_id: string; detail: string }>()).results;
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_member_id).toBe(ids.alma);
    expect(JSON.parse(rows[0].detail)).toMatchObject({ email: "solo@x.example", role: "member" });
    const listed = await json(await call("GET", "/api/acme/admin/members?q=solo", { token: tokens.alma }));
    expect(listed.members[0].deletion_due_at).toBe((await json(asked)).deletion_due_at);
    expect((await mailbox("solo@x.example"))[0].subject).toBe("Your Commons account will be deleted");
  });
});
