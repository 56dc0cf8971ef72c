/**
 * The moderators' digest of waiting proposals (issue 12): moderators are not sent one e-mail per
 * proposal; the scheduled sweep sends each organisation's moderators one summary at most every
 * `proposal_digest_hours` (default 24; 0: none), and only when a proposal arrived since the last.
 */
import { and, count, desc, eq, inArray, isNull, max } from "drizzle-orm";
import { resolveLocale } from "../../app/domain/locales";
import { proposalModeratorRoles } from "../../app/domain/manage";
import { getDb, schema } from "../db/client";
import { renderProposalDigest } from "../email/digest";
import { getEmailSender } from "../email/sender";
import { getOrganizationById, organizationLogoUrl, organizationOrigin } from "../tenant/organizations";

const { proposals, organizationDigests: digests, memberships, members } = schema;
const HOUR = 3_600_000;
const KIND = "proposals";
/** The newest titles the e-mail lists. */
const TITLES_SHOWN = 5;

export async function sendProposalDigests(env: Env, now: number) {
  const db = getDb(env);
  const [waiting, sent] = await db.batch([
    db
      .select({ orgId: proposals.orgId, waiting: count(), newest: max(proposals.createdAt) })
      .from(proposals)
      .where(eq(proposals.status, "proposed"))
      .groupBy(proposals.orgId),
    db.select({ orgId: digests.orgId, sentAt: digests.sentAt }).from(digests).where(eq(digests.kind, KIND)),
  ]);
  const last = new Map(sent.map((row) => [row.orgId, row.sentAt]));
  let mailed = 0;
  for (const row of waiting) {
    const org = await getOrganizationById(env, row.orgId);
    if (!org || !org.community.features.proposals || org.community.proposal_digest_hours === 0) continue;
    const previous = last.get(row.orgId) ?? 0;
    // Nothing new since the last digest, or the last one too recent.
    if ((row.newest ?? 0) <= previous || now - previous < org.community.proposal_digest_hours * HOUR) continue;
    const [moderators, newest] = await db.batch([
      db
        .select({ email: members.email, language: members.language })
        .from(memberships)
        .innerJoin(members, eq(members.id, memberships.memberId))
        .where(and(eq(memberships.orgId, org.id), inArray(memberships.role, [...proposalModeratorRoles(org.community)]), isNull(members.disabledAt))),
      db
        .select({ title: proposals.title })
        .from(proposals)
        .where(and(eq(proposals.orgId, org.id), eq(proposals.status, "proposed")))
        .orderBy(desc(proposals.createdAt))
        .limit(TITLES_SHOWN),
    ]);
    // Marked first: a delivery that fails is logged, never sent again every ten minutes.
    await db.insert(digests).values({ orgId: org.id, kind: KIND, sentAt: now }).onConflictDoUpdate({ target: [digests.orgId, digests.kind], set: { sentAt: now } });
    const origin = organizationOrigin(env, org);
    const sender = getEmailSender(env);
    const results = await Promise.allSettled(
      moderators.map((moderator) =>
        sender.send({
          to: moderator.email,
          ...renderProposalDigest(resolveLocale(moderator.language), {
            organization: org.name,
            waiting: row.waiting,
            titles: newest.map((proposal) => proposal.title),
            link: `${origin}/manage/proposals`,
            logoUrl: organizationLogoUrl(org, origin),
          }),
        }),
      ),
    );
    for (const result of results) if (result.status === "rejected") console.error("digest not sent", result.reason);
    mailed += moderators.length;
  }
  return mailed;
}
