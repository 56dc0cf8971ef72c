/**
 * The Bitstring Status List's bits (W3C v1.0, workers/credentials/bitstring.ts): the first index is
 * the left-most bit, the list is at least 16 KB, GZIP-compressed and Multibase base64url ("u").
 */
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bitIsSet, decodeStatusList, encodeStatusList, STATUS_LIST_LENGTH } from "../../workers/credentials/bitstring";
import { jwsOfUpload } from "../../workers/credentials/verify";

describe("encodeStatusList", () => {
  it("writes 16 KB of bits, GZIP-compressed, as Multibase base64url", async () => {
    const encoded = encodeStatusList([0, 9, STATUS_LIST_LENGTH - 1]);
    expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);
    const bits = gunzipSync(Buffer.from(encoded.slice(1), "base64url"));
    expect(bits.length).toBe(16_384);
    // Index 0 is the left-most bit of the first byte; 9 the second bit of the second.
    expect(bits[0]).toBe(0b1000_0000);
    expect(bits[1]).toBe(0b0100_0000);
    expect(bits[16_383]).toBe(0b0000_0001);
    expect(bits.subarray(2, 16_383).every((byte) => byte === 0)).toBe(true);
  });

  it("reads back what it wrote, and nothing else", async () => {
    const bits = decodeStatusList(encodeStatusList([5, 77_777]))!;
    expect([5, 77_777].map((index) => bitIsSet(bits, index))).toEqual([true, true]);
    expect([0, 4, 6, 77_776, STATUS_LIST_LENGTH, -1].map((index) => bitIsSet(bits, index))).toEqual([false, false, false, false, false, false]);
    expect(decodeStatusList("not multibase")).toBeNull();
    expect(decodeStatusList("uAAAA")).toBeNull();
  });

  it("refuses an index outside the list", () => {
    expect(() => encodeStatusList([STATUS_LIST_LENGTH])).toThrow(RangeError);
    expect(() => encodeStatusList([1.5])).toThrow(RangeError);
  });
});

describe("jwsOfUpload", () => {
  const jws = "eyJhbGciOiJFZERTQSJ9.eyJhIjoxfQ.c2ln";
  it("takes the compact JWS itself, or the EnvelopedVerifiableCredential JSON that holds it", () => {
    expect(jwsOfUpload(`  ${jws}\n`)).toBe(jws);
    expect(jwsOfUpload(JSON.stringify({ "@context": ["https://www.w3.org/ns/credentials/v2"], id: `data:application/vc+jwt,${jws}`, type: "EnvelopedVerifiableCredential" }))).toBe(jws);
  });

  it("answers null for anything else", () => {
    expect(jwsOfUpload("")).toBeNull();
    expect(jwsOfUpload("{not json")).toBeNull();
    expect(jwsOfUpload(JSON.stringify({ id: "https://example.org/credential" }))).toBeNull();
    expect(jwsOfUpload(JSON.stringify({ id: "data:application/vc+jwt,not a jws" }))).toBeNull();
    expect(jwsOfUpload("a.b")).toBeNull();
  });
});
