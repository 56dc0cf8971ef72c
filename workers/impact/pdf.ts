/**
 * The ESRS S3-4 annex draft as a PDF (issue 30): the same Markdown the `.md` export answers,
 * typeset with pdf-lib in the certificate's typeface (Noto Sans, embedded as a subset:
 * workers/social-cv/fonts.ts), so every character of the five languages prints. It reads the few
 * constructs esrsNarrative writes: `#` and `##` headings, `- ` items, `**bold**` and `_emphasis_`
 * marks (dropped), paragraphs, and a table (its cells in aligned columns). Pure: text in, bytes out.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { CERTIFICATE_FONTS } from "../social-cv/fonts";
import { printable, wrapText } from "../social-cv/pdf";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const LEADING = 1.45;

/** Markdown's inline marks, which the PDF shows as plain text. */
const plain = (text: string) => text.replace(/\*\*(.+?)\*\*/g, "$1").replace(/(^|\s)_(.+?)_(?=\s|$)/g, "$1$2").replace(/\\\|/g, "|");

const tableCells = (line: string) => line.replace(/^\|\s*|\s*\|$/g, "").split(/\s*(?<!\\)\|\s*/).map(plain);

class Pages {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Room for `height` points, on a new page when this one has not. */
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  text(text: string, { size = 10.5, bold = false, indent = 0, color = INK, after = 4 } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapText(text, font, size, A4.width - 2 * MARGIN - indent)) {
      this.room(size * LEADING);
      this.y -= size * LEADING;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color });
    }
    this.y -= after;
  }

  /** A table: each column as wide as its widest cell (shrunk to the page when they do not fit), the header in bold. */
  table(rows: string[][]) {
    const size = 9;
    const font = this.fonts.regular;
    const gap = 12;
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => font.widthOfTextAtSize(printable(row[column] ?? "", font), size))) + gap);
    const scale = Math.min(1, (A4.width - 2 * MARGIN) / widths.reduce((sum, width) => sum + width, 0));
    rows.forEach((row, index) => {
      this.room(size * LEADING);
      this.y -= size * LEADING;
      let x = MARGIN;
      row.forEach((cell, column) => {
        this.page.drawText(printable(cell, font), { x, y: this.y, size, font: index === 0 ? this.fonts.bold : font, color: index === 0 ? INK : MUTED });
        x += widths[column] * scale;
      });
    });
    this.y -= 6;
  }
}

export async function renderAnnexPdf(markdown: string, meta: { title: string; author: string; locale: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const fonts = { regular: await pdf.embedFont(CERTIFICATE_FONTS.regular, { subset: true }), bold: await pdf.embedFont(CERTIFICATE_FONTS.bold, { subset: true }) };
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setLanguage(meta.locale);
  pdf.setProducer("Commons");
  pdf.setCreator("Commons");
  const pages = new Pages(pdf, fonts);
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.startsWith("# ")) pages.text(plain(line.slice(2)), { size: 17, bold: true, after: 10 });
    else if (line.startsWith("## ")) pages.text(plain(line.slice(3)), { size: 13, bold: true, after: 4 });
    else if (line.startsWith("- ")) pages.text(`•  ${plain(line.slice(2))}`, { indent: 8 });
    else if (line.startsWith("|")) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i].startsWith("|"); i += 1) if (!/^\|(\s*-+\s*\|)+$/.test(lines[i])) rows.push(tableCells(lines[i]));
      i -= 1;
      pages.table(rows);
    } else if (line.trim()) pages.text(plain(line), { color: line.startsWith("_") ? MUTED : INK });
  }
  return pdf.save();
}
