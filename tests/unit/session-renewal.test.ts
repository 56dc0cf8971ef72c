/**
 * A session renewal through the auth origin (SPEC.md section 4; issue 16, point 3): the URL of a
 * 202 refresh answer, which URLs may be framed, and which messages carry tokens.
 */
import { describe, expect, it } from "vitest";
import { renewalUrlAllowed, renewalUrlOf, setTokenMessage } from "~/domain/session-renewal";

const AUTH = "https://auth.example.org";
const tokens = { access_token: "a".repeat(40), refresh_token: "r".repeat(40), expires_in: 900 };

describe("session renewal", () => {
  it("reads the URL to follow from a 202 answer", () => {
    expect(renewalUrlOf({ url: `${AUTH}/renew?s=1` })).toBe(`${AUTH}/renew?s=1`);
    expect(renewalUrlOf({ action: { url: `${AUTH}/renew` } })).toBe(`${AUTH}/renew`);
    for (const body of [null, "x", {}, { url: 4 }, { url: "not a url" }]) expect(renewalUrlOf(body)).toBeNull();
  });

  it("frames only pages of the auth origin", () => {
    expect(renewalUrlAllowed(`${AUTH}/renew?s=1`, AUTH)).toBe(true);
    for (const url of ["https://evil.example/renew", "javascript:alert(1)", `${AUTH}.evil.example/x`, "http://auth.example.org/renew", "", "/renew"]) {
      expect(renewalUrlAllowed(url, AUTH), url).toBe(false);
    }
  });

  it("takes tokens only from a set_token message of the auth origin", () => {
    expect(setTokenMessage({ origin: AUTH, data: { type: "set_token", ...tokens } }, AUTH)).toEqual(tokens);
    expect(setTokenMessage({ origin: "https://evil.example", data: { type: "set_token", ...tokens } }, AUTH)).toBeNull();
    expect(setTokenMessage({ origin: AUTH, data: { type: "other", ...tokens } }, AUTH)).toBeNull();
    expect(setTokenMessage({ origin: AUTH, data: { type: "set_token", access_token: "short", refresh_token: "r".repeat(40), expires_in: 900 } }, AUTH)).toBeNull();
    expect(setTokenMessage({ origin: AUTH, data: "set_token" }, AUTH)).toBeNull();
  });
});
