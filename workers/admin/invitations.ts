/**
 * Inviting people into the organisation (issue 15, point 1; docs/api/admin.md), one or many (a
 * CSV's rows), each row answered on its own: invited (a new account, a link to /invite/{token} to
 * set its password), added (an existing account, a membership at once and a note to say so),
 * already a member, already invited, or refused with the reason. Idempotent: one invitation per
 * organisation and address, so sending the same list twice invites nobody twice. `dry_run`
 * answers the same without writing anything (the CSV's preview). Administrators only.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { isValidEmail, normalizeEmail } from "../../app/domain/email";
import { resolveLocale } from "../../app/domain/locales";
import { MemberNameSchema } from "../../app/domain/member-name";
import * as v from "valibot";
import { EMAIL_TOKEN_TTL_HOURS } from "../auth/email-tokens";
import { selectInChunks, writeBatch } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { renderEmail } from "../email/templates";
import { getEmailSender } from "../email/sender";
import { randomToken, sha256Hex } from "../lib/crypto";
import { auditStatements } from "../manage/audit";
import { requireRole, type StaffActor } from "../manage/scope";
import { organizationLogoUrl, organizationOrigin, type Tenant } from "../tenant/organizations";
import type { AssignableRole } from "./members";

/** Rows one call may carry: a department's list, within a Worker's time. */
export const INVITATIONS_MAX = 500;

export interface InvitationRow {
  email: string;
  name?: string;
  role?: AssignableRole;
}

export type InvitationStatus = "invited" | "added" | "already_member" | "already_invited" | "invalid";

export interface InvitationResult {
  /** The row's place in what was sent, from 1 (a CSV's data rows). */
  row: number;
  email: string;
  status: InvitationStatus;
  /** Why an invalid row was refused: a message key per field. */
  fields?: Record<string, string>;
}

interface Mail {
  kind: "invitation" | "added";
  to: string;
  name: string;
  language: string;
  /** The raw invitation token (new accounts only). */
  token?: string;
}

/** The name's message key when it is not one (too long), else null. */
function nameError(name: string): string | null {
  const parsed = v.safeParse(MemberNameSchema, name);
  return parsed.success ? null : parsed.issues[0].message;
}

/** The rows as they can be written: normalised address, a name, a role; or why not. */
function checkRows(rows: InvitationRow[]) {
  const seen = new Set<string>();
  return rows.map((raw, index): InvitationResult & { name: string; role: AssignableRole } => {
    const email = normalizeEmail(String(raw.email ?? ""));
    const name = String(raw.name ?? "").trim() || email.split("@")[0];
    const role = raw.role ?? "member";
    const fields: Record<string, string> = {};
    if (!isValidEmail(email)) fields.email = "form_error_invalid_email";
    else if (seen.has(email)) fields.email = "invitation_error_duplicate";
    const badName = nameError(name);
    if (badName) fields.name = badName;
    seen.add(email);
    return { row: index + 1, email, name, role, status: Object.keys(fields).length ? "invalid" : "invited", ...(Object.keys(fields).length ? { fields } : {}) };
  });
}

