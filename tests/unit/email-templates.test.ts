import { describe, expect, it, vi } from "vitest";
import en from "../../app/i18n/locales/en-US/email.json";
import es from "../../app/i18n/locales/es-ES/email.json";
import eu from "../../app/i18n/locales/eu-ES/email.json";
import ptBR from "../../app/i18n/locales/pt-BR/email.json";
import ptPT from "../../app/i18n/locales/pt-PT/email.json";
import fr from "../../app/i18n/locales/fr/email.json";
import {
  EMAIL_LOCALES,
  renderEmail,
  resolveEmailLocale,
  type EmailKind,
} from "../../workers/email/templates";

const KINDS: EmailKind[] = ["email_confirmation", "password_reset"];
const LINK = "https://commons.test/confirm_email/tok_123?x=1&y=2";
const VARS = { name: "Ana López", organization: "Acme Volunteers", link: LINK, hours: 48 };
const ESCAPED_LINK = "https://commons.test/confirm_email/tok_123?x=1&amp;y=2";

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("every locale renders both e-mails", () => {
  for (const locale of EMAIL_LOCALES) {
    for (const kind of KINDS) {
      it(`${locale} ${kind}`, () => {
        const mail = renderEmail(kind, locale, VARS);
        expect(mail.subject.trim()).not.toBe("");
        expect(mail.subject).toContain("Acme Volunteers");
        expect(mail.subject).not.toMatch(/[\r\n]/);

        expect(mail.text).toContain(LINK);
        expect(mail.text).toContain("Ana López");
        expect(mail.text).toContain("Acme Volunteers");
        expect(mail.text).toContain("48");
        expect(mail.text).not.toMatch(/<[a-z]/i);

        expect(mail.html).toMatch(/^<!DOCTYPE html>/);
        expect(mail.html).toContain(`<html lang="${locale}"`);
        expect(mail.html).toContain(`<a href="${ESCAPED_LINK}"`);
        // The link is also shown as text for clients that block buttons.
        expect(mail.html).toContain(`>${ESCAPED_LINK}</a>`);
        expect(mail.html).toContain("Ana López");
        expect(mail.html).toContain("48");
        expect(mail.html).toContain("<table");

        expect(mail.links).toEqual([LINK]);

        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain("{{");
      });
    }
  }

  it("uses each locale's own strings", () => {
    const subject = (kind: EmailKind, locale: string) => renderEmail(kind, locale, VARS).subject;
    expect(subject("email_confirmation", "en-US")).toBe("Confirm your email for Acme Volunteers");
    expect(subject("email_confirmation", "es-ES")).toBe(es.email_confirmation_subject.replace("{{organization}}", "Acme Volunteers"));
    expect(renderEmail("password_reset", "pt-BR", VARS).text).toContain("senha");
    expect(renderEmail("password_reset", "pt-PT", VARS).text).toContain("palavra-passe");
    expect(renderEmail("password_reset", "pt-PT", VARS).text).not.toContain("senha");
    expect(renderEmail("password_reset", "eu-ES", VARS).text).toContain("pasahitz");
    expect(renderEmail("password_reset", "fr", VARS).text).toContain("mot de passe");
  });

  it("the two kinds differ", () => {
    const a = renderEmail("email_confirmation", "en-US", VARS);
    const b = renderEmail("password_reset", "en-US", VARS);
    expect(a.subject).not.toBe(b.subject);
    expect(a.text).toContain(en.email_confirmation_button);
    expect(b.text).toContain(en.password_reset_button);
    expect(b.html).toContain(en.password_reset_button);
  });
});

describe("locale resolution", () => {
  it("picks an exact locale", () => {
    for (const locale of EMAIL_LOCALES) expect(resolveEmailLocale(locale)).toBe(locale);
    expect(resolveEmailLocale("pt-PT")).toBe("pt-PT");
  });

  it("falls back on the first two letters", () => {
    expect(resolveEmailLocale("pt")).toBe("pt-BR");
    expect(resolveEmailLocale("pt-AO")).toBe("pt-BR");
    expect(resolveEmailLocale("es")).toBe("es-ES");
    expect(resolveEmailLocale("es-MX")).toBe("es-ES");
    expect(resolveEmailLocale("eu")).toBe("eu-ES");
    expect(resolveEmailLocale("fr-CA")).toBe("fr");
    expect(resolveEmailLocale("en-GB")).toBe("en-US");
  });

  it("falls back to en-US otherwise", () => {
    expect(resolveEmailLocale("de-DE")).toBe("en-US");
    expect(resolveEmailLocale("")).toBe("en-US");
    expect(resolveEmailLocale("x")).toBe("en-US");
  });

  it("renderEmail applies the fallback", () => {
    expect(renderEmail("email_confirmation", "pt", VARS)).toEqual(renderEmail("email_confirmation", "pt-BR", VARS));
    expect(renderEmail("password_reset", "de-DE", VARS)).toEqual(renderEmail("password_reset", "en-US", VARS));
    expect(renderEmail("password_reset", "de-DE", VARS).html).toContain('lang="en-US"');
    expect(renderEmail("password_reset", "pt", VARS).html).toContain('lang="pt-BR"');
  });
});

