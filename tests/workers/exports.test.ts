/**
 * Staff exports as queue jobs (issue 26, point 2; decision 038): a members export of a few
 * thousand members runs through the queue consumer in steps whose D1 statements stay under a fixed
 * bound (the whole export far under D1's 1,000 per invocation), reports its progress, and writes
 * the same CSV the list answered at once before, formula guard included, to R2 under the
 * organisation. Only its requester downloads it, while they hold the role; another organisation
 * sees nothing; bad input is a 400; a cross-site browser request is refused; the file expires and
 * the sweep deletes it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { EXPORT_TTL_MS, exportFileKey, MAX_STEP_ATTEMPTS, STEP_PAGES, STEP_STATEMENTS_MAX, sweepExpiredExports } from "../../workers/exports/jobs";
import { EXPORTS } from "../../workers/exports/kinds";
import { watchedEnv } from "./counting-env";
import { catchJobs, consume, csvLines, drain, exportThroughPages, exportThroughQueue } from "./export-support";
import { action as startAction } from "../../app/routes/_app.manage.exports.start.$kind";
import { createWebSession } from "../../workers/auth/web-session";
import { run, type Route } from "./route-calls";
import { call, createMember, json, login, seedOrganizations, testLoadContext } from "./support";

const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let acmeId = "";

/** Members added in bulk: more than one step's worth, so the export takes several messages. */
const BULK = 4_500;

const start = (who: string, kind: string, body: unknown = {}, org = "acme") => call("POST", `/api/${org}/exports/${kind}`, { token: tokens[who], body });
const state = (who: string, id: string, org = "acme") => call("GET", `/api/${org}/exports/${id}`, { token: tokens[who] });
const file = (who: string, id: string, org = "acme") => call("GET", `/api/${org}/exports/${id}/file`, { token: tokens[who] });

beforeAll(async () => {
  const { acme, commons } = await seedOrganizations();
  acmeId = acme.id;
  const people: [string, string, string, string?][] = [
    ["alma", acme.id, "Alma Admin", "admin"],
    ["ada", acme.id, "Ada Admin", "admin"],
    ["olga", acme.id, "Olga Organiser", "organiser"],
    ["max", acme.id, "Max Manager", "manager"],
    ["mia", acme.id, "Mia Member"],
    ["cora", commons.id, "Cora Commons", "admin"],
    // A name a spreadsheet would run as a formula.
    ["eve", acme.id, "=HYPERLINK(\"http://evil.example\")"],
  ];
  for (const [name, org, full, role] of people) {
    ids[name] = (await createMember({ email: `${name}@${org}.example`, orgId: org, name: full, role: role as never })).id;
    tokens[name] = (await login(`${name}@${org}.example`, "Correct-Horse-9")).body.access_token;
  }
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < BULK; i++) {
    const id = `bulk-${String(i).padStart(5, "0")}`;
    statements.push(
      env.DB.prepare("INSERT INTO members (id, email, language, last_terms_accepted_version) VALUES (?, ?, 'en-US', 1)").bind(id, `${id}@bulk.example`),
      env.DB.prepare("INSERT INTO profiles (member_id, name, slug) VALUES (?, ?, ?)").bind(id, `Bulk ${String(i).padStart(5, "0")}`, id),
      env.DB.prepare("INSERT INTO memberships (org_id, member_id, manager_member_id) VALUES (?, ?, ?)").bind(acme.id, id, i % 2 ? ids.max : null),
    );
  }
  for (let i = 0; i < statements.length; i += 900) await env.DB.batch(statements.slice(i, i + 900));
});

