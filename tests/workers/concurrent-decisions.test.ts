/**
 * Issue 25, point 2: a decision holds once, even when several people decide at the same time
 * (docs/decisions/025-decisions-are-guarded-writes.md). Each case fires its requests together with
 * Promise.all: in the Worker pool they run in-process, but every D1 call is asynchronous, so their
 * reads all happen before any of their writes (the old code let every one of them write). Exactly
 * one wins; the others get 409 with their key and the item as stored (`current`), and nothing of
 * theirs is written or sent: one audit row, one e-mail. The limits count and insert in one
 * statement, and the last administrator cannot be disabled by two administrators at once.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PROPOSALS_PER_DAY } from "../../app/domain/proposals";
import { API_KEYS_MAX } from "../../app/domain/integrations";
import { CONNECTIONS_MAX } from "../../workers/chat-apps/connections";
import { CERTIFICATES_PER_DAY } from "../../workers/social-cv/certificates";
import { ENDPOINTS_MAX } from "../../workers/webhooks/endpoints";
import { addParticipation, createInitiative } from "./initiatives-fixtures";
import { call, createMember, json, login, mailbox, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const PASSWORD = "Correct-Horse-9";
const TIMES = 10;

const manage = (who: string, method: string, path: string, body?: unknown) => call(method, `/api/acme/manage${path}`, { token: tokens[who], body });
const admin = (who: string, method: string, path: string, body?: unknown) => call(method, `/api/acme/admin${path}`, { token: tokens[who], body });
const audits = async (targetId: string) => (await env.DB.prepare("SELECT action, actor_member_id FROM audit_log WHERE target_id = ?").bind(targetId).all()).results;

/** `n` requests at once; their statuses (sorted) and bodies. */
async function together(n: number, send: (i: number) => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const answers = await Promise.all(responses.map(async (res) => ({ status: res.status, body: res.status === 204 ? null : await res.json<any>() })));
  return { statuses: answers.map((a) => a.status).sort(), answers };
}

const losers = (answers: { status: number; body: any }[]) => answers.filter((a) => a.status === 409).map((a) => a.body);

async function pendingRecord(participationId: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', 2, 'pending', ?)").bind(id, participationId, Date.now()).run();
  return id;
}

beforeAll(async () => {
  const { acme, vizinhos } = await seedOrganizations();
  const people = [
    ["ada", "admin"],
    ["abe", "admin"],
    ["olga", "organiser"],
    ["mario", "manager"],
    ["marta", "member"],
    ["pablo", "member"],
    ["lola", "member"],
  ] as const;
  for (const [name, role] of people) {
    ids[name] = (await createMember({ email: `${name}@acme.example`, orgId: acme.id, role, name: name[0].toUpperCase() + name.slice(1) })).id;
    tokens[name] = (await login(`${name}@acme.example`, PASSWORD)).body.access_token;
  }
  // The limits of webhook endpoints, chat channels and API keys are filled in another organisation: no event of acme's reaches them.
  await createMember({ email: "vera@vizinhos.example", orgId: vizinhos.id, role: "admin", name: "Vera" });
  tokens.vera = (await login("vera@vizinhos.example", PASSWORD)).body.access_token;
  const beach = await createInitiative({ orgId: acme.id, slug: "beach", title: "Beach clean-up", submitterMemberId: ids.olga });
  const food = await createInitiative({ orgId: acme.id, slug: "food-bank", title: "Food bank", type: "donation", submitterMemberId: ids.olga, donation: { currency: "EUR", sources: '["transfer"]' } });
  ids.beach = beach.id;
  ids.food = food.id;
  const marta = await addParticipation(beach.id, acme.id, ids.marta, "accepted", { managerApprovalStatus: "pending" });
  ids.martaAtBeach = marta.uuid;
  ids.martaParticipation = marta.id;
  ids.pabloAtBeach = (await addParticipation(beach.id, acme.id, ids.pablo)).uuid;
});

