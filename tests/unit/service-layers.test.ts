/**
 * Services know nothing of HTTP (docs/decisions/014-domain-errors.md): the modules that own a
 * resource's data and rules import neither Hono nor the HTTP error mapping, and build no Response.
 * Route handlers in workers/api/ and workers/auth/ validate, call a service and answer. Scans the
 * source as it is, so a service that starts speaking HTTP fails here.
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
  "workers/chat/service.ts",
  "workers/chat/live.ts",
  "workers/contributions",
  "workers/files/upload-quota.ts",
  "workers/initiatives",
  "workers/lib/domain-errors.ts",
  "workers/profile",
  "workers/tenant/initiative-organization.ts",
];

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

describe("services speak the domain, not HTTP", () => {
  it.each(SERVICES)("%s", (service) => {
    const violations = filesUnder(service).flatMap((file) => httpViolations(readFileSync(path.join(root, file), "utf8")).map((says) => `${file} ${says}`));
    expect(violations).toEqual([]);
  });
});
