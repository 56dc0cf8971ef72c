import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from "../../workers/auth/tokens";
import { base64UrlDecode, base64UrlEncode, crockfordBase32Encode, randomToken, sha256Hex, timingSafeEqual } from "../../workers/lib/crypto";

const SECRET = "unit-test-secret-0123456789abcdef0123";

describe("access tokens", () => {
  it("round-trips the member and session", async () => {
    const token = await signAccessToken(SECRET, { sub: "member-1", sid: "session-1" });
    const claims = await verifyAccessToken(SECRET, token);
    expect(claims).toMatchObject({ sub: "member-1", sid: "session-1" });
    expect(claims!.exp - claims!.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it("expires after its lifetime", async () => {
    const now = Date.now();
    const token = await signAccessToken(SECRET, { sub: "m", sid: "s" }, now);
    expect(await verifyAccessToken(SECRET, token, now + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)).not.toBeNull();
    expect(await verifyAccessToken(SECRET, token, now + ACCESS_TOKEN_TTL_SECONDS * 1000)).toBeNull();
  });

  it("rejects another secret, a changed payload, another algorithm and junk", async () => {
    const token = await signAccessToken(SECRET, { sub: "m", sid: "s" });
    expect(await verifyAccessToken("a-different-secret-0123456789abcdef", token)).toBeNull();
    const [header, , signature] = token.split(".");
    const payload = base64UrlEncode(new TextEncoder().encode(JSON.stringify({ sub: "admin", sid: "s", iat: 0, exp: 4102444800 })));
    expect(await verifyAccessToken(SECRET, `${header}.${payload}.${signature}`)).toBeNull();
    const none = base64UrlEncode(new TextEncoder().encode(JSON.stringify({ alg: "none", typ: "JWT" })));
    expect(await verifyAccessToken(SECRET, `${none}.${token.split(".")[1]}.`)).toBeNull();
    for (const junk of ["", "a.b", "a.b.c.d", "%%%.***.!!!"]) expect(await verifyAccessToken(SECRET, junk)).toBeNull();
  });
});

describe("token helpers", () => {
  it("makes URL-safe random tokens of the asked entropy, never twice the same", () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64UrlDecode(a)).toHaveLength(32);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomToken())).size).toBe(100);
  });

  it("round-trips base64url and refuses other alphabets", () => {
    const bytes = new Uint8Array([0, 250, 251, 252, 253, 254, 255, 62, 63]);
    expect([...base64UrlDecode(base64UrlEncode(bytes))]).toEqual([...bytes]);
    expect(() => base64UrlDecode("ab+/")).toThrow();
  });

  it("hashes with SHA-256 hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("compares in constant time, including different lengths and empty input", () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3, 1]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([]), new Uint8Array([]))).toBe(false);
  });
});

describe("crockfordBase32Encode", () => {
  it("encodes five bits a character in Crockford's alphabet, the last bits padded with zeros", () => {
    // RFC 4648's "foobar" is MZXW6YTBOI in its own alphabet: the same values in Crockford's.
    expect(crockfordBase32Encode(new TextEncoder().encode("foobar"))).toBe("CSQPYRK1E8");
    expect(crockfordBase32Encode(new Uint8Array([]))).toBe("");
    expect(crockfordBase32Encode(new Uint8Array([0xff]))).toBe("ZW");
    expect(crockfordBase32Encode(crypto.getRandomValues(new Uint8Array(32)))).toMatch(/^[0-9A-HJKMNP-TV-Z]{52}$/);
  });
});