describe("records", () => {
  it("ten validations and refusals of one pending record at once: one is applied, nine get 409 with the record as stored", async () => {
    const id = await pendingRecord(ids.martaParticipation);
    const before = (await mailbox("marta@acme.example")).length;
    const { statuses, answers } = await together(TIMES, (i) =>
      manage(i % 2 ? "ada" : "olga", "PUT", `/records/${id}`, i % 2 ? { status: "validated" } : { status: "rejected", reason: "No sheet" }),
    );
    expect(statuses).toEqual([200, ...Array(TIMES - 1).fill(409)]);
    const stored = await env.DB.prepare("SELECT status FROM participation_records WHERE id = ?").bind(id).first<{ status: string }>();
    const winner = answers.find((a) => a.status === 200)!.body;
    expect(winner.status).toBe(stored!.status);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "record_already_reviewed", current: { id, status: stored!.status } });
    expect(await audits(id)).toHaveLength(1);
    expect((await mailbox("marta@acme.example")).length - before).toBe(1);
  });

  it("the same decision twice in a row: the second is 409 and writes nothing", async () => {
    const id = await pendingRecord(ids.martaParticipation);
    expect((await manage("olga", "PUT", `/records/${id}`, { status: "validated" })).status).toBe(200);
    const again = await manage("olga", "PUT", `/records/${id}`, { status: "validated" });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ error: "record_already_reviewed", current: { id, status: "validated" } });
    expect(await audits(id)).toHaveLength(1);
  });

  it("bulk decisions at once answer per record which were applied and which lost; each record is decided once", async () => {
    const first = await pendingRecord(ids.martaParticipation);
    const second = await pendingRecord(ids.martaParticipation);
    const decidedBefore = await pendingRecord(ids.martaParticipation);
    expect((await manage("olga", "PUT", `/records/${decidedBefore}`, { status: "rejected", reason: "Twice" })).status).toBe(200);
    const { statuses, answers } = await together(4, (i) => manage(i % 2 ? "ada" : "olga", "PUT", "/records", { ids: [first, second, decidedBefore], status: i % 2 ? "validated" : "rejected", reason: "Bulk" }));
    expect(statuses).toEqual([200, 200, 200, 200]);
    const applied = answers.flatMap((a) => a.body.applied as string[]).sort();
    expect(applied).toEqual([first, second].sort());
    for (const { body } of answers) {
      expect([...body.applied, ...body.lost].sort()).toEqual([first, second, decidedBefore].sort());
      expect(body.lost).toContain(decidedBefore);
      expect(body.records).toHaveLength(3);
    }
    for (const id of [first, second, decidedBefore]) expect(await audits(id), id).toHaveLength(1);
  });
});

describe("pledges and uploads", () => {
  it("ten decisions on one pledge at once: one row in the audit log, one e-mail", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO contributions (id, org_id, initiative_id, member_id, amount, currency, source, status, confirmation_code) VALUES (?, 'org-acme', ?, ?, 1000, 'EUR', 'transfer', 'pending', 'ZZ99')")
      .bind(id, ids.food, ids.pablo)
      .run();
    const before = (await mailbox("pablo@acme.example")).length;
    const { statuses, answers } = await together(TIMES, (i) => manage(i % 2 ? "ada" : "olga", "PUT", `/contributions/${id}`, { status: i % 2 ? "confirmed" : "rejected" }));
    expect(statuses).toEqual([200, ...Array(TIMES - 1).fill(409)]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "contribution_already_reviewed", current: { id } });
    expect(await audits(id)).toHaveLength(1);
    expect((await mailbox("pablo@acme.example")).length - before).toBe(1);
  });

  it("ten decisions on one upload at once: one applied", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO attachments (id, org_id, initiative_id, member_id, kind, filename, mimetype, size, r2_key, status) VALUES (?, 'org-acme', ?, ?, 'document', 'a.pdf', 'application/pdf', 4, ?, 'pending')")
      .bind(id, ids.beach, ids.pablo, `org-acme/${ids.beach}/document/${id}`)
      .run();
    const { statuses, answers } = await together(TIMES, (i) => manage("olga", "PUT", `/attachments/${id}`, i % 2 ? { status: "published" } : { status: "rejected", reason: "Blurry" }));
    expect(statuses).toEqual([200, ...Array(TIMES - 1).fill(409)]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "attachment_already_reviewed", current: { id } });
    expect(await audits(id)).toHaveLength(1);
  });
});

