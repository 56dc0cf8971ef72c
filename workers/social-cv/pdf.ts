/**
 * The social CV's certificate as a PDF (issue 13, points 4 and 5), drawn with pdf-lib: the
 * statement (name, organisation, hours, period), the SDGs, competences and impact, the initiatives,
 * and a QR code with the short link of the public verify page and the verification code (and,
 * when the roll-up credential was issued with it, a second QR code with its verify link). In the
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
  /** The verify page of the roll-up credential issued with the certificate (issue 32), when there is one. */
  credentialUrl?: string | null;
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

const REPLACEMENT = "\uFFFD";
const coverage = new WeakMap<PDFFont, Set<number>>();

/**
 * `text` as the font can print it: composed (NFC, so "é" typed as e + accent is the font's "é"),
 * and each character the font has no glyph for (a name in a script Noto Sans lacks) shown as the
 * visible replacement character "�", never silently left blank.
 */
export function printable(text: string, font: PDFFont): string {
  let characters = coverage.get(font);
  if (!characters) coverage.set(font, (characters = new Set(font.getCharacterSet())));
  const known = characters;
  return Array.from(text.normalize("NFC"), (character) => (known.has(character.codePointAt(0)!) ? character : /\s/.test(character) ? " " : REPLACEMENT)).join("");
}

/** The local dates of an initiative, as one short range ("Feb 1 – 3, 2026") or one date. */
function localDays(locale: Locale, from: number, to: number | null, offsetMinutes: number) {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const start = new Date(from - offsetMinutes * 60_000);
  if (to === null) return format.format(start);
  const end = new Date(to - offsetMinutes * 60_000);
  return format.format(start) === format.format(end) ? format.format(start) : format.formatRange(start, end);
}

/** Lines of `text` (made printable) no wider than `width` at `size` (words kept whole unless one alone is wider). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of printable(text, font).split(/\s+/).filter(Boolean)) {
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

type Color = ReturnType<typeof rgb>;
interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: Color;
  x?: number;
  width?: number;
  gap?: number;
}

const LEADING = 1.4;
const FOOTER = 24;

/**
 * A page cursor that starts a new page when the next block does not fit. The first page keeps
 * `reserve` points at its foot for the verification block, so the QR code and the link stay on the
 * page of the statement.
 */
