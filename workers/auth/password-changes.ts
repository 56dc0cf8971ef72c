/**
 * Setting a password from an e-mailed link (SPEC.md section 7): recovery, which also sets a first
 * password, and e-mail confirmation. Following the link proves the address. The link's token is
 * checked and consumed by the caller (workers/auth/email-tokens.ts); the password is already
 * checked against the organisation's policy.
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { findMemberById, type MemberRow } from "./members";
import { hashPassword } from "./passwords";
import { revokeMemberSessions } from "./sessions";

export interface RecoveryAgreements {
  agreeTC?: boolean;
  agreeComms?: boolean;
}

/**
 * A new password ends every session opened with the old one (a thief's included), in the same
 * batch as the password itself; the caller signs in, which opens the only session left.
 * Answers the member as stored afterwards.
 */
export async function resetPassword(
  env: Env,
  member: MemberRow,
  password: string,
  agreements: RecoveryAgreements | undefined,
  latestTermsVersion: number,
): Promise<MemberRow> {
  const db = getDb(env);
  const updateMember = db
    .update(schema.members)
    .set({
      passwordHash: await hashPassword(password),
      emailConfirmedAt: member.emailConfirmedAt ?? Date.now(),
      ...(agreements?.agreeTC ? { lastTermsAcceptedVersion: latestTermsVersion } : {}),
    })
    .where(eq(schema.members.id, member.id));
  const comms = agreements?.agreeComms;
  await db.batch([
    updateMember,
    revokeMemberSessions(env, member.id, "password_reset"),
    ...(comms === undefined ? [] : [db.update(schema.profiles).set({ commercialCommsAccepted: comms }).where(eq(schema.profiles.memberId, member.id))]),
  ]);
  return (await findMemberById(env, member.id))!;
}

/** Confirms the member's e-mail, keeping the password chosen at sign-up; answers the member as stored afterwards. */
export async function confirmEmail(env: Env, member: MemberRow): Promise<MemberRow> {
  await getDb(env)
    .update(schema.members)
    .set({ emailConfirmedAt: member.emailConfirmedAt ?? Date.now() })
    .where(eq(schema.members.id, member.id));
  return (await findMemberById(env, member.id))!;
}

/** Confirms the member's e-mail and sets the password chosen with it; answers the member as stored afterwards. */
export async function confirmEmailWithPassword(env: Env, member: MemberRow, password: string): Promise<MemberRow> {
  await getDb(env)
    .update(schema.members)
    .set({ passwordHash: await hashPassword(password), emailConfirmedAt: member.emailConfirmedAt ?? Date.now() })
    .where(eq(schema.members.id, member.id));
  return (await findMemberById(env, member.id))!;
}
