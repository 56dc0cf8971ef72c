/**
 * Web push's wire format (decision 046): the payload encryption against RFC 8291's own example
 * (Appendix A: its keys, salt and plaintext give its bytes exactly), what the real adapter sends
 * (an aes128gcm body the browser's keys decrypt, VAPID per RFC 8292 with the right claims and a
 * signature the public key verifies), and how push services' answers are read.
 */
import { encryptNotification } from "@block65/webcrypto-web-push";
import { createDecipheriv, createECDH, createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { outcomeOf, WebPushService, type PushNotification } from "../../workers/push/service";

const b64 = (text: string) => Buffer.from(text, "base64url");

/** RFC 8291 Appendix A, verbatim. */
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

const subscription = { endpoint: "https://push.example.net/send/abc", expirationTime: null, keys: { p256dh: RFC.uaPublic, auth: RFC.auth } };

/** The browser's half (RFC 8291 section 3.4 and RFC 8188), written here only to read what was sent. */
function decrypt(body: Buffer, uaPrivate: Buffer, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(uaPrivate);
  const shared = ecdh.computeSecret(asPublic);
  const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const record = body.subarray(21 + idLength);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and then zeroes (RFC 8188 section 2).
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end);
}

/** The RFC's application server key pair, as Web Crypto ECDH keys. */
async function rfcServerKeys(): Promise<CryptoKeyPair> {
  const point = b64(RFC.asPublic);
  const jwk = { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") };
  const privateKey = await crypto.subtle.importKey("jwk", { ...jwk, d: RFC.asPrivate }, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const publicKey = await crypto.subtle.importKey("raw", point, { name: "ECDH", namedCurve: "P-256" }, true, []);
  return { privateKey, publicKey };
}

describe("RFC 8291 payload encryption", () => {
  it("gives Appendix A's message for its keys, salt and plaintext", async () => {
    // The library draws the salt and the server's key pair itself: given the RFC's instead.
    const keys = await rfcServerKeys();
    const salt = b64(RFC.salt);
    const random = crypto.getRandomValues.bind(crypto);
    vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array && array.length === 16) {
        array.set(salt);
        return array;
      }
      return random(array as never) as T;
    });
    vi.spyOn(crypto.subtle, "generateKey").mockResolvedValue(keys as never);
    const body = await encryptNotification(subscription, new TextEncoder().encode(RFC.plaintext), { pad: false });
    expect(Buffer.from(body).toString("base64url")).toBe(RFC.body);
    expect(decrypt(Buffer.from(body), b64(RFC.uaPrivate), b64(RFC.auth)).toString()).toBe(RFC.plaintext);
  });
});

describe("the real push adapter", () => {
  const notification: PushNotification = { title: "A place for you", body: "Held until 10:00", url: "/initiative/beach", tag: "offer-beach" };

  async function vapidPair() {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
    const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
    return { keys: { publicKey, privateKey: d!, subject: "mailto:push@commons.example" }, verifyKey: pair.publicKey };
  }

  function capture(status: number) {
    const sent: { url: string; init: RequestInit }[] = [];
    const doFetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(null, { status });
    }) as unknown as typeof fetch;
    return { sent, doFetch };
  }

  it("posts an aes128gcm body the browser's keys decrypt to the notification", async () => {
    const { keys } = await vapidPair();
    const { sent, doFetch } = capture(201);
    expect(await new WebPushService(keys, doFetch).send({ endpoint: subscription.endpoint, keys: subscription.keys }, notification, { ttl: 3600, urgency: "high" })).toBe("sent");
    const [{ url, init }] = sent;
    expect(url).toBe(subscription.endpoint);
    expect(init.method?.toLowerCase()).toBe("post");
    const headers = new Headers(init.headers);
    expect(headers.get("content-encoding")).toBe("aes128gcm");
    expect(headers.get("ttl")).toBe("3600");
    expect(headers.get("urgency")).toBe("high");
    expect(headers.get("topic")).toBe("offer-beach");
    const body = Buffer.from(init.body as Uint8Array);
    // Padded to one 4096-octet record: the length says nothing of the text.
    expect(body.length).toBe(4096);
    expect(JSON.parse(decrypt(body, b64(RFC.uaPrivate), b64(RFC.auth)).toString())).toEqual(notification);
  });

  it("signs a VAPID JWT (RFC 8292) for the push service's origin, with our contact, valid for at most a day", async () => {
    const { keys, verifyKey } = await vapidPair();
    const { sent, doFetch } = capture(201);
    await new WebPushService(keys, doFetch).send({ endpoint: subscription.endpoint, keys: subscription.keys }, notification, { ttl: 60 });
    const authorization = new Headers(sent[0].init.headers).get("authorization")!;
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
    expect(match?.[2]).toBe(keys.publicKey);
    const [header, claims, signature] = match![1].split(".");
    expect(JSON.parse(b64(header).toString())).toEqual({ typ: "JWT", alg: "ES256" });
    const payload = JSON.parse(b64(claims).toString());
    expect(payload.aud).toBe("https://push.example.net");
    expect(payload.sub).toBe("mailto:push@commons.example");
    const now = Date.now() / 1000;
    expect(payload.exp).toBeGreaterThan(now);
    expect(payload.exp).toBeLessThanOrEqual(now + 24 * 3600);
    const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifyKey, b64(signature), new TextEncoder().encode(`${header}.${claims}`));
    expect(valid).toBe(true);
  });

  it("reads 404 and 410 as a subscription that is gone, other failures as worth another try", async () => {
    expect([201, 202, 404, 410, 413, 429, 500].map(outcomeOf)).toEqual(["sent", "sent", "gone", "gone", "failed", "failed", "failed"]);
    const { keys } = await vapidPair();
    for (const [status, outcome] of [[410, "gone"], [404, "gone"], [503, "failed"]] as const) {
      const { doFetch } = capture(status);
      expect(await new WebPushService(keys, doFetch).send({ endpoint: subscription.endpoint, keys: subscription.keys }, notification, { ttl: 60 })).toBe(outcome);
    }
  });
});