class Writer {
  page: PDFPage;
  y: number;
  bottom: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    reserve: number,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    this.bottom = MARGIN + FOOTER + reserve;
  }
  get width() {
    return A4.width - 2 * MARGIN;
  }
  /** Room for `height` points below the cursor, else a new page. */
  need(height: number) {
    if (this.y - height >= this.bottom) return;
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    this.bottom = MARGIN + FOOTER;
  }
  font(bold?: boolean) {
    return bold ? this.fonts.bold : this.fonts.regular;
  }
  /** The wrapped lines of `text` with these options. */
  lines(text: string, options: TextOptions = {}) {
    const x = options.x ?? MARGIN;
    return wrapText(text, this.font(options.bold), options.size ?? 10.5, options.width ?? this.width - (x - MARGIN));
  }
  text(text: string, options: TextOptions = {}) {
    const size = options.size ?? 10.5;
    const font = this.font(options.bold);
    const x = options.x ?? MARGIN;
    for (const line of this.lines(text, options)) {
      this.need(size * LEADING);
      this.y -= size * LEADING;
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }
  /** One line of text at a fixed place of the current page (made printable), right-aligned when `right` is set. */
  place(text: string, options: { x: number; y: number; size: number; bold?: boolean; color?: Color; right?: boolean }) {
    const font = this.font(options.bold);
    const line = printable(text, font);
    const x = options.right ? options.x - font.widthOfTextAtSize(line, options.size) : options.x;
    this.page.drawText(line, { x, y: options.y, size: options.size, font, color: options.color ?? INK });
  }
  heading(text: string, options: { x?: number; width?: number } = {}) {
    this.need(40);
    this.y -= 10;
    this.text(text, { size: 12.5, bold: true, color: ACCENT, gap: 2, ...options });
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
  }
  /**
   * Two lists side by side (the SDGs and the competences), row by row, so that a short social CV
   * stays on one page; each side keeps its heading, and a row that does not fit starts a page.
   */
  columns(sides: { heading: string; rows: string[]; empty: string }[]) {
    const gutter = 18;
    const width = (this.width - gutter * (sides.length - 1)) / sides.length;
    const xOf = (index: number) => MARGIN + index * (width + gutter);
    this.need(40);
    const top = this.y;
    let lowest = top;
    sides.forEach((side, index) => {
      this.y = top;
      this.heading(side.heading, { x: xOf(index), width });
      lowest = Math.min(lowest, this.y);
    });
    this.y = lowest;
    const count = Math.max(...sides.map((side) => Math.max(side.rows.length, 1)));
    for (let row = 0; row < count; row++) {
      const cells = sides.map((side) => (side.rows.length ? side.rows[row] : row === 0 ? side.empty : undefined));
      const height = Math.max(...cells.map((cell, index) => (cell ? this.lines(cell, { x: xOf(index), width }).length : 0))) * 10.5 * LEADING;
      this.need(height);
      const rowTop = this.y;
      cells.forEach((cell, index) => {
        if (!cell) return;
        this.y = rowTop;
        const empty = !sides[index].rows.length;
        this.text(cell, { x: xOf(index), width, color: empty ? MUTED : INK });
      });
      this.y = rowTop - height;
    }
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

const QR_SIZE = 88;
const QR_GAP = 16;

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

  // The verification block (QR, short link, code, date of issue), measured first: the first page
  // keeps its room at the foot.
  // The roll-up credential's QR code, when there is one, stands at the right edge of the block.
  const credentialUrl = input.credentialUrl ?? null;
  const verifyX = MARGIN + QR_SIZE + QR_GAP;
  const verifyWidth = A4.width - MARGIN - verifyX - (credentialUrl ? QR_SIZE + QR_GAP : 0);
  const verifyLines: [string, TextOptions][] = [
    [t("verify_title"), { bold: true }],
    [t("verify_text"), { size: 9.5, color: MUTED, gap: 2 }],
    [input.verifyUrl, { size: 10, color: ACCENT }],
    [t("code", { code: input.code }), { size: 10 }],
    [t("issued", { date: date(statement.issued_at) }), { size: 9.5, color: MUTED, gap: credentialUrl ? 4 : 0 }],
    ...(credentialUrl
      ? ([
          [t("credential_text"), { size: 9.5, color: MUTED }],
          [credentialUrl, { size: 10, color: ACCENT }],
        ] as [string, TextOptions][])
      : []),
  ];
  const verifyHeight = verifyLines.reduce(
    (sum, [text, options]) => sum + wrapText(text, options.bold ? fonts.bold : fonts.regular, options.size ?? 10.5, verifyWidth).length * (options.size ?? 10.5) * LEADING + (options.gap ?? 0),
    0,
  );
  const blockHeight = Math.max(QR_SIZE, verifyHeight) + 14;

  const w = new Writer(pdf, fonts, blockHeight);
  const first = w.page;
  w.text(statement.organization, { size: 11, bold: true, color: ACCENT });
  w.text(t("title"), { size: 24, bold: true });
  w.text(t("subtitle"), { size: 12, color: MUTED, gap: 10 });
  w.text(statement.name, { size: 20, bold: true, gap: 4 });
  w.text(t("statement", { organization: statement.organization, name: statement.name }), { gap: 10 });

  // The figures, side by side.
  const figures: [string, string][] = [
    [t("hours"), number.format(statement.hours)],
    [t("initiatives"), number.format(statement.initiatives)],
    ...(input.withPoints ? [[t("points"), number.format(profile.point_count ?? 0)] as [string, string]] : []),
  ];
  w.need(52);
  const column = w.width / figures.length;
  const top = w.y;
  figures.forEach(([label, value], index) => {
    const x = MARGIN + index * column;
    w.place(value, { x, y: top - 24, size: 22, bold: true, color: ACCENT });
    w.place(label, { x, y: top - 39, size: 9.5, color: MUTED });
  });
  w.y = top - 46;
  const period =
    statement.period.from !== null && statement.period.to !== null
      ? `${t("period")}: ${date(statement.period.from)} – ${date(statement.period.to)}`
      : `${t("period")}: ${t("period_none")}`;
  w.text(period, { color: MUTED, gap: 6 });
  w.rule();

  w.columns([
    {
      heading: t("sdgs"),
      empty: t("none"),
      rows: statement.sdgs.map((sdg) => `${t("sdg_number", { id: sdg.id })} · ${certificateText(locale, `sdg_${SDG_SLUGS[sdg.id - 1]}`)}: ${hours(sdg.hours)}`),
    },
    {
      heading: t("competences"),
      empty: t("none"),
      rows: profile.competence_report.map((competence) => `${certificateText(locale, `competence.${competence.id}`)}: ${hours(competence.value)}`),
    },
  ]);

  if (profile.impact_report.length) {
    w.heading(t("impact"));
    w.text(profile.impact_report.map((impact) => `${number.format(impact.value)} ${certificateText(locale, `unit_${impact.unit}`)}`).join(" · "));
  }

  // The initiatives, one line each: title, dates, hours (and points).
  w.heading(t("initiative_list"));
  const counted = profile.initiative_report;
  if (!counted.length) w.text(t("none"), { color: MUTED });
  const right = MARGIN + w.width;
  const hoursRight = input.withPoints ? right - 56 : right;
  const datesWidth = 150;
  const datesX = hoursRight - 64 - datesWidth;
  const titleWidth = datesX - MARGIN - 10;
  for (const row of counted) {
    const dates = row.start_time !== null ? localDays(locale, Date.parse(row.start_time), row.end_time === null ? null : Date.parse(row.end_time), input.timezoneOffset) : "";
    const titleLines = w.lines(row.title, { width: titleWidth });
    const dateLines = dates ? w.lines(dates, { size: 9, width: datesWidth }) : [];
    const height = Math.max(titleLines.length * 10.5 * LEADING, dateLines.length * 9 * LEADING);
    w.need(height + 2);
    const rowTop = w.y;
    w.text(row.title, { width: titleWidth });
    // The dates' smaller first line on the title's baseline.
    w.y = rowTop - (10.5 - 9) * LEADING;
    if (dates) w.text(dates, { size: 9, color: MUTED, x: datesX, width: datesWidth });
    const baseline = rowTop - 10.5 * LEADING;
    w.place(hours(row.valid_hours), { x: hoursRight, y: baseline, size: 10.5, right: true });
    if (input.withPoints) w.place(`${number.format(row.points ?? 0)} ${t("points_short")}`, { x: right, y: baseline, size: 10.5, right: true });
    w.y = rowTop - height - 2;
  }

  // The verification block at the foot of the first page, with the statement it verifies.
  w.page = first;
  w.bottom = MARGIN + FOOTER;
  w.y = MARGIN + FOOTER + blockHeight;
  w.rule();
  const blockTop = w.y - 12;
  w.y = blockTop + 2;
  for (const [text, options] of verifyLines) w.text(text, { ...options, x: verifyX, width: verifyWidth });
  // Each QR is also a link, for whoever reads the PDF on a screen.
  const linkedQr = (url: string, x: number) => {
    drawQr(first, url, x, blockTop - QR_SIZE, QR_SIZE);
    first.node.addAnnot(pdf.context.register(pdf.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [x, blockTop - QR_SIZE, x + QR_SIZE, blockTop],
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
    })));
  };
  linkedQr(input.verifyUrl, MARGIN);
  if (credentialUrl) linkedQr(credentialUrl, A4.width - MARGIN - QR_SIZE);

  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = t("page", { page: index + 1, pages: pages.length });
    page.drawText(label, { x: A4.width - MARGIN - fonts.regular.widthOfTextAtSize(label, 8.5), y: MARGIN - 12, size: 8.5, font: fonts.regular, color: MUTED });
  });
  return pdf.save();
}
