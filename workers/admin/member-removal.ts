/**
 * Removing a member from the organisation (issue 25, point 1; docs/api/admin.md): the employee who
 * left. The membership ends; the account, its records here (still attributed to them) and its
 * other organisations stay as they were: nothing a staff member of one organisation does changes an
 * account's standing elsewhere (decision 029). Beside disable (decision 023), which only an
 * account's sole organisation may use.
 *
 * One guarded write: the last-admin rule is in the DELETE's condition, so two administrators
 * removing each other at once cannot leave none; the audit row and the clean-up follow only from
 * this call's delete (they test it), so a removal answered twice writes once.
 */
import { sql } from "drizzle-orm";
import { conflict, notFound } from "../lib/domain-errors";
import { outboxStatement } from "../webhooks/outbox";
import { memberPayload } from "../webhooks/payloads";
import { CHAT_CLOSE } from "../../app/domain/chat";
import { memberObject } from "../chat/live";
import { requireRole, type StaffActor } from "../manage/scope";
import type { Tenant } from "../tenant/organizations";


/** DELETE /admin/members/{id}: 204, or why not (404 member_not_found, 409 cannot_remove_self / last_admin). */
export async function removeMember(env: Env, org: Tenant, actor: StaffActor, memberId: string, now = Date.now()) {
  requireRole(actor, ["admin"]);
  if (memberId === actor.memberId) throw conflict("cannot_remove_self", "You cannot remove yourself from the organisation.");
  const db = env.DB;
  const target = await db
    .prepare("select ms.role, m.email from memberships ms join members m on m.id = ms.member_id where ms.org_id = ? and ms.member_id = ? and ms.role != 'system'")
    .bind(org.id, memberId)
    .first<{ role: string; email: string }>();
  if (!target) throw notFound("member_not_found", "The member cannot be found.");
  const auditId = crypto.randomUUID();
  const ours = "exists (select 1 from audit_log where id = ?3)";
  const [, audited] = await db.batch([
    // An administrator goes only while another active administrator stays (decided in the write).
    db
      .prepare(
        `delete from memberships where org_id = ?1 and member_id = ?2 and role != 'system'
           and (role != 'admin' or exists (select 1 from memberships o join members m on m.id = o.member_id
                where o.org_id = ?1 and o.member_id != ?2 and o.role = 'admin' and m.disabled_at is null))`,
      )
      .bind(org.id, memberId),
    db
      .prepare(
        `insert into audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at)
         select ?3, ?1, ?4, 'member.removed', 'member', ?2, json_object('email', ?5, 'role', ?6), ?7 where changes() = 1`,
      )
      .bind(org.id, memberId, auditId, actor.memberId, target.email, target.role, now),
    // The organisation's sign-in no longer names them, its pending or past invitation is gone (a new
    // one may be sent), and nobody here has them as line manager.
    db.prepare(`delete from sso_identities where member_id = ?2 and provider_id in (select id from sso_providers where org_id = ?1) and ${ours}`).bind(org.id, memberId, auditId),
    db.prepare(`delete from invitations where org_id = ?1 and member_id = ?2 and ${ours}`).bind(org.id, memberId, auditId),
    db.prepare(`update memberships set manager_member_id = null where org_id = ?1 and manager_member_id = ?2 and ${ours}`).bind(org.id, memberId, auditId),
    outboxStatement(db, org.id, "member.removed", `member:${memberId}`, memberPayload(memberId, target.email), now, () => sql`exists (select 1 from audit_log where id = ${auditId})`),
  ]);
  // Read from the audit row, written only when the membership went (changes() = 1): D1 counts in
  // meta.changes the rows triggers wrote too, and the dashboard's rollups (decision 041) write some.
  if (audited.meta.changes !== 1) {
    const still = await db.prepare("select 1 as n from memberships where org_id = ? and member_id = ?").bind(org.id, memberId).first();
    if (!still) throw notFound("member_not_found", "The member cannot be found.");
    throw conflict("last_admin", "The organisation needs at least one active administrator.");
  }
  // Their open chat sockets in this organisation close now; every other call answers as to a non-member.
  await memberObject(env, org.id, memberId).disconnect(CHAT_CLOSE.membershipRemoved, "membership_removed");
}
