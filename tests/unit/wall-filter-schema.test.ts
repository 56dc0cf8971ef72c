import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { wallQuery } from "../../app/domain/initiatives/wall-filters";
import { parseWallCursor, parseWallFilters, wallQuerySchema } from "../../app/domain/initiatives/wall-filter";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const api = (query: string) => v.safeParse(wallQuerySchema, Object.fromEntries(new URLSearchParams(query)));

describe("the one wall filter schema", () => {
  it("the API refuses a reversed range on `to`, where the page puts it right", () => {
    const reversed = "from=2026-05-01&to=2026-04-01";
    const refused = api(reversed);
    expect(refused.success).toBe(false);
    expect(refused.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([["to", "form_error_date_range"]]);
    const page = parseWallFilters(new URLSearchParams(reversed), NOW);
    expect(page).toMatchObject({ from: "2026-04-01", to: "2026-05-01" });
    expect(api(wallQuery(page).toString()).success).toBe(true);
  });

  it("what the page sends always passes the API, whatever the member typed", () => {
    const typed = [
      "search=+beach+&type=volunteering&sdg=14&category=oceans-and-coasts&pinned=true&from=2026-03-01&to=2026-04-01",
      "type=party&sdg=18&category=Bad%20Slug&pinned=yes&from=yesterday&to=2026-13-45",
      `search=${"a".repeat(300)}&from=2030-01-01&to=2020-01-01`,
      "from=2026-03-01T10:00:00Z&sdg=2.5",
    ];
    for (const query of typed) {
      const sent = wallQuery(parseWallFilters(new URLSearchParams(query), NOW)).toString();
      expect(api(sent).success, `${query} → ${sent}`).toBe(true);
    }
  });

  it("reads the cursor with the API's rule, else the first page", () => {
    const cursor = "1.1795840773777.0b8f-41";
    expect(parseWallCursor(new URLSearchParams({ cursor }))).toBe(cursor);
    expect(api(`cursor=${cursor}`).success).toBe(true);
    for (const bad of ["", "x", "2.17.a", "1.17", `1.17.${"a".repeat(65)}`]) {
      expect(parseWallCursor(new URLSearchParams({ cursor: bad }))).toBeNull();
      expect(api(`cursor=${bad}`).success).toBe(false);
    }
    expect(parseWallCursor(new URLSearchParams("page=3"))).toBeNull();
  });
});
