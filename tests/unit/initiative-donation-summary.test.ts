import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DonationSummary } from "../../app/components/initiative/donation-summary";
import type { DonationParams, Initiative } from "../../app/domain/initiatives";
import { I18nProvider } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";

const NOW = Date.parse("2026-05-10T12:00:00Z");
const messages = messagesFor("en-US");

const params: DonationParams = {
  currency: "EUR", target_amount: 1000, show_target_amount: true, sources: ["transfer", "inhand"], external_url: null,
  paypal_clientid: null, inhand_instructions: null, transfer_bank_name: null, transfer_recipient: null, transfer_iban: null,
  transfer_swift: null, transfer_concept: null, br_transfer: null, tax_deductible: false,
};

/** The summary as the server renders it for a donation with these totals. */
function render(totals: Pick<Initiative, "contribution_total" | "contributor_count" | "own_contribution_total" | "own_pending_contribution_total">) {
  const initiative = {
    type: "donation", status: "open", start_time: "2026-05-01T00:00:00Z", end_time: "2026-06-01T00:00:00Z", donation_params: params, ...totals,
  } as Initiative;
  const html = renderToString(createElement(I18nProvider, { locale: "en-US", messages, children: createElement(DonationSummary, { initiative, now: NOW }) }));
  return html.replace(/<!-- -->/g, "");
}

describe("the donation summary", () => {
  it("shows the member's pending pledges apart, marked pending, outside the total and the progress", () => {
    const html = render({ contribution_total: 100, contributor_count: 2, own_contribution_total: 0, own_pending_contribution_total: 50 });
    expect(html).toContain("€100");
    expect(html).toContain('aria-valuenow="10"');
    expect(html).toContain(messages.initiative.donation_own_pending);
    expect(html).toMatch(/€50\s*<span[^>]*>Pending<\/span>/);
    expect(html).toContain(messages.initiative.donation_own_pending_hint);
    expect(html).not.toContain(messages.initiative.donation_own);
  });

  it("shows nothing pending once every pledge is confirmed", () => {
    const html = render({ contribution_total: 150, contributor_count: 3, own_contribution_total: 50, own_pending_contribution_total: 0 });
    expect(html).toContain(`${messages.initiative.donation_own}<`);
    expect(html).not.toContain(messages.initiative.donation_own_pending);
    expect(html).not.toContain("Pending");
  });
});