describe("a members export through the queue", () => {
  it("runs in steps of a bounded number of D1 statements, reports rows done of the total, and writes the list's CSV to R2", async () => {
    const jobs = catchJobs();
    try {
      const started = await start("alma", "members", { status: "active" });
      expect(started.status).toBe(202);
      const job = await json(started);
      expect(job).toMatchObject({ kind: "members", status: "queued", rows_done: 0, rows_total: null });
      expect(jobs.sent).toEqual([{ kind: "export", id: job.id }]);

      const watched = watchedEnv();
      const steps: number[] = [];
      const seen: { status: string; rows_done: number; rows_total: number }[] = [];
      while (jobs.sent.length) {
        watched.reset();
        const result = await consume(jobs.sent.splice(0, 1), watched.env);
        expect(result.explicitAcks).toHaveLength(1);
        steps.push(watched.sql.length);
        seen.push(await json(await state("alma", job.id)));
      }
      const total = BULK + 6;
      // 4,506 members: 2,000 a step, three steps, each well under the bound.
      expect(steps).toHaveLength(Math.ceil(total / (STEP_PAGES * EXPORTS.members.pageRows)));
      for (const count of steps) expect(count).toBeLessThanOrEqual(STEP_STATEMENTS_MAX);
      expect(steps.reduce((sum, count) => sum + count, 0)).toBeLessThan(100);
      expect(seen.map((each) => [each.status, each.rows_done, each.rows_total])).toEqual([
        ["running", 2000, total],
        ["running", 4000, total],
        ["ready", total, total],
      ]);

      const answer = await file("alma", job.id);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toBe('attachment; filename="members-acme.csv"');
      expect(Number(answer.headers.get("content-length"))).toBeGreaterThan(0);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      // UTF-8's byte-order mark first, once (the first part only carries it).
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
      expect(text.match(/\uFEFF/g)).toHaveLength(1);
      const lines = text.slice(1).trimEnd().split("\r\n");
      expect(lines).toHaveLength(total + 1);
      expect(lines[0]).toBe('"name","email","role","line_manager","status","joined_at"');
      // The list's order (name, then id), keyset pages joined without a row lost or repeated.
      expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil.example""\)","eve@org-acme.example","member","","active","/);
      expect(lines.slice(2, 5).map((line) => line.split(",").slice(0, 5).join(","))).toEqual([
        '"Ada Admin","ada@org-acme.example","admin","","active"',
        '"Alma Admin","alma@org-acme.example","admin","","active"',
        '"Bulk 00000","bulk-00000@bulk.example","member","","active"',
      ]);
      expect(lines[5].split(",").slice(0, 4).join(",")).toBe('"Bulk 00001","bulk-00001@bulk.example","member","Max Manager"');
      const bulk = lines.filter((line) => line.startsWith('"Bulk '));
      expect(new Set(bulk).size).toBe(BULK);
      // One file under the organisation's prefix; the parts are gone.
      const stored = await env.FILES.list({ prefix: `exports/${acmeId}/${job.id}` });
      expect(stored.objects.map((object) => object.key)).toEqual([exportFileKey(acmeId, job.id)]);
    } finally {
      jobs.restore();
    }
  });

  it("keeps each invocation of the consumer far under 1,000 D1 statements with a full batch of exports", async () => {
    const jobs = catchJobs();
    try {
      for (const role of ["member", "admin", "manager"]) expect((await start("alma", "members", { role })).status).toBe(202);
      expect((await start("olga", "contributions", { status: "confirmed" })).status).toBe(202);
      const watched = watchedEnv();
      let invocations = 0;
      while (jobs.sent.length) {
        watched.reset();
        // As wrangler.toml's max_batch_size delivers them: up to 4 messages an invocation.
        await consume(jobs.sent.splice(0, 4), watched.env);
        invocations++;
        expect(watched.sql.length).toBeLessThanOrEqual(4 * STEP_STATEMENTS_MAX);
      }
      expect(invocations).toBeGreaterThan(1);
    } finally {
      jobs.restore();
    }
  });

  it("answers the export already under way for the same filters, and refuses a fourth at once (409)", async () => {
    const jobs = catchJobs();
    try {
      const first = await json(await start("ada", "members", { q: "bulk 0001" }));
      const again = await start("ada", "members", { q: "bulk 0001" });
      expect(again.status).toBe(200);
      expect((await json(again)).id).toBe(first.id);
      expect((await start("ada", "members", { q: "bulk 0002" })).status).toBe(202);
      expect((await start("ada", "members", { q: "bulk 0003" })).status).toBe(202);
      const fourth = await start("ada", "members", { q: "bulk 0004" });
      expect([fourth.status, (await json(fourth)).error]).toEqual([409, "too_many_exports"]);
      await drain(jobs.sent);
      const { file: done } = await exportThroughQueue(tokens.ada, "members", { q: "bulk 0004" });
      expect(await csvLines(done!)).toHaveLength(11);
    } finally {
      jobs.restore();
    }
  });
});

