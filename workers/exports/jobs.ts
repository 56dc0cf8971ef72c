/**
 * Staff exports as queue jobs (issue 26, point 2; docs/decisions/038-exports-as-jobs.md). Asking
 * for an export writes its row (queued) and sends a message; each message runs one step: at most
 * STEP_PAGES pages of the kind's keyset reader, written to R2 as one part, the row updated with
 * the rows done, the position and the part count, and, while rows remain, a message for the next
 * step. A step makes a fixed number of D1 statements (STEP_STATEMENTS_MAX at most), so no
 * invocation of the consumer comes near D1's 1,000 queries whatever the organisation's size. The
 * last step joins the parts into one file, exports/{org}/{id}.csv, and the row says ready until
 * EXPORT_TTL_MS later, when the scheduled sweep deletes file and row.
 *
 * A job is its requester's alone: another member (even an administrator) gets 404, and the
 * requester 403 once they no longer hold a role the kind needs; each step checks the role again.
 */
import { csvRow } from "../lib/csv";
import { conflict, notFound, unavailable } from "../lib/domain-errors";
import { requireRole, type StaffActor } from "../manage/scope";
import { getOrganizationById, type Tenant } from "../tenant/organizations";
import { EXPORTS, type ExportKind } from "./kinds";
import type { ExportStatus } from "../../app/domain/exports";

export type { ExportStatus };
export type ExportMessage = { kind: "export"; id: string };

/** Pages one step reads: 2,000 members (pages of 500) or 400 pledges or audit rows (pages of 100) per step. */
export const STEP_PAGES = 4;
/**
 * The D1 statements one step makes at most: the row and the role (one batch), the organisation
 * (two when its cache is cold), the count (first step), the pages, the row's update.
 */
export const STEP_STATEMENTS_MAX = STEP_PAGES + 6;
/** How long a finished file stays downloadable (and an unfinished job is kept before it is swept). */
export const EXPORT_TTL_MS = 24 * 60 * 60_000;
/** Failed attempts of one step before the job ends as failed. */
export const MAX_STEP_ATTEMPTS = 3;
/** Jobs still queued or running a member may have at once: one more answers 429. */
export const ACTIVE_EXPORTS_MAX = 3;
/** Expired rows the scheduled sweep deletes per run (each with its file). */
export const EXPORT_SWEEP_PAGE = 100;
const SWEEP_CURSOR_KEY = "sweep:cursor:exports/";

export interface ExportJobRow {
  id: string;
  org_id: string;
  member_id: string;
  kind: ExportKind;
  params: string;
  status: ExportStatus;
  rows_done: number;
  rows_total: number | null;
  cursor: string | null;
  parts: number;
  attempts: number;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

export const exportFileKey = (orgId: string, id: string) => `exports/${orgId}/${id}.csv`;
const partKey = (orgId: string, id: string, part: number) => `exports/${orgId}/${id}/part-${String(part).padStart(5, "0")}.csv`;

/** What the screen polls: the state, the rows written of how many, and when the file goes. */
export function exportJson(row: ExportJobRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    rows_done: row.rows_done,
    rows_total: row.rows_total,
    created_at: new Date(row.created_at).toISOString(),
    /** Until when the file can be downloaded (once ready). */
    expires_at: new Date(row.expires_at).toISOString(),
  };
}
export type ExportJob = ReturnType<typeof exportJson>;

/**
 * POST /exports/{kind}: a new export of the list `params` names (validated by the route), queued.
 * The same export still queued or running for this member is answered instead of a second one.
 */
export async function startExport(env: Env, org: Tenant, actor: StaffActor, kind: ExportKind, params: object, now = Date.now()): Promise<{ job: ExportJob; created: boolean }> {
  requireRole(actor, EXPORTS[kind].roles);
  const text = JSON.stringify(params);
  const { results: active } = await env.DB.prepare(
    "select * from export_jobs where org_id = ? and member_id = ? and status in ('queued', 'running') and expires_at > ? order by created_at desc",
  )
    .bind(org.id, actor.memberId, now)
    .all<ExportJobRow>();
  const same = active.find((row) => row.kind === kind && row.params === text);
  if (same) return { job: exportJson(same), created: false };
  if (active.length >= ACTIVE_EXPORTS_MAX) throw conflict("too_many_exports", "Wait for your exports under way to finish before asking for another.");
  const id = crypto.randomUUID();
  const row = await env.DB.prepare(
    "insert into export_jobs (id, org_id, member_id, kind, params, status, created_at, updated_at, expires_at) values (?, ?, ?, ?, ?, 'queued', ?, ?, ?) returning *",
  )
    .bind(id, org.id, actor.memberId, kind, text, now, now, now + EXPORT_TTL_MS)
    .first<ExportJobRow>();
  try {
    await env.JOBS.send({ kind: "export", id } satisfies ExportMessage);
  } catch (error) {
    // No message, no job: a row left queued would be answered to the next ask for hours.
    await env.DB.prepare("delete from export_jobs where id = ?").bind(id).run();
    console.error(JSON.stringify({ event: "export_not_queued", id, error: String(error) }));
    throw unavailable("export_unavailable", "Exports cannot be started right now; try again in a few minutes.");
  }
  return { job: exportJson(row as ExportJobRow), created: true };
}

