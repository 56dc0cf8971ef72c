import { describe, expect, it } from "vitest";
import { makeT } from "../../app/i18n/react";

const messages = { common: { hello: "Hello {{name}}", plain: "Plain" }, auth: { title: "Sign in" } };

describe("the browser translator", () => {
  it("reads the namespace, interpolates, and accepts ns:key", () => {
    const t = makeT(messages, "common");
    expect(t("hello", { name: "Ana" })).toBe("Hello Ana");
    expect(t("auth:title")).toBe("Sign in");
  });

  it("takes the first key that exists, then defaultValue, then the key", () => {
    const t = makeT(messages, "common");
    expect(t(["missing", "plain"])).toBe("Plain");
    expect(t("missing", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(t("missing")).toBe("missing");
  });

  it("leaves unknown placeholders as they are", () => {
    expect(makeT(messages, "common")("hello")).toBe("Hello {{name}}");
  });
});