describe("who may", () => {
  it("refuses organisers, managers and members a members export (403), and members a donations export", async () => {
    for (const who of ["olga", "max", "mia"]) expect((await start(who, "members")).status, who).toBe(403);
    expect((await start("mia", "contributions")).status).toBe(403);
    expect((await start("max", "audit")).status).toBe(403);
  });

  it("shows a job and its file to its requester only: another administrator 404, another organisation 404", async () => {
    const { job, file: own } = await exportThroughQueue(tokens.alma, "members", { role: "organiser" });
    expect(own!.status).toBe(200);
    expect((await state("ada", job.id)).status).toBe(404);
    expect((await file("ada", job.id)).status).toBe(404);
    // Cora is not a member of acme; in her own organisation the job does not exist.
    expect((await state("cora", job.id)).status).toBe(404);
    expect((await state("cora", job.id, "commons")).status).toBe(404);
    expect((await file("cora", job.id, "commons")).status).toBe(404);
    expect((await file("mia", job.id)).status).toBe(403);
  });

  it("stops a job whose requester lost the role (failed), and refuses them its state (403)", async () => {
    const jobs = catchJobs();
    try {
      const member = await createMember({ email: "tess@org-acme.example", orgId: acmeId, name: "Tess Temp", role: "admin" });
      tokens.tess = (await login("tess@org-acme.example", "Correct-Horse-9")).body.access_token;
      const job = await json(await start("tess", "members"));
      await env.DB.prepare("UPDATE memberships SET role = 'organiser' WHERE member_id = ?").bind(member.id).run();
      await drain(jobs.sent);
      const row = await env.DB.prepare("SELECT status FROM export_jobs WHERE id = ?").bind(job.id).first<{ status: string }>();
      expect(row?.status).toBe("failed");
      expect((await state("tess", job.id)).status).toBe(403);
    } finally {
      jobs.restore();
    }
  });
});

describe("input and origin", () => {
  it("answers bad input with 400 and the field's message key, and writes nothing", async () => {
    const jobs = catchJobs();
    try {
      const before = await env.DB.prepare("SELECT count(*) AS n FROM export_jobs").first<{ n: number }>();
      const role = await start("alma", "members", { role: "king" });
      expect([role.status, (await json(role)).fields]).toEqual([400, { role: "form_error_invalid" }]);
      expect((await json(await start("alma", "members", { page: "2" }))).fields).toEqual({ page: "form_error_unknown_field" });
      expect((await start("alma", "members", ["role"])).status).toBe(400);
      expect((await start("alma", "payments")).status).toBe(400);
      expect((await start("olga", "contributions", { status: "lost" })).status).toBe(400);
      expect((await start("alma", "audit", { from: "yesterday" })).status).toBe(400);
      expect((await state("alma", "not-a-job")).status).toBe(400);
      expect((await file("alma", crypto.randomUUID())).status).toBe(404);
      const after = await env.DB.prepare("SELECT count(*) AS n FROM export_jobs").first<{ n: number }>();
      expect(after?.n).toBe(before?.n);
      expect(jobs.sent).toEqual([]);
    } finally {
      jobs.restore();
    }
  });

  it("leaves no job behind when the queue refuses the message", async () => {
    const refused = vi.spyOn(env.JOBS, "send").mockRejectedValue(new Error("queue down"));
    try {
      const before = await env.DB.prepare("SELECT count(*) AS n FROM export_jobs").first<{ n: number }>();
      const answer = await start("alma", "members", { q: "queue down" });
      expect([answer.status, (await json(answer)).error]).toEqual([503, "export_unavailable"]);
      expect((await env.DB.prepare("SELECT count(*) AS n FROM export_jobs").first<{ n: number }>())?.n).toBe(before?.n);
    } finally {
      refused.mockRestore();
    }
  });

  it("serves no file before the job is ready (404 export_not_ready)", async () => {
    const jobs = catchJobs();
    try {
      const job = await json(await start("alma", "members", { q: "ready" }));
      const early = await file("alma", job.id);
      expect([early.status, (await json(early)).error]).toEqual([404, "export_not_ready"]);
    } finally {
      jobs.restore();
    }
  });

  it("refuses a start sent by a browser from another site (403)", async () => {
    const refused = await call("POST", "/api/acme/exports/members", { token: tokens.alma, body: {}, cookie: "commons_session=x", headers: { origin: "https://evil.example" } });
    expect([refused.status, (await json(refused)).error]).toEqual([403, "cross_origin_request"]);
  });
});

