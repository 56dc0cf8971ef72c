/**
 * Tells members what staff decided about something of theirs (issue 11, point 9), in their own
 * language, through the one e-mail sender, unless they switched these e-mails off in
 * /settings/notification. Sent after the decision is stored (the route hands the promise to
 * waitUntil): a failed delivery is logged and never undoes or fails the decision.
 */
import { eq, inArray } from "drizzle-orm";
import { formatMoney } from "../../app/domain/donation";
import { regionZone } from "../../app/domain/zoned-time";
import { resolveLocale } from "../../app/domain/locales";
import { selectInChunks } from "../db/chunks";
import { getDb, schema } from "../db/client";
import { renderNotice, type NoticeKind } from "../email/notices";
import { getEmailSender } from "../email/sender";
import { queuePushNotices } from "../push/notices";
import { organizationLogoUrl, organizationOrigin, type Tenant } from "../tenant/organizations";

export interface Notice {
  kind: NoticeKind;
  memberId: string;
  initiative: { slug: string; title: string };
  reason?: string | null;
  /** Pledges: major units and currency. */
  amount?: { value: number; currency: string };
  /** A waitlist offer: until when the place is held (ms). */
  until?: number;
  /** The page the e-mail's button opens, when not the initiative's (a rejected proposal: the member's proposals). */
  path?: string;
}

/** One e-mail per member, initiative and kind: a bulk decision on ten records of one member sends one. */
function distinct(notices: Notice[]): Notice[] {
  const seen = new Map<string, Notice>();
  for (const notice of notices) {
    const key = `${notice.memberId} ${notice.initiative.slug} ${notice.kind}`;
    if (!seen.has(key)) seen.set(key, notice);
  }
  return [...seen.values()];
}

export async function sendNotices(env: Env, org: Tenant, notices: Notice[]): Promise<void> {
  const list = distinct(notices);
  if (!list.length) return;
  const db = getDb(env);
  const ids = [...new Set(list.map((notice) => notice.memberId))];
  const rows = await selectInChunks(db, ids, (chunk) =>
    db
      .select({ id: schema.members.id, email: schema.members.email, language: schema.members.language, name: schema.profiles.name, wanted: schema.profiles.participationEmails })
      .from(schema.members)
      .leftJoin(schema.profiles, eq(schema.profiles.memberId, schema.members.id))
      .where(inArray(schema.members.id, chunk)),
  );
  const members = new Map(rows.map((row) => [row.id, row]));
  const origin = organizationOrigin(env, org);
  const sender = getEmailSender(env);
  const results = await Promise.allSettled(
    list.map(async (notice) => {
      const member = members.get(notice.memberId);
      if (!member || member.wanted === false) return;
      const locale = resolveLocale(member.language);
      const email = renderNotice(notice.kind, locale, {
        name: member.name ?? "",
        organization: org.name,
        initiative: notice.initiative.title,
        link: notice.path ? `${origin}${notice.path}` : `${origin}/initiative/${encodeURIComponent(notice.initiative.slug)}`,
        reason: notice.reason,
        amount: notice.amount ? formatMoney(notice.amount.value, notice.amount.currency, locale) : undefined,
        until: notice.until ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: regionZone(org.region) }).format(notice.until) : undefined,
        logoUrl: organizationLogoUrl(org, origin),
      });
      await sender.send({ to: member.email, ...email });
    }),
  );
  for (const result of results) if (result.status === "rejected") console.error("notice not sent", result.reason);
  // The same decisions by push, for the kinds members want on their phone (decision 046).
  await queuePushNotices(env, org.id, list);
}
