/**
 * The organiser writes to everyone taking part (issue 11, point 3; SPEC.md section 6: organisers
 * contact participants): one e-mail per accepted participant, in their language's frame around the
 * organiser's words. At most MESSAGES_PER_HOUR messages per initiative, so a slip cannot flood anyone.
 * The message is an operational one (a changed meeting point), so it reaches every participant.
 */
import { and, eq } from "drizzle-orm";
import { resolveLocale } from "../../app/domain/locales";
import { getDb, schema } from "../db/client";
import { renderOrganiserMessage } from "../email/notices";
import { getEmailSender } from "../email/sender";
import { RateLimitedError } from "../lib/domain-errors";
import { hit } from "../lib/rate-limit";
import { organizationLogoUrl, organizationOrigin, type Tenant } from "../tenant/organizations";
import { auditStatements } from "../audit/statements";
import { managedInitiative } from "./managed-initiative";
import type { StaffActor } from "./scope";

export const MESSAGES_PER_HOUR = 5;

/**
 * Stores the audit row and answers how many will receive it and the sending to run after the
 * answer. 404 for an initiative of no organisation's, 403 for one the actor does not manage, 429 past
 * the hourly limit.
 */
export async function messageParticipants(env: Env, org: Tenant, actor: StaffActor, initiativeId: string, message: { subject: string; body: string }, now: number) {
  const initiative = await managedInitiative(env, org, actor, initiativeId);
  const db = getDb(env);
  const { retryAfter } = await hit(env.DB, `participant_message:${initiative.id}`, { max: MESSAGES_PER_HOUR, windowSeconds: 3600 }, now);
  if (retryAfter > 0) throw new RateLimitedError("too_many_messages", "This initiative's participants were written to often enough this hour.", retryAfter);
  const [recipients] = await db.batch([
    db
      .select({ email: schema.members.email, language: schema.members.language })
      .from(schema.participations)
      .innerJoin(schema.members, eq(schema.members.id, schema.participations.memberId))
      .where(and(eq(schema.participations.initiativeId, initiative.id), eq(schema.participations.status, "accepted"))),
    ...auditStatements(db, org.id, actor.memberId, [{ action: "initiative.messaged", targetType: "initiative", targetId: initiative.id, detail: { subject: message.subject } }], now),
  ]);
  const origin = organizationOrigin(env, org);
  const send = async () => {
    const sender = getEmailSender(env);
    const results = await Promise.allSettled(
      recipients.map((recipient) =>
        sender.send({
          to: recipient.email,
          ...renderOrganiserMessage(resolveLocale(recipient.language), {
            organization: org.name,
            initiative: initiative.title,
            link: `${origin}/initiative/${encodeURIComponent(initiative.slug)}`,
            subject: message.subject,
            body: message.body,
            logoUrl: organizationLogoUrl(org, origin),
          }),
        }),
      ),
    );
    for (const result of results) if (result.status === "rejected") console.error("message not sent", result.reason);
  };
  return { recipients: recipients.length, send };
}
