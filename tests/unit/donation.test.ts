import { describe, expect, it } from "vitest";
import {
  amountFieldText,
  availableSources,
  formatMoney,
  isDonationResult,
  isIdempotencyKey,
  newIdempotencyKey,
  transferLines,
  typedAmount,
} from "../../app/domain/donation";
import { paypalSdkUrl } from "../../app/components/donation/paypal-buttons";
import { COMMENT_MAX_LENGTH, decimalSeparator, MAX_CONTRIBUTION, normalizeAmountInput, parseAmount, type DonationParams } from "../../app/domain/initiatives";
import { DONATION_SOURCES } from "../../app/domain/initiatives/types";
import { COMPLETE_LOCALES } from "../../app/domain/locales";
import { makeT } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";
import { contributeAction } from "../../app/routes/_app.initiative.$slug.($action)/donation.server";

/** What the free-amount field holds after the member types `keys` one by one (the drawer normalises on every change). */
const typeInto = (keys: string, locale: string) => [...keys].reduce((text, key) => normalizeAmountInput(text + key, locale), "");

const params = (overrides: Partial<DonationParams> = {}): DonationParams => ({
  currency: "EUR",
  target_amount: 1000,
  show_target_amount: true,
  sources: ["transfer", "inhand", "external", "paypal"],
  external_url: "https://donate.example/x",
  paypal_clientid: "sb-client",
  inhand_instructions: "Reception, 9 to 17",
  transfer_bank_name: "CaixaBank",
  transfer_recipient: "Fundación Aula Abierta",
  transfer_iban: "ES91 2100 0418 4502 0005 1332",
  transfer_swift: "CAIXESBBXXX",
  transfer_concept: null,
  br_transfer: { bank: "Banco do Brasil (001)", agency: "1234-5", account: "67890-1", cpf: "123.456.789-09", cnpj: null, guidelines: "Send the receipt" },
  tax_deductible: false,
  ...overrides,
});

describe("the free amount as the member types it", () => {
  it.each([
    ["en-US", "12.50", "12.50", 12.5],
    ["es-ES", "12,50", "12,50", 12.5],
    ["eu-ES", "0012,5", "12,5", 12.5],
    // Never cut or cleaned silently: amountSchema refuses these with a message (donation_error_amount_decimals, _invalid).
    ["pt-BR", "99,999", "99,999", 99.999],
    ["pt-PT", "12.5", "12,5", 12.5],
    ["fr", "7,05", "7,05", 7.05],
    ["en-US", "0005", "5", 5],
    ["en-US", "1,5", "1.5", 1.5],
    ["es-ES", ",75", "0,75", 0.75],
    ["en-US", "12a.3b", "12a.3b", Number.NaN],
    ["en-US", "-5", "-5", -5],
  ])("%s: typing %s shows %s and means %d", (locale, keys, shown, value) => {
    const text = typeInto(keys, locale);
    expect(text).toBe(shown);
    expect(parseAmount(text, locale)).toBe(value);
  });

  it("reads 0 for an empty or zero field, so Next stays disabled", () => {
    expect(parseAmount(typeInto("", "es-ES"), "es-ES")).toBe(0);
    expect(parseAmount(typeInto("000", "en-US"), "en-US")).toBe(0);
    expect(parseAmount(typeInto("0,00", "pt-BR"), "pt-BR")).toBe(0);
  });

  it("takes a typed amount, or says why not: over the limit is a reason, never a silently disabled Next (issue 28)", () => {
    expect(typedAmount("", "en-US")).toEqual({ amount: 0, refused: null });
    expect(typedAmount("12,50", "es-ES")).toEqual({ amount: 12.5, refused: null });
    expect(typedAmount(typeInto("1000000", "pt-BR"), "pt-BR")).toEqual({ amount: MAX_CONTRIBUTION, refused: null });
    expect(typedAmount(typeInto("1000000,01", "es-ES"), "es-ES")).toEqual({ amount: 0, refused: "donation_error_amount_max" });
    expect(typedAmount("2000000", "en-US")).toEqual({ amount: 0, refused: "donation_error_amount_max" });
    expect(typedAmount("0", "en-US")).toEqual({ amount: 0, refused: "donation_error_amount_required" });
    expect(typedAmount("-5", "en-US")).toEqual({ amount: 0, refused: "donation_error_amount_required" });
    expect(typedAmount("5x", "en-US")).toEqual({ amount: 0, refused: "donation_error_amount_invalid" });
    expect(typedAmount("12.505", "en-US")).toEqual({ amount: 0, refused: "donation_error_amount_decimals" });
  });

  it("names the limit, formatted, in every language's hint and message", () => {
    for (const locale of COMPLETE_LOCALES) {
      const t = makeT(messagesFor(locale), "donation", locale);
      const max = formatMoney(MAX_CONTRIBUTION, "EUR", locale);
      expect(t("donation_amount_limit", { max }), locale).toContain(max);
      expect(t("donation_error_amount_max", { max }), locale).toContain(max);
    }
  });

  it("shows a kept amount back in the locale's format (Back to the amount step)", () => {
    expect(amountFieldText(12.5, decimalSeparator("es-ES"))).toBe("12,50");
    expect(amountFieldText(12.5, decimalSeparator("en-US"))).toBe("12.50");
    expect(amountFieldText(20, ",")).toBe("20");
    expect(amountFieldText(0, ",")).toBe("");
    for (const locale of ["en-US", "es-ES", "eu-ES", "pt-BR", "pt-PT"]) {
      expect(parseAmount(amountFieldText(1234.56, decimalSeparator(locale)), locale)).toBe(1234.56);
    }
  });

  it("formats money in the member's locale, without decimals for whole amounts", () => {
    expect(formatMoney(5, "EUR", "en-US")).toBe("€5");
    expect(formatMoney(12.5, "EUR", "es-ES")).toBe("12,50\u00a0€");
    expect(formatMoney(99, "BRL", "pt-BR")).toBe("R$\u00a099");
    expect(formatMoney(1234.5, "EUR", "pt-PT")).toMatch(/^1\s?234,50\s€$/);
  });
});

