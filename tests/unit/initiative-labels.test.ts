import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lookupLabel, subtypeName, typeName } from "../../app/components/initiative/labels";
import { SdgIcon, sdgName } from "../../app/components/initiative/sdg";
import { contrastRatio } from "../../app/domain/contrast";
import { SDG_COLOURS, sdgImageLanguage, sdgImagePath, sdgImageSvg, sdgTextColour, titleLines } from "../../app/domain/sdg-image";
import { I18nProvider } from "../../app/i18n/react";
import { makeT } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";

// The detail page reads with its own namespace's t; the names must still come in the member's language.
const tEs = makeT(messagesFor("es-ES"), "initiative", "es-ES");
const tPt = makeT(messagesFor("pt-PT"), "initiative", "pt-PT");

describe("the initiative page names its lookups in the member's language", () => {
  it("causes, skills and audiences come from the shared lookups namespace", () => {
    expect(lookupLabel(tEs, "category", "climate-change")).toBe("Cambio climático");
    expect(lookupLabel(tEs, "target_audience", "children")).toBe("Niños y niñas");
    expect(lookupLabel(tEs, "competence", "teamwork")).toBe(messagesFor("es-ES").lookups["competence.teamwork"]);
    expect(lookupLabel(tEs, "competence", "teamwork")).not.toBe(messagesFor("en-US").lookups["competence.teamwork"]);
  });

  it("a slug nobody translated is made readable", () => {
    expect(lookupLabel(tEs, "category", "brand-new-cause")).toBe("Brand new cause");
  });

  it("goals, types and subtypes come from the initiatives namespace", () => {
    expect(sdgName(tEs, 13)).toBe("Acción por el clima");
    expect(sdgName(tPt, 1)).toBe(messagesFor("pt-PT").initiatives["sdg_no-poverty"]);
    expect(typeName(tEs, "volunteering")).toBe(messagesFor("es-ES").initiatives.type_volunteering);
    expect(subtypeName(tEs, "mentoring")).toBe(messagesFor("es-ES").initiatives.subtype_mentoring);
  });
});

describe("the goal images", () => {
  it("have the 17 official colours, with a number and title that read at 4.5:1 on each", () => {
    expect(SDG_COLOURS).toHaveLength(17);
    for (let id = 1; id <= 17; id++) expect(contrastRatio(sdgTextColour(id), SDG_COLOURS[id - 1]), `goal ${id}`).toBeGreaterThanOrEqual(4.5);
  });

  it("exist in English, Spanish, Portuguese and French; other languages show the English ones", () => {
    expect(sdgImageLanguage("es-ES")).toBe("es");
    expect(sdgImageLanguage("pt-BR")).toBe("pt-BR");
    expect(sdgImageLanguage("pt-PT")).toBe("pt-PT");
    expect(sdgImageLanguage("fr")).toBe("fr");
    expect(sdgImageLanguage("en-US")).toBe("en");
    expect(sdgImageLanguage("eu-ES")).toBe("en");
    expect(sdgImagePath(13, "es-ES")).toBe("/sdg/es/13.svg");
  });

  it("draw the goal's colour, its number and its short title in capitals", () => {
    const svg = sdgImageSvg(2, "Hambre cero", "es");
    expect(svg).toContain('fill="#DDA63A"');
    expect(svg).toMatch(/<text[^>]*font-size="34"[^>]*>2<\/text>/);
    expect(svg).toContain(">HAMBRE CERO<");
    expect(svg).toContain("<title>2. Hambre cero</title>");
    const escaped = sdgImageSvg(16, "Paz & <instituciones>", "es");
    expect(escaped).toContain("PAZ &amp;");
    expect(escaped).toContain("&lt;INSTITUCIONES&gt;");
    expect(() => sdgImageSvg(18, "x", "en")).toThrow(RangeError);
  });

  it("break the title between words into at most four short lines", () => {
    expect(titleLines("INDUSTRY, INNOVATION AND INFRASTRUCTURE")).toEqual(["INDUSTRY,", "INNOVATION AND", "INFRASTRUCTURE"]);
    expect(titleLines("A B C D E F G H I J K L M N O P Q R S T U V W X Y Z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z").length).toBe(4);
    expect(titleLines("ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE").at(-1)).toMatch(/…$/);
  });

  it("are shown in the member's language, named by the goal's name when given one", () => {
    const named = renderToStaticMarkup(createElement(I18nProvider, { locale: "es-ES", messages: messagesFor("es-ES"), children: createElement(SdgIcon, { id: 7, label: sdgName(tEs, 7) }) }));
    expect(named).toContain('src="/sdg/es/7.svg"');
    expect(named).toContain(`alt="${sdgName(tEs, 7)}"`);
    expect(renderToStaticMarkup(createElement(SdgIcon, { id: 7 }))).toContain('alt=""');
  });
});
