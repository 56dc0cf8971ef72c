/**
 * Deleting an account (issue 28, point 6; docs/decisions/030; docs/api/auth.md and admin.md).
 *
 * 1. Asked for by the member (Settings → Account, confirmed by typing their e-mail) or, on their
 *    request, by an administrator of the one organisation the account belongs to. Every session
 *    ends at once and an e-mail says when the account goes and how to keep it.
 * 2. Grace period: ACCOUNT_DELETION_GRACE_DAYS. Signing in again in that time cancels it (the request is
 *    cleared in the batch that creates the session: createSession in workers/auth/sessions.ts).
 * 3. Erasure, by the scheduled sweep once the grace period is over: the identity goes (e-mail,
 *    password, name, phone, picture, onboarding answers, memberships, sign-in links, uploads,
 *    certificates, proposals, R2 objects), while what the organisations count stays without it:
 *    validated hours and impact, confirmed donations (made anonymous) and ratings keep their row,
 *    attributed to an account row that names nobody (erased_at), and the messages the member sent
 *    stay in their conversations under "deleted member".
 */
import { ACCOUNT_DELETION_GRACE_DAYS } from "../../app/domain/account-deletion";
import { memberObject } from "../chat/live";
import { getEmailSender } from "../email/sender";
import { renderAccountDeletion } from "../email/account-deletion";
import { CHAT_CLOSE } from "../../app/domain/chat";
import { memberOrganizations } from "../auth/members";
import { badRequest, conflict, notFound } from "../lib/domain-errors";
import { requireRole, type StaffActor } from "../manage/scope";
import { organizationOrigin, type Tenant } from "../tenant/organizations";

export const DELETION_GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
/** Accounts erased per scheduled run: each is one batch and a few R2 deletes. */
export const ERASURES_PER_RUN = 10;
/** The sessions a deletion request ends carry this reason. */
export const DELETION_REQUESTED_REASON = "account_deletion_requested";

/** The address an erased account is left with: unique, not deliverable (RFC 2606 .invalid), names nobody. */
export const erasedEmail = (memberId: string) => `erased-${memberId}@erased.invalid`;

export interface DeletionState {
  /** When the request was made and when the account will be erased (ISO 8601). */
  requested_at: string;
  deletion_due_at: string;
}

const stateOf = (requestedAt: number): DeletionState => ({
  requested_at: new Date(requestedAt).toISOString(),
  deletion_due_at: new Date(requestedAt + DELETION_GRACE_MS).toISOString(),
});

/**
 * Records the request (unless one is already running: the first one's date stands) and, in the
 * same batch, ends every session and web session; then closes the member's chat sockets and mails
 * them. `audit`: the administrator's audit row, right after the request's write and only when
 * that write happened (changes() = 1).
 */
async function scheduleDeletion(env: Env, memberId: string, requestedBy: string, now: number, audit?: D1PreparedStatement) {
  const db = env.DB;
  // Sessions end on every request, also a repeated one: "sign out everywhere" is what was asked.
  const pending = "exists (select 1 from members where id = ?1 and deletion_requested_at is not null and erased_at is null)";
  const results = await db.batch<{ email: string; language: string; deletion_requested_at: number }>([
    db.prepare("update members set deletion_requested_at = ?2, deletion_requested_by = ?3 where id = ?1 and erased_at is null and deletion_requested_at is null").bind(memberId, now, requestedBy),
    ...(audit ? [audit] : []),
    db.prepare(`update sessions set revoked_at = ?2, revoked_reason = ?3 where member_id = ?1 and revoked_at is null and ${pending}`).bind(memberId, now, DELETION_REQUESTED_REASON),
    db.prepare(`delete from web_sessions where member_id = ?1 and ${pending}`).bind(memberId),
    db.prepare("select email, language, deletion_requested_at from members where id = ?1 and erased_at is null").bind(memberId),
  ]);
  const row = results[results.length - 1].results[0];
  if (!row?.deletion_requested_at) throw notFound("member_not_found", "The member cannot be found.");
  const organizations = await memberOrganizations(env, memberId);
  await Promise.all(organizations.map(({ tenant }) => memberObject(env, tenant.id, memberId).disconnect(CHAT_CLOSE.accountDisabled, "account_deletion_requested")));
  if (results[0].meta.changes === 1 && organizations[0]) await mailDeletion(env, row.email, row.language, organizations[0].tenant, row.deletion_requested_at);
  return stateOf(row.deletion_requested_at);
}

