/**
 * Bundled translations (no file system on Workers): every `app/i18n/locales/<locale>/<ns>.json`.
 * The page gets only its own locale, already merged over en-US (so a partial locale such as fr
 * falls back per key) and with the organisation's `appIntl` overrides on top.
 */
import { DEFAULT_LOCALE, type Locale } from "~/domain/locales";

type Namespace = Record<string, string>;
export type Messages = Record<string, Namespace>;

const files = import.meta.glob<Namespace>("./locales/*/*.json", { eager: true, import: "default" });

const bundled: Record<string, Messages> = {};
for (const [path, messages] of Object.entries(files)) {
  const [, locale, file] = path.match(/^\.\/locales\/([^/]+)\/([^/]+)\.json$/)!;
  (bundled[locale] ??= {})[file] = messages;
}

/** Namespaces the e-mails, the certificate PDF and the ESRS annex draft use on the server only; pages never need them. */
const SERVER_ONLY = new Set(["email", "certificate", "reminders_email", "impact_annex", "credentials_email", "webhooks_messages"]);

export function bundledMessages(locale: string): Messages {
  return bundled[locale] ?? {};
}

/**
 * `appIntl` keys are plain (`"welcome_title"`) or namespaced (`"auth:signin_title"`); a plain key
 * overrides that key wherever a namespace has it, else lands in `common`.
 */
function applyOverrides(messages: Messages, overrides: Record<string, string> | undefined) {
  for (const [key, value] of Object.entries(overrides ?? {})) {
    const [ns, name] = key.includes(":") ? key.split(":", 2) : [null, key];
    if (ns) {
      if (messages[ns]) messages[ns][name] = value;
      continue;
    }
    const owners = Object.keys(messages).filter((namespace) => name in messages[namespace]);
    for (const namespace of owners.length ? owners : ["common"]) (messages[namespace] ??= {})[name] = value;
  }
}

export function messagesFor(locale: Locale, appIntl?: Record<string, Record<string, string>>): Messages {
  const english = bundled[DEFAULT_LOCALE];
  const own = bundled[locale] ?? {};
  const messages: Messages = {};
  for (const ns of Object.keys(english)) {
    if (SERVER_ONLY.has(ns)) continue;
    messages[ns] = { ...english[ns], ...own[ns] };
  }
  applyOverrides(messages, appIntl?.[locale]);
  return messages;
}
