import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lookupLabel, subtypeName, typeName } from "../../app/components/initiative/labels";
import { contrastRatio, SDG_COLOURS, SdgIcon, sdgName, sdgTextColour } from "../../app/components/initiative/sdg";
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

describe("the goal icons", () => {
  it("have the 17 official colours, with a number that reads at 4.5:1 on each", () => {
    expect(SDG_COLOURS).toHaveLength(17);
    for (let id = 1; id <= 17; id++) expect(contrastRatio(sdgTextColour(id), SDG_COLOURS[id - 1]), `goal ${id}`).toBeGreaterThanOrEqual(4.5);
  });

  it("draw the goal's number on its colour, named by the goal's name when given one", () => {
    const named = renderToStaticMarkup(createElement(SdgIcon, { id: 7, label: sdgName(tEs, 7) }));
    expect(named).toContain('role="img"');
    expect(named).toContain(`aria-label="${sdgName(tEs, 7)}"`);
    expect(named).toContain('fill="#FCC30B"');
    expect(named).toMatch(/<text[^>]*>7<\/text>/);
    expect(renderToStaticMarkup(createElement(SdgIcon, { id: 7 }))).toContain('aria-hidden="true"');
  });
});
