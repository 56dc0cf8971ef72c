/**
 * The social CV's certificate as a PDF (issue 13, points 4 and 5), drawn with pdf-lib: the
 * statement (name, organisation, hours, period), the SDGs, competences and impact, the initiatives,
 * and a QR code with the short link of the public verify page and the verification code. In the
 * member's language (certificate.json and the lookup names of the app), dates in the member's
 * timezone; Noto Sans embedded (subset), so every character of the five languages, and of most
 * names, prints. Pure: bytes in, bytes out.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, PDFString, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { correction, generate } from "lean-qr";
import { SDG_SLUGS } from "../../app/domain/initiatives/types";
import { resolveLocale, type Locale } from "../../app/domain/locales";
import type { CertificateStatement } from "./certificates";
import { CERTIFICATE_FONTS } from "./fonts";
import { certificateText, type CertificateKey } from "./pdf-text";
import type { ResponsibleProfile } from "./report";

export interface CertificateInput {
  locale: string;
  /** Minutes, as Date#getTimezoneOffset gives them (UTC minus local time). */
  timezoneOffset: number;
  statement: CertificateStatement;
  profile: ResponsibleProfile;
  verifyUrl: string;
  code: string;
  withPoints: boolean;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const ACCENT = rgb(0.05, 0.39, 0.33);
const RULE = rgb(0.85, 0.87, 0.9);

/** The member's local calendar date of an instant, in their language. */
function localDate(locale: Locale, at: number, offsetMinutes: number) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(at - offsetMinutes * 60_000));
}