export async function inviteMembers(env: Env, org: Tenant, actor: StaffActor, rows: InvitationRow[], options: { dryRun?: boolean; now?: number } = {}) {
  requireRole(actor, ["admin"]);
  const now = options.now ?? Date.now();
  const db = getDb(env);
  const checked = checkRows(rows);
  const emails = checked.filter((row) => row.status !== "invalid").map((row) => row.email);
  // What exists already: accounts by address, their memberships here, and this organisation's invitations.
  const accounts = await selectInChunks(db, emails, (chunk) =>
    db.select({ id: schema.members.id, email: schema.members.email, language: schema.members.language, name: schema.profiles.name }).from(schema.members).leftJoin(schema.profiles, eq(schema.profiles.memberId, schema.members.id)).where(inArray(schema.members.email, chunk)),
  );
  const accountIds = accounts.map((account) => account.id);
  const memberships = await selectInChunks(db, accountIds, (chunk) =>
    db.select({ memberId: schema.memberships.memberId }).from(schema.memberships).where(and(eq(schema.memberships.orgId, org.id), inArray(schema.memberships.memberId, chunk))),
    1,
  );
  const invited = await selectInChunks(db, emails, (chunk) =>
    db
      .select({ email: schema.invitations.email })
      .from(schema.invitations)
      .where(and(eq(schema.invitations.orgId, org.id), isNull(schema.invitations.acceptedAt), inArray(schema.invitations.email, chunk))),
    1,
  );
  const accountOf = new Map(accounts.map((account) => [account.email, account]));
  const members = new Set(memberships.map((row) => row.memberId));
  const pending = new Set(invited.map((row) => row.email));

  const statements = [];
  const mails: Mail[] = [];
  const audit = [];
  const language = resolveLocale(org.community.language);
  for (const row of checked) {
    if (row.status === "invalid") continue;
    const account = accountOf.get(row.email);
    // An invitation not yet accepted comes first: its account is already a member, waiting for a password.
    if (pending.has(row.email)) row.status = "already_invited";
    else if (account && members.has(account.id)) row.status = "already_member";
    else if (account) row.status = "added";
    if (options.dryRun || (row.status !== "invited" && row.status !== "added")) continue;
    const invitationId = crypto.randomUUID();
    if (row.status === "added" && account) {
      statements.push(
        db.insert(schema.memberships).values({ orgId: org.id, memberId: account.id, role: row.role }),
        db.insert(schema.invitations).values({ id: invitationId, orgId: org.id, email: row.email, memberId: account.id, role: row.role, invitedBy: actor.memberId, createdAt: now, acceptedAt: now }),
      );
      mails.push({ kind: "added", to: row.email, name: account.name ?? row.name, language: account.language });
    } else {
      const memberId = crypto.randomUUID();
      const token = randomToken();
      statements.push(
        db.insert(schema.members).values({ id: memberId, email: row.email, language, createdAt: now }),
        db.insert(schema.profiles).values({ memberId, name: row.name, slug: `m-${memberId.slice(0, 8)}` }),
        db.insert(schema.memberships).values({ orgId: org.id, memberId, role: row.role, createdAt: now }),
        db.insert(schema.invitations).values({ id: invitationId, orgId: org.id, email: row.email, memberId, role: row.role, invitedBy: actor.memberId, createdAt: now }),
        db.insert(schema.emailTokens).values({ tokenHash: await sha256Hex(token), memberId, purpose: "invite", orgId: org.id, expiresAt: now + EMAIL_TOKEN_TTL_HOURS.invite * 3600_000, createdAt: now }),
      );
      mails.push({ kind: "invitation", to: row.email, name: row.name, language, token });
    }
    audit.push({ action: `invitation.${row.status}`, targetType: "invitation" as const, targetId: invitationId, detail: { email: row.email, role: row.role } });
  }
  if (statements.length) {
    // All or nothing: a list either goes in whole or, on a failure, not at all (one D1 batch).
    await writeBatch(db, [...statements, ...auditStatements(db, org.id, actor.memberId, audit, now)]);
  }
  const results: InvitationResult[] = checked.map(({ row, email, status, fields }) => ({ row, email, status, ...(fields ? { fields } : {}) }));
  const count = (status: InvitationStatus) => results.filter((result) => result.status === status).length;
  return {
    results,
    invited: count("invited"),
    added: count("added"),
    skipped: count("already_member") + count("already_invited"),
    invalid: count("invalid"),
    dry_run: Boolean(options.dryRun),
    send: () => sendInvitations(env, org, mails),
  };
}

/** The e-mails of the invitations written, after the answer; a failed delivery is logged, the invitation stays. */
async function sendInvitations(env: Env, org: Tenant, mails: Mail[]) {
  const origin = organizationOrigin(env, org);
  const sender = getEmailSender(env);
  const results = await Promise.allSettled(
    mails.map((mail) => {
      const link = mail.token ? new URL(`/invite/${mail.token}`, origin).toString() : new URL("/signin", origin).toString();
      const email = renderEmail(mail.kind, mail.language, { name: mail.name, organization: org.name, link, hours: EMAIL_TOKEN_TTL_HOURS.invite / 24, logoUrl: organizationLogoUrl(org, origin) });
      return sender.send({ to: mail.to, subject: email.subject, text: email.text, html: email.html, links: email.links });
    }),
  );
  for (const result of results) if (result.status === "rejected") console.error(JSON.stringify({ event: "invitation_mail_failed", error: String(result.reason) }));
}

/** The invited member chose their password (PUT /auth/invitation/{token}): the invitation is accepted. */
export async function markInvitationAccepted(env: Env, memberId: string, orgId: string, now = Date.now()) {
  await getDb(env)
    .update(schema.invitations)
    .set({ acceptedAt: now })
    .where(and(eq(schema.invitations.memberId, memberId), eq(schema.invitations.orgId, orgId), isNull(schema.invitations.acceptedAt)));
}
