/** A plain-text table for the bench's reports: `align` is "l" or "r" per column. */
export function table(headers, rows, align) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const cell = (value, column) =>
    align[column] === "r" ? String(value).padStart(widths[column]) : String(value).padEnd(widths[column]);
  return [
    headers.map(cell).join("  "),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...rows.map((row) => row.map(cell).join("  ")),
  ].join("\n");
}
