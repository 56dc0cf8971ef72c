/**
 * One home per shared definition (issue 27, section 2): the organisation's roles, the certificate
 * states, the generated-slug rule and the token letters are each written once, and everything else
 * imports them. Scans the source as it is, so a new copy fails here; the rules themselves are checked
 * beside it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_STATUSES } from "~/domain/certificate-status";
import { FEED_FILE_PATTERN } from "~/domain/calendar";
import { proposalModeratorRoles } from "~/domain/manage";
import { generatedSlug, profileSlug } from "~/domain/slug";
import { IDEMPOTENCY_KEY_PATTERN, isBase64Url, LINK_TOKEN_PATTERN } from "~/domain/tokens";
import { TASK_STATUSES } from "../../workers/db/schema";
import { CANT_COME_TOKEN } from "../../workers/reminders/cant-come";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

const code = ["app", "workers", "durable-objects"].flatMap(sourceFiles);

/** The files other than `home` whose text matches `pattern`. */
const copiesOf = (pattern: RegExp, home: string) => code.filter((file) => file !== home && pattern.test(readFileSync(path.join(root, file), "utf8")));

describe("each shared definition has one home", () => {
  it("role lists: only app/domain/manage.ts spells two roles side by side", () => {
    const role = `["'](?:member|organiser|manager|admin)["']`;
    expect(copiesOf(new RegExp(`\\[\\s*${role}\\s*,\\s*${role}|\\bin \\(\\s*${role}\\s*,`), "app/domain/manage.ts")).toEqual([]);
  });

  it("certificate states: only app/domain/certificate-status.ts lists them", () => {
    expect(copiesOf(/"created",\s*"active",\s*"retry"/, "app/domain/certificate-status.ts")).toEqual([]);
    expect(TASK_STATUSES).toBe(CERTIFICATE_STATUSES);
  });

  it("the generated-slug rule: only app/domain/slug.ts turns words into a slug", () => {
    expect(copiesOf(/\bslugWords\(/, "app/domain/slug.ts")).toEqual([]);
  });

  it("token letters: only app/domain/tokens.ts spells base64url's alphabet", () => {
    expect(copiesOf(/\[A-Za-z0-9_-\]/, "app/domain/tokens.ts")).toEqual([]);
  });
});

describe("the shared definitions", () => {
  it("moderators: administrators, and organisers where the organisation lets them", () => {
    expect(proposalModeratorRoles({ organisers_moderate_proposals: false })).toEqual(["admin"]);
    expect(proposalModeratorRoles({ organisers_moderate_proposals: true })).toEqual(["organiser", "admin"]);
  });

  it("a generated slug: the words, else the fallback, and 8 letters or digits", () => {
    expect(generatedSlug("Marta Ruiz", "member", 40, new Uint8Array([0, 1, 2, 3, 4, 5, 6, 36]))).toBe("marta-ruiz-abcdefga");
    expect(generatedSlug("¡¡!!", "member", 40, new Uint8Array(8))).toBe("member-aaaaaaaa");
    expect(profileSlug("Ana María Ñúñez")).toMatch(/^ana-maria-nunez-[a-z0-9]{8}$/);
  });

  it("token patterns take base64url letters only, each within its bounds", () => {
    expect(isBase64Url("AZaz09-_")).toBe(true);
    expect(isBase64Url("a+b/c=")).toBe(false);
    expect(LINK_TOKEN_PATTERN.test("x".repeat(43))).toBe(true);
    expect(LINK_TOKEN_PATTERN.test("x".repeat(201))).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("short")).toBe(false);
    expect(FEED_FILE_PATTERN.exec(`${"a".repeat(43)}.ics`)?.[1]).toBe("a".repeat(43));
    expect(FEED_FILE_PATTERN.test("a.b.ics")).toBe(false);
    expect(CANT_COME_TOKEN.test(`participation-1.${"s".repeat(24)}`)).toBe(true);
    expect(CANT_COME_TOKEN.test(`participation-1.${"s".repeat(23)}!`)).toBe(false);
  });
});
