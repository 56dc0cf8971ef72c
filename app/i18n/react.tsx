/**
 * The browser side of translations: a small reader of the messages the root loader sends (one
 * locale, already merged over en-US and the organisation's appIntl). It keeps the react-i18next
 * call shapes the screens use (`useTranslation(ns)`, `t(key | keys, values)`, `i18n.exists`,
 * `<Trans>`) at about 1 KB instead of i18next's ~13 KB on every page: see
 * docs/decisions/005-translations-in-the-browser.md. Locale detection on the server is remix-i18next's.
 */
import { Children, cloneElement, createContext, isValidElement, useContext, useMemo, type ReactElement, type ReactNode } from "react";
import { pluralRule } from "~/domain/plural";

export type Messages = Record<string, Record<string, string>>;
type Values = Record<string, unknown> & { defaultValue?: string };
export type TFunction = (key: string | string[], values?: Values) => string;

interface I18n {
  language: string;
  exists: (key: string) => boolean;
}

const Context = createContext<{ locale: string; messages: Messages }>({ locale: "en-US", messages: {} });

export function I18nProvider({ locale, messages, children }: { locale: string; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function lookup(messages: Messages, ns: string, key: string): string | undefined {
  const split = key.indexOf(":");
  return split > 0 ? messages[key.slice(0, split)]?.[key.slice(split + 1)] : messages[ns]?.[key];
}

export const interpolate = (text: string, values: Values = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * A numeric `count` picks the key's plural form by the locale's rules, with i18next's suffixes
 * (`rating_count_one`, `_many`, `_other`): `_other` stands in for a form a locale file lacks, and a
 * key without forms is read as it is. See docs/decisions/010-plural-forms.md.
 */
function pluralText(messages: Messages, ns: string, key: string, formOf: (count: number) => string, count: unknown) {
  if (typeof count !== "number" || !Number.isFinite(count)) return undefined;
  return lookup(messages, ns, `${key}_${formOf(count)}`) ?? lookup(messages, ns, `${key}_other`);
}

/** A `t` for one namespace: the first key that exists wins; else defaultValue; else the key itself. */
export function makeT(messages: Messages, ns: string, locale = "en-US"): TFunction {
  const formOf = pluralRule(locale);
  return (keys, values) => {
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const text = pluralText(messages, ns, key, formOf, values?.count) ?? lookup(messages, ns, key);
      if (text !== undefined) return interpolate(text, values);
    }
    return values?.defaultValue ?? (Array.isArray(keys) ? keys[keys.length - 1] : keys);
  };
}

export function useTranslation(ns = "common"): { t: TFunction; i18n: I18n } {
  const { locale, messages } = useContext(Context);
  return useMemo(
    () => ({
      t: makeT(messages, ns, locale),
      i18n: { language: locale, exists: (key: string) => lookup(messages, ns, key) !== undefined },
    }),
    [locale, messages, ns],
  );
}

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/**
 * A translation with markup: `"Read the <terms>terms</terms>"` with `components={{ terms: <a/> }}`.
 * Tags name React elements; text between them is plain (never parsed as HTML).
 */
export function Trans({ t, i18nKey, values, components = {} }: { t: TFunction; i18nKey: string; values?: Values; components?: Record<string, ReactElement> }) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index! > last) parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3];
    const element = components[name];
    const inner = match[2];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, ...(inner !== undefined ? [inner] : [])) : inner ?? "");
    last = match.index! + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{Children.toArray(parts)}</>;
}
