/**
 * A non-public organisation is closed (docs/decisions/004): on its own hostname the sign-up pages
 * never show or redirect with its sign-up token, and a stranger's sign-up is refused with its own
 * message. Page level, against the built Worker (the Remix runtime does not load in workerd tests).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { after, before, describe, test } from "node:test";
import { root, sharedServer, startServer } from "../support/server.mjs";

const ACME_TOKEN = "acme-signup-0b7e6c1a";
const strings = JSON.parse(readFileSync(`${root}/app/i18n/locales/en-US/signup.json`, "utf8"));
let server;

before(async () => {
  // The end-to-end run's one server (scripts/e2e-tests.mjs) when there is one: this file only reads.
  server = sharedServer() ?? (await startServer({ seed: true, vars: { ENVIRONMENT: "test" } }));
});
after(async () => server?.stop());

/**
 * A request on Acme's hostname, as a browser there would send it. node:http, because fetch does
 * not let a Host header through.
 */
function onAcme(path, { method = "GET", body, headers = {} } = {}) {
  const { hostname, port } = new URL(server.url);
  const host = `acme.localhost:${port}`;
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers: { host, origin: `http://${host}`, "accept-language": "en-US", ...headers } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Everything a visitor can read of an answer: status, headers (Location, cookies decoded) and body. */
const visible = (response) => `${response.status} ${JSON.stringify(response.headers)} ${decodeCookies(response)} ${response.text}`;
const decodeCookies = (response) =>
  (response.headers["set-cookie"] ?? [])
    .map((cookie) => {
      const value = decodeURIComponent(cookie.split(";")[0].split("=").slice(1).join("="));
      try {
        return atob(value.split(".")[0]);
      } catch {
        return value;
      }
    })
    .join(" ");

describe("sign-up on a non-public organisation's hostname", () => {
  test("/signup shows Acme's first step without its token, and never redirects with it", async () => {
    const response = await onAcme("/signup");
    assert.equal(response.status, 200);
    assert.match(response.text, /Acme/);
    assert.doesNotMatch(visible(response), new RegExp(ACME_TOKEN));
  });

  test("a /signup/i/{initiative} link of Acme's leads to /signup without the token", async () => {
    const [initiative] = await server.d1("SELECT slug FROM initiatives WHERE org_id = 'org-acme' LIMIT 1");
    const response = await onAcme(`/signup/i/${initiative.slug}`);
    assert.equal(response.status, 302);
    assert.equal(response.headers.location, "/signup");
    assert.doesNotMatch(visible(response), new RegExp(ACME_TOKEN));
  });

  test("a stranger's sign-up is refused with 403 and the invitation message", async () => {
    const body = new URLSearchParams({ name: "Stranger", email: "stranger@example.org", agreeTC: "on" });
    const response = await onAcme("/signup?index", { method: "POST", body: body.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const page = visible(response);
    assert.equal(response.status, 403, page.slice(0, 400));
    assert.ok(page.includes(strings.signup_error_403_invitation_required.replaceAll("'", "&#x27;")), "the page shows signup_error_403_invitation_required");
    assert.doesNotMatch(page, new RegExp(ACME_TOKEN));
  });
});
