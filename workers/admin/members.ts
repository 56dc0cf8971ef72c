/**
 * The organisation's members as its administrators manage them (issue 15, point 1; docs/api/admin.md):
 * the list (search, role, status, pages), a member's role, line manager and access, and the export's pages.
 * Administrators only (403 for everyone else); another organisation's member is a 404.
 *
 * Disabling uses the account's one switch (workers/auth/disable-member.ts: every session ended,
 * chat sockets closed), so it takes effect on the member's next request. An organisation may only
 * switch off an account that belongs to it alone: a member of other organisations too is refused
 * (409), so no administrator can lock someone out of another organisation (decision 023).
 */
import { CHAT_CLOSE } from "../../app/domain/chat";
import { APPROVING_ROLES, ORGANISATION_ROLES } from "../../app/domain/manage";
import { DELETION_GRACE_MS } from "../account/deletion";
import { revokeMemberSessions } from "../auth/sessions";
import { memberObject } from "../chat/live";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { encodeMemberCursor, type MemberCursor } from "../lib/member-cursor";
import { badRequest, ChangedMeanwhileError, conflict, notFound } from "../lib/domain-errors";
import { guardedAudit, type AuditEntry } from "../audit/statements";
import { pageLimit } from "../manage/paging";
import { requireRole, type StaffActor } from "../manage/scope";
import { avatarUrl } from "../profile/avatar-url";
import type { Tenant } from "../tenant/organizations";

/** The roles an administrator gives (system accounts are the platform's, never listed nor given). */
export const ASSIGNABLE_ROLES = ORGANISATION_ROLES;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const MEMBER_STATUSES = ["active", "disabled", "all"] as const;
export const MEMBERS_PAGE_SIZE = 50;

// Where a page of the list starts or ends (decision 043): shared with the chat's member list, in workers/lib.
export { decodeMemberCursor, encodeMemberCursor, type MemberCursor } from "../lib/member-cursor";

export interface MemberFilters {
  q?: string;
  role?: AssignableRole;
  status?: (typeof MEMBER_STATUSES)[number];
}

/** The list's filters and its page: the members after one cursor, or before one (at most one of them). */
export interface MemberQuery extends MemberFilters {
  after?: MemberCursor;
  before?: MemberCursor;
  /** Members on the page, 1 to 100; MEMBERS_PAGE_SIZE when absent (docs/api/pagination.md). */
  limit?: number;
}

export interface MemberChanges {
  role?: AssignableRole;
  manager_member_id?: string | null;
  disabled?: boolean;
}

interface MemberRow {
  id: string;
  sort_key: string;
  email: string;
  name: string | null;
  avatar_key: string | null;
  role: AssignableRole;
  manager_member_id: string | null;
  manager_name: string | null;
  disabled_at: number | null;
  joined_at: number;
  other_organizations: number;
  deletion_requested_at: number | null;
  country: string | null;
  site: string | null;
  grade: string | null;
}

const memberJson = (row: MemberRow) => ({
  id: row.id,
  name: row.name ?? "",
  email: row.email,
  avatar: avatarUrl(row.id, row.avatar_key),
  role: row.role,
  manager: row.manager_member_id ? { id: row.manager_member_id, name: row.manager_name ?? "" } : null,
  disabled: row.disabled_at !== null,
  joined_at: new Date(row.joined_at).toISOString(),
  /** Other organisations the member belongs to: such an account cannot be disabled from here. */
  other_organizations: Number(row.other_organizations),
  /** When the account will be erased, if its deletion was asked for (decision 034); signing in cancels it. */
  deletion_due_at: row.deletion_requested_at ? new Date(row.deletion_requested_at + DELETION_GRACE_MS).toISOString() : null,
  /** What the impact ledger reads of the member (issue 30): set on the members screen or imported by CSV. */
  impact: { country: row.country, site: row.site, grade: row.grade },
});
export type AdminMember = ReturnType<typeof memberJson>;

const ADMINS = ["admin"] as const;

