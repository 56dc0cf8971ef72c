/**
 * The "credential issued" e-mail (workers/credentials/email.ts): the member's language with its
 * plural forms, the verify link and the settings link, French falling back to English key by key.
 */
import { describe, expect, it } from "vitest";
import { renderCredentialIssued } from "../../workers/credentials/email";

const vars = {
  name: "Ana <b>",
  organization: "Acme",
  initiative: "Beach clean-up",
  hours: 1,
  listUrl: "https://acme.example/responsible_profile",
  verifyUrl: "https://acme.example/verify/k2m4k2m4k2m4k2m4",
  settingsUrl: "https://acme.example/settings/notification",
};

describe("renderCredentialIssued", () => {
  it("speaks the member's language, with the locale's plural form", () => {
    const one = renderCredentialIssued("es-ES", vars);
    expect(one.subject).toBe("Tu credencial de Beach clean-up");
    expect(one.text).toContain("1 hora validada");
    const many = renderCredentialIssued("es-ES", { ...vars, hours: 12 });
    expect(many.text).toContain("12 horas validadas");
    expect(many.links).toEqual([vars.listUrl, vars.verifyUrl, vars.settingsUrl]);
  });

  it("escapes what it is given in the HTML part", () => {
    const email = renderCredentialIssued("en-US", vars);
    expect(email.html).toContain("Ana &lt;b&gt;");
    expect(email.html).not.toContain("Ana <b>");
    expect(email.html).toContain(vars.verifyUrl);
  });

  it("falls back to English where French has no words, even for French's many", () => {
    const email = renderCredentialIssued("fr", { ...vars, hours: 1_000_000 });
    expect(email.subject).toBe("Votre attestation pour Beach clean-up");
    expect(email.text).toContain("1000000 validated hours");
  });
});
