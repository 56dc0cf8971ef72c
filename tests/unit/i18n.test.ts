import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPLETE_LOCALES } from "../../app/domain/locales";
import { messagesFor } from "../../app/i18n/messages.server";

const root = path.resolve(__dirname, "../../app/i18n/locales");
const read = (locale: string, ns: string): Record<string, string> => JSON.parse(readFileSync(path.join(root, locale, `${ns}.json`), "utf8"));
const namespaces = readdirSync(path.join(root, "en-US")).map((file) => file.replace(/\.json$/, ""));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/**
 * A plural form English does not have (Spanish and Portuguese `_many`): its English counterpart is
 * the `_other` form of the same family (tests/unit/plurals.test.ts checks the families).
 */
const englishForm = (english: Record<string, string>, key: string) =>
  /_(zero|two|few|many)$/.test(key) ? english[key.replace(/_(zero|two|few|many)$/, "_other")] : undefined;
/** Words that are the same in every language (names, units). */
const SAME_EVERYWHERE = new Set(["app_name"]);

describe("translations", () => {
  for (const ns of namespaces) {
    const english = read("en-US", ns);
    for (const locale of COMPLETE_LOCALES.filter((l) => l !== "en-US")) {
      it(`${locale}/${ns}.json has every key of en-US, with the same placeholders`, () => {
        const own = read(locale, ns);
        const missing = Object.keys(english).filter((key) => !(key in own));
        expect(missing, `missing in ${locale}/${ns}.json`).toEqual([]);
        expect(Object.keys(own).filter((key) => !(key in english) && !englishForm(english, key)), `unknown keys in ${locale}/${ns}.json`).toEqual([]);
        for (const [key, text] of Object.entries(own)) {
          expect(text.trim(), `${locale}/${ns}:${key} is empty`).not.toBe("");
          expect(placeholders(text), `${locale}/${ns}:${key} placeholders`).toEqual(placeholders(english[key] ?? englishForm(english, key)!));
        }
      });

      it(`${locale}/${ns}.json is translated, not an English copy`, () => {
        const own = read(locale, ns);
        const keys = Object.keys(english).filter((key) => !SAME_EVERYWHERE.has(key));
        const copies = keys.filter((key) => own[key] === english[key]);
        expect(copies.length / Math.max(keys.length, 1)).toBeLessThan(0.2);
      });
    }
  }
});

describe("a screen is named as the link that leads to it", () => {
  // Spanish members met "Ranking" as the title of a page their menu calls "Clasificación".
  for (const locale of COMPLETE_LOCALES) {
    it(`${locale}: the ranking's title is its menu entry`, () => {
      expect(read(locale, "rankings").title).toBe(read(locale, "shell").nav_rankings);
    });
  }
});

describe("a full initiative's button", () => {
  // "Complete" read as "finished": the button says the initiative is full, in the words of its status.
  for (const locale of COMPLETE_LOCALES) {
    it(`${locale}: says full, as the status does, and that no place is left`, () => {
      const button = read(locale, "initiative").action_complete;
      expect(button.startsWith(read(locale, "initiatives").status_full)).toBe(true);
      expect(button.length).toBeGreaterThan(read(locale, "initiatives").status_full.length + 3);
    });
  }
});

describe("messages sent to a page", () => {
  it("fills a partial locale (fr) from English, key by key", () => {
    const fr = messagesFor("fr");
    expect(fr.common.welcome_signin).toBe("Se connecter");
    expect(fr.common.welcome_subtitle).toBe(read("en-US", "common").welcome_subtitle);
  });

  it("applies the organisation's appIntl overrides for the page's locale only", () => {
    const appIntl = { "es-ES": { welcome_signin: "Entrar en Acme", "common:welcome_title": "Hola {{organization}}" } };
    const es = messagesFor("es-ES", appIntl);
    expect(es.common.welcome_signin).toBe("Entrar en Acme");
    expect(es.common.welcome_title).toBe("Hola {{organization}}");
    expect(messagesFor("pt-BR", appIntl).common.welcome_signin).toBe(read("pt-BR", "common").welcome_signin);
  });

  it("never sends the server-only e-mail strings to pages", () => {
    expect(messagesFor("en-US").email).toBeUndefined();
  });
});
