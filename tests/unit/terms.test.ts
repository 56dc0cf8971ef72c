import { describe, expect, it } from "vitest";
import { LATEST_TERMS_VERSION } from "../../app/lib/server/terms-versions.server";
import { parseTerms, platformTerms } from "../../app/lib/server/terms.server";
import { COMPLETE_LOCALES } from "../../app/domain/locales";

describe("platform terms", () => {
  it("parse headings, paragraphs and lists, and nothing else (no HTML)", () => {
    expect(parseTerms("## 1. A\nText <b>x</b>\n\n- one\n- two\n\nEnd")).toEqual([
      { kind: "heading", text: "1. A" },
      { kind: "paragraph", text: "Text <b>x</b>" },
      { kind: "list", items: ["one", "two"] },
      { kind: "paragraph", text: "End" },
    ]);
  });

  it("exist in every complete locale with the same sections, and fall back to English otherwise", () => {
    const english = platformTerms("v1", "en-US")!;
    for (const locale of COMPLETE_LOCALES) {
      const terms = platformTerms("v1", locale)!;
      expect(terms.language).toBe(locale);
      expect(terms.blocks.map((block) => block.kind)).toEqual(english.blocks.map((block) => block.kind));
    }
    expect(platformTerms("v1", "fr")!.language).toBe("en-US");
  });

  it("answer the latest for /terms and null for versions that do not exist", () => {
    expect(platformTerms(null, "en-US")!.version).toBe(LATEST_TERMS_VERSION);
    for (const bad of ["v0", "v99", "1", "latest", "v1.1", ""]) expect(platformTerms(bad, "en-US")).toBeNull();
  });
});
