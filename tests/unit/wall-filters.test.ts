import { describe, expect, it } from "vitest";
import { activeFilterCount, dateWindow, pageHref, parseWallFilters, wallQuery } from "../../app/domain/initiatives/wall-filters";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const parse = (query: string) => parseWallFilters(new URLSearchParams(query), NOW);

describe("wall filters from the URL", () => {
  it("reads every filter", () => {
    expect(parse("search=+beach+&type=volunteering&sdg=14&category=oceans-and-coasts&pinned=true&from=2026-03-01&to=2026-04-01")).toEqual({
      search: "beach",
      type: "volunteering",
      sdg: 14,
      category: "oceans-and-coasts",
      pinned: true,
      from: "2026-03-01",
      to: "2026-04-01",
    });
  });

  it("ignores what is malformed instead of refusing the page", () => {
    expect(parse("type=party&sdg=18&category=Bad%20Slug&pinned=yes&from=yesterday&to=2026-13-45")).toEqual({
      search: "",
      type: "",
      sdg: null,
      category: "",
      pinned: false,
      from: "",
      to: "",
    });
    expect(parse("sdg=0").sdg).toBeNull();
    expect(parse("sdg=2.5").sdg).toBeNull();
  });

  it("clamps dates to 60 days back and a year ahead, and puts a reversed range right", () => {
    expect(dateWindow(NOW)).toEqual({ min: "2026-01-09", max: "2027-03-10" });
    expect(parse("from=2020-01-01&to=2030-01-01")).toMatchObject({ from: "2026-01-09", to: "2027-03-10" });
    expect(parse("from=2026-05-01&to=2026-04-01")).toMatchObject({ from: "2026-04-01", to: "2026-05-01" });
  });

  it("caps the search length", () => {
    expect(parse(`search=${"a".repeat(300)}`).search).toHaveLength(100);
  });

  it("writes back only what is set, and counts the filters besides the search", () => {
    const filters = parse("search=food&type=donation&pinned=true");
    expect(wallQuery(filters).toString()).toBe("search=food&type=donation&pinned=true");
    expect(wallQuery(filters, { pinnable: false }).toString()).toBe("search=food&type=donation");
    expect(activeFilterCount(filters)).toBe(2);
    expect(activeFilterCount(parse(""))).toBe(0);
    expect(pageHref(filters, "0.1795840773777.abc")).toBe("/wall?search=food&type=donation&pinned=true&cursor=0.1795840773777.abc");
    expect(pageHref(parse(""), null)).toBe("/wall");
  });
});
