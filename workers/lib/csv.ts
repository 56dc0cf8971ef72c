/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents in every language),
 * CRLF line ends, every cell quoted, and cells that a spreadsheet would run as a formula (starting
 * with =, @, tab or CR, or with + or - unless the cell is only a number, such as a phone in E.164)
 * prefixed with a quote so they stay text.
 */
const FORMULA = /^[=@\t\r]|^[+-](?![\d ().-]*$)/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === "number" ? String(value) : FORMULA.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A streamed CSV answer: the header row, then one row per item as the stream is read. */
export function csvResponse(filename: string, header: string[], rows: Iterable<(string | number | null | undefined)[]>): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.iterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
        return;
      }
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRow(next.value)));
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]+/g, "-")}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