/** How many active administrators the organisation `?1` has besides the member `?2`. */
const otherActiveAdminsText =
  "(select count(*) from memberships a join members am on am.id = a.member_id where a.org_id = ?1 and a.role = 'admin' and am.disabled_at is null and a.member_id != ?2)";
const otherActiveAdmins = (orgId: string, memberId: SQL) =>
  sql`(select count(*) from memberships a join members am on am.id = a.member_id where a.org_id = ${orgId} and a.role = 'admin' and am.disabled_at is null and a.member_id != ${memberId})`;

/** The columns of a member as the list shows them; `?1` is the organisation. */
const MEMBER_SELECT = `select m.id, ms.sort_key, m.email, pr.name, pr.avatar_key, ms.role, ms.manager_member_id, mgr.name as manager_name, m.disabled_at, m.deletion_requested_at, ms.created_at as joined_at, ms.country, ms.site, ms.grade,
    (select count(*) from memberships o where o.member_id = m.id and o.org_id != ?1) as other_organizations
  from memberships ms join members m on m.id = ms.member_id
  left join profiles pr on pr.member_id = m.id
  left join profiles mgr on mgr.member_id = ms.manager_member_id`;

function filters(query: MemberFilters) {
  const where = ["ms.org_id = ?1", "ms.role != 'system'"];
  const params: (string | number)[] = [];
  if (query.q?.trim()) {
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and instr takes % and _ literally (as the wall's search).
    params.push(query.q.trim().toLowerCase());
    where.push(`(instr(lower(coalesce(pr.name, '')), ?${params.length + 1}) > 0 or instr(lower(m.email), ?${params.length + 1}) > 0)`);
  }
  if (query.role) {
    params.push(query.role);
    where.push(`ms.role = ?${params.length + 1}`);
  }
  if ((query.status ?? "all") === "active") where.push("m.disabled_at is null");
  if (query.status === "disabled") where.push("m.disabled_at is not null");
  return { where: where.join(" and "), params };
}

/**
 * The members the filters leave, in their total where counts kept per organisation and role answer
 * it (every status, no search: decision 043); null otherwise, where only counting the organisation would.
 */
function memberTotal(env: Env, org: Tenant, query: MemberFilters) {
  if (query.q?.trim() || (query.status ?? "all") !== "all") return null;
  return env.DB.prepare(`select coalesce(sum(members), 0) as total from membership_counts where org_id = ?1 and role != 'system'${query.role ? " and role = ?2" : ""}`).bind(org.id, ...(query.role ? [query.role] : []));
}

/**
 * The statement of one page of the list (and one row more, to tell whether another follows): after
 * `query.after`, or before `query.before` read backwards (nearest first), on the index of the
 * membership's sort key (memberships_org_sort_idx; by role memberships_org_role_sort_idx).
 */
export function memberPageQuery(orgId: string, query: MemberQuery) {
  const { where, params } = filters(query);
  const backwards = !query.after && query.before !== undefined;
  const cursor = query.after ?? query.before;
  const keyset = cursor ? ` and (ms.sort_key, ms.member_id) ${backwards ? "<" : ">"} (?${params.length + 2}, ?${params.length + 3})` : "";
  const order = backwards ? "ms.sort_key desc, ms.member_id desc" : "ms.sort_key, ms.member_id";
  return { sql: `${MEMBER_SELECT} where ${where}${keyset} order by ${order} limit ${pageLimit(query.limit ?? MEMBERS_PAGE_SIZE) + 1}`, params: [orgId, ...params, ...(cursor ?? [])] };
}

/**
 * GET /admin/members: one page of the organisation's members by name, by keyset on the
 * membership's sort key and id (decision 043): the page after `after` (the first page without
 * one), or the page before `before`, each read from the index in one statement however deep the
 * page is. `next` and `previous` are the cursors of the pages around it, null at either end.
 */
export async function listMembers(env: Env, org: Tenant, actor: StaffActor, query: MemberQuery) {
  requireRole(actor, ADMINS);
  const backwards = !query.after && query.before !== undefined;
  const page = memberPageQuery(org.id, query);
  const start = memberPageQuery(org.id, { ...query, before: undefined });
  const total = memberTotal(env, org, query);
  const [rows, managers, ...rest] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(page.sql).bind(...page.params),
    // Who may be a line manager (the screen offers them on every row): active managers and administrators.
    env.DB.prepare(
      `select m.id, coalesce(nullif(pr.name, ''), m.email) as name from memberships ms join members m on m.id = ms.member_id left join profiles pr on pr.member_id = m.id
       where ms.org_id = ?1 and ms.role in (${APPROVING_ROLES.map((role) => `'${role}'`).join(", ")}) and m.disabled_at is null order by lower(coalesce(nullif(pr.name, ''), m.email)), m.id`,
    ).bind(org.id),
    ...(total ? [total] : []),
    // Going back: the first page too, in the same round trip, for when fewer than a page come before.
    ...(backwards ? [env.DB.prepare(start.sql).bind(...start.params)] : []),
  ]);
  const count = total ? rest[0] : undefined;
  const first = rest.at(-1);
  const size = pageLimit(query.limit ?? MEMBERS_PAGE_SIZE);
  let found = rows.results as unknown as MemberRow[];
  const more = found.length > size;
  found = found.slice(0, size);
  let hasNext = backwards || more;
  let hasPrevious = backwards ? more : query.after !== undefined;
  if (backwards) {
    found.reverse();
    if (!more) {
      // Nothing before this page: it is the first one, full.
      const firstPage = (first?.results ?? []) as unknown as MemberRow[];
      found = firstPage.slice(0, size);
      hasNext = firstPage.length > size;
      hasPrevious = false;
    }
  }
  const cursorOf = (row: MemberRow | undefined) => (row ? encodeMemberCursor([row.sort_key, row.id]) : null);
  return {
    members: found.map(memberJson),
    /** Null where the filters leave a number only a count of the whole organisation would give (a search, a status). */
    total: count ? Number((count.results[0] as { total: number }).total) : null,
    next: hasNext ? cursorOf(found.at(-1)) : null,
    // Past the end (an empty page after the last member), "previous" is the page before that cursor.
    previous: hasPrevious ? (cursorOf(found[0]) ?? (query.after ? encodeMemberCursor(query.after) : null)) : null,
    line_managers: managers.results as { id: string; name: string }[],
  };
}

