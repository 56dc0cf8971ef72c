/**
 * The channels a reminder goes out on (docs/decisions/045-reminders-exactly-once.md). Each is one
 * small function from the reminder to a delivery; the queue consumer (./deliver.ts) calls every
 * channel the member has not switched off. Adding a channel is: its name in REMINDER_CHANNELS
 * (app/domain/reminders.ts), one function here, and one entry in `reminderChannels`. Web push is
 * the one channel not named there: whether a member's devices are told of reminders is their push
 * setting ("reminders", decision 046), read when the push is sent, not an opt-out of this page. A
 * channel that throws is logged by the consumer and never resent.
 */
import { checkinQrValue, formatCheckinCode } from "../../app/domain/checkin";
import { resolveLocale } from "../../app/domain/locales";
import { addressMapUrl, externalMapUrl } from "../../app/domain/map-link";
import type { ReminderChannelName } from "../../app/domain/reminders";
import { regionZone } from "../../app/domain/zoned-time";
import { getEmailSender } from "../email/sender";
import { participantCheckinCode } from "../manage/checkin";
import { sendPushToMember } from "../push/notify";
import { organizationLogoUrl, type Tenant } from "../tenant/organizations";
import { renderReminder } from "./emails";
import { CHECKIN_QR_CONTENT_ID, qrPng } from "./qr";

/** Everything a channel needs to say about one reminder, read once by the consumer. */
export interface Reminder {
  org: Tenant;
  /** The organisation's own origin: every link points there. */
  origin: string;
  member: { id: string; email: string; language: string; name: string };
  initiative: {
    id: string;
    slug: string;
    title: string;
    startTime: number;
    address: string | null;
    addressDetail: string | null;
    latitude: number | null;
    longitude: number | null;
    isInPerson: boolean;
    remoteUrl: string | null;
    participationMethod: "qr" | "report_hours";
  };
  participationUuid: string;
  /** The signed link that frees the place (./cant-come.ts). */
  cantComeUrl: string;
}

export interface ReminderChannel {
  name: ReminderChannelName | "push";
  /** Sends, or says it had nobody to send to (false: a member with no device subscribed to push). */
  send(env: Env, reminder: Reminder): Promise<boolean>;
}

/** The zoom a map link opens at: close enough to find the door. */
const PLACE_ZOOM = 17;

/** The start in the member's language and the organisation's zone, and that zone's name as the member's language says it. */
export function startInZone(start: number, locale: string, zone: string) {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone: zone }).format(start);
  const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "long" }).formatToParts(start).find((part) => part.type === "timeZoneName")?.value ?? zone;
  return { when, zone: name };
}

function placeOf(initiative: Reminder["initiative"]) {
  if (!initiative.isInPerson) return null;
  const address = [initiative.address, initiative.addressDetail].filter(Boolean).join(", ");
  if (initiative.latitude !== null && initiative.longitude !== null) return { address, mapUrl: externalMapUrl(initiative.latitude, initiative.longitude, PLACE_ZOOM) };
  return address ? { address, mapUrl: addressMapUrl(address) } : null;
}

/** The reminder e-mail, in the member's language, through the one e-mail sender. */
async function sendEmail(env: Env, reminder: Reminder) {
  const { org, origin, member, initiative } = reminder;
  const locale = resolveLocale(member.language);
  const code = initiative.participationMethod === "qr" ? await participantCheckinCode(env, initiative.id, reminder.participationUuid) : null;
  const email = renderReminder(locale, {
    name: member.name,
    organization: org.name,
    logoUrl: organizationLogoUrl(org, origin),
    initiative: initiative.title,
    ...startInZone(initiative.startTime, locale, regionZone(org.region)),
    link: `${origin}/initiative/${encodeURIComponent(initiative.slug)}`,
    place: placeOf(initiative),
    remoteUrl: initiative.remoteUrl,
    checkin: code ? { image: `cid:${CHECKIN_QR_CONTENT_ID}`, code: formatCheckinCode(code) } : null,
    cantComeUrl: reminder.cantComeUrl,
    settingsUrl: `${origin}/settings/notification`,
  });
  const qr = code ? [{ filename: "check-in.png", contentType: "image/png", content: qrPng(checkinQrValue(reminder.participationUuid, code)), contentId: CHECKIN_QR_CONTENT_ID }] : [];
  await getEmailSender(env).send({ to: member.email, ...email, attachments: qr });
  return true;
}

/** The reminder on the member's devices (workers/push): queued only when one of them is subscribed. */
function sendPush(env: Env, reminder: Reminder) {
  const { org, member, initiative } = reminder;
  return sendPushToMember(env, org.id, member.id, {
    type: "reminder",
    initiative: { slug: initiative.slug, title: initiative.title },
    startsAt: initiative.startTime,
    place: placeOf(initiative)?.address || null,
  });
}

export const reminderChannels: readonly ReminderChannel[] = [
  { name: "email", send: sendEmail },
  { name: "push", send: sendPush },
];
