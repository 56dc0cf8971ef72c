/**
 * The one way an account is disabled: the flag, every session ended (one batch; their tokens then
 * answer 402 account_disabled, not 401, so clients log out as SPEC.md section 8 says), then the member's
 * open chat sockets closed in each of their organisations. Token checks refuse a disabled account
 * by themselves (workers/auth/middleware.ts), so a flag set by hand in D1 still locks it out of every
 * call; only the sockets already open need telling.
 */
import { and, eq, isNull } from "drizzle-orm";
import { memberObject } from "../chat/live";
import { getDb, schema } from "../db/client";
import { CHAT_CLOSE } from "../../app/domain/chat";
import { ACCOUNT_DISABLED_REASON, revokeMemberSessions } from "./sessions";

export async function disableMember(env: Env, memberId: string) {
  const db = getDb(env);
  await db.batch([
    db.update(schema.members).set({ disabledAt: Date.now() }).where(and(eq(schema.members.id, memberId), isNull(schema.members.disabledAt))),
    // Ended with this reason, the sessions answer 402 account_disabled while the account stays off (sessions.ts).
    revokeMemberSessions(env, memberId, ACCOUNT_DISABLED_REASON),
  ]);
  const memberships = await db.select({ orgId: schema.memberships.orgId }).from(schema.memberships).where(eq(schema.memberships.memberId, memberId)).all();
  await Promise.all(
    memberships.map(({ orgId }) => memberObject(env, orgId, memberId).disconnect(CHAT_CLOSE.accountDisabled, "account_disabled")),
  );
}
