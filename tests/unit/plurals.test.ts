import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPLETE_LOCALES } from "../../app/domain/locales";
import { makeT } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";
import { certificateText } from "../../workers/social-cv/pdf-text";

const root = path.resolve(__dirname, "../..");
const locales = path.join(root, "app/i18n/locales");
const read = (locale: string, ns: string): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(path.join(locales, locale, `${ns}.json`), "utf8"));
  } catch {
    return {};
  }
};
const namespaces = readdirSync(path.join(locales, "en-US")).map((file) => file.replace(/\.json$/, ""));
const FORM = /_(zero|one|two|few|many|other)$/;

/** The plural families of a namespace: the bases that have a `_one` form in en-US. */
const families = (ns: string) =>
  Object.keys(read("en-US", ns))
    .filter((key) => key.endsWith("_one"))
    .map((key) => key.slice(0, -"_one".length));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("count strings have the plural forms of each locale", () => {
  for (const locale of [...COMPLETE_LOCALES, "fr"]) {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const ns of namespaces) {
      it(`${locale}/${ns}.json: every {{count}} text is a plural form, and every family has ${categories.join(", ")}`, () => {
        const own = read(locale, ns);
        const bare = Object.entries(own).filter(([key, text]) => /\{\{\s*count\s*\}\}/.test(text) && !FORM.test(key));
        expect(bare.map(([key]) => key), "count texts without plural forms").toEqual([]);
        // fr is partial: only the families it translates at all must be whole.
        const mine = families(ns).filter((base) => locale !== "fr" || Object.keys(own).some((key) => key.startsWith(`${base}_`)));
        const missing = mine.flatMap((base) => categories.filter((form) => !(`${base}_${form}` in own)).map((form) => `${base}_${form}`));
        expect(missing, "missing plural forms").toEqual([]);
      });
    }
  }

  it("every t(key, { count }) in the app names a plural family", () => {
    const all = new Set(namespaces.flatMap(families));
    const call = /\bt\(\s*"(?:[\w-]+:)?([\w.-]+)"\s*,\s*\{[^}]*\bcount\b/g;
    const lacking: string[] = [];
    for (const file of sourceFiles(path.join(root, "app"))) {
      for (const [, key] of readFileSync(file, "utf8").matchAll(call)) {
        if (!all.has(key)) lacking.push(`${path.relative(root, file)}: ${key}`);
      }
    }
    expect(lacking).toEqual([]);
  });
});

describe("the translator picks the plural form", () => {
  it("says 1 rating and 2 ratings in English", () => {
    const t = makeT(messagesFor("en-US"), "initiative", "en-US");
    expect(t("rating_count", { count: 1 })).toBe("1 rating");
    expect(t("rating_count", { count: 2 })).toBe("2 ratings");
    expect(t("rating_count", { count: 0 })).toBe("0 ratings");
  });

  it("follows each locale's rules: Spanish's many, and zero in the plural in pt-BR as in pt-PT (not CLDR's \"0 hora\")", () => {
    const ptBR = makeT(messagesFor("pt-BR"), "rankings", "pt-BR");
    expect(ptBR("hours", { count: 0 })).toBe("0 horas");
    expect(ptBR("hours", { count: 1 })).toBe("1 hora");
    expect(ptBR("hours", { count: 2 })).toBe("2 horas");
    expect(makeT(messagesFor("pt-BR"), "initiative", "pt-BR")("rating_count", { count: 0 })).toBe("0 avaliações");
    expect(makeT(messagesFor("pt-PT"), "initiative", "pt-PT")("rating_count", { count: 0 })).toBe("0 avaliações");
    expect(certificateText("pt-BR", "hours_value", { count: "0", n: 0 })).toBe("0 horas");
    const es = { initiative: { x_one: "{{count}} uno", x_many: "{{count}} muchos", x_other: "{{count}} otros" } };
    expect(makeT(es, "initiative", "es-ES")("x", { count: 1_000_000 })).toBe("1000000 muchos");
    expect(makeT(es, "initiative", "es-ES")("x", { count: 7 })).toBe("7 otros");
  });

  it("falls back to _other when a form is missing, and reads keys without forms as they are", () => {
    const messages = { common: { x_other: "{{count}} things", plain: "Plain {{count}}" } };
    expect(makeT(messages, "common", "en-US")("x", { count: 1 })).toBe("1 things");
    expect(makeT(messages, "common", "en-US")("plain", { count: 1 })).toBe("Plain 1");
  });
});