describe("attendance, participants and proposals", () => {
  it("ten managers' decisions on one approval at once: one applied, one e-mail", async () => {
    const before = (await mailbox("marta@acme.example")).length;
    const { statuses, answers } = await together(TIMES, (i) =>
      call("PUT", `/api/acme/initiative/${ids.beach}/participants/${ids.martaAtBeach}/approval`, { token: tokens[i % 2 ? "mario" : "ada"], body: { approved: i % 2 === 0 } }),
    );
    expect(statuses).toEqual([204, ...Array(TIMES - 1).fill(409)]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "approval_already_decided", current: { participant_uuid: ids.martaAtBeach } });
    expect(await audits(ids.martaParticipation)).toHaveLength(1);
    expect((await mailbox("marta@acme.example")).length - before).toBe(1);
  });

  it("ten organisers' changes of one participant at once: one applied, the others 409 participant_changed", async () => {
    const { statuses, answers } = await together(TIMES, (i) => manage(i % 2 ? "ada" : "olga", "PUT", `/initiatives/${ids.beach}/participants/${ids.pabloAtBeach}`, { status: i % 2 ? "rejected" : "not_going" }));
    expect(statuses).toEqual([200, ...Array(TIMES - 1).fill(409)]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "participant_changed", current: { uuid: ids.pabloAtBeach } });
    const participation = await env.DB.prepare("SELECT id FROM participations WHERE uuid = ?").bind(ids.pabloAtBeach).first<{ id: string }>();
    expect(await audits(participation!.id)).toHaveLength(1);
  });

  it("ten status changes of one initiative at once: one applied, the others 409 initiative_changed with the initiative as stored", async () => {
    const river = await createInitiative({ orgId: "org-acme", slug: "river", title: "River walk", submitterMemberId: ids.olga });
    // All ten ask for the same change, so the outcome does not depend on when each one read: one is
    // applied (one audit row); one that read the open initiative after that lost with 409; one that
    // read it canceled already changed nothing and answers 200 with it as stored.
    const { answers } = await together(TIMES, (i) => manage(i % 2 ? "ada" : "olga", "PUT", `/initiatives/${river.id}`, { status: "canceled" }));
    expect(await audits(river.id)).toHaveLength(1);
    const stored = await env.DB.prepare("SELECT status FROM initiatives WHERE id = ?").bind(river.id).first<{ status: string }>();
    expect(stored!.status).toBe("canceled");
    for (const { status, body } of answers) {
      expect([200, 409]).toContain(status);
      if (status === 200) expect(body).toMatchObject({ id: river.id, status: "canceled" });
      else expect(body).toMatchObject({ error: "initiative_changed", current: { id: river.id, status: "canceled" } });
    }
  });

  it("ten moderators' decisions on one proposal at once: one applied, one e-mail, at most one initiative", async () => {
    const sent = await call("POST", "/api/acme/proposal", {
      token: tokens.lola,
      body: { type: "informative", title: "Talk on compost", description: "A talk.", is_in_person: false, is_remote: false, sdgs: [], competences: [], help_organize: false, max_participants: null, start_time: null, end_time: null },
    });
    expect(sent.status).toBe(201);
    const { id } = await json(sent);
    const before = (await mailbox("lola@acme.example")).length;
    const { statuses, answers } = await together(TIMES, (i) => manage(i % 2 ? "ada" : "abe", "PUT", `/proposals/${id}`, i % 2 ? { status: "open" } : { status: "rejected", reject_reason: "Not now" }));
    expect(statuses).toEqual([200, ...Array(TIMES - 1).fill(409)]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "proposal_already_reviewed", current: { id } });
    expect(await audits(id)).toHaveLength(1);
    expect((await mailbox("lola@acme.example")).length - before).toBe(1);
  });
});

