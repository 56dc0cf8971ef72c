import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Messages } from "./messages.server";

/**
 * One i18next instance per page render (server) or per locale (browser), fed with the messages the
 * root loader sends, so server and browser render the same strings.
 */
export function createI18n(locale: string, messages: Messages) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: messages },
    ns: Object.keys(messages),
    defaultNS: "common",
    interpolation: { escapeValue: false }, // React escapes
    initImmediate: false,
    returnNull: false,
  });
  return i18n;
}