/** The actor's own job in this organisation (404 otherwise), with the role its kind needs (403). */
async function ownJob(env: Env, org: Tenant, actor: StaffActor, id: string, now: number) {
  const row = await env.DB.prepare("select * from export_jobs where id = ? and org_id = ? and member_id = ? and expires_at > ?")
    .bind(id, org.id, actor.memberId, now)
    .first<ExportJobRow>();
  if (!row) throw notFound("export_not_found", "The export cannot be found, or it has expired.");
  requireRole(actor, EXPORTS[row.kind].roles);
  return row;
}

/** GET /exports/{id}: the job's state, for the screen's polling. */
export async function exportStatus(env: Env, org: Tenant, actor: StaffActor, id: string, now = Date.now()) {
  return exportJson(await ownJob(env, org, actor, id, now));
}

/** GET /exports/{id}/file: the finished CSV and its file name (404 until ready, or once expired). */
export async function exportFile(env: Env, org: Tenant, actor: StaffActor, id: string, now = Date.now()) {
  const row = await ownJob(env, org, actor, id, now);
  const object = row.status === "ready" ? await env.FILES.get(exportFileKey(org.id, row.id)) : null;
  if (!object) throw notFound("export_not_ready", "The file is not ready, or it has expired.");
  return { body: object.body, size: object.size, fileName: EXPORTS[row.kind].fileName(org, JSON.parse(row.params) as object) };
}

const encoder = new TextEncoder();

/**
 * One step of the job `id`, as the queue consumer runs it: answers whether another step is
 * needed (its message is already sent). Throws on a failure the queue should retry.
 */
export async function runExportStep(env: Env, id: string, now = Date.now()): Promise<"more" | "done" | "gone"> {
  // The job and the requester's role now, in one round trip.
  const [jobs, roles] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("select * from export_jobs where id = ?").bind(id),
    env.DB.prepare("select ms.role from export_jobs j join memberships ms on ms.org_id = j.org_id and ms.member_id = j.member_id join members m on m.id = j.member_id where j.id = ? and m.disabled_at is null").bind(id),
  ]);
  const row = jobs.results[0] as unknown as ExportJobRow | undefined;
  if (!row || row.status === "ready" || row.status === "failed" || row.expires_at <= now) return "gone";
  const role = (roles.results[0] as { role: StaffActor["role"] } | undefined)?.role;
  const spec = EXPORTS[row.kind];
  const actor: StaffActor = { memberId: row.member_id, role: role ?? "member" };
  const org = await getOrganizationById(env, row.org_id);
  if (!org || !role || !(spec.roles as readonly string[]).includes(role)) {
    await markFailed(env, row, "requester no longer allowed", now);
    return "gone";
  }
  const params = JSON.parse(row.params) as object;
  const total = row.rows_total ?? (await spec.count(env, org, actor, params));
  let after: unknown = row.cursor === null ? null : JSON.parse(row.cursor);
  let text = row.parts === 0 ? `\uFEFF${csvRow(spec.header)}` : "";
  let written = 0;
  let finished = false;
  for (let page = 0; page < STEP_PAGES; page++) {
    const { rows, next } = await spec.page(env, org, actor, params, after, spec.pageRows);
    for (const cells of rows) text += csvRow(cells);
    written += rows.length;
    if (next === null || next === undefined) {
      finished = true;
      break;
    }
    after = next;
  }
  // The part is written before the row moves on: a step retried after a failure writes the same part again.
  if (text) await env.FILES.put(partKey(row.org_id, row.id, row.parts), encoder.encode(text), { httpMetadata: { contentType: "text/csv; charset=utf-8" } });
  const parts = row.parts + (text ? 1 : 0);
  if (finished) await joinParts(env, row.org_id, row.id, parts);
  // Only the step that found the row where it was moves it on (a message delivered twice writes nothing twice).
  const moved = await env.DB.prepare(
    `update export_jobs set status = ?, rows_done = rows_done + ?, rows_total = ?, cursor = ?, parts = ?, attempts = 0, error = null, updated_at = ?, expires_at = ?
     where id = ? and parts = ? and status in ('queued', 'running')`,
  )
    // Once done, the total is what was written (the list may have changed since it was counted).
    .bind(finished ? "ready" : "running", written, finished ? row.rows_done + written : total, finished ? null : JSON.stringify(after), parts, now, finished ? now + EXPORT_TTL_MS : row.expires_at, id, row.parts)
    .run();
  if (!moved.meta.changes) return "gone";
  if (finished) return "done";
  await env.JOBS.send({ kind: "export", id } satisfies ExportMessage);
  return "more";
}

