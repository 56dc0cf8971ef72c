/**
 * The invited person's side of an invitation (issue 25, point 1; docs/api/auth.md): what a link is
 * for, the account's pending invitations (the app's notice), and the answer. An invitation becomes
 * a membership only when the account's owner accepts it, signed in as that account (or, for a new
 * account, by choosing its first password through the link: PUT /auth/invitation/{token}).
 * Declining needs only the link (it proves the address) or the signed-in account; it removes the
 * invitation and writes nothing else. An administrator's invitation never changes an account on
 * its own.
 */
import type { Locale } from "../../app/domain/locales";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { outboxStatement } from "../webhooks/outbox";
import { memberPayload } from "../webhooks/payloads";
import { forbidden, notFound } from "../lib/domain-errors";
import { getOrganizationById, organizationOrigin } from "../tenant/organizations";
import { peekEmailToken } from "./email-tokens";

type InvitationRow = typeof schema.invitations.$inferSelect;

const invitationGone = () => notFound("invitation_not_found", "This invitation no longer exists: it was answered or withdrawn.");

/** The invitation a link's token stands for (either kind), pending; else 401 link_expired / 404. */
export async function invitationOfToken(env: Env, token: string) {
  let row;
  try {
    row = await peekEmailToken(env, token, "join");
  } catch {
    row = await peekEmailToken(env, token, "invite");
  }
  const invitation = await getDb(env)
    .select()
    .from(schema.invitations)
    .where(and(eq(schema.invitations.memberId, row.memberId), eq(schema.invitations.orgId, row.orgId ?? ""), isNull(schema.invitations.acceptedAt)))
    .get();
  if (!invitation) throw invitationGone();
  return { invitation, purpose: row.purpose };
}

/** GET /auth/invitation/{token}: what the link's page shows. */
export async function describeInvitation(env: Env, token: string) {
  const { invitation, purpose } = await invitationOfToken(env, token);
  const tenant = await getOrganizationById(env, invitation.orgId);
  if (!tenant) throw invitationGone();
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    organization: { slug: tenant.slug, name: tenant.name, url: organizationOrigin(env, tenant) },
    // A new account chooses its password through the link; an existing one signs in and accepts.
    needs_password: purpose === "invite",
  };
}

/** GET /auth/invitations: the signed-in account's pending invitations, oldest first. */
export async function pendingInvitations(env: Env, memberId: string) {
  const rows = await getDb(env)
    .select({ id: schema.invitations.id, orgId: schema.invitations.orgId, role: schema.invitations.role, createdAt: schema.invitations.createdAt })
    .from(schema.invitations)
    .where(and(eq(schema.invitations.memberId, memberId), isNull(schema.invitations.acceptedAt)))
    .orderBy(schema.invitations.createdAt)
    .all();
  const tenants = await Promise.all(rows.map((row) => getOrganizationById(env, row.orgId)));
  return rows.flatMap((row, i) => {
    const tenant = tenants[i];
    return tenant ? [{ id: row.id, role: row.role, invited_at: new Date(row.createdAt).toISOString(), organization: { slug: tenant.slug, name: tenant.name, url: organizationOrigin(env, tenant) } }] : [];
  });
}

async function pendingInvitation(env: Env, invitationId: string): Promise<InvitationRow> {
  const row = await getDb(env)
    .select()
    .from(schema.invitations)
    .where(and(eq(schema.invitations.id, invitationId), isNull(schema.invitations.acceptedAt)))
    .get();
  if (!row) throw invitationGone();
  return row;
}

/**
 * The statements that accept `invitation` (one batch): the invitation marked accepted only if it
 * is still pending; the membership and the audit row follow only from the mark this batch set
 * (accepted_at = now), so a second acceptance at the same time writes nothing more.
 */
