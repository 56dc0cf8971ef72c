/**
 * Which staff decisions also go by push (decision 046): a place offered from the waitlist and hours
 * validated, refused or corrected. The e-mail side is workers/manage/notify.ts; both read the same notices.
 */
import type { Notice } from "../manage/notify";
import type { PushEvent } from "./messages";
import { queuePush } from "./notify";

function eventOf(notice: Notice): PushEvent | null {
  if (notice.kind === "waitlist_offer") return { type: "waitlist_offer", initiative: notice.initiative, until: notice.until };
  if (notice.kind === "records_validated" || notice.kind === "records_rejected" || notice.kind === "records_corrected") return { type: notice.kind, initiative: notice.initiative };
  return null;
}

/** A bulk decision tells many members one thing: one lookup of subscribers per distinct event. */
export async function queuePushNotices(env: Env, orgId: string, notices: Notice[]): Promise<void> {
  const groups = new Map<string, { event: PushEvent; members: string[] }>();
  for (const notice of notices) {
    const event = eventOf(notice);
    if (!event) continue;
    const key = JSON.stringify(event);
    const group = groups.get(key) ?? { event, members: [] };
    group.members.push(notice.memberId);
    groups.set(key, group);
  }
  for (const { event, members } of groups.values()) await queuePush(env, orgId, members, event);
}