/** The parts, in order, streamed into the one file the download serves; then the parts go. */
async function joinParts(env: Env, orgId: string, id: string, parts: number) {
  const keys = Array.from({ length: parts }, (_, part) => partKey(orgId, id, part));
  const heads = await Promise.all(keys.map((key) => env.FILES.head(key)));
  if (heads.some((head) => !head)) throw new Error("export part missing");
  const size = heads.reduce((sum, head) => sum + (head?.size ?? 0), 0);
  const { readable, writable } = new FixedLengthStream(size);
  const pump = (async () => {
    for (const key of keys) {
      const object = await env.FILES.get(key);
      if (!object) throw new Error("export part missing");
      await object.body.pipeTo(writable, { preventClose: true });
    }
    await writable.close();
  })();
  await Promise.all([env.FILES.put(exportFileKey(orgId, id), readable, { httpMetadata: { contentType: "text/csv; charset=utf-8" } }), pump]);
  await env.FILES.delete(keys);
}

async function markFailed(env: Env, row: ExportJobRow, error: string, now: number) {
  await env.DB.prepare("update export_jobs set status = 'failed', error = ?, updated_at = ? where id = ? and status in ('queued', 'running')").bind(error.slice(0, 500), now, row.id).run();
}

/** The consumer's side: one step per message, retried by the queue until MAX_STEP_ATTEMPTS, then failed. */
export async function runExportJob(env: Env, message: Message<ExportMessage>) {
  const id = message.body.id;
  try {
    await runExportStep(env, id);
    message.ack();
  } catch (error) {
    const row = await env.DB.prepare("update export_jobs set attempts = attempts + 1, error = ?, updated_at = ? where id = ? and status in ('queued', 'running') returning *")
      .bind(String(error).slice(0, 500), Date.now(), id)
      .first<ExportJobRow>();
    const last = !row || row.attempts >= MAX_STEP_ATTEMPTS;
    console.error(JSON.stringify({ event: "export_step_failed", id, attempt: row?.attempts, last, error: String(error) }));
    if (row && last) await markFailed(env, row, String(error), Date.now());
    if (last) message.ack();
    else message.retry({ delaySeconds: 2 * (row?.attempts ?? 1) });
  }
}

/**
 * The scheduled sweep: expired jobs lose their file, parts and row, a page at a time; and files
 * under exports/ older than the longest a job lives (a row deleted with its member or
 * organisation, a step stopped between part and row) go too.
 */
export async function sweepExpiredExports(env: Env, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare("select id, org_id, parts from export_jobs where expires_at <= ? order by expires_at limit ?")
    .bind(now, EXPORT_SWEEP_PAGE)
    .all<{ id: string; org_id: string; parts: number }>();
  const keys = results.flatMap((row) => [exportFileKey(row.org_id, row.id), ...Array.from({ length: row.parts }, (_, part) => partKey(row.org_id, row.id, part))]);
  for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000));
  if (results.length) {
    await env.DB.batch(results.map((row) => env.DB.prepare("delete from export_jobs where id = ?").bind(row.id)));
  }
  // One page of the prefix per run, resumed where the last run stopped (as workers/files/orphan-sweep.ts).
  const cursor = (await env.ORG_CACHE.get(SWEEP_CURSOR_KEY)) ?? undefined;
  const stale = await env.FILES.list({ prefix: "exports/", cursor, limit: EXPORT_SWEEP_PAGE });
  const old = stale.objects.filter((object) => object.uploaded.getTime() <= now - 2 * EXPORT_TTL_MS).map((object) => object.key);
  if (old.length) await env.FILES.delete(old);
  if (stale.truncated) await env.ORG_CACHE.put(SWEEP_CURSOR_KEY, stale.cursor);
  else await env.ORG_CACHE.delete(SWEEP_CURSOR_KEY);
  return results.length + old.length;
}