export function acceptanceStatements(env: Env, invitation: Pick<InvitationRow, "id" | "orgId" | "memberId">, now: number) {
  const db = env.DB;
  return [
    db.prepare("update invitations set accepted_at = ?2 where id = ?1 and accepted_at is null").bind(invitation.id, now),
    db
      .prepare(
        `insert into memberships (org_id, member_id, role, created_at)
         select org_id, member_id, role, ?2 from invitations where id = ?1 and accepted_at = ?2
         on conflict do nothing`,
      )
      .bind(invitation.id, now),
    // Right after the membership's insert: changes() is that insert's (1 when it joined them now).
    outboxStatement(db, invitation.orgId, "member.joined", `member:${invitation.memberId}`, memberPayload(invitation.memberId), now, () => sql`changes() = 1`),
    db
      .prepare(
        `insert into audit_log (id, org_id, actor_member_id, action, target_type, target_id, detail, created_at)
         select ?3, org_id, member_id, 'invitation.accepted', 'invitation', id, json_object('email', email, 'role', role), ?2
         from invitations where id = ?1 and accepted_at = ?2
           and not exists (select 1 from audit_log where target_id = ?1 and action = 'invitation.accepted')`,
      )
      .bind(invitation.id, now, crypto.randomUUID()),
    db
      .prepare("update email_tokens set used_at = ?3 where member_id = ?1 and org_id = ?2 and purpose in ('invite', 'join') and used_at is null")
      .bind(invitation.memberId, invitation.orgId, now),
  ];
}

/** The invitation of `memberId` to `orgId` accepted (a new account's first password, PUT /auth/invitation/{token}). */
export async function acceptInvitationOf(env: Env, memberId: string, orgId: string, now = Date.now(), language?: Locale) {
  const db = getDb(env);
  const invitation = await db
    .select()
    .from(schema.invitations)
    .where(and(eq(schema.invitations.memberId, memberId), eq(schema.invitations.orgId, orgId), isNull(schema.invitations.acceptedAt)))
    .get();
  // The language of the page the invited member answered on becomes theirs: the app goes on in it.
  const speaks = language ? [env.DB.prepare("update members set language = ?2 where id = ?1").bind(memberId, language)] : [];
  if (invitation || speaks.length) await env.DB.batch([...(invitation ? acceptanceStatements(env, invitation, now) : []), ...speaks]);
}

/**
 * POST /auth/invitation(s)/.../accept: the signed-in account accepts an invitation made to it;
 * anyone else is refused (403), whatever link they hold. Answers the organisation joined.
 */
export async function acceptInvitation(env: Env, memberId: string, invitationId: string, now = Date.now()) {
  const invitation = await pendingInvitation(env, invitationId);
  if (invitation.memberId !== memberId) throw forbidden("invitation_for_another_account", "This invitation is for another account: sign in as the account it was sent to.");
  const [updated] = await env.DB.batch(acceptanceStatements(env, invitation, now));
  if (updated.meta.changes !== 1) throw invitationGone();
  const tenant = await getOrganizationById(env, invitation.orgId);
  if (!tenant) throw invitationGone();
  return { organization: { slug: tenant.slug, name: tenant.name, url: organizationOrigin(env, tenant) }, role: invitation.role };
}

/** Declines: the invitation and its links are gone; nothing else was ever written. */
async function removeInvitation(env: Env, invitation: InvitationRow) {
  const db = getDb(env);
  await db.batch([
    db.delete(schema.invitations).where(and(eq(schema.invitations.id, invitation.id), isNull(schema.invitations.acceptedAt))),
    db
      .update(schema.emailTokens)
      .set({ usedAt: Date.now() })
      .where(and(eq(schema.emailTokens.memberId, invitation.memberId), eq(schema.emailTokens.orgId, invitation.orgId), inArray(schema.emailTokens.purpose, ["invite", "join"]), isNull(schema.emailTokens.usedAt))),
  ]);
}

/** POST /auth/invitations/{id}/decline: the signed-in account declines an invitation made to it. */
export async function declineInvitation(env: Env, memberId: string, invitationId: string) {
  const invitation = await pendingInvitation(env, invitationId);
  if (invitation.memberId !== memberId) throw forbidden("invitation_for_another_account", "This invitation is for another account: sign in as the account it was sent to.");
  await removeInvitation(env, invitation);
}

/** POST /auth/invitation/{token}/decline: the link proves the address; no sign-in needed to say no. */
export async function declineInvitationByToken(env: Env, token: string) {
  const { invitation } = await invitationOfToken(env, token);
  await removeInvitation(env, invitation);
}