/** Where a members export stands: the sort key and id of the last row written. */
export type MemberExportCursor = MemberCursor;

/** The export's row: the columns of today's CSV, and where the row sits in the list's order. */
interface MemberExportRow {
  id: string;
  sort_key: string;
  name: string | null;
  email: string;
  role: AssignableRole;
  manager_name: string | null;
  manager_member_id: string | null;
  disabled_at: number | null;
  joined_at: number;
}

/** How many members match `query` (the export's total, read once): from the kept counts where they answer it. */
export async function countMembers(env: Env, org: Tenant, query: MemberFilters) {
  const kept = memberTotal(env, org, query);
  if (kept) return Number((await kept.first<{ total: number }>())?.total ?? 0);
  const { where, params } = filters(query);
  const row = await env.DB.prepare(`select count(*) as total from memberships ms join members m on m.id = ms.member_id left join profiles pr on pr.member_id = m.id where ${where}`)
    .bind(org.id, ...params)
    .first<{ total: number }>();
  return Number(row?.total ?? 0);
}

/**
 * The export's page (decision 038): up to `limit` members matching `query` after `after`, in the
 * list's order (name, then id), read in one statement by keyset, not OFFSET, so every page costs
 * the same however far the export has gone (on memberships_org_sort_idx). The caller checks the role.
 */
