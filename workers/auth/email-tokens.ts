/**
 * Single-use links sent by e-mail (confirmation, password reset): the raw token travels only in the
 * e-mail; D1 keeps its SHA-256. Unknown, used and expired tokens all answer 401 link_expired
 * (SPEC.md section 8), so a forged token learns nothing.
 */
import { and, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { unauthorized } from "../lib/domain-errors";
import { randomToken, sha256Hex } from "../lib/crypto";

export type EmailTokenPurpose = (typeof schema.EMAIL_TOKEN_PURPOSES)[number];

export const EMAIL_TOKEN_TTL_HOURS: Record<EmailTokenPurpose, number> = {
  email_confirmation: 48,
  password_reset: 2,
  invite: 24 * 7,
  join: 24 * 7,
};

const linkExpired = () => unauthorized("link_expired", "This link has expired or was already used.");

/**
 * A new single-use token. It supersedes the member's earlier live tokens of the same purpose (in
 * the same batch): only the newest confirmation or reset link works, so a link that leaked from an
 * older e-mail is worthless once the member asked for another.
 */
export async function createEmailToken(
  env: Env,
  memberId: string,
  purpose: EmailTokenPurpose,
  orgId: string | null,
): Promise<string> {
  const token = randomToken();
  const db = getDb(env);
  const now = Date.now();
  await db.batch([
    db
      .update(schema.emailTokens)
      .set({ usedAt: now })
      .where(and(eq(schema.emailTokens.memberId, memberId), eq(schema.emailTokens.purpose, purpose), isNull(schema.emailTokens.usedAt))),
    db.insert(schema.emailTokens).values({
      tokenHash: await sha256Hex(token),
      memberId,
      purpose,
      orgId,
      expiresAt: now + EMAIL_TOKEN_TTL_HOURS[purpose] * 3600_000,
    }),
  ]);
  return token;
}

/** Reads a live token without using it up (the password-policy call before the form is sent). */
export async function peekEmailToken(env: Env, token: string, purpose: EmailTokenPurpose) {
  if (token.length < 20 || token.length > 200) throw linkExpired();
  const row = await getDb(env)
    .select()
    .from(schema.emailTokens)
    .where(and(eq(schema.emailTokens.tokenHash, await sha256Hex(token)), eq(schema.emailTokens.purpose, purpose)))
    .get();
  if (!row || row.usedAt !== null || row.expiresAt <= Date.now()) throw linkExpired();
  return row;
}

/**
 * Uses the token up: the conditional UPDATE wins for exactly one caller, so a link works once even
 * when clicked twice at the same moment. Call it before the change the token authorises.
 */
export async function consumeEmailToken(env: Env, token: string, purpose: EmailTokenPurpose) {
  const row = await peekEmailToken(env, token, purpose);
  const result = await getDb(env)
    .update(schema.emailTokens)
    .set({ usedAt: Date.now() })
    .where(and(eq(schema.emailTokens.tokenHash, row.tokenHash), isNull(schema.emailTokens.usedAt)))
    .run();
  if (result.meta.changes !== 1) throw linkExpired();
  return row;
}