describe("HTML escaping", () => {
  const hostile = {
    name: "<script>alert(1)</script>",
    organization: `Tom & Jerry "Club" <b>`,
    link: `https://commons.test/c?t=a&b="><script>alert(2)</script>`,
    hours: 24,
    logoUrl: `https://cdn.test/logo.png?x="onerror="alert(3)`,
  };

  for (const kind of KINDS) {
    it(`escapes every interpolated value in ${kind}`, () => {
      const mail = renderEmail(kind, "en-US", hostile);
      expect(mail.html).not.toContain("<script");
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).not.toContain('"onerror=');
      expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(mail.html).toContain("Tom &amp; Jerry &quot;Club&quot; &lt;b&gt;");
      expect(mail.html).toContain(`href="https://commons.test/c?t=a&amp;b=&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"`);
      // Plain text and links stay raw.
      expect(mail.text).toContain(hostile.name);
      expect(mail.text).toContain(hostile.link);
      expect(mail.links).toEqual([hostile.link]);
    });
  }

  it("shows a safe logo and drops a non-http one", () => {
    const withLogo = renderEmail("email_confirmation", "en-US", { ...VARS, logoUrl: "https://cdn.test/acme.png" });
    expect(withLogo.html).toContain('<img src="https://cdn.test/acme.png" alt="Acme Volunteers"');
    const scripted = renderEmail("email_confirmation", "en-US", { ...VARS, logoUrl: "javascript:alert(1)" });
    expect(scripted.html).not.toContain("javascript:");
    expect(scripted.html).not.toContain("<img");
    const none = renderEmail("email_confirmation", "en-US", { ...VARS, logoUrl: null });
    expect(none.html).not.toContain("<img");
  });

  it("keeps the subject on one line", () => {
    const mail = renderEmail("password_reset", "en-US", { ...VARS, organization: "Acme\r\nBcc: evil@example.com" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe("locale files", () => {
  const complete = { "es-ES": es, "eu-ES": eu, "pt-BR": ptBR, "pt-PT": ptPT } as Record<string, Record<string, string>>;
  const enKeys = Object.keys(en) as (keyof typeof en)[];

  it("en-US has every key the templates use", () => {
    for (const kind of KINDS) {
      for (const part of ["subject", "greeting", "body", "button", "expiry", "ignore"]) {
        expect(enKeys).toContain(`${kind}_${part}`);
      }
    }
    expect(enKeys).toContain("email_footer");
  });

  for (const [locale, messages] of Object.entries(complete)) {
    it(`${locale} has every en-US key, non-empty, with the same placeholders`, () => {
      for (const key of enKeys) {
        expect(typeof messages[key], `${locale} ${key}`).toBe("string");
        expect(messages[key].trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(messages[key]), `${locale} ${key}`).toEqual(placeholders(en[key]));
        if (key !== "email_footer") expect(messages[key], `${locale} ${key} is translated`).not.toBe(en[key]);
      }
      expect(Object.keys(messages).sort()).toEqual([...enKeys].sort());
    });
  }

  it("fr has no key unknown to en-US and keeps the placeholders", () => {
    const frMessages = fr as Record<string, string>;
    for (const key of Object.keys(frMessages)) {
      expect(enKeys as string[]).toContain(key);
      expect(placeholders(frMessages[key])).toEqual(placeholders((en as Record<string, string>)[key]));
    }
  });

  it("uses exactly the {{name}}, {{organization}} and {{hours}} placeholders", () => {
    expect(placeholders(en.email_confirmation_greeting)).toEqual(["name"]);
    expect(placeholders(en.email_confirmation_subject)).toEqual(["organization"]);
    expect(placeholders(en.password_reset_expiry)).toEqual(["hours"]);
    expect(placeholders(en.email_footer)).toEqual(["organization"]);
  });
});

describe("missing keys", () => {
  it("fall back to en-US", async () => {
    vi.resetModules();
    vi.doMock("../../app/i18n/locales/fr/email.json", () => ({
      default: { email_confirmation_subject: "Confirmez pour {{organization}}" },
    }));
    try {
      const { renderEmail: render } = await import("../../workers/email/templates");
      const mail = render("email_confirmation", "fr", VARS);
      expect(mail.subject).toBe("Confirmez pour Acme Volunteers");
      expect(mail.text).toContain("Hello Ana López,");
      expect(mail.text).toContain(en.email_confirmation_button);
      expect(mail.html).toContain('lang="fr"');
      expect(mail.text).toContain("Sent by Commons on behalf of Acme Volunteers.");
    } finally {
      vi.doUnmock("../../app/i18n/locales/fr/email.json");
      vi.resetModules();
    }
  });
});
