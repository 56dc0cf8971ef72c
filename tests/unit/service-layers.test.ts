/**
 * Services know nothing of HTTP (docs/decisions/014-domain-errors.md): the modules that own a
 * resource's data and rules import neither Hono nor the HTTP error mapping, and build no Response.
 * Route handlers validate, call a service and answer: they hold no SQL. Scans the source as it is,
 * so a service that starts speaking HTTP, or a handler that starts querying, fails here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** One home per resource in workers/: every module in these folders (or these files) is a service. */
const SERVICES = [
  "workers/attachments",
  "workers/auth/members.ts",
  "workers/auth/password-changes.ts",
  "workers/auth/sso-flow.ts",
  "workers/chat/conversations.ts",
  "workers/chat/members.ts",
  "workers/chat/messages.ts",
  "workers/chat/model.ts",
  "workers/chat/service.ts",
  "workers/chat/live.ts",
  "workers/contributions",
  "workers/credentials/bitstring.ts",
  "workers/credentials/holder.ts",
  "workers/credentials/issue.ts",
  "workers/credentials/keys.ts",
  "workers/credentials/open-badge.ts",
  "workers/credentials/status-list.ts",
  "workers/credentials/verify.ts",
  "workers/files/upload-quota.ts",
  "workers/initiatives",
  "workers/lib/domain-errors.ts",
  "workers/participation",
  "workers/profile",
  "workers/tenant/initiative-organization.ts",
];

/** Route handlers that validate, call a service and answer: they hold no query of their own. */
const HANDLERS = [
  "workers/api/attachments.ts",
  "workers/api/chat.ts",
  "workers/api/contributions.ts",
  "workers/api/initiatives.ts",
  "workers/api/organization.ts",
  "workers/api/participation.ts",
  "workers/api/profile.ts",
  "workers/api/signup.ts",
  "workers/api/wall.ts",
  "workers/api/auth.ts",
  "workers/api/sso.ts",
  "workers/api/chat-socket.ts",
  "workers/api/credentials.ts",
];

/** A query in the making: a database handle, a prepared statement, raw SQL or the D1 binding. */
const QUERYING = /\bgetDb\(|\.prepare\(|\bsql`|\.DB\b|\bdb\.(?:select|insert|update|delete|batch)\(/;

const HTTP_SPEAKING = [
  { pattern: /from\s*["']hono(?:\/[^"']*)?["']/, says: "imports Hono" },
  { pattern: /from\s*["'][./]*(?:lib\/)?errors["']/, says: "imports the HTTP error mapping" },
  { pattern: /\bnew Response\(|\bResponse\.(?:json|redirect)\(/, says: "builds a Response" },
  { pattern: /\bc\.(?:json|body|text|header|redirect)\(/, says: "answers through a Hono context" },
];

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(`${relative}/${entry.name}`) : /\.tsx?$/.test(entry.name) ? [`${relative}/${entry.name}`] : [],
  );
}

export function httpViolations(source: string): string[] {
  return HTTP_SPEAKING.filter(({ pattern }) => pattern.test(source)).map(({ says }) => says);
}

describe("the HTTP scanner", () => {
  it("catches Hono, the error mapping, a Response and a context answer", () => {
    expect(httpViolations('import type { Context } from "hono";')).toEqual(["imports Hono"]);
    expect(httpViolations('import { errorJson } from "../lib/errors";')).toEqual(["imports the HTTP error mapping"]);
    expect(httpViolations("return new Response(null, { status: 204 });")).toEqual(["builds a Response"]);
    expect(httpViolations("return c.json(body, 201);")).toEqual(["answers through a Hono context"]);
    expect(httpViolations('import { notFound } from "../lib/domain-errors";')).toEqual([]);
  });
});

describe("the query scanner", () => {
  it("catches a database handle, a statement, raw SQL and the binding", () => {
    expect(QUERYING.test("const db = getDb(c.env);")).toBe(true);
    expect(QUERYING.test('c.env.DB.prepare("SELECT 1")')).toBe(true);
    expect(QUERYING.test("where(sql`json_extract(x)`)")).toBe(true);
    expect(QUERYING.test("await db.select().from(schema.members)")).toBe(true);
    expect(QUERYING.test("await recordContribution(c.env, input)")).toBe(false);
  });
});

describe("handlers hold no SQL", () => {
  it.each(HANDLERS)("%s", (handler) => {
    expect(QUERYING.test(readFileSync(path.join(root, handler), "utf8"))).toBe(false);
  });
});

describe("services speak the domain, not HTTP", () => {
  it.each(SERVICES)("%s", (service) => {
    const violations = filesUnder(service).flatMap((file) => httpViolations(readFileSync(path.join(root, file), "utf8")).map((says) => `${file} ${says}`));
    expect(violations).toEqual([]);
  });
});
