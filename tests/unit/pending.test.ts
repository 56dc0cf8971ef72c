import { describe, expect, it } from "vitest";
import { isPending } from "../../app/lib/pending";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("isPending", () => {
  it("is pending from the submission until the page it leads to has loaded", () => {
    expect(isPending({ state: "submitting", formData: form({}) })).toBe(true);
    // The revalidation after the action, or the redirect's target, still belongs to the submission.
    expect(isPending({ state: "loading", formData: form({}) })).toBe(true);
    expect(isPending({ state: "idle" })).toBe(false);
  });

  it("is not pending for a plain link navigation", () => {
    expect(isPending({ state: "loading" })).toBe(false);
  });

  it("tells a page's forms apart by intent", () => {
    const login = { state: "submitting" as const, formData: form({ intent: "login" }) };
    expect(isPending(login, "login")).toBe(true);
    expect(isPending(login, "resend")).toBe(false);
    expect(isPending(login, null)).toBe(false);
    expect(isPending({ state: "submitting", formData: form({ email: "a@b.c" }) }, null)).toBe(true);
    expect(isPending(login)).toBe(true);
  });
});
