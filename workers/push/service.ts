/**
 * One interface for Web Push (issue 29, section 3; docs/decisions/046-web-push-and-offline.md): the
 * real adapter speaks RFC 8030 to the browser's push service with an RFC 8291 (aes128gcm) payload
 * and RFC 8292 VAPID, through @block65/webcrypto-web-push (Web Crypto, runs on Workers); the local
 * fake (./fake.ts) keeps what it is given in D1. Chosen by configuration as the payment, geocoding
 * and DNS adapters are.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { getConfig } from "../lib/config";
import { guardedFetch, OutboundRefused } from "../lib/guarded-fetch";
import { FakePushService } from "./fake";

/** A browser's subscription as PushSubscription.toJSON() gives it (keys base64url). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows (public/sw.js): already in the member's language. */
export interface PushNotification {
  title: string;
  body: string;
  /** The page a click opens, a path on the organisation's host. */
  url: string;
  /** Notifications with one tag replace each other (one per conversation, per initiative and kind). */
  tag: string;
}

export interface PushOptions {
  /** Seconds the push service may keep it for a browser that is offline. */
  ttl: number;
  urgency?: "low" | "normal" | "high";
}

/** sent: the push service took it; gone: the subscription is no more (404/410), remove it; failed: try again later. */
export type PushOutcome = "sent" | "gone" | "failed";

export interface PushService {
  send(target: PushTarget, notification: PushNotification, options: PushOptions): Promise<PushOutcome>;
}

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url (what browsers get as applicationServerKey). */
  publicKey: string;
  /** Its private scalar d, base64url. */
  privateKey: string;
  /** mailto: or https: contact the push service may use (RFC 8292 section 2.1). */
  subject: string;
}

/** RFC 8030 section 8: a push service says a subscription is gone with 404 or 410. */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return "sent";
  return status === 404 || status === 410 ? "gone" : "failed";
}

export class WebPushService implements PushService {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly doFetch: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init),
  ) {}

  async send(target: PushTarget, notification: PushNotification, options: PushOptions): Promise<PushOutcome> {
    const request = await buildPushPayload(
      { data: JSON.stringify(notification), options: { ttl: options.ttl, urgency: options.urgency, topic: topicOf(notification.tag) } },
      { endpoint: target.endpoint, expirationTime: null, keys: target.keys },
      this.vapid,
    );
    try {
      const response = await this.doFetch(target.endpoint, { method: "POST", headers: request.headers, body: request.body });
      await response.body?.cancel();
      return outcomeOf(response.status);
    } catch (cause) {
      // An address no push service has (private, loopback, not https): the subscription can never work.
      if (cause instanceof OutboundRefused && (cause.code === "address_not_allowed" || cause.code === "https_required")) return "gone";
      console.error(JSON.stringify({ level: "error", msg: "push delivery failed", error: String(cause) }));
      return "failed";
    }
  }
}

/**
 * RFC 8030 section 5.4: a Topic header (at most 32 base64url characters) lets the push service
 * replace an undelivered message of the same topic; the tag's hash fits.
 */
function topicOf(tag: string): string | undefined {
  const clean = tag.replace(/[^A-Za-z0-9_-]/g, "");
  return clean ? clean.slice(0, 32) : undefined;
}

/** The VAPID keys, or null when they are not set (push is then off: GET /api/{org}/push says so). */
export function vapidKeys(env: Env): VapidKeys | null {
  const config = getConfig(env);
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY || !config.VAPID_SUBJECT) return null;
  return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
}

/**
 * Which push service answers: the real one in production or when PUSH_SERVICE=webpush, the local
 * fake otherwise (or when PUSH_SERVICE=fake); null when push is off (no VAPID keys).
 */
export function pushService(env: Env): PushService | null {
  const config = getConfig(env);
  const keys = vapidKeys(env);
  if (!keys) return null;
  const real = config.PUSH_SERVICE ? config.PUSH_SERVICE === "webpush" : config.ENVIRONMENT === "production";
  // The endpoint is the browser's word: fetched as any address from outside is (decision 026).
  return real ? new WebPushService(keys, guardedFetch(env, { maxBytes: 16 * 1024 })) : new FakePushService(env.DB);
}
