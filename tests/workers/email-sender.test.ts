import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getEmailSender, HttpEmailSender, OutboxSender } from "../../workers/email/sender";

const message = { to: "ana@commons.example", subject: "Hello", text: "Hi there", html: "<p>Hi there</p>", links: ["http://localhost/x"] };

describe("e-mail senders", () => {
  it("uses the outbox unless all provider secrets are set", () => {
    expect(getEmailSender(env)).toBeInstanceOf(OutboxSender);
    expect(getEmailSender({ ...env, EMAIL_API_URL: "https://mail.example/send", EMAIL_API_KEY: "k" })).toBeInstanceOf(OutboxSender);
    expect(getEmailSender({ ...env, EMAIL_API_URL: "https://mail.example/send", EMAIL_API_KEY: "k", EMAIL_FROM: "Commons <no-reply@commons.example>" })).toBeInstanceOf(HttpEmailSender);
  });

  it("posts to the HTTP provider with the key and records only the envelope", async () => {
    const requests: Request[] = [];
    const sender = new HttpEmailSender(env.DB, {
      url: "https://mail.example/send",
      apiKey: "secret-key",
      from: "Commons <no-reply@commons.example>",
      fetch: (async (input: RequestInfo, init?: RequestInit) => {
        requests.push(new Request(input, init));
        return new Response(JSON.stringify({ id: "m1" }), { status: 200 });
      }) as typeof fetch,
    });
    await sender.send(message);
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.get("authorization")).toBe("Bearer secret-key");
    expect(await requests[0].json()).toEqual({ from: "Commons <no-reply@commons.example>", to: ["ana@commons.example"], subject: "Hello", text: "Hi there", html: "<p>Hi there</p>" });
    const row = await env.DB.prepare("SELECT * FROM email_outbox WHERE status = 'sent'").first<any>();
    expect(row).toMatchObject({ to: "ana@commons.example", subject: "Hello", text: "", html: "" });
  });

  it("records and reports a provider failure", async () => {
    const sender = new HttpEmailSender(env.DB, {
      url: "https://mail.example/send",
      apiKey: "k",
      from: "x@commons.example",
      fetch: (async () => new Response("quota exceeded", { status: 429 })) as unknown as typeof fetch,
    });
    await expect(sender.send(message)).rejects.toThrow(/429/);
    const row = await env.DB.prepare("SELECT * FROM email_outbox WHERE status = 'failed'").first<any>();
    expect(row.error).toMatch(/quota exceeded/);
  });
});