export async function memberExportPage(env: Env, org: Tenant, query: MemberFilters, after: MemberExportCursor | null, limit: number) {
  const { where, params } = filters(query);
  // The membership's kept key (decision 043): the index's order, so a page reads its own rows only.
  const sortKey = "ms.sort_key";
  const keyset = after ? ` and (${sortKey}, m.id) > (?${params.length + 2}, ?${params.length + 3})` : "";
  const { results } = await env.DB.prepare(
    `select m.id, ${sortKey} as sort_key, pr.name, m.email, ms.role, ms.manager_member_id, mgr.name as manager_name, m.disabled_at, ms.created_at as joined_at
     from memberships ms join members m on m.id = ms.member_id
     left join profiles pr on pr.member_id = m.id
     left join profiles mgr on mgr.member_id = ms.manager_member_id
     where ${where}${keyset} order by ${sortKey}, m.id limit ${limit}`,
  )
    .bind(org.id, ...params, ...(after ?? []))
    .all<MemberExportRow>();
  const last = results.at(-1);
  return {
    // The same cells as the CSV answered at once before it became a job.
    rows: results.map((m) => [m.name ?? "", m.email, m.role, m.manager_member_id ? (m.manager_name ?? "") : "", m.disabled_at !== null ? "disabled" : "active", new Date(m.joined_at).toISOString()]),
    next: results.length === limit && last ? ([last.sort_key, last.id] as MemberExportCursor) : null,
  };
}

/**
 * PUT /admin/members/{id}: a member's role, line manager (another member of the organisation, or
 * null) and access, all or nothing, each change in the audit log with its before and after.
 * Refused: the last active administrator losing the role or access; an administrator disabling
 * themselves; disabling an account that belongs to other organisations too.
 */
