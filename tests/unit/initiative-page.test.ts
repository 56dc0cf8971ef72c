import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InitiativeFacts } from "../../app/components/initiative/facts";
import { InitiativeHeader } from "../../app/components/initiative/header";
import { SdgChips } from "../../app/components/initiative/sdg-chips";
import type { Initiative } from "../../app/domain/initiatives/types";
import { I18nProvider } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(NOW + offsetDays * DAY).toISOString();

/** What the header and facts read of an initiative. */
const initiative = (overrides: Partial<Initiative>) =>
  ({
    slug: "beach-cleanup", title: "Beach clean-up", image: null, type: "volunteering", subtype: "event", status: "open",
    organization_name: "Acme", organization_logo_small: null, start_time: iso(5), end_time: iso(6), registration_end_time: null,
    is_in_person: false, address: null, address_detail: null, is_remote: false, remote_url: null,
    categories: [], competences: [], target_audience: [], sdgs: [], minors_allowed: true, is_working_hours: false,
    max_participants: -1, participant_count: 0, points: 0, program: null,
    ...overrides,
  }) as Initiative;

const render = (locale: "en-US" | "es-ES", element: ReactElement) =>
  renderToStaticMarkup(createElement(I18nProvider, { locale, messages: messagesFor(locale), children: element }));

const header = (i: Initiative) => render("en-US", createElement(InitiativeHeader, { initiative: i, region: "ES", showImage: false, now: NOW }));
const en = messagesFor("en-US").initiative;

describe("the initiative header's registration line", () => {
  it("says open until a date still to come", () => {
    const html = header(initiative({ registration_end_time: iso(2) }));
    expect(html).toContain(en.registration_until);
    expect(html).not.toContain(en.registration_closed);
  });

  it("never says open until a date that has passed", () => {
    const html = header(initiative({ registration_end_time: iso(-1), end_time: iso(6) }));
    expect(html).not.toContain(en.registration_until);
    expect(html).toContain(en.registration_closed);
  });
});

describe("the initiative page in the member's language", () => {
  const es = messagesFor("es-ES");

  it("names causes, skills and audiences in Spanish", () => {
    const html = render(
      "es-ES",
      createElement(InitiativeFacts, {
        initiative: initiative({ categories: ["climate-change"], competences: ["teamwork"], target_audience: ["children"] }),
        points: false,
        program: false,
      }),
    );
    for (const key of ["category.climate-change", "competence.teamwork", "audience.children"]) expect(html).toContain(es.lookups[key]);
  });

  it("shows the goals as their Spanish images with their Spanish names, the rest behind the +N button", () => {
    const html = render("es-ES", createElement(SdgChips, { sdgs: [13, 14, 15, 1] }));
    expect(html).toContain(es.initiatives["sdg_climate-action"]);
    expect(html).toContain(es.initiatives["sdg_no-poverty"]);
    expect(html).toContain('src="/sdg/es/13.svg"');
    expect(html).toContain(es.initiative.sdgs_more_label_one.replace("{{count}}", "1"));
  });
});
