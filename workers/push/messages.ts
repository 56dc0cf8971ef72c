/**
 * The push notifications' texts in the member's language (namespace `push` of app/i18n/locales;
 * fr partial, falling back to en-US per key), with plural forms chosen as decision 010 says.
 */
import { resolveLocale, type Locale } from "../../app/domain/locales";
import { pluralRule } from "../../app/domain/plural";
import { regionZone } from "../../app/domain/zoned-time";
import en from "../../app/i18n/locales/en-US/push.json";
import es from "../../app/i18n/locales/es-ES/push.json";
import eu from "../../app/i18n/locales/eu-ES/push.json";
import ptBR from "../../app/i18n/locales/pt-BR/push.json";
import ptPT from "../../app/i18n/locales/pt-PT/push.json";
import fr from "../../app/i18n/locales/fr/push.json";
import type { PushNotification } from "./service";

const STRINGS: Record<Locale, Record<string, string>> = { "en-US": en, "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT, fr };

/** What happened, as the sender knows it; the consumer renders it for the member (./notify.ts). */
export type PushEvent =
  | { type: "waitlist_offer"; initiative: { slug: string; title: string }; until?: number }
  | { type: "records_validated" | "records_rejected" | "records_corrected"; initiative: { slug: string; title: string } }
  | { type: "chat_message"; conversationId: string; from: string; text: string }
  | { type: "reminder"; initiative: { slug: string; title: string }; startsAt: number; place?: string | null };

/** Which switch of the member's push preferences governs an event. */
export function kindOf(event: PushEvent): "participation" | "chat" | "reminders" {
  if (event.type === "chat_message") return "chat";
  if (event.type === "reminder") return "reminders";
  return "participation";
}

type Vars = Record<string, string | number>;

function translator(locale: Locale) {
  const own = STRINGS[locale];
  const plural = pluralRule(locale);
  const read = (key: string) => own[key] ?? (en as Record<string, string>)[key] ?? key;
  return (key: string, vars: Vars = {}) => {
    const text = typeof vars.count === "number" ? (own[`${key}_${plural(vars.count)}`] ?? read(`${key}_other`)) : read(key);
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

/** A notification body stays short: the push service's 4 KB and a lock screen's few lines. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function renderPush(event: PushEvent, language: string | null | undefined, region: string, now = Date.now()): PushNotification {
  const locale = resolveLocale(language);
  const t = translator(locale);
  const zone = regionZone(region);
  const initiativeUrl = (slug: string, view = "") => `/initiative/${encodeURIComponent(slug)}${view}`;
  switch (event.type) {
    case "waitlist_offer":
      return {
        title: t("push_waitlist_offer_title", { initiative: event.initiative.title }),
        body: event.until
          ? t("push_waitlist_offer_body", { until: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(event.until) })
          : t("push_waitlist_offer_body_open"),
        url: initiativeUrl(event.initiative.slug),
        tag: `offer-${event.initiative.slug}`,
      };
    case "records_validated":
    case "records_rejected":
    case "records_corrected":
      return {
        title: t(`push_${event.type}_title`),
        body: t(`push_${event.type}_body`, { initiative: event.initiative.title }),
        url: initiativeUrl(event.initiative.slug, "/participate"),
        tag: `records-${event.initiative.slug}`,
      };
    case "chat_message":
      return { title: t("push_chat_title", { name: clip(event.from, 60) }), body: clip(event.text, 200), url: "/wall", tag: `chat-${event.conversationId}` };
    case "reminder": {
      const hours = Math.max(0, Math.round((event.startsAt - now) / 3_600_000));
      const time = new Intl.DateTimeFormat(locale, { weekday: "short", hour: "2-digit", minute: "2-digit", timeZone: zone }).format(event.startsAt);
      const when = t("push_reminder_body", { count: hours, time });
      return {
        title: event.initiative.title,
        body: event.place ? `${when} · ${clip(event.place, 120)}` : when,
        url: initiativeUrl(event.initiative.slug, "/participate"),
        tag: `reminder-${event.initiative.slug}`,
      };
    }
  }
}
