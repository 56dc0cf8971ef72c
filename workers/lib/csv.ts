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

export const csvRow = (cells: Row) => `${cells.map(csvCell).join(",")}\r\n`;

type Row = (string | number | null | undefined)[];

/**
 * A streamed CSV answer: the header row, then the rows as the stream is read, from a list or from
 * an async source that reads page after page (so a long export never sits whole in memory).
 */
export function csvResponse(filename: string, header: string[], rows: Iterable<Row> | AsyncIterable<Row>): Response {
  const encoder = new TextEncoder();
  const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
        return;
      }
      const next = await iterator.next();
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
