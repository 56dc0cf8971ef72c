/**
 * The social CV (issue 13): the report's arithmetic, the PDF task through the queue (success,
 * retry, failure, every status), the public verify answer (valid, altered, revoked, unknown) and
 * tenant isolation.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runJobs, type CertificateJob, type Job } from "../../workers/jobs";
import { getConfig } from "../../workers/lib/config";
import { base64UrlEncode, hmacSha256 } from "../../workers/lib/crypto";
import { CERTIFICATE_TASK_TTL_MS, dayStart } from "../../workers/social-cv/certificates";
import { hoursByCompetence, hoursBySdg, impactByUnit } from "../../workers/reports/counted-hours";
import { MAX_RENDER_ATTEMPTS } from "../../workers/social-cv/render-job";
import { responsibleProfile } from "../../workers/social-cv/report";
import { getOrganizationBySlug, invalidateOrganization } from "../../workers/tenant/organizations";
import { addParticipation, createInitiative, DAY } from "./initiatives-fixtures";
import { call, createMember, json, login, seedOrganizations } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function hours(participationId: string, value: number, status = "validated") {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status) VALUES (?, ?, 'hours', ?, ?)").bind(crypto.randomUUID(), participationId, value, status).run();
}

async function indicator(participationId: string, indicatorId: string | null, value: number, unit: string | null, status = "validated") {
  await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, value, unit, indicator_id, status) VALUES (?, ?, 'indicator', ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), participationId, value, unit, indicatorId, status)
    .run();
}

const get = (who: string, path: string, org = "acme") => call("GET", `/api/${org}/responsible_profile${path}`, { token: tokens[who] });
const askPdf = (who: string, body: unknown = { timezone_offset: -60 }, org = "acme") => call("PUT", `/api/${org}/responsible_profile/pdf`, { token: tokens[who], body });

/** Runs the queue consumer on one message, as the queue would deliver it. */
async function consume(id: string, attempts = 1, body: Job = { kind: "cv_certificate", id }) {
  const batch = createMessageBatch<Job>("commons-jobs", [{ id: crypto.randomUUID(), timestamp: Date.now(), attempts, body }]);
  const ctx = createExecutionContext();
  await runJobs(batch, env);
  return getQueueResult(batch, ctx);
}

const statusOf = async (who: string, ticket: string) => json(await get(who, `/pdf/status/${ticket}`));

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  const beach = await createInitiative({
    orgId: acme.id,
    slug: "beach",
    title: "Beach clean-up",
    points: 10,
    sdgs: [13, 14],
    competences: ["teamwork"],
    indicators: [{ id: "ind-kg", name: "Rubbish collected", unit: "kilogram" }],
    startTime: Date.now() - 30 * DAY,
    endTime: Date.now() - 30 * DAY + 3_600_000,
  });
  const lessons = await createInitiative({ orgId: acme.id, slug: "lessons", title: "Coding lessons", type: "training", points: 25, sdgs: [4], competences: ["teamwork", "communication"] });
  const unpaid = await createInitiative({ orgId: acme.id, slug: "unpaid", title: "Pending only", points: 99, sdgs: [1] });
  const elsewhere = await createInitiative({ orgId: commons.id, slug: "elsewhere", title: "Elsewhere", points: 50, sdgs: [13] });
  for (const [name, org] of [["ana", acme.id], ["ben", acme.id], ["noa", acme.id], ["cora", commons.id]] as const) {
    ids[name] = (await createMember({ email: `${name}@${org === acme.id ? "acme" : "commons"}.example`, orgId: org, name: name[0].toUpperCase() + name.slice(1), language: name === "ben" ? "es-ES" : "en-US" })).id;
    tokens[name] = (await login(`${name}@${org === acme.id ? "acme" : "commons"}.example`, "Correct-Horse-9")).body.access_token;
  }
  ids.beach = beach.id;
  const ana = await addParticipation(beach.id, acme.id, ids.ana);
  await hours(ana.id, 3);
  await hours(ana.id, 2, "granted");
  await hours(ana.id, 40, "pending");
  await hours(ana.id, 7, "rejected");
  await indicator(ana.id, "ind-kg", 12, "kilogram");
  await indicator(ana.id, "ind-kg", 8, null);
  await indicator(ana.id, null, 5, "kilometre");
  await indicator(ana.id, null, 100, "kilometre", "pending");
  const anaLessons = await addParticipation(lessons.id, acme.id, ids.ana);
  await hours(anaLessons.id, 4);
  const anaUnpaid = await addParticipation(unpaid.id, acme.id, ids.ana);
  await hours(anaUnpaid.id, 6, "pending");
  // Ana's hours in another organisation never appear in Acme's CV.
  await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES (?, ?)").bind(commons.id, ids.ana).run();
  const anaElsewhere = await addParticipation(elsewhere.id, commons.id, ids.ana);
  await hours(anaElsewhere.id, 100);
  const ben = await addParticipation(beach.id, acme.id, ids.ben);
  await hours(ben.id, 1);
});

