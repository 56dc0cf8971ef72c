/**
 * One interface for sending e-mail (DESIGN.md "Email"). In development and tests every message
 * lands in the outbox table, readable at GET /dev/mailbox; in production an HTTP provider
 * configured by secrets delivers it.
 */
import { base64Encode } from "../lib/crypto";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Files sent along: text (a calendar event: text/calendar) or bytes (an image). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  /** With its parameters, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  content: string | Uint8Array;
  /**
   * Makes the file an inline part the HTML shows as `<img src="cid:{contentId}">`. Images inside
   * the message as `data:` URLs are not shown by Gmail's web client and several others; an inline
   * part is shown by all of them, and still without a connection once the message is on the phone.
   */
  contentId?: string;
}

/** Base64 of the attachment's bytes (text as UTF-8). */
const base64Content = (content: string | Uint8Array) => base64Encode(typeof content === "string" ? new TextEncoder().encode(content) : content);

/** The outbox keeps text as it is (tests read a calendar file back) and bytes in base64. */
const attachmentsJson = (message: EmailMessage) =>
  JSON.stringify(
    (message.attachments ?? []).map(({ filename, contentType, content, contentId }) => ({
      filename,
      content_type: contentType,
      ...(typeof content === "string" ? { content } : { content: base64Encode(content), encoding: "base64" }),
      ...(contentId ? { content_id: contentId, disposition: "inline" } : {}),
    })),
  );

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** Keeps the message in D1; nothing leaves the machine. */
export class OutboxSender implements EmailSender {
  constructor(private readonly db: D1Database) {}

  async send(message: EmailMessage): Promise<void> {
    await this.db
      .prepare("INSERT INTO email_outbox (id, `to`, subject, text, html, links, attachments, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'outbox')")
      .bind(crypto.randomUUID(), message.to, message.subject, message.text, message.html, JSON.stringify(message.links), attachmentsJson(message))
      .run();
  }
}

/**
 * Delivers through an HTTP e-mail API that takes `{from, to, subject, text, html}` as JSON with a
 * Bearer key (the shape Resend and Postmark-style providers accept). Only the envelope is recorded
 * in D1, never the body: production links carry live tokens.
 */
export class HttpEmailSender implements EmailSender {
  constructor(
    private readonly db: D1Database,
    private readonly options: { url: string; apiKey: string; from: string; fetch?: typeof fetch },
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const doFetch = this.options.fetch ?? fetch;
    let status: "sent" | "failed" = "sent";
    let error: string | null = null;
    try {
      const response = await doFetch(this.options.url, {
        method: "POST",
        headers: { authorization: `Bearer ${this.options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          from: this.options.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
          // Base64 content with its type, and the Content-ID of an inline part: the attachments shape
          // these providers take (Resend: content_id; inline parts are those with one).
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map(({ filename, contentType, content, contentId }) => ({
                  filename,
                  content_type: contentType,
                  content: base64Content(content),
                  ...(contentId ? { content_id: contentId, disposition: "inline" } : {}),
                })),
              }
            : {}),
        }),
      });
      if (!response.ok) {
        status = "failed";
        error = `HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`;
      }
    } catch (cause) {
      status = "failed";
      error = String(cause);
    }
    await this.db
      .prepare("INSERT INTO email_outbox (id, `to`, subject, text, html, links, status, error) VALUES (?, ?, ?, '', '', '[]', ?, ?)")
      .bind(crypto.randomUUID(), message.to, message.subject, status, error)
      .run();
    if (status === "failed") throw new Error(`E-mail delivery failed: ${error}`);
  }
}

export function getEmailSender(env: Env): EmailSender {
  if (env.EMAIL_API_URL && env.EMAIL_API_KEY && env.EMAIL_FROM) {
    return new HttpEmailSender(env.DB, { url: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
  }
  return new OutboxSender(env.DB);
}
