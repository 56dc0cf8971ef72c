/**
 * The reminder before an initiative and the staff's morning digest, rendered as subject, text and
 * HTML in the layout every e-mail shares (../email/templates.ts). Pure: the caller formats times
 * in the organisation's zone and draws the QR code.
 */
import { emailHtml, emailText, escapeHtml, linkText, oneLine, type RenderedEmail } from "../email/templates";
import { reminderStrings } from "./strings";

export interface ReminderVars {
  name: string;
  organization: string;
  logoUrl?: string | null;
  initiative: string;
  /** The start, in the member's language and the organisation's zone, and that zone's name. */
  when: string;
  zone: string;
  /** The initiative's page on the organisation's host. */
  link: string;
  place: { address: string; mapUrl: string } | null;
  remoteUrl: string | null;
  /**
   * The check-in QR (the `src` of its image: the `cid:` of the message's inline part) and the code
   * it carries, as people read it out; null without check-in by QR.
   */
  checkin: { image: string; code: string } | null;
  cantComeUrl: string;
  settingsUrl: string;
}

export function renderReminder(locale: string, vars: ReminderVars): RenderedEmail {
  const { lang, plain, html } = reminderStrings(locale, {
    name: vars.name,
    organization: vars.organization,
    initiative: vars.initiative,
    when: vars.when,
    zone: vars.zone,
    address: vars.place?.address ?? "",
    code: vars.checkin?.code ?? "",
  });
  const subject = oneLine(plain("reminder_subject"));
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="color:#1f6f5c;">${label}</a>`;

  const text = emailText({
    paragraphs: [
      plain("reminder_greeting"),
      plain("reminder_body"),
      ...(vars.place ? [`${plain("reminder_place")}\n${plain("reminder_map")}: ${vars.place.mapUrl}`] : []),
      ...(vars.remoteUrl ? [`${plain("reminder_remote")}: ${vars.remoteUrl}`] : []),
      ...(vars.checkin ? [plain("reminder_checkin_text")] : []),
      `${plain("reminder_cant_come")}\n${vars.cantComeUrl}`,
    ],
    button: { href: vars.link, label: plain("reminder_button") },
    footer: [plain("reminder_why"), `${plain("reminder_settings")}: ${vars.settingsUrl}`],
  });

  const qr = vars.checkin
    ? `${html("reminder_checkin")}<br><img src="${escapeHtml(vars.checkin.image)}" width="200" height="200" alt="${html("reminder_checkin_alt")}" style="display:block;margin:12px 0;width:200px;height:200px;border:0;image-rendering:pixelated;"><strong style="font-family:monospace;font-size:18px;letter-spacing:2px;">${escapeHtml(vars.checkin.code)}</strong>`
    : null;
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html("reminder_body"),
    paragraphs: [
      html("reminder_greeting"),
      html("reminder_body"),
      ...(vars.place ? [`${html("reminder_place")}<br>${link(vars.place.mapUrl, html("reminder_map"))}`] : []),
      ...(vars.remoteUrl ? [`${html("reminder_remote")}: ${linkText(vars.remoteUrl)}`] : []),
      ...(qr ? [qr] : []),
      `${html("reminder_cant_come")}<br>${link(vars.cantComeUrl, html("reminder_cant_come_link"))}`,
    ],
    button: { href: vars.link, label: html("reminder_button") },
    notes: [html("email_link_hint"), linkText(vars.link)],
    footer: `${html("reminder_why")} ${link(vars.settingsUrl, html("reminder_settings"))}`,
  });
  return { subject, text, html: body, links: [vars.link, vars.cantComeUrl, ...(vars.place ? [vars.place.mapUrl] : []), vars.settingsUrl] };
}

export interface DigestLine {
  title: string;
  /** The start's time (or "all day" for one that began before today), formatted by the caller. */
  when: string;
  going: number;
  waitlist: number;
  waiting: number;
}

export interface StaffDigestVars {
  organization: string;
  logoUrl?: string | null;
  /** Today, in the member's language. */
  day: string;
  initiatives: DigestLine[];
  link: string;
  settingsUrl: string;
}

export function renderStaffDigest(locale: string, vars: StaffDigestVars): RenderedEmail {
  const { lang, plain, html } = reminderStrings(locale, { organization: vars.organization, day: vars.day });
  const count = vars.initiatives.length;
  const subject = oneLine(plain("digest_subject", count));
  /** One initiative: its title and time, then its counts, each in its plural form. */
  const line = (item: DigestLine, mode: "plain" | "html") => {
    const strings = reminderStrings(locale, { title: oneLine(item.title), when: item.when });
    const say = strings[mode];
    return [say("digest_line"), say("digest_going", item.going), say("digest_waitlist", item.waitlist), say("digest_waiting", item.waiting)].join(" · ");
  };
  const text = emailText({
    paragraphs: [plain("digest_body", count), vars.initiatives.map((item) => `- ${line(item, "plain")}`).join("\n")],
    button: { href: vars.link, label: plain("digest_button") },
    footer: [plain("digest_why"), `${plain("reminder_settings")}: ${vars.settingsUrl}`],
  });
  const body = emailHtml({
    lang,
    subject,
    organization: vars.organization,
    logoUrl: vars.logoUrl,
    preheader: html("digest_body", count),
    paragraphs: [html("digest_body", count), vars.initiatives.map((item) => `• ${line(item, "html")}`).join("<br>")],
    button: { href: vars.link, label: html("digest_button") },
    notes: [html("email_link_hint"), linkText(vars.link)],
    footer: `${html("digest_why")} <a href="${escapeHtml(vars.settingsUrl)}" style="color:#1f6f5c;">${html("reminder_settings")}</a>`,
  });
  return { subject, text, html: body, links: [vars.link, vars.settingsUrl] };
}