export async function updateMember(env: Env, org: Tenant, actor: StaffActor, memberId: string, changes: MemberChanges, now = Date.now()) {
  requireRole(actor, ADMINS);
  const managerId = changes.manager_member_id ?? null;
  const [targets, admins, managers] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(`${MEMBER_SELECT} where ms.org_id = ?1 and ms.member_id = ?2 and ms.role != 'system'`).bind(org.id, memberId),
    env.DB.prepare("select count(*) as n from memberships ms join members m on m.id = ms.member_id where ms.org_id = ? and ms.role = 'admin' and m.disabled_at is null").bind(org.id),
    env.DB.prepare("select ms.member_id from memberships ms join members m on m.id = ms.member_id where ms.org_id = ? and ms.member_id = ? and ms.role != 'system' and m.disabled_at is null").bind(org.id, managerId ?? ""),
  ]);
  const target = targets.results[0] as unknown as MemberRow | undefined;
  if (!target) throw notFound("member_not_found", "The member cannot be found.");
  const activeAdmins = Number((admins.results[0] as { n: number }).n);
  const wasDisabled = target.disabled_at !== null;
  const losesAdmin = target.role === "admin" && !wasDisabled && ((changes.role !== undefined && changes.role !== "admin") || changes.disabled === true);
  if (losesAdmin && activeAdmins <= 1) throw conflict("last_admin", "The organisation needs at least one active administrator.");
  // Whether the change would take an administrator away if the member is one when it is written
  // (they may have become one since the read): the write checks the rule then.
  const mayLoseAdmin = changes.disabled === true || (changes.role !== undefined && changes.role !== "admin");
  if (changes.disabled === true && memberId === actor.memberId) throw conflict("cannot_disable_self", "You cannot disable your own account.");
  if (changes.disabled !== undefined && changes.disabled !== wasDisabled && Number(target.other_organizations) > 0) {
    throw conflict("member_in_other_organizations", "This account belongs to other organisations too: it cannot be switched off or on from here.");
  }
  if (changes.manager_member_id !== undefined && managerId !== null && (managerId === memberId || !managers.results.length)) {
    throw badRequest("validation_error", "The line manager must be another active member of the organisation.", { manager_member_id: "form_error_invalid" });
  }

  const db = getDb(env);
  const audit: AuditEntry[] = [];
  const membership: { role?: AssignableRole; managerMemberId?: string | null } = {};
  if (changes.role !== undefined && changes.role !== target.role) {
    membership.role = changes.role;
    audit.push({ action: "member.role_changed", targetType: "member", targetId: memberId, detail: { before: target.role, after: changes.role } });
  }
  if (changes.manager_member_id !== undefined && managerId !== target.manager_member_id) {
    membership.managerMemberId = managerId;
    audit.push({ action: "member.manager_changed", targetType: "member", targetId: memberId, detail: { before: target.manager_member_id, after: managerId } });
  }
  const disabling = changes.disabled === true && !wasDisabled;
  const enabling = changes.disabled === false && wasDisabled;
  if (disabling || enabling) {
    audit.push({ action: disabling ? "member.disabled" : "member.enabled", targetType: "member", targetId: memberId, detail: { before: { disabled: wasDisabled }, after: { disabled: disabling } } });
  }
  if (audit.length) {
    // One guarded write (decision 025): the member still as this administrator read them, the
    // account still this organisation's alone when its access changes, and at least one other
    // active administrator left when an administrator loses the role or access (decision 023),
    // all checked inside the batch's transaction by the audit rows' insert; every change runs only
    // when they were written.
    const guard = (targetId: SQL) => sql`exists (select 1 from memberships ms join members m on m.id = ms.member_id
        where ms.org_id = ${org.id} and ms.member_id = ${targetId}
        ${membership.role ? sql`and ms.role = ${target.role}` : sql``}
        ${membership.managerMemberId !== undefined ? sql`and ms.manager_member_id is ${target.manager_member_id}` : sql``}
        ${disabling || enabling ? sql`and (m.disabled_at is null) = ${wasDisabled ? 0 : 1} and not exists (select 1 from memberships o where o.member_id = m.id and o.org_id != ${org.id})` : sql``}
        ${mayLoseAdmin ? sql`and (ms.role != 'admin' or m.disabled_at is not null or ${otherActiveAdmins(org.id, targetId)} >= 1)` : sql``})`;
    const guarded = guardedAudit(db, org.id, actor.memberId, audit, now, guard);
    const mine = sql`${memberId} in ${guarded.targets}`;
    const inOrg = and(eq(schema.memberships.orgId, org.id), eq(schema.memberships.memberId, memberId), mine);
    const [, ...results] = await db.batch([
      guarded.statement,
      ...(Object.keys(membership).length ? [db.update(schema.memberships).set(membership).where(inOrg)] : []),
      ...(disabling || enabling ? [db.update(schema.members).set({ disabledAt: disabling ? now : null }).where(and(eq(schema.members.id, memberId), mine))] : []),
      ...(disabling ? [revokeMemberSessions(env, memberId, "account_disabled", mine)] : []),
      guarded.written,
    ] as unknown as Parameters<typeof db.batch>[0]);
    if (!(results[results.length - 1] as unknown[]).length) {
      const left = await env.DB.prepare(`select ${otherActiveAdminsText} as n`).bind(org.id, memberId).first<{ n: number }>();
      if (mayLoseAdmin && Number(left?.n ?? 0) < 1) throw conflict("last_admin", "The organisation needs at least one active administrator.");
      const [stored] = (await env.DB.prepare(`${MEMBER_SELECT} where ms.org_id = ?1 and ms.member_id = ?2`).bind(org.id, memberId).all<MemberRow>()).results;
      throw new ChangedMeanwhileError("member_changed", "Someone else changed this member meanwhile.", stored ? memberJson(stored) : null);
    }
  }
  // Sockets already open are told at once; the next request of every session is refused by the flag.
  if (disabling) await memberObject(env, org.id, memberId).disconnect(CHAT_CLOSE.accountDisabled, "account_disabled");
  const [updated] = (await env.DB.prepare(`${MEMBER_SELECT} where ms.org_id = ?1 and ms.member_id = ?2`).bind(org.id, memberId).all<MemberRow>()).results;
  return memberJson(updated);
}
