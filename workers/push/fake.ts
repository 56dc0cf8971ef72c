/**
 * The local fake push service (development and tests; decision 046): instead of a browser vendor's
 * push service, the notification lands in `push_outbox`, readable at GET /dev/push, as e-mail lands
 * in the outbox. An endpoint whose last path segment is `gone` answers as a push service answers a
 * subscription that no longer exists (410), so the removal can be seen without a real browser.
 */
import type { PushNotification, PushOptions, PushOutcome, PushService, PushTarget } from "./service";

export const FAKE_GONE_SEGMENT = "gone";

export class FakePushService implements PushService {
  constructor(private readonly db: D1Database) {}

  async send(target: PushTarget, notification: PushNotification, options: PushOptions): Promise<PushOutcome> {
    if (new URL(target.endpoint).pathname.split("/").pop() === FAKE_GONE_SEGMENT) return "gone";
    await this.db
      .prepare("INSERT INTO push_outbox (id, endpoint, payload) VALUES (?, ?, ?)")
      .bind(crypto.randomUUID(), target.endpoint, JSON.stringify({ ...notification, ttl: options.ttl }))
      .run();
    return "sent";
  }
}
