import { describe, expect, it } from "vitest";
import { isIdempotencyKey, isLinkToken } from "../../app/domain/tokens";
import { randomToken } from "../../workers/lib/crypto";

describe("the tokens links and headers carry (app/domain/tokens.ts)", () => {
  it("takes every token the Worker mints for a link, and refuses a cut, padded or foreign one", () => {
    for (let i = 0; i < 50; i++) expect(isLinkToken(randomToken())).toBe(true);
    for (const bad of ["", "a b", "../etc", "abc=", "abc/def", "é".repeat(4), "x".repeat(201), undefined, 42]) expect(isLinkToken(bad)).toBe(false);
    expect(isLinkToken("x".repeat(200))).toBe(true);
  });

  it("bounds an Idempotency-Key to 8 to 100 letters, digits, - or _", () => {
    expect(isIdempotencyKey(crypto.randomUUID())).toBe(true);
    for (const bad of ["short", "x".repeat(101), "has space here", "semi;colon!", null]) expect(isIdempotencyKey(bad)).toBe(false);
    expect(isIdempotencyKey("x".repeat(8))).toBe(true);
  });
});