describe("GET /api/{org}/responsible_profile", () => {
  it("counts only validated and granted hours, per initiative, SDG and competence, with points and impact per unit", async () => {
    const response = await get("ana", "");
    expect(response.status).toBe(200);
    const cv = await json(response);
    expect(cv).toMatchObject({ name: "Ana", initiatives_joined: 3, hour_count: 9, point_count: 35, participation_summary: { volunteering: 2, training: 1 } });
    expect(cv.initiative_report.map((row: { title: string; valid_hours: number; points: number }) => [row.title, row.valid_hours, row.points])).toEqual([
      ["Pending only", 0, 0],
      ["Coding lessons", 4, 25],
      ["Beach clean-up", 5, 10],
    ]);
    expect(cv.sdg_report).toEqual([
      { id: 13, value: 5 },
      { id: 14, value: 5 },
      { id: 4, value: 4 },
    ]);
    expect(cv.competence_report).toEqual([
      { id: "teamwork", value: 9 },
      { id: "communication", value: 4 },
    ]);
    expect(cv.impact_report).toEqual([
      { unit: "kilogram", value: 20 },
      { unit: "kilometre", value: 5 },
    ]);
    expect(cv.avatar).toBeNull();
    expect(cv.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("has no points without the points feature", async () => {
    const cv = await json(await get("ana", "", "commons"));
    expect(cv.hour_count).toBe(100);
    expect(cv).not.toHaveProperty("point_count");
    expect(cv.initiative_report[0]).not.toHaveProperty("points");
  });

  it("is empty for a member with nothing yet", async () => {
    const cv = await json(await get("noa", ""));
    expect(cv).toMatchObject({ initiatives_joined: 0, hour_count: 0, point_count: 0, sdg_report: [], competence_report: [], impact_report: [], initiative_report: [] });
  });

  it("answers 404 to another organisation's member, and without the feature", async () => {
    expect((await get("cora", "")).status).toBe(404);
    await env.DB.prepare("UPDATE organizations SET community_config = ? WHERE id = 'org-commons'").bind(JSON.stringify({ features: { responsible_profile: false } })).run();
    await invalidateOrganization(env, { slug: "commons", hostnames: [] });
    try {
      expect((await get("cora", "", "commons")).status).toBe(404);
      expect((await askPdf("cora", undefined, "commons")).status).toBe(404);
    } finally {
      await env.DB.prepare("UPDATE organizations SET community_config = '{}' WHERE id = 'org-commons'").run();
      await invalidateOrganization(env, { slug: "commons", hostnames: [] });
    }
  });
});

describe("the member's statements of the social CV", () => {
  const member = (memberId: string) => ({ orgId: "org-acme", memberId });
  const statements = { hoursBySdg, hoursByCompetence, impactByUnit };

  /** Each member-scoped statement's query plan, and the D1 rows it reads (meta.rows_read) for `memberId`. */
  async function measured(memberId: string) {
    const answers: Record<string, { plan: string; rowsRead: number }> = {};
    for (const [name, statement] of Object.entries(statements)) {
      let sql = "";
      const capture = { prepare: (query: string) => ((sql = query), env.DB.prepare(query)) } as unknown as D1Database;
      const { meta } = await statement(capture, member(memberId)).run();
      const plan = await env.DB.prepare(`explain query plan ${sql}`).bind("org-acme", memberId, 0, Number.MAX_SAFE_INTEGER, null).all<{ detail: string }>();
      answers[name] = { plan: plan.results.map((row) => row.detail).join("; "), rowsRead: meta.rows_read };
    }
    return answers;
  }

  /** D1 rows read by the whole social CV of `memberId` (one batch). */
  async function cvRowsRead(memberId: string) {
    let rowsRead = 0;
    const DB = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "batch")
          return async (batch: D1PreparedStatement[]) => {
            const results = await target.batch(batch);
            for (const result of results) rowsRead += result.meta.rows_read;
            return results;
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await responsibleProfile({ ...env, DB }, (await getOrganizationBySlug(env, "acme"))!, memberId);
    return rowsRead;
  }

  it("read through the member's index, so other members' records cost nothing", async () => {
    const before = await measured(ids.ana);
    const cvBefore = await cvRowsRead(ids.ana);
    for (const [name, { plan }] of Object.entries(before)) {
      expect(plan, name).toMatch(/^SEARCH p USING INDEX participations_member_idx \(org_id=\? AND member_id=\?\);/);
      expect(plan, name).toContain("SEARCH r USING INDEX participation_records_participation_idx (participation_id=?)");
    }
    // Another member with 300 counted records in the same initiative.
    const zed = await createMember({ email: "zed@acme.example", orgId: "org-acme", name: "Zed" });
    const part = await addParticipation(ids.beach, "org-acme", zed.id);
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)
       insert into participation_records (id, participation_id, type, hours, status) select 'zed-' || i, ?, 'hours', 1, 'validated' from n`,
    )
      .bind(part.id)
      .run();
    const after = await measured(ids.ana);
    // 300 more records of another member: the same rows read, give or take the one or two SQLite's
    // temporary b-trees count as the database's pages split (seen once in a full run, never alone).
    for (const name of Object.keys(statements)) expect(after[name].rowsRead, name).toBeLessThanOrEqual(before[name].rowsRead + 2);
    expect(await cvRowsRead(ids.ana)).toBeLessThanOrEqual(cvBefore + 6);
  });
});

describe("the PDF task", () => {
  it("validates its body", async () => {
    for (const body of [{}, { timezone_offset: "60" }, { timezone_offset: 1.5 }, { timezone_offset: 900 }, { timezone_offset: 0, extra: 1 }]) {
      const response = await askPdf("ana", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("created → active → completed through the queue, with the URL, a PDF and a certificate", async () => {
    const asked = await askPdf("ben", { timezone_offset: -60 });
    expect(asked.status).toBe(202);
    const { ticket, status } = await json(asked);
    expect(status).toBe("created");
    expect(await statusOf("ben", ticket)).toMatchObject({ ticket, status: "created", attempts: 0 });
    const result = await consume(ticket);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const done = await statusOf("ben", ticket);
    expect(done).toMatchObject({ status: "completed", attempts: 1, url: `/api/acme/responsible_profile/pdf/${ticket}`, verify_url: `/verify/${ticket}` });
    const pdf = await get("ben", `/pdf/${ticket}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("attachment");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // In Ben's language, fixed when asked.
    const row = await env.DB.prepare("SELECT locale, statement FROM cv_certificates WHERE id = ?").bind(ticket).first<{ locale: string; statement: string }>();
    expect(row?.locale).toBe("es-ES");
    expect(JSON.parse(row!.statement)).toMatchObject({ name: "Ben", organization: "Acme", hours: 1, initiatives: 1, sdgs: [{ id: 13, hours: 1 }, { id: 14, hours: 1 }] });
    const listed = await json(await get("ben", "/certificates"));
    expect(listed.certificates).toEqual([expect.objectContaining({ id: ticket, hours: 1, revoked_at: null })]);
    // A message for a task already done changes nothing.
    expect((await consume(ticket)).explicitAcks).toHaveLength(1);
    expect((await statusOf("ben", ticket)).attempts).toBe(1);
  });

  it("a failed render is retried (status retry), then ends as failed after the last attempt", async () => {
    const { ticket } = await json(await askPdf("noa"));
    // Noa leaves Acme before the render: her CV cannot be read, every attempt fails.
    await env.DB.prepare("DELETE FROM memberships WHERE org_id = 'org-acme' AND member_id = ?").bind(ids.noa).run();
    try {
      for (let attempt = 1; attempt < MAX_RENDER_ATTEMPTS; attempt++) {
        const result = await consume(ticket, attempt);
        expect(result.retryMessages).toHaveLength(1);
        expect(result.explicitAcks).toEqual([]);
        const row = await env.DB.prepare("SELECT status, attempts FROM cv_certificates WHERE id = ?").bind(ticket).first();
        expect(row).toEqual({ status: "retry", attempts: attempt });
      }
      const last = await consume(ticket, MAX_RENDER_ATTEMPTS);
      expect(last.explicitAcks).toHaveLength(1);
      expect(last.retryMessages).toEqual([]);
      const row = await env.DB.prepare("SELECT status, attempts, pdf_key FROM cv_certificates WHERE id = ?").bind(ticket).first();
      expect(row).toEqual({ status: "failed", attempts: MAX_RENDER_ATTEMPTS, pdf_key: null });
    } finally {
      await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES ('org-acme', ?)").bind(ids.noa).run();
    }
    expect(await statusOf("noa", ticket)).toMatchObject({ status: "failed" });
    expect((await get("noa", `/pdf/${ticket}`)).status).toBe(404);
  });

  it("asking again cancels the unfinished task; one pending too long is expired; neither renders", async () => {
    const first = (await json(await askPdf("ana"))).ticket;
    const second = (await json(await askPdf("ana"))).ticket;
    expect(await statusOf("ana", first)).toMatchObject({ status: "cancelled" });
    expect((await consume(first)).explicitAcks).toHaveLength(1);
    expect(await statusOf("ana", first)).toMatchObject({ status: "cancelled", attempts: 0 });
    await env.DB.prepare("UPDATE cv_certificates SET created_at = ? WHERE id = ?").bind(Date.now() - CERTIFICATE_TASK_TTL_MS - 1000, second).run();
    expect(await statusOf("ana", second)).toMatchObject({ status: "expired" });
    await consume(second);
    expect(await statusOf("ana", second)).toMatchObject({ status: "expired", attempts: 0 });
  });

  it("drops a malformed message instead of retrying it for ever", async () => {
    const batch = createMessageBatch<Job>("commons-jobs", [{ id: "m1", timestamp: Date.now(), attempts: 1, body: { kind: "unknown" } as unknown as Job }]);
    const ctx = createExecutionContext();
    await runJobs(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m1"]);
  });

  it("keeps tickets and PDFs to their member: another member, or organisation, gets 404", async () => {
    const { ticket } = await json(await askPdf("ana"));
    await consume(ticket);
    expect((await get("ana", `/pdf/${ticket}`)).status).toBe(200);
    expect((await get("ben", `/pdf/status/${ticket}`)).status).toBe(404);
    expect((await get("ben", `/pdf/${ticket}`)).status).toBe(404);
    expect((await call("DELETE", `/api/acme/responsible_profile/certificates/${ticket}`, { token: tokens.ben })).status).toBe(404);
    // Ana's ticket, asked through the organisation she also belongs to: not there either.
    expect((await get("ana", `/pdf/status/${ticket}`, "commons")).status).toBe(404);
    expect((await get("cora", `/pdf/status/${ticket}`, "commons")).status).toBe(404);
    expect((await get("ana", "/pdf/status/not-a-ticket")).status).toBe(400);
  });
});

describe("the PDF of a period (all time, a year, a range)", () => {
  const at = (day: string) => Date.parse(`${day}T12:00:00Z`);

  beforeAll(async () => {
    const org = await env.DB.prepare("SELECT id FROM organizations WHERE slug = 'acme'").first<{ id: string }>();
    ids.eli = (await createMember({ email: "eli@acme.example", orgId: org!.id, name: "Eli" })).id;
    tokens.eli = (await login("eli@acme.example", "Correct-Horse-9")).body.access_token;
    const initiative = await env.DB.prepare("SELECT id FROM initiatives WHERE slug = 'beach' AND org_id = ?").bind(org!.id).first<{ id: string }>();
    const eli = await addParticipation(initiative!.id, org!.id, ids.eli);
    for (const [day, value, status] of [["2024-06-15", 5, "validated"], ["2025-03-10", 3, "validated"], ["2025-12-31", 1, "granted"], ["2025-07-01", 20, "pending"], ["2026-01-01", 2, "validated"]] as const) {
      await env.DB.prepare("INSERT INTO participation_records (id, participation_id, type, hours, status, created_at) VALUES (?, ?, 'hours', ?, ?, ?)")
        .bind(crypto.randomUUID(), eli.id, value, status, at(day))
        .run();
    }
  });

  it("refuses a bad period with the field's message key, and queues nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: "2025-02-30" }, "from", "form_error_invalid_date"],
      [{ to: "31/12/2025" }, "to", "form_error_invalid_date"],
      [{ from: 2025 }, "from", "form_error_invalid_date"],
      [{ from: "2025-06-01", to: "2025-05-31" }, "to", "form_error_end_before_start"],
      [{ from: "2999-01-01" }, "from", "form_error_out_of_range"],
    ];
    const before = await env.DB.prepare("SELECT count(*) AS n FROM cv_certificates WHERE member_id = ?").bind(ids.eli).first<{ n: number }>();
    for (const [period, field, key] of cases) {
      const response = await askPdf("eli", { timezone_offset: -60, ...period });
      expect(response.status, JSON.stringify(period)).toBe(400);
      expect((await json(response)).fields[field], JSON.stringify(period)).toBe(key);
    }
    const after = await env.DB.prepare("SELECT count(*) AS n FROM cv_certificates WHERE member_id = ?").bind(ids.eli).first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  /** Asks for the PDF of `period`, runs the message the queue was sent, and answers the signed statement. */
  async function certify(period: Record<string, string>) {
    const send = vi.spyOn(env.JOBS, "send");
    try {
      const asked = await askPdf("eli", { timezone_offset: -60, ...period });
      expect(asked.status).toBe(202);
      const { ticket } = await json(asked);
      const body = send.mock.calls[0][0] as CertificateJob;
      expect((await consume(ticket, 1, body)).explicitAcks).toHaveLength(1);
      const row = await env.DB.prepare("SELECT status, statement FROM cv_certificates WHERE id = ?").bind(ticket).first<{ status: string; statement: string }>();
      expect(row?.status).toBe("completed");
      return { body, statement: JSON.parse(row!.statement) };
    } finally {
      send.mockRestore();
    }
  }

  it("all time counts every validated or granted hour", async () => {
    const { body, statement } = await certify({});
    expect(body).toEqual({ kind: "cv_certificate", id: expect.any(String) });
    expect(statement).toMatchObject({ hours: 11, initiatives: 1 });
  });

  it("a year counts only its records, by the reports' rule, and prints its bounds in the member's calendar", async () => {
    const { body, statement } = await certify({ from: "2025-01-01", to: "2025-12-31" });
    // An hour east of UTC: the year starts at 23:00 UTC the day before.
    expect(body).toMatchObject({ from: dayStart("2025-01-01", -60), to: dayStart("2026-01-01", -60) });
    expect(body.from).toBe(Date.UTC(2024, 11, 31, 23));
    expect(statement).toMatchObject({ hours: 4, initiatives: 1, sdgs: [{ id: 13, hours: 4 }, { id: 14, hours: 4 }], period: { from: Date.UTC(2024, 11, 31, 23), to: Date.UTC(2025, 11, 31, 23) - 1 } });
  });

  it("a range with one end open runs from the start or to today; a period without hours certifies none", async () => {
    expect((await certify({ to: "2024-12-31" })).statement).toMatchObject({ hours: 5, initiatives: 1, period: { to: dayStart("2025-01-01", -60) - 1 } });
    const since = await certify({ from: "2025-12-31" });
    expect(since.statement).toMatchObject({ hours: 3, period: { from: dayStart("2025-12-31", -60) } });
    expect(since.statement.period.to).toBe(since.statement.issued_at);
    expect((await certify({ from: "2023-01-01", to: "2023-12-31" })).statement).toMatchObject({ hours: 0, initiatives: 0, sdgs: [] });
  });
});

describe("the public verify answer", () => {
  let id = "";
  const verify = (slug: string, certificate: string) => call("GET", `/api/organization/profile/${slug}/certificate/${certificate}`);

  beforeAll(async () => {
    id = (await json(await askPdf("ben"))).ticket;
    await consume(id);
  });

  it("shows what a valid certificate states, without signing in, and nothing else", async () => {
    const response = await verify("acme", id);
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer).toMatchObject({ id, valid: true, authentic: true, revoked_at: null, statement: { name: "Ben", organization: "Acme", hours: 1 } });
    // Crockford's base32: read out and typed without mistakes (no I, L, O, U, no - or _ inside).
    expect(answer.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(Object.keys(answer).sort()).toEqual(["authentic", "code", "credential_verify_url", "id", "revoked_at", "statement", "valid"]);
    // The roll-up credential issued with it (issue 32): its own public verify page, nothing more.
    expect(answer.credential_verify_url).toMatch(/^\/verify\/[2-9a-kmnp-z]{16}$/);
    expect(JSON.stringify(answer)).not.toContain("ben@acme.example");
  });

  it("a certificate signed before the code changed keeps its printed code, and stays authentic", async () => {
    const row = await env.DB.prepare("SELECT org_id, statement, signature FROM cv_certificates WHERE id = ?").bind(id).first<{ org_id: string; statement: string; signature: string }>();
    // The signature as it was stored before: the same HMAC in base64url.
    const legacy = base64UrlEncode(await hmacSha256(getConfig(env).TOKEN_SECRET, `cv-certificate:${id}:${row!.org_id}:${row!.statement}`));
    await env.DB.prepare("UPDATE cv_certificates SET signature = ? WHERE id = ?").bind(legacy, id).run();
    try {
      expect(await json(await verify("acme", id))).toMatchObject({ valid: true, authentic: true, code: `${legacy.slice(0, 4)}-${legacy.slice(4, 8)}`.toUpperCase() });
      await env.DB.prepare("UPDATE cv_certificates SET signature = ? WHERE id = ?").bind(`${legacy.slice(0, 42)}${legacy[42] === "A" ? "B" : "A"}`, id).run();
      expect(await json(await verify("acme", id))).toMatchObject({ valid: false, authentic: false });
    } finally {
      await env.DB.prepare("UPDATE cv_certificates SET signature = ? WHERE id = ?").bind(row!.signature, id).run();
    }
  });

  it("an altered certificate is not valid", async () => {
    const row = await env.DB.prepare("SELECT statement FROM cv_certificates WHERE id = ?").bind(id).first<{ statement: string }>();
    const forged = JSON.stringify({ ...JSON.parse(row!.statement), hours: 500 });
    await env.DB.prepare("UPDATE cv_certificates SET statement = ? WHERE id = ?").bind(forged, id).run();
    try {
      expect(await json(await verify("acme", id))).toMatchObject({ valid: false, authentic: false, statement: { hours: 500 } });
    } finally {
      await env.DB.prepare("UPDATE cv_certificates SET statement = ? WHERE id = ?").bind(row!.statement, id).run();
    }
    expect(await json(await verify("acme", id))).toMatchObject({ valid: true });
  });

  it("a revoked certificate says so; revoking twice keeps the first date", async () => {
    const revoked = await call("DELETE", `/api/acme/responsible_profile/certificates/${id}`, { token: tokens.ben });
    expect(revoked.status).toBe(200);
    const { revoked_at } = await json(revoked);
    expect(revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await json(await verify("acme", id))).toMatchObject({ valid: false, authentic: true, revoked_at });
    expect(await json(await call("DELETE", `/api/acme/responsible_profile/certificates/${id}`, { token: tokens.ben }))).toEqual({ id, revoked_at });
  });

  it("answers 404 for an unknown id, another organisation, or a task not completed", async () => {
    expect((await verify("acme", "abcdefghjk")).status).toBe(404);
    expect((await verify("commons", id)).status).toBe(404);
    const pending = (await json(await askPdf("ana"))).ticket;
    expect((await verify("acme", pending)).status).toBe(404);
  });
});
