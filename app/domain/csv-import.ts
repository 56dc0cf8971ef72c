/**
 * Reading a spreadsheet saved as CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF, a
 * leading BOM; `;` too, as spreadsheets in Spanish and Portuguese save it) into the people to invite
 * (issue 15, point 1). A header row names the columns (email, name, role, in any order); without
 * one, the first column is the address and the second the name.
 */

/** The cells of each non-empty line. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const firstLine = source.split(/\r?\n/, 1)[0] ?? "";
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  row.push(cell);
  rows.push(row);
  return rows.map((cells) => cells.map((value) => value.trim())).filter((cells) => cells.some((value) => value !== ""));
}

export interface ImportedPerson {
  email: string;
  name?: string;
  role?: string;
}

const HEADERS: Record<string, keyof ImportedPerson> = { email: "email", "e-mail": "email", mail: "email", correo: "email", name: "name", nombre: "name", nome: "name", izena: "name", role: "role", rol: "role", papel: "role", "função": "role" };

/** The people of a CSV, by its header when it has one. */
export function peopleFromCsv(text: string): ImportedPerson[] {
  const rows = parseCsv(text);
  if (!rows.length) return [];
  const header = rows[0].map((cell) => HEADERS[cell.toLowerCase()]);
  const hasHeader = header.includes("email");
  const columns: (keyof ImportedPerson | undefined)[] = hasHeader ? header : ["email", "name", "role"];
  return (hasHeader ? rows.slice(1) : rows).map((cells) => {
    const person: ImportedPerson = { email: "" };
    columns.forEach((column, index) => {
      const value = cells[index]?.trim();
      if (column && value) person[column] = column === "role" ? value.toLowerCase() : value;
    });
    return person;
  });
}
