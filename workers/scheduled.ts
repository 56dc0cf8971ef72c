/**
 * The Worker's scheduled work (wrangler.toml `[triggers]`, every ten minutes): waitlist offers that
 * ran out with nobody looking pass to the next person (workers/initiatives/waitlist.ts), and their
 * e-mails go out; moderators get their digest of waiting proposals when one is due
 * (workers/manage/proposal-digest.ts); avatars, logos and covers that no row names any more (an
 * upload stopped between its file and its row) are deleted, a page at a time (workers/files/orphan-sweep.ts);
 * accounts whose deletion's grace period is over are erased (workers/account/deletion.ts); staff
 * exports past their expiry lose their file and row (workers/exports/jobs.ts); reminders that are
 * due before initiatives are claimed and queued (workers/reminders/planner.ts, sent by the queue's
 * consumer), and staff get their morning digest of today's initiatives (workers/reminders/staff-digest.ts);
 * the webhooks' outbox is swept (events no request dispatched, lost deliveries, old log rows:
 * workers/webhooks/sweep.ts) and chat channels hear of places left and last month's totals
 * (workers/chat-apps/announce.ts); the audit rows of API key uses older than 90 days are deleted
 * (workers/integrations/key-use-retention.ts).
 */
import { eraseDueAccounts } from "./account/deletion";
import { sweepExpiredExports } from "./exports/jobs";
import { sweepOrphanFiles } from "./files/orphan-sweep";
import { advanceWaitlist, initiativesWithLapsedOffers } from "./initiatives/waitlist";
import { sendNotices } from "./manage/notify";
import { sendProposalDigests } from "./manage/proposal-digest";
import { planReminders } from "./reminders/planner";
import { sendStaffDigests } from "./reminders/staff-digest";
import { getOrganizationById } from "./tenant/organizations";
import { sweepWebhooks } from "./webhooks/sweep";
import { pruneKeyUses } from "./integrations/key-use-retention";
import { announceNewInitiatives, scheduledAnnouncements } from "./chat-apps/announce";

export async function runScheduled(env: Env, now = Date.now()) {
  const lapsed = await initiativesWithLapsedOffers(env, now);
  for (const { initiativeId, orgId } of lapsed) {
    const org = await getOrganizationById(env, orgId);
    if (!org) continue;
    const notices = await advanceWaitlist(env, org, initiativeId, now);
    await sendNotices(env, org, notices);
  }
  const digests = await sendProposalDigests(env, now);
  const orphansDeleted = await sweepOrphanFiles(env, now);
  const accountsErased = await eraseDueAccounts(env, now);
  const exportsSwept = await sweepExpiredExports(env, now);
  const remindersQueued = await planReminders(env, now);
  const staffDigests = await sendStaffDigests(env, now);
  const webhooks = await sweepWebhooks(env, now, announceNewInitiatives);
  const chatApps = await scheduledAnnouncements(env, now);
  const keyUsesPruned = await pruneKeyUses(env, now);
  return { advanced: lapsed.length, digests, orphansDeleted, accountsErased, exportsSwept, remindersQueued, staffDigests, webhooks, chatApps, keyUsesPruned };
}