/** Lines of `text` no wider than `width` at `size` (words kept whole unless one alone is wider). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A page cursor that starts a new page when the next block does not fit. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  get width() {
    return A4.width - 2 * MARGIN;
  }
  /** Room for `height` points below the cursor, else a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN + 24) return;
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; x?: number; width?: number; gap?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? MARGIN;
    for (const line of wrapText(text, font, size, options.width ?? this.width - (x - MARGIN))) {
      this.need(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }
  heading(text: string) {
    this.need(48);
    this.y -= 14;
    this.text(text, { size: 13, bold: true, color: ACCENT, gap: 4 });
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
  }
}

/** A QR code of `text` drawn as squares, its lower-left corner at (x, y). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const quiet = 2;
  const cell = size / (code.size + 2 * quiet);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < code.size; row++) {
    for (let col = 0; col < code.size; col++) {
      if (!code.get(col, row)) continue;
      page.drawRectangle({ x: x + (col + quiet) * cell, y: y + size - (row + quiet + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}

export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const locale = resolveLocale(input.locale);
  const t = (key: CertificateKey, vars: Record<string, string | number> = {}) => certificateText(locale, key, vars);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const hours = (count: number) => t("hours_value", { count: number.format(count), n: count });
  const date = (at: number | string) => localDate(locale, typeof at === "string" ? Date.parse(at) : at, input.timezoneOffset);
  const { statement, profile } = input;

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(CERTIFICATE_FONTS.regular, { subset: true }),
    bold: await pdf.embedFont(CERTIFICATE_FONTS.bold, { subset: true }),
  };
  pdf.setTitle(`${t("title")}: ${statement.name}`);
  pdf.setAuthor(statement.organization);
  pdf.setSubject(t("subtitle"));
  pdf.setLanguage(locale);
  pdf.setCreationDate(new Date(statement.issued_at));
  pdf.setModificationDate(new Date(statement.issued_at));
  pdf.setProducer("Commons");
  pdf.setCreator("Commons");

  const w = new Writer(pdf, fonts);
  w.text(statement.organization, { size: 11, bold: true, color: ACCENT });
  w.text(t("title"), { size: 26, bold: true, gap: 2 });
  w.text(t("subtitle"), { size: 12, color: MUTED, gap: 14 });
  w.text(statement.name, { size: 20, bold: true, gap: 6 });
  w.text(t("statement", { organization: statement.organization, name: statement.name }), { gap: 12 });

  // The figures, side by side.
  const figures: [string, string][] = [
    [t("hours"), number.format(statement.hours)],
    [t("initiatives"), number.format(statement.initiatives)],
    ...(input.withPoints ? [[t("points"), number.format(profile.point_count ?? 0)] as [string, string]] : []),
  ];
  w.need(56);
  const column = w.width / figures.length;
  const top = w.y;
  figures.forEach(([label, value], index) => {
    const x = MARGIN + index * column;
    w.page.drawText(value, { x, y: top - 26, size: 22, font: fonts.bold, color: ACCENT });
    w.page.drawText(label, { x, y: top - 42, size: 9.5, font: fonts.regular, color: MUTED });
  });
  w.y = top - 52;
  const period =
    statement.period.from !== null && statement.period.to !== null
      ? `${t("period")}: ${date(statement.period.from)} – ${date(statement.period.to)}`
      : `${t("period")}: ${t("period_none")}`;
  w.text(period, { color: MUTED, gap: 6 });
  w.rule();

  w.heading(t("sdgs"));
  if (!statement.sdgs.length) w.text(t("none"), { color: MUTED });
  for (const sdg of statement.sdgs) {
    const name = certificateText(locale, `sdg_${SDG_SLUGS[sdg.id - 1]}`);
    w.text(`${t("sdg_number", { id: sdg.id })} · ${name}: ${hours(sdg.hours)}`);
  }

  w.heading(t("competences"));
  if (!profile.competence_report.length) w.text(t("none"), { color: MUTED });
  for (const competence of profile.competence_report) {
    w.text(`${certificateText(locale, `competence.${competence.id}`)}: ${hours(competence.value)}`);
  }

  if (profile.impact_report.length) {
    w.heading(t("impact"));
    for (const impact of profile.impact_report) w.text(`${number.format(impact.value)} ${certificateText(locale, `unit_${impact.unit}`)}`);
  }

  w.heading(t("initiative_list"));
  const counted = profile.initiative_report;
  if (!counted.length) w.text(t("none"), { color: MUTED });
  const hoursX = MARGIN + w.width - (input.withPoints ? 120 : 60);
  for (const row of counted) {
    const dates = row.start_time !== null ? (row.end_time !== null && date(row.end_time) !== date(row.start_time) ? `${date(row.start_time)} – ${date(row.end_time)}` : date(row.start_time)) : "";
    const titleLines = wrapText(row.title, fonts.regular, 10.5, hoursX - MARGIN - 12);
    w.need(titleLines.length * 14.7 + 16);
    const rowTop = w.y;
    w.text(row.title, { width: hoursX - MARGIN - 12 });
    if (dates) w.text(dates, { size: 9, color: MUTED });
    w.page.drawText(hours(row.valid_hours), { x: hoursX, y: rowTop - 14.7, size: 10.5, font: fonts.regular, color: INK });
    if (input.withPoints) w.page.drawText(`${number.format(row.points ?? 0)} ${t("points_short")}`, { x: hoursX + 70, y: rowTop - 14.7, size: 10.5, font: fonts.regular, color: INK });
    w.y -= 4;
  }

  // The verification block: QR, short link and code, together on one page.
  const qrSize = 96;
  w.need(qrSize + 40);
  w.y -= 16;
  w.rule();
  const blockTop = w.y - 12;
  drawQr(w.page, input.verifyUrl, MARGIN, blockTop - qrSize, qrSize);
  w.y = blockTop;
  const textX = MARGIN + qrSize + 16;
  const textWidth = w.width - qrSize - 16;
  w.text(t("verify_title"), { bold: true, x: textX, width: textWidth });
  w.text(t("verify_text"), { size: 9.5, color: MUTED, x: textX, width: textWidth, gap: 2 });
  w.text(input.verifyUrl, { size: 10, color: ACCENT, x: textX, width: textWidth });
  w.text(t("code", { code: input.code }), { size: 10, x: textX, width: textWidth });
  w.text(t("issued", { date: date(statement.issued_at) }), { size: 9.5, color: MUTED, x: textX, width: textWidth });
  // The QR is also a link, for whoever reads the PDF on a screen.
  w.page.node.addAnnot(pdf.context.register(pdf.context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [MARGIN, blockTop - qrSize, MARGIN + qrSize, blockTop],
    Border: [0, 0, 0],
    A: { Type: "Action", S: "URI", URI: PDFString.of(input.verifyUrl) },
  })));

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = t("page", { page: index + 1, pages: pages.length });
    page.drawText(label, { x: A4.width - MARGIN - fonts.regular.widthOfTextAtSize(label, 8.5), y: MARGIN - 12, size: 8.5, font: fonts.regular, color: MUTED });
  });
  return pdf.save();
}
