/**
 * The impact ledger's demo (scripts/seed-impact.mjs, issue 30): Acme's rate card covers Spain,
 * Portugal and Brazil from last year on, its members get a country, and last calendar year has
 * validated hours every month in paid working time and in own time, so /manage/impact opens full.
 */
import { describe, expect, it } from "vitest";
import { buildImpactDemoSql } from "../../scripts/seed-impact.mjs";

const NOW = Date.UTC(2026, 10, 28, 12);
const sql = buildImpactDemoSql({ now: NOW });
const rows = (table: string) => sql.split("\n").filter((line) => line.startsWith(`INSERT OR IGNORE INTO "${table}"`));
const value = (line: string, column: string) => {
  const [names, values] = line.match(/\(([^)]*)\) VALUES \((.*)\);$/)!.slice(1);
  const columns = names.split(", ").map((name) => name.replace(/"/g, ""));
  // Numbers, NULL or quoted strings ('' inside a string is a quote), separated by ", ".
  const cells = values.match(/'(?:[^']|'')*'|[^, ]+/g)!;
  return cells[columns.indexOf(column)];
};

describe("the impact demo", () => {
  it("gives Acme a rate per country (Spain, Portugal, Brazil) from last year", () => {
    const rates = rows("impact_rates");
    expect(rates.map((line) => value(line, "key_value"))).toEqual(expect.arrayContaining(["'ES'", "'PT'", "'BR'", "''"]));
    expect(rates.every((line) => value(line, "from_year") === "2025")).toBe(true);
    expect(rates.find((line) => value(line, "key_value") === "'BR'")).toContain("'BRL'");
    expect(sql).toMatch(/UPDATE memberships SET country = 'PT', site = 'Lisboa'/);
  });

  it("has validated hours in every month of last year, in paid working time and in own time", () => {
    const records = rows("participation_records").filter((line) => value(line, "status") === "'validated'");
    const months = new Set(records.map((line) => new Date(Number(value(line, "created_at"))).getUTCMonth()));
    expect(months.size).toBe(11); // June's reports are left waiting.
    expect(records.every((line) => new Date(Number(value(line, "created_at"))).getUTCFullYear() === 2025)).toBe(true);
    const initiatives = rows("initiatives");
    expect(initiatives.map((line) => value(line, "is_working_hours")).sort()).toEqual(["0", "0", "1", "1"]);
    expect(rows("impact_management_hours").length).toBeGreaterThan(0);
    expect(rows("contributions").every((line) => value(line, "status") === "'confirmed'")).toBe(true);
  });
});