describe("the drawer's choices", () => {
  it("offers PayPal only with a PayPal client id", () => {
    expect(availableSources(params())).toEqual(["transfer", "inhand", "external", "paypal"]);
    expect(availableSources(params({ paypal_clientid: null }))).toEqual(["transfer", "inhand", "external"]);
    expect(availableSources(params({ sources: ["inhand"] }))).toEqual(["inhand"]);
    expect(availableSources(null)).toEqual([]);
  });

  it("shows the Brazilian transfer set for region BR, else the IBAN set, leaving out empty values", () => {
    expect(transferLines(params(), "ES").map((l) => l.label)).toEqual([
      "donation_transfer_bank_name",
      "donation_transfer_recipient",
      "donation_transfer_iban",
      "donation_transfer_swift",
    ]);
    const br = transferLines(params(), "BR");
    expect(br.map((l) => l.label)).toEqual(["donation_br_bank", "donation_br_agency", "donation_br_account", "donation_br_cpf", "donation_br_guidelines"]);
    expect(br.find((l) => l.label === "donation_br_guidelines")?.copyable).toBe(false);
    expect(transferLines(params({ br_transfer: null }), "BR")[0].label).toBe("donation_transfer_bank_name");
  });

  it("makes Idempotency-Keys the API accepts, a new one each time", () => {
    const a = newIdempotencyKey();
    expect(isIdempotencyKey(a)).toBe(true);
    expect(a).not.toBe(newIdempotencyKey());
    expect(isIdempotencyKey("short")).toBe(false);
    expect(isIdempotencyKey("x".repeat(101))).toBe(false);
  });

  it("loads PayPal's SDK with the client id and the excluded funding methods and card brands", () => {
    const url = new URL(paypalSdkUrl("sb-client", "EUR", "pt-BR"));
    expect(url.origin + url.pathname).toBe("https://www.paypal.com/sdk/js");
    expect(url.searchParams.get("client-id")).toBe("sb-client");
    expect(url.searchParams.get("currency")).toBe("EUR");
    expect(url.searchParams.get("locale")).toBe("pt_BR");
    expect(url.searchParams.get("disable-funding")).toBe("credit,paylater,venmo");
    expect(url.searchParams.get("disable-card")).toBe("amex,jcb");
    expect(new URL(paypalSdkUrl("x", "BRL", "eu-ES")).searchParams.get("locale")).toBe("es_ES");
  });
});