describe("limits counted in the insert", () => {
  it(`${PROPOSALS_PER_DAY + 5} proposals at once: exactly ${PROPOSALS_PER_DAY} are stored, the rest get 429`, async () => {
    const body = { type: "informative", title: "An idea", description: "A talk.", is_in_person: false, is_remote: false, sdgs: [], competences: [], help_organize: false, max_participants: null, start_time: null, end_time: null };
    const { statuses } = await together(PROPOSALS_PER_DAY + 5, () => call("POST", "/api/acme/proposal", { token: tokens.pablo, body }));
    expect(statuses).toEqual([...Array(PROPOSALS_PER_DAY).fill(201), ...Array(5).fill(429)]);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM proposals WHERE member_id = ?").bind(ids.pablo).first<{ n: number }>();
    expect(stored!.n).toBe(PROPOSALS_PER_DAY);
  });

  it(`${CERTIFICATES_PER_DAY + 10} certificates at once: exactly ${CERTIFICATES_PER_DAY} tickets, the rest get 429`, async () => {
    const { statuses } = await together(CERTIFICATES_PER_DAY + 10, () => call("PUT", "/api/acme/responsible_profile/pdf", { token: tokens.marta, body: { timezone_offset: 0 } }));
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM cv_certificates WHERE member_id = ?").bind(ids.marta).first<{ n: number }>();
    expect(stored!.n).toBe(CERTIFICATES_PER_DAY);
  });
  const created = async (table: string, action: string) => ({
    rows: (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE org_id = 'org-vizinhos'`).first<{ n: number }>())!.n,
    audits: (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE org_id = 'org-vizinhos' AND action = ?").bind(action).first<{ n: number }>())!.n,
  });
  const vizinhosAdmin = (method: string, path: string, body: unknown) => call(method, `/api/vizinhos/admin${path}`, { token: tokens.vera, body });

  it(`${ENDPOINTS_MAX + 5} webhook endpoints added at once: exactly ${ENDPOINTS_MAX} are stored, each audited once, the rest get 400 webhook_limit`, async () => {
    const { statuses, answers } = await together(ENDPOINTS_MAX + 5, (i) => vizinhosAdmin("POST", "/webhooks", { url: `https://receiver.example.com/${i}`, events: ["certificate.revoked"] }));
    expect(statuses).toEqual([...Array(ENDPOINTS_MAX).fill(201), ...Array(5).fill(400)]);
    for (const { body } of answers.filter((a) => a.status === 400)) expect(body.error).toBe("webhook_limit");
    expect(await created("webhook_endpoints", "webhook.created")).toEqual({ rows: ENDPOINTS_MAX, audits: ENDPOINTS_MAX });
  });

  it(`${CONNECTIONS_MAX + 5} chat channels connected at once: exactly ${CONNECTIONS_MAX} are stored, the rest get 400 chat_app_limit`, async () => {
    const { statuses, answers } = await together(CONNECTIONS_MAX + 5, (i) => vizinhosAdmin("POST", "/chat-apps", { kind: "slack", channel: `#c${i}`, url: `https://hooks.slack.com/services/T000/B000/X${i}`, topics: ["new_initiatives"] }));
    expect(statuses).toEqual([...Array(CONNECTIONS_MAX).fill(201), ...Array(5).fill(400)]);
    for (const { body } of answers.filter((a) => a.status === 400)) expect(body.error).toBe("chat_app_limit");
    expect(await created("chat_app_connections", "chat_app.created")).toEqual({ rows: CONNECTIONS_MAX, audits: CONNECTIONS_MAX });
  });

  it(`${API_KEYS_MAX + 5} API keys created at once: exactly ${API_KEYS_MAX} are stored, the rest get 409 api_keys_limit`, async () => {
    const { statuses, answers } = await together(API_KEYS_MAX + 5, (i) => vizinhosAdmin("POST", "/api-keys", { name: `Key ${i}`, scopes: ["members:read"] }));
    expect(statuses).toEqual([...Array(API_KEYS_MAX).fill(201), ...Array(5).fill(409)]);
    for (const { body } of answers.filter((a) => a.status === 409)) expect(body.error).toBe("api_keys_limit");
    expect(await created("api_keys", "api_key.created")).toEqual({ rows: API_KEYS_MAX, audits: API_KEYS_MAX });
  });
});

describe("administrators", () => {
  it("two administrators disabling each other at once leave one active administrator", async () => {
    const { statuses, answers } = await together(2, (i) => admin(i ? "abe" : "ada", "PUT", `/members/${i ? ids.ada : ids.abe}`, { disabled: true }));
    expect(statuses).toEqual([200, 409]);
    expect(losers(answers)[0]).toMatchObject({ error: "last_admin" });
    const active = await env.DB.prepare("SELECT count(*) AS n FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE ms.org_id = 'org-acme' AND ms.role = 'admin' AND m.disabled_at IS NULL").first<{ n: number }>();
    expect(active!.n).toBe(1);
    const disabled = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'member.disabled' AND target_id IN (?, ?)").bind(ids.ada, ids.abe).first<{ n: number }>();
    expect(disabled!.n).toBe(1);
  });

  it("two administrators demoting each other at once leave one administrator", async () => {
    const active = (await env.DB.prepare("SELECT m.id FROM members m JOIN memberships ms ON ms.member_id = m.id WHERE ms.role = 'admin' AND m.disabled_at IS NULL AND ms.org_id = 'org-acme'").first<{ id: string }>())!.id;
    const [first, second] = active === ids.ada ? ["ada", "abe"] : ["abe", "ada"];
    expect((await admin(first, "PUT", `/members/${ids[second]}`, { disabled: false })).status).toBe(200);
    tokens[second] = (await login(`${second}@acme.example`, PASSWORD)).body.access_token;
    const { statuses, answers } = await together(2, (i) => admin(i ? second : first, "PUT", `/members/${i ? ids[first] : ids[second]}`, { role: "member" }));
    expect(statuses).toEqual([200, 409]);
    expect(losers(answers)[0]).toMatchObject({ error: "last_admin" });
    const admins = await env.DB.prepare("SELECT count(*) AS n FROM memberships ms JOIN members m ON m.id = ms.member_id WHERE ms.org_id = 'org-acme' AND ms.role = 'admin' AND m.disabled_at IS NULL").first<{ n: number }>();
    expect(admins!.n).toBe(1);
  });

  it("ten role changes of one member at once: one applied, the others 409 member_changed with the member as stored", async () => {
    const who = (await env.DB.prepare("SELECT m.id FROM members m JOIN memberships ms ON ms.member_id = m.id WHERE ms.role = 'admin' AND m.disabled_at IS NULL AND ms.org_id = 'org-acme'").first<{ id: string }>())!.id;
    tokens.active = who === ids.ada ? tokens.ada : tokens.abe;
    const { statuses, answers } = await together(TIMES, (i) => admin("active", "PUT", `/members/${ids.lola}`, { role: i % 2 ? "organiser" : "manager" }));
    expect(statuses).toEqual([200, ...Array(TIMES - 1).fill(409)]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "member_changed", current: { id: ids.lola } });
    const changed = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'member.role_changed' AND target_id = ?").bind(ids.lola).first<{ n: number }>();
    expect(changed!.n).toBe(1);
  });

  it("the same hostname added twice at once: one 201, one 409 hostname_taken, never a 500", async () => {
    const active = (await env.DB.prepare("SELECT m.email FROM members m JOIN memberships ms ON ms.member_id = m.id WHERE ms.role = 'admin' AND m.disabled_at IS NULL AND ms.org_id = 'org-acme'").first<{ email: string }>())!.email;
    tokens.host = (await login(active, PASSWORD)).body.access_token;
    const { statuses, answers } = await together(4, () => admin("host", "POST", "/hostnames", { hostname: "join.acme.example" }));
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const body of losers(answers)) expect(body).toMatchObject({ error: "hostname_taken" });
  });
});