async function mailDeletion(env: Env, email: string, language: string, org: Tenant, requestedAt: number) {
  const due = new Date(requestedAt + DELETION_GRACE_MS);
  const message = renderAccountDeletion(language, {
    email,
    organization: org.name,
    date: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(due),
    link: `${organizationOrigin(env, org)}/signin`,
    logoUrl: org.logo ? new URL(org.logo, organizationOrigin(env, org)).toString() : null,
  });
  await getEmailSender(env).send({ to: email, ...message });
}

/** POST /auth/account/deletion: the member's own request, confirmed by typing their e-mail address. */
export async function requestOwnDeletion(env: Env, memberId: string, confirmEmail: string, now = Date.now()) {
  const member = await env.DB.prepare("select email from members where id = ? and erased_at is null").bind(memberId).first<{ email: string }>();
  if (!member) throw notFound("account_not_found", "There is no account with this e-mail.");
  if (confirmEmail.trim().toLowerCase() !== member.email) {
    throw badRequest("validation_error", "Type the e-mail address of this account to confirm.", { email: "account_delete_error_email" });
  }
  return scheduleDeletion(env, memberId, memberId, now);
}

/** Whether the account asked to be deleted, and when it will be (null when not). */
export async function deletionState(env: Env, memberId: string): Promise<DeletionState | null> {
  const row = await env.DB.prepare("select deletion_requested_at from members where id = ?").bind(memberId).first<{ deletion_requested_at: number | null }>();
  return row?.deletion_requested_at ? stateOf(row.deletion_requested_at) : null;
}

/**
 * POST /admin/members/{id}/deletion: an administrator asks for a member's account to be deleted,
 * on that member's request. Only for an account that belongs to this organisation alone (decision
 * 030, as disabling in decision 023): an administrator of one organisation never deletes what
 * other organisations hold; for such an account they remove the member from theirs (DELETE
 * /admin/members/{id}) and the member deletes the account themselves.
 */
export async function requestDeletionByAdmin(env: Env, org: Tenant, actor: StaffActor, memberId: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  if (memberId === actor.memberId) throw conflict("cannot_delete_self", "Delete your own account from Settings → Account.");
  const target = await env.DB.prepare(
    `select ms.role, m.email, m.disabled_at,
       (select count(*) from memberships o where o.member_id = m.id and o.org_id != ?1) as others,
       (select count(*) from memberships a join members am on am.id = a.member_id
          where a.org_id = ?1 and a.role = 'admin' and a.member_id != ?2 and am.disabled_at is null and am.deletion_requested_at is null) as other_admins
     from memberships ms join members m on m.id = ms.member_id
     where ms.org_id = ?1 and ms.member_id = ?2 and ms.role != 'system' and m.erased_at is null`,
  )
    .bind(org.id, memberId)
    .first<{ role: string; email: string; others: number; other_admins: number }>();
  if (!target) throw notFound("member_not_found", "The member cannot be found.");
  if (Number(target.others) > 0) {
    throw conflict("member_in_other_organizations", "This account belongs to other organisations too: remove the member from yours instead.");
  }
  if (target.role === "admin" && Number(target.other_admins) === 0) throw conflict("last_admin", "The organisation needs at least one active administrator.");
  const audit = env.DB.prepare(
    `insert into audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at)
     select ?1, ?2, ?3, 'member.deletion_requested', 'member', ?4, json_object('email', ?5, 'role', ?6, 'deletion_due_at', ?7), ?8 where changes() = 1`,
  ).bind(crypto.randomUUID(), org.id, actor.memberId, memberId, target.email, target.role, new Date(now + DELETION_GRACE_MS).toISOString(), now);
  return scheduleDeletion(env, memberId, actor.memberId, now, audit);
}

/** The R2 objects of an account: its picture, its uploads, its certificates' PDFs. */
async function objectsOf(env: Env, memberId: string): Promise<string[]> {
  const [avatar, uploads, pdfs] = await env.DB.batch<{ key: string | null }>([
    env.DB.prepare("select 'media/avatars/' || avatar_key as key from profiles where member_id = ? and avatar_key is not null").bind(memberId),
    env.DB.prepare("select r2_key as key from attachments where member_id = ?").bind(memberId),
    env.DB.prepare("select pdf_key as key from cv_certificates where member_id = ? and pdf_key is not null").bind(memberId),
  ]);
  return [...avatar.results, ...uploads.results, ...pdfs.results].map((row) => row.key).filter((key): key is string => Boolean(key));
}

/**
 * Erases one account whose grace period is over: one batch, whose first statement decides (the
 * request still stands and is due) and every other follows only from it; then its R2 objects.
 * Answers whether it erased it (false when the member signed in meanwhile).
 */
