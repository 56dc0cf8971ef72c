import { describe, expect, it } from "vitest";
import { joinSuccessMessage } from "../../app/components/initiative/arrival-dialog";
import { makeT } from "../../app/i18n/react";
import { messagesFor } from "../../app/i18n/messages.server";

const configured = "Thanks for joining! We have let your manager know.";
const appIntl = {
  "es-ES": { initiative_participation_success_message: "¡Gracias por apuntarte! Hemos avisado a tu responsable." },
  "pt-PT": { "initiatives:initiative_participation_success_message": "Obrigado por te inscreveres!" },
};
const t = (locale: "en-US" | "es-ES" | "pt-PT" | "pt-BR") => makeT(messagesFor(locale, appIntl), "initiatives", locale);

describe("the organisation's join message follows appIntl per locale", () => {
  it("uses the locale's appIntl wording over the configured message", () => {
    expect(joinSuccessMessage(t("es-ES"), configured)).toBe(appIntl["es-ES"].initiative_participation_success_message);
    expect(joinSuccessMessage(t("pt-PT"), configured)).toBe("Obrigado por te inscreveres!");
  });

  it("falls back to the configured message where appIntl has none for the locale", () => {
    expect(joinSuccessMessage(t("en-US"), configured)).toBe(configured);
    expect(joinSuccessMessage(t("pt-BR"), `  ${configured}  `)).toBe(configured);
  });

  it("falls back to the screen's translated default without either", () => {
    expect(joinSuccessMessage(t("pt-BR"), null)).toBe(messagesFor("pt-BR").initiatives.join_success_default);
    expect(joinSuccessMessage(t("pt-BR"), "   ")).toBe(messagesFor("pt-BR").initiatives.join_success_default);
  });
});