describe("the drawer's steps without JavaScript (contributeAction before the API call)", () => {
  // These steps never reach the API, so no session or context is needed.
  const args = {} as Parameters<typeof contributeAction>[0];
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return contributeAction(args, "school-supplies-donation", form);
  };

  it("amount step: the free field in the member's locale wins over a quick amount", async () => {
    const answer = await post({ intent: "contribute_amount", locale: "es-ES", amount_fixed: "10", amount_custom: "12,50" });
    expect(answer.status).toBe(200);
    expect(answer.result.donation).toMatchObject({ step: "source", amount: 12.5 });
    const quick = await post({ intent: "contribute_amount", locale: "es-ES", amount_fixed: "50", amount_custom: "" });
    expect(quick.result.donation).toMatchObject({ step: "source", amount: 50 });
  });

  it("amount step: 0 or nothing stays on the step with the error", async () => {
    const answer = await post({ intent: "contribute_amount", locale: "en-US", amount_custom: "0" });
    expect(answer.status).toBe(400);
    expect(answer.result.donation).toMatchObject({ step: "amount", fields: { amount: "donation_error_amount_required" } });
    expect((await post({ intent: "contribute_amount", locale: "en-US" })).result.donation.step).toBe("amount");
  });

  it("amount step: a negative, mistyped or absurd amount is refused with its message, never changed", async () => {
    const cases: [string, string, string][] = [
      ["en-US", "-5", "donation_error_amount_required"],
      ["en-US", "5x", "donation_error_amount_invalid"],
      ["es-ES", "1.000,50", "donation_error_amount_invalid"],
      ["es-ES", "12,505", "donation_error_amount_decimals"],
      ["en-US", "1000000000", "donation_error_amount_max"],
    ];
    for (const [locale, typed, message] of cases) {
      const answer = await post({ intent: "contribute_amount", locale, amount_custom: typed });
      expect(answer.status, typed).toBe(400);
      expect(answer.result.donation, typed).toMatchObject({ step: "amount", amount: 0, fields: { amount: message } });
    }
  });

  it("submit: a comment past its limit is refused and kept whole, never cut", async () => {
    const comment = "ñ".repeat(COMMENT_MAX_LENGTH + 1);
    const answer = await post({ intent: "contribute_submit", amount: "10", source: "inhand", idempotency_key: "abcdefgh-1234", comment });
    expect(answer.status).toBe(400);
    expect(answer.result.donation).toMatchObject({ step: "details", comment, fields: { comment: "form_error_max_length" } });
  });

  it("source step: needs a source, then makes the drawer session's Idempotency-Key once", async () => {
    const missing = await post({ intent: "contribute_source", amount: "10" });
    expect(missing.status).toBe(400);
    expect(missing.result.donation).toMatchObject({ step: "source", fields: { source: "donation_error_source_required" } });
    const next = await post({ intent: "contribute_source", amount: "10", source: "transfer" });
    expect(next.result.donation).toMatchObject({ step: "details", amount: 10, source: "transfer" });
    expect(isIdempotencyKey(next.result.donation.key)).toBe(true);
    const again = await post({ intent: "contribute_source", amount: "10", source: "inhand", idempotency_key: next.result.donation.key! });
    expect(again.result.donation.key).toBe(next.result.donation.key);
  });

  it("back keeps the choices; a submit without amount or source is refused before the API", async () => {
    const back = await post({ intent: "contribute_back", step: "amount", amount: "12.5", source: "transfer", idempotency_key: "abcdefgh-1234" });
    expect(back.result.donation).toMatchObject({ step: "amount", amount: 12.5, source: "transfer", key: "abcdefgh-1234" });
    const submit = await post({ intent: "contribute_submit", amount: "", source: "transfer", idempotency_key: "abcdefgh-1234" });
    expect(submit.status).toBe(400);
    expect(submit.result.donation).toMatchObject({ step: "amount", fields: { amount: "donation_error_amount_required" } });
    expect(isDonationResult(submit.result)).toBe(true);
    expect(isDonationResult({ intent: "join" })).toBe(false);
  });
});

describe("the check-and-confirm sentence", () => {
  // "You give €12.50 by In person": the way of giving was pasted into one sentence for all of them.
  it("has a sentence of its own for each way of giving, in every language, naming the amount", () => {
    for (const locale of COMPLETE_LOCALES) {
      const t = makeT(messagesFor(locale), "donation", locale);
      for (const source of DONATION_SOURCES) {
        const sentence = t(`donation_details_summary_${source}`, { amount: "12,50 €" });
        expect(sentence, `${locale} ${source}`).toContain("12,50 €");
      }
    }
    expect(makeT(messagesFor("en-US"), "donation", "en-US")("donation_details_summary_inhand", { amount: "€12.50" })).toBe("You give €12.50 in person, to the organisers.");
  });
});