export async function eraseAccount(env: Env, memberId: string, now = Date.now()): Promise<boolean> {
  const db = env.DB;
  const before = await db.prepare("select email from members where id = ? and erased_at is null").bind(memberId).first<{ email: string }>();
  if (!before) return false;
  const keys = await objectsOf(env, memberId);
  const organizations = (await db.prepare("select org_id from memberships where member_id = ?").bind(memberId).all<{ org_id: string }>()).results;
  // ?1 the member, ?2 now; `mine`: this call's erasure happened (erased_at is exactly now).
  const mine = "exists (select 1 from members where id = ?1 and erased_at = ?2)";
  const step = (sql: string, ...more: unknown[]) => db.prepare(`${sql} and ${mine}`).bind(memberId, now, ...more);
  const [erased] = await db.batch([
    db
      .prepare(
        `update members set erased_at = ?2, email = ?3, password_hash = null, chat_password = null, email_confirmed_at = null
         where id = ?1 and erased_at is null and deletion_requested_at is not null and deletion_requested_at <= ?4`,
      )
      .bind(memberId, now, erasedEmail(memberId), now - DELETION_GRACE_MS),
    // One audit row in each organisation that held the account, by whoever asked (the member or an administrator).
    db
      .prepare(
        `insert into audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at)
         select lower(hex(randomblob(16))), ms.org_id, coalesce(m.deletion_requested_by, m.id), 'member.erased', 'member', m.id, '{}', ?2
         from memberships ms join members m on m.id = ms.member_id where ms.member_id = ?1 and m.erased_at = ?2`,
      )
      .bind(memberId, now),
    step("delete from sessions where member_id = ?1"),
    step("delete from web_sessions where member_id = ?1"),
    step("delete from email_tokens where member_id = ?1"),
    step("delete from sso_identities where member_id = ?1"),
    step("delete from sso_states where link_member_id = ?1"),
    step("delete from invitations where member_id = ?1"),
    step(`delete from email_outbox where "to" = ?3`, before.email),
    step("delete from profile_details where member_id = ?1"),
    step("delete from member_user_groups where member_id = ?1"),
    step("delete from member_categories where member_id = ?1"),
    step("delete from member_target_audiences where member_id = ?1"),
    step("delete from member_competences where member_id = ?1"),
    step("delete from proposal_drafts where member_id = ?1"),
    step("delete from proposals where member_id = ?1"),
    step("delete from interests where member_id = ?1"),
    step("delete from waitlist_entries where member_id = ?1"),
    step("delete from initiative_organisers where member_id = ?1"),
    step("delete from attachments where member_id = ?1"),
    step("delete from cv_certificates where member_id = ?1"),
    step("delete from background_tasks where member_id = ?1"),
    // The reminders sent and the switches of an erased account (issue 29).
    step("delete from reminders_sent where member_id = ?1"),
    step("delete from staff_digests_sent where member_id = ?1"),
    step("delete from notification_opt_outs where member_id = ?1"),
    // What was never counted goes; a place held for an initiative is given back.
    step("delete from participation_records where status not in ('validated', 'granted') and participation_id in (select id from participations where member_id = ?1)"),
    step(
      `update initiatives set participant_count = max(0, participant_count - 1)
       where id in (select p.initiative_id from participations p where p.member_id = ?1 and p.status = 'accepted'
                    and not exists (select 1 from participation_records r where r.participation_id = p.id))`,
    ),
    step("delete from participations where member_id = ?1 and not exists (select 1 from participation_records r where r.participation_id = participations.id)"),
    // Confirmed donations stay in the totals, without a name or the donor's words.
    step("update contributions set anonymous = 1, comment = null where member_id = ?1"),
    step("update memberships set manager_member_id = null where manager_member_id = ?1"),
    step("delete from memberships where member_id = ?1"),
    step("update profiles set name = '', slug = 'erased-' || member_id, avatar_key = null, phone = null, social = '{}', commercial_comms_accepted = 0, participation_emails = 0 where member_id = ?1"),
  ]);
  if (erased.meta.changes !== 1) return false;
  if (keys.length) await env.FILES.delete(keys);
  await Promise.all(organizations.map(({ org_id }) => memberObject(env, org_id, memberId).disconnect(CHAT_CLOSE.accountDisabled, "account_erased")));
  return true;
}

/** The scheduled sweep: erases the accounts whose grace period is over, a few per run, oldest first. */
export async function eraseDueAccounts(env: Env, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare("select id from members where deletion_requested_at <= ? and erased_at is null order by deletion_requested_at limit ?")
    .bind(now - DELETION_GRACE_MS, ERASURES_PER_RUN)
    .all<{ id: string }>();
  let erased = 0;
  for (const { id } of results) if (await eraseAccount(env, id, now)) erased += 1;
  return erased;
}
