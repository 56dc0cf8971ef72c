import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseWallFilters } from "~/domain/initiatives/wall-filters";
import { SignupSchema } from "~/domain/signup";
import { isSlug, slugSchema, slugWords, SLUG_MAX_LENGTH } from "~/domain/slug";
import { deepLinkInitiative } from "~/lib/signed-out";

const longest = "a".repeat(SLUG_MAX_LENGTH);
const tooLong = "a".repeat(SLUG_MAX_LENGTH + 1);

describe("the one slug rule", () => {
  it("takes lowercase letters, digits and hyphens up to the limit, starting with a letter or digit", () => {
    expect(SLUG_MAX_LENGTH).toBe(100);
    for (const slug of ["raices-verdes", "a", "2030-agenda", longest]) expect(isSlug(slug)).toBe(true);
    for (const slug of ["", "-lead", "Upper", "snake_case", "a b", "ü", tooLong, null, undefined]) expect(isSlug(slug)).toBe(false);
  });

  it("is the same rule in the schema the API validates with", () => {
    expect(v.safeParse(slugSchema(), longest).success).toBe(true);
    expect(v.safeParse(slugSchema(), tooLong).issues?.[0].message).toBe("form_error_invalid");
    expect(v.safeParse(slugSchema("form_error_x"), "snake_case").issues?.[0].message).toBe("form_error_x");
  });

  it("is the same limit for the wall's category, a deep link and a sign-up's organisation", () => {
    // The page used to drop categories over 80 characters; the sign-up schema allowed 100.
    const category = `c${"-x".repeat(45)}`;
    expect(parseWallFilters(new URLSearchParams({ category }), Date.now()).category).toBe(category);
    expect(parseWallFilters(new URLSearchParams({ category: tooLong }), Date.now()).category).toBe("");
    expect(deepLinkInitiative(`/initiative/${longest}/participate`)).toBe(longest);
    expect(deepLinkInitiative(`/initiative/${tooLong}`)).toBeNull();
    const signup = { name: "Ana", email: "ana@example.org", agreeTC: true };
    expect(v.safeParse(SignupSchema, { ...signup, public_organization_slug: longest }).success).toBe(true);
    expect(v.safeParse(SignupSchema, { ...signup, public_organization_slug: tooLong }).success).toBe(false);
  });
});

describe("slugWords", () => {
  it("folds accents and joins the words with hyphens", () => {
    expect(slugWords("  Limpieza de la playa: ¡Málaga 2026!  ", 60)).toBe("limpieza-de-la-playa-malaga-2026");
    expect(slugWords("Ação ﬁnal", 60)).toBe("acao-final");
  });

  it("never ends on a hyphen after cutting, and is empty when nothing is left", () => {
    expect(slugWords("abc def", 4)).toBe("abc");
    expect(slugWords("日本語 !!", 60)).toBe("");
  });
});