describe("the members screen's export", () => {
  it("starts with the screen's filters (not its page), polls to ready and downloads through the page's routes; other roles get 404", async () => {
    const context = await testLoadContext("acme");
    const cookie = async (name: string) => (await createWebSession(context, (await login(`${name}@org-acme.example`, "Correct-Horse-9", "acme.localhost")).body)).split(";")[0];
    const alma = await cookie("alma");
    const { started, state, file: download } = await exportThroughPages(alma, "members", "role=manager&page=3");
    expect(started.status).toBe(202);
    expect(state).toMatchObject({ kind: "members", status: "ready", rows_done: 1, rows_total: 1 });
    expect(download!.headers.get("content-disposition")).toBe('attachment; filename="members-acme.csv"');
    expect((await csvLines(download!))[1]).toMatch(/^"Max Manager","max@org-acme.example","manager"/);
    expect((await exportThroughPages(await cookie("olga"), "members")).started.status).toBe(404);
    expect((await exportThroughPages(alma, "payments")).started.status).toBe(404);
    // A form post (not JSON) is refused: a cross-site form cannot send JSON without a preflight.
    const form = new Request("http://acme.localhost/manage/exports/start/members", { method: "POST", headers: { cookie: alma, origin: "http://acme.localhost", "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    expect((await run(startAction as Route, form, { kind: "members" })).status).toBe(415);
  });
});

describe("failures and expiry", () => {
  it("retries a failed step, then ends the job as failed after its last attempt", async () => {
    const jobs = catchJobs();
    try {
      const job = await json(await start("alma", "members", { q: "retry" }));
      const message = jobs.sent.splice(0, 1);
      // The bucket refuses every write: each attempt fails at its part.
      const broken = { ...env, FILES: { ...env.FILES, put: () => Promise.reject(new Error("R2 down")) } } as unknown as Env;
      for (let attempt = 1; attempt < MAX_STEP_ATTEMPTS; attempt++) {
        expect((await consume(message, broken)).retryMessages).toHaveLength(1);
        expect((await json(await state("alma", job.id))).status).toBe("queued");
      }
      expect((await consume(message, broken)).explicitAcks).toHaveLength(1);
      expect((await json(await state("alma", job.id))).status).toBe("failed");
    } finally {
      jobs.restore();
    }
  });

  it("keeps the file until it expires; the scheduled sweep then deletes file and job", async () => {
    const { job } = await exportThroughQueue(tokens.alma, "members", { role: "admin" });
    expect(await env.FILES.head(exportFileKey(acmeId, job.id))).not.toBeNull();
    const expires = Date.parse((await json(await state("alma", job.id))).expires_at);
    expect(expires - Date.now()).toBeGreaterThan(EXPORT_TTL_MS - 60_000);
    await sweepExpiredExports(env, expires - 1000);
    expect(await env.FILES.head(exportFileKey(acmeId, job.id))).not.toBeNull();
    await sweepExpiredExports(env, expires + 1000);
    expect(await env.FILES.head(exportFileKey(acmeId, job.id))).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM export_jobs WHERE id = ?").bind(job.id).first()).toBeNull();
    expect((await file("alma", job.id)).status).toBe(404);
  });
});
