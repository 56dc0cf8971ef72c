/**
 * Inviting people into the organisation (issue 15, point 1; issue 25, point 1; docs/api/admin.md),
 * one or many (a CSV's rows), each row answered on its own: invited, already a member, already
 * invited, or refused with the reason. An invitation is pending until the address's owner accepts
 * it: a new address gets an account without a password and a link to choose one (/invite/{token});
 * an existing account gets a link its owner accepts or declines while signed in as that account
 * (workers/auth/invitation-answers.ts). No membership is written before that, and both answer
 * "invited" (preview included), so no administrator learns whether an address has an account
 * anywhere. Idempotent: one invitation per organisation and address. `dry_run` answers the same
 * without writing anything (the CSV's preview). Administrators only.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
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
import { conflict } from "../lib/domain-errors";
import { auditStatements } from "../audit/statements";
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

export type InvitationStatus = "invited" | "already_member" | "already_invited" | "invalid";

export interface InvitationResult {
  /** The row's place in what was sent, from 1 (a CSV's data rows). */
  row: number;
  email: string;
  status: InvitationStatus;
  /** Why an invalid row was refused: a message key per field. */
  fields?: Record<string, string>;
}

interface Mail {
  /** invitation: a new account chooses its password; join: an existing account's owner accepts or declines. */
  kind: "invitation" | "join";
  to: string;
  name: string;
  language: string;
  /** The raw token of the link. */
  token: string;
}

/** Two administrators inviting one address at the same moment: the unique index decides, the other is told. */
const invitedMeanwhile = () => conflict("invitation_conflict", "Someone invited one of these addresses at the same moment; send the list again.");

/** Whether a D1 error (or its cause, as drizzle wraps it) is a unique-constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message.includes("UNIQUE constraint failed")) return true;
  return false;
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
    db.select({ id: schema.members.id, email: schema.members.email, language: schema.members.language, name: schema.profiles.name, hasPassword: sql<number>`${schema.members.passwordHash} is not null` }).from(schema.members).leftJoin(schema.profiles, eq(schema.profiles.memberId, schema.members.id)).where(inArray(schema.members.email, chunk)),
  );
  const accountIds = accounts.map((account) => account.id);
  const memberships = await selectInChunks(db, accountIds, (chunk) =>
    db.select({ memberId: schema.memberships.memberId }).from(schema.memberships).where(and(eq(schema.memberships.orgId, org.id), inArray(schema.memberships.memberId, chunk))),
    1,
  );
  const invited = await selectInChunks(db, emails, (chunk) =>
    db
      .select({ id: schema.invitations.id, email: schema.invitations.email, acceptedAt: schema.invitations.acceptedAt })
      .from(schema.invitations)
      .where(and(eq(schema.invitations.orgId, org.id), inArray(schema.invitations.email, chunk))),
    1,
  );
  const accountOf = new Map(accounts.map((account) => [account.email, account]));
  const members = new Set(memberships.map((row) => row.memberId));
  const invitationOf = new Map(invited.map((row) => [row.email, row]));

  const statements = [];
  const mails: Mail[] = [];
  const audit = [];
  const language = resolveLocale(org.community.language);
  const expiresAt = now + EMAIL_TOKEN_TTL_HOURS.invite * 3600_000;
  for (const row of checked) {
    if (row.status === "invalid") continue;
    const account = accountOf.get(row.email);
    const earlier = invitationOf.get(row.email);
    if (account && members.has(account.id)) row.status = "already_member";
    else if (earlier && earlier.acceptedAt === null) row.status = "already_invited";
    if (options.dryRun || row.status !== "invited") continue;
    // An accepted invitation of someone no longer a member (removed since) gives way to the new one.
    if (earlier) statements.push(db.delete(schema.invitations).where(eq(schema.invitations.id, earlier.id)));
    const invitationId = crypto.randomUUID();
    const token = randomToken();
    if (account?.hasPassword) {
      statements.push(
        db.insert(schema.invitations).values({ id: invitationId, orgId: org.id, email: row.email, memberId: account.id, role: row.role, invitedBy: actor.memberId, createdAt: now }),
        db.insert(schema.emailTokens).values({ tokenHash: await sha256Hex(token), memberId: account.id, purpose: "join", orgId: org.id, expiresAt, createdAt: now }),
      );
      mails.push({ kind: "join", to: row.email, name: account.name ?? row.name, language: account.language, token });
    } else {
      // A new address gets its account now; one without a password yet (invited elsewhere, or made
      // by an SSO sign-in) is invited to choose one, which the link's proof of the address allows
      // as password recovery would.
      const memberId = account?.id ?? crypto.randomUUID();
      if (!account) {
        statements.push(
          db.insert(schema.members).values({ id: memberId, email: row.email, language, createdAt: now }),
          db.insert(schema.profiles).values({ memberId, name: row.name, slug: `m-${memberId.slice(0, 8)}` }),
        );
      }
      statements.push(
        db.insert(schema.invitations).values({ id: invitationId, orgId: org.id, email: row.email, memberId, role: row.role, invitedBy: actor.memberId, createdAt: now }),
        db.insert(schema.emailTokens).values({ tokenHash: await sha256Hex(token), memberId, purpose: "invite", orgId: org.id, expiresAt, createdAt: now }),
      );
      mails.push({ kind: "invitation", to: row.email, name: account?.name ?? row.name, language: account?.language ?? language, token });
    }
    // One action for both: the audit log, read by administrators, must not tell them apart either.
    audit.push({ action: "invitation.invited", targetType: "invitation" as const, targetId: invitationId, detail: { email: row.email, role: row.role } });
  }
  if (statements.length) {
    // All or nothing: a list either goes in whole or, on a failure, not at all (one D1 batch).
    try {
      await writeBatch(db, [...statements, ...auditStatements(db, org.id, actor.memberId, audit, now)]);
    } catch (cause) {
      if (isUniqueViolation(cause)) throw invitedMeanwhile();
      throw cause;
    }
  }
  const results: InvitationResult[] = checked.map(({ row, email, status, fields }) => ({ row, email, status, ...(fields ? { fields } : {}) }));
  const count = (status: InvitationStatus) => results.filter((result) => result.status === status).length;
  return {
    results,
    invited: count("invited"),
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
      const link = new URL(`/invite/${mail.token}`, origin).toString();
      const email = renderEmail(mail.kind, mail.language, { name: mail.name, organization: org.name, link, hours: EMAIL_TOKEN_TTL_HOURS.invite / 24, logoUrl: organizationLogoUrl(org, origin) });
      return sender.send({ to: mail.to, subject: email.subject, text: email.text, html: email.html, links: email.links });
    }),
  );
  for (const result of results) if (result.status === "rejected") console.error(JSON.stringify({ event: "invitation_mail_failed", error: String(result.reason) }));
}
