import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, isCommonPassword } from "../../workers/auth/common-passwords";

describe("COMMON_PASSWORDS", () => {
  it("holds at least 1000 entries", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
  });

  it("holds only lowercase, non-empty, whitespace-free entries", () => {
    for (const word of COMMON_PASSWORDS) {
      expect(word).toBe(word.toLowerCase());
      expect(word).not.toBe("");
      expect(word).not.toMatch(/\s/);
    }
  });

  it("includes the classics and Spanish and Portuguese favourites", () => {
    for (const word of [
      "123456",
      "password",
      "qwerty",
      "111111",
      "iloveyou",
      "12345678",
      "contraseña",
      "senha123",
      "futbol",
      "teamo",
      "flamengo",
      "benfica",
    ]) {
      expect(COMMON_PASSWORDS.has(word), word).toBe(true);
    }
  });
});

describe("isCommonPassword", () => {
  it("matches case-insensitively", () => {
    expect(isCommonPassword("Password")).toBe(true);
    expect(isCommonPassword("PASSWORD123")).toBe(true);
    expect(isCommonPassword("ContraSeña")).toBe(true);
    expect(isCommonPassword("qWeRtY")).toBe(true);
  });

  it("matches a decomposed accent too", () => {
    expect(isCommonPassword("contrasen\u0303a")).toBe(true);
  });

  it("rejects passwords that are not on the list", () => {
    expect(isCommonPassword("violet-harbour-tractor-91-quietly")).toBe(false);
    expect(isCommonPassword("password-but-longer-7Q")).toBe(false);
    expect(isCommonPassword("")).toBe(false);
    const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    expect(isCommonPassword(random)).toBe(false);
  });
});
