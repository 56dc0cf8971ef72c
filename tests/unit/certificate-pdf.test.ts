/**
 * The social CV's PDF (issue 13, points 4 and 5): opened with a real PDF reader (pdf.js), its text
 * holds the member's name, their hours and the verify link, in the member's language; names in
 * any script the font covers print; the QR code is there as a link to the same address.
 *
 * The text layer alone proves nothing about what people see (issue 28: the text was complete
 * while most letters did not print), so the pages are also rendered to pixels by pdf.js (on the
 * canvas it brings for Node) and the ink of every line is compared with the same words drawn
 * from the whole, unsubsetted font at the same place.
 */
import regularFont from "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf";
import boldFont from "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { getDocument, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
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
    // A long title wraps in the list of initiatives.
    expect(text.replace(/\s+/g, " ")).toContain("Lecciones de programación para niñas y niños");
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

const SCALE = 2;

interface Canvas {
  canvas: unknown;
  context: CanvasRenderingContext2D;
}

/** Page `number` of `document` drawn by pdf.js, and its text items with their places. */
async function renderPage(document: PDFDocumentProxy, number: number) {
  const page = await document.getPage(number);
  const viewport = page.getViewport({ scale: SCALE });
  const { canvas, context } = (document.canvasFactory as { create(width: number, height: number): Canvas }).create(viewport.width, viewport.height);
  await page.render({ canvas: canvas as HTMLCanvasElement, canvasContext: context, viewport }).promise;
  const items = (await page.getTextContent()).items.filter((item): item is TextItem => "str" in item && item.str.trim() !== "");
  return { context, items, height: page.view[3] };
}

/**
 * The ink in the box of a line of text (from a little below its baseline to its size above), in
 * pixels of full ink: each pixel counts by its darkness relative to the darkest of the box, so
 * that coloured and black text of the same shapes weigh the same.
 */
function inkOf(context: CanvasRenderingContext2D, pageHeight: number, item: TextItem) {
  const [size, , , , x, y] = item.transform;
  const left = Math.floor((x - 1) * SCALE);
  const top = Math.floor((pageHeight - y - size) * SCALE);
  const width = Math.ceil((item.width + 2) * SCALE);
  const height = Math.ceil(size * 1.25 * SCALE);
  const { data } = context.getImageData(left, top, width, height);
  const darkness: number[] = [];
  for (let at = 0; at < data.length; at += 4) darkness.push(255 - Math.min(data[at], data[at + 1], data[at + 2]));
  const darkest = Math.max(...darkness);
  return darkest < 64 ? 0 : darkness.reduce((sum, value) => sum + value, 0) / darkest;
}

/** Two reference pages: every line of `items` at its own place, drawn from the whole regular and bold fonts. */
async function referencePdf(items: TextItem[], pageHeight: number) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  for (const bytes of [regularFont, boldFont]) {
    const font = await pdf.embedFont(bytes, { subset: false });
    const page = pdf.addPage([595.28, pageHeight]);
    for (const item of items) page.drawText(item.str, { x: item.transform[4], y: item.transform[5], size: item.transform[0], font });
  }
  return getDocument({ data: await pdf.save(), disableFontFace: true }).promise;
}

/** Every line of every page whose ink is not that of its words in the font: what a reader does not see. */
async function unprintedLines(bytes: Uint8Array) {
  const document = await getDocument({ data: bytes.slice(), disableFontFace: true }).promise;
  const wrong: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const { context, items, height } = await renderPage(document, number);
    const reference = await referencePdf(items, height);
    const regular = await renderPage(reference, 1);
    const bold = await renderPage(reference, 2);
    for (const item of items) {
      const ink = inkOf(context, height, item);
      const ratios = [regular, bold].map((drawn) => ink / inkOf(drawn.context, height, item));
      // The same outlines through the same rasteriser: within a few per cent for one of the weights.
      if (!ratios.some((ratio) => ratio > 0.9 && ratio < 1.1)) wrong.push(`page ${number}: "${item.str}" (${ratios.map((ratio) => ratio.toFixed(2)).join(", ")})`);
    }
  }
  return { wrong, pages: document.numPages, text: (await textOf(bytes)).text };
}

describe("the certificate PDF as people see it (rendered to pixels)", () => {
  it.each([
    ["en-US", "Ana García"],
    ["es-ES", "Íñigo Peña Muñoz"],
    ["eu-ES", "Miren Etxeberria Goñi"],
    ["pt-BR", "João Conceição Ávila"],
    ["pt-PT", "Łukasz Żółć · Ελένη · Дмитрий"],
  ])("prints every letter of every line in %s, with accents and other scripts (%s)", async (locale, name) => {
    const { wrong, text } = await unprintedLines(await renderCertificatePdf(input(locale, name)));
    expect(text).toContain(name);
    expect(wrong).toEqual([]);
  });

  it("shows a character the font lacks as a visible replacement, and composes accents typed apart", async () => {
    const { wrong, text } = await unprintedLines(await renderCertificatePdf(input("en-US", "Jose\u0301 李")));
    expect(text).toContain("José \uFFFD");
    expect(wrong).toEqual([]);
  });

  it("prints the roll-up credential's verify link beside the certificate's, each with its QR code as a link, every letter inked", async () => {
    const withCredential = { ...input("eu-ES", "Miren Etxeberria Goñi"), credentialUrl: "https://acme.example/verify/k2m4n6p8q2r4s6t8" };
    const bytes = await renderCertificatePdf(withCredential);
    const { wrong, pages } = await unprintedLines(bytes);
    expect(wrong).toEqual([]);
    expect(pages).toBe(1);
    const { text, links } = await textOf(bytes);
    expect(text).toContain("https://acme.example/verify/k2m4n6p8q2r4s6t8");
    expect(text).toContain("Open Badges 3.0");
    expect(links).toEqual(expect.arrayContaining(["https://acme.example/verify/k3f9x2m8q4", "https://acme.example/verify/k2m4n6p8q2r4s6t8"]));
    // Without one, the block is as before: one QR code, one link.
    const { links: plain, text: plainText } = await textOf(await renderCertificatePdf(input("eu-ES", "Miren Etxeberria Goñi")));
    expect(plain).toEqual(["https://acme.example/verify/k3f9x2m8q4"]);
    expect(plainText).not.toContain("Open Badges");
  });

  it("keeps a typical member on one page, the QR code and verify link with the statement", async () => {
    const typical = input("es-ES", "Ana García");
    typical.profile.competence_report = [
      { id: "teamwork", value: 12 },
      { id: "communication", value: 6 },
      { id: "leadership", value: 3 },
    ];
    typical.profile.initiative_report = Array.from({ length: 8 }, (_, i) => ({ ...typical.profile.initiative_report[i % 2], id: `i${i}` }));
    const bytes = await renderCertificatePdf(typical);
    const { pages } = await unprintedLines(bytes);
    expect(pages).toBe(1);
    const { text, links } = await textOf(bytes);
    expect(text).toContain("https://acme.example/verify/k3f9x2m8q4");
    expect(links).toContain("https://acme.example/verify/k3f9x2m8q4");
  });
});
