/**
 * The ESRS S3-4 annex as a PDF (issue 30): opened with a real PDF reader (pdf.js), its text holds
 * the draft's headings, sentences and figures table, in the organisation's language, with the
 * Markdown marks gone.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { describe, expect, it } from "vitest";
import { renderAnnexPdf } from "../../workers/impact/pdf";

const DRAFT = [
  "# Anexo ESRS S3-4: acciones sobre las comunidades afectadas (borrador)",
  "",
  "**Acme** · Periodo: del 2025-01-01 al 2025-12-31.",
  "",
  "## Acciones",
  "",
  "Durante el periodo, 3 empleados participaron en 4 iniciativas comunitarias, con 14 horas.",
  "- Tiempo de trabajo remunerado valorado en 120 EUR; la gestión del programa costó 100 EUR.",
  "",
  "| figure | currency_or_unit | value |",
  "| --- | --- | --- |",
  "| value_paid_time | EUR | 120 |",
  "| hours_own_time | hours | 11 |",
  "",
  "_Este borrador se ha redactado a partir de las cifras del registro de impacto._",
].join("\n");

async function textOf(bytes: Uint8Array) {
  const doc = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    lines.push((content.items as TextItem[]).map((item) => item.str).join(" "));
  }
  return { text: lines.join("\n"), info: (await doc.getMetadata()).info as Record<string, string> };
}

describe("the ESRS annex PDF", () => {
  it("prints the draft's headings, sentences and table, accents included, without Markdown marks", async () => {
    const { text, info } = await textOf(await renderAnnexPdf(DRAFT, { title: "ESRS S3-4", author: "Acme", locale: "es-ES" }));
    expect(text).toContain("Anexo ESRS S3-4: acciones sobre las comunidades afectadas (borrador)");
    expect(text).toContain("gestión del programa costó 100 EUR");
    expect(text).toContain("value_paid_time");
    expect(text).toContain("120");
    expect(text).not.toContain("**");
    expect(text).not.toContain("| --- |");
    expect(info.Title).toBe("ESRS S3-4");
    expect(info.Author).toBe("Acme");
  });

  it("goes on to a new page when the draft is longer than one", async () => {
    const long = Array.from({ length: 120 }, (_, n) => `Paragraph ${n} of a long annex, long enough to wrap once or twice on an A4 page with its margins.`).join("\n");
    const doc = await getDocument({ data: await renderAnnexPdf(long, { title: "x", author: "y", locale: "en-US" }) }).promise;
    expect(doc.numPages).toBeGreaterThan(1);
  });
});
