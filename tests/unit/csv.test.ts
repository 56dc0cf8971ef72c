import { describe, expect, it } from "vitest";
import { csvCell, csvRow, csvResponse } from "../../workers/lib/csv";

describe("CSV for spreadsheets", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvRow(["Marta", 'say "hi"', 4, null])).toBe('"Marta","say ""hi""","4",""\r\n');
  });

  it("keeps formulas from running, but leaves plain numbers and phones alone", () => {
    for (const formula of ["=1+1", "@SUM(A1)", "+cmd|' /C calc'!A0", "-2+3", "\t=1", "\r=1"]) expect(csvCell(formula)).toBe(`"'${formula}"`);
    for (const plain of ["+34600111222", "-5", "12.5", "Ñandú"]) expect(csvCell(plain)).toBe(`"${plain}"`);
  });

  it("streams a byte-order mark, the header and the rows, as an attachment", async () => {
    const response = csvResponse("participants beach/1.csv", ["name"], [["Ana"], ["Bea"]]);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="participants-beach-1.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('"name"\r\n"Ana"\r\n"Bea"\r\n');
  });
});
