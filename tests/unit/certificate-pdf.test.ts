/**
 * The social CV's PDF (issue 13, points 4 and 5): opened with a real PDF reader (pdf.js), its text
 * holds the member's name, their hours and the verify link, in the member's language; names in
 * any script the font covers print; the QR code is there as a link to the same address.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { renderCertificatePdf, type CertificateInput } from "../../workers/social-cv/pdf";

const DAY = 86_400_000;
const issued = Date.UTC(2026, 10, 20, 23, 30);

function input(locale: string, name: string): CertificateInput {
  return {
    locale,
    timezoneOffset: -60,
    verifyUrl: "https://acme.example/verify/k3f9x2m8q4",
    code: "AB12-CD34",
    withPoints: true,
    statement: {
      name,
      organization: "Acme Corporation",
      hours: 1234.5,
      initiatives: 3,
      period: { from: Date.UTC(2026, 0, 10, 9), to: Date.UTC(2026, 9, 2, 17) },
      sdgs: [
        { id: 13, hours: 20 },
        { id: 3, hours: 1 },
      ],
      issued_at: issued,
    },
    profile: {
      member_id: "m1",
      name,
      avatar: null,
      social: {},
      created_at: new Date(issued - 300 * DAY).toISOString(),
      participation_summary: { volunteering: 3 },
      initiatives_joined: 3,
      hour_count: 1234.5,
      point_count: 40,
      sdg_report: [{ id: 13, value: 20 }],
      competence_report: [{ id: "teamwork", value: 12 }],
      impact_report: [{ unit: "kilogram", value: 84 }],
      initiative_report: [
        { id: "i1", slug: "beach", title: "Beach clean-up at Ondarreta", type: "volunteering", start_time: "2026-06-01T08:00:00.000Z", end_time: "2026-06-01T12:00:00.000Z", valid_hours: 4, points: 10 },
        { id: "i2", slug: "lessons", title: "Lecciones de programación para niñas y niños", type: "training", start_time: "2026-01-10T09:00:00.000Z", end_time: "2026-10-02T17:00:00.000Z", valid_hours: 1230.5, points: 30 },
      ],
    },
  };
}

async function textOf(bytes: Uint8Array) {
  const document = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const pages: string[] = [];
  const links: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
    for (const annotation of await page.getAnnotations()) if (annotation.url) links.push(annotation.url);
  }
  return { text: pages.join("\n"), links, title: ((await document.getMetadata()).info as { Title?: string }).Title };
}

describe("the certificate PDF", () => {
  it("in English: the name, the hours, the verify link and code, dates in the member's timezone", async () => {
    const { text, links, title } = await textOf(await renderCertificatePdf(input("en-US", "Ana García")));
    expect(text).toContain("Ana García");
    expect(text).toContain("Social CV");
    expect(text).toContain("Validated hours");
    expect(text).toContain("1,234.5");
    expect(text).toContain("https://acme.example/verify/k3f9x2m8q4");
    expect(text).toContain("Verification code: AB12-CD34");
    // 23:30 UTC is already the 21st an hour east of UTC.
    expect(text).toContain("Issued on November 21, 2026");
    expect(text).toContain("Goal 13 · Climate action: 20 hours");
    expect(text).toContain("Teamwork: 12 hours");
    expect(text).toContain("84 kg");
    expect(text).toContain("1 hour");
    expect(links).toContain("https://acme.example/verify/k3f9x2m8q4");
    expect(title).toBe("Social CV: Ana García");
  });

  it("in Spanish: the same facts in Spanish words and number format", async () => {
    const { text } = await textOf(await renderCertificatePdf(input("es-ES", "Ana García")));
    expect(text).toContain("Ana García");
    expect(text).toContain("CV social");
    expect(text).toContain("Horas validadas");
    expect(text).toContain("1234,5");
    expect(text).toContain("https://acme.example/verify/k3f9x2m8q4");
    expect(text).toContain("Código de verificación: AB12-CD34");
    expect(text).toContain("Emitido el 21 de noviembre de 2026");
    expect(text).toContain("Acción por el clima");
    expect(text).toContain("Lecciones de programación para niñas y niños");
  });

  it("prints names in other scripts and accents of every language (the font is embedded)", async () => {
    const { text } = await textOf(await renderCertificatePdf(input("pt-PT", "Łukasz Żółć · Ελένη · Дмитрий")));
    expect(text).toContain("Łukasz Żółć · Ελένη · Дмитрий");
    expect(text).toContain("Currículo social");
  });

  it("spreads a long list of initiatives over several pages, numbered", async () => {
    const long = input("eu-ES", "Miren Etxeberria");
    long.profile.initiative_report = Array.from({ length: 60 }, (_, i) => ({ ...long.profile.initiative_report[0], id: `i${i}`, title: `Ekimena ${i + 1}` }));
    const { text } = await textOf(await renderCertificatePdf(long));
    expect(text).toContain("Ekimena 60");
    expect(text).toMatch(/2\. orrialdea \d+ orrialdetik/);
    expect(text).toContain("https://acme.example/verify/k3f9x2m8q4");
  });
});
