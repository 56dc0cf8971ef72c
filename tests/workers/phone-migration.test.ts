/**
 * migrations/0005_member_phones.sql on the data it was written for: phones typed in any format
 * before numbers were kept in E.164, and duplicates within an organisation. The database is put back
 * as it was before 0005 (its table and triggers dropped), filled, and migrated again.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { normalizePhone } from "../../app/domain/phone";
import { call, createOrg, json, login } from "./support";
import { hashPassword } from "../../workers/auth/passwords";

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0005_"))!;

// member id → [organisation, days since joining, phone as typed before 0005]
const LEGACY: Record<string, [string, number, string | null][]> = {
  "es-spaced": [["org-es", 30, "+34 612 345 678"]],
  "es-double-zero": [["org-es", 30, "0034 600-123-456"]],
  "es-national": [["org-es", 30, "611.222.333"]],
  "es-bracketed": [["org-es", 30, "(+34) 622 987 654"]],
  "pt-national": [["org-pt", 30, "912 345 678"]],
  "br-national": [["org-br", 30, "(11) 98765-4321"]],
  "br-trunk": [["org-br", 30, "011 3000 0000"]],
  "es-garbage": [["org-es", 30, "call me"]],
  "es-short": [["org-es", 30, "12"]],
  "es-empty": [["org-es", 30, "  "]],
  "es-none": [["org-es", 30, null]],
  // The same number twice in org-es: the member who joined first keeps it.
  "dup-first": [["org-es", 90, "+34 633 444 555"]],
  "dup-later": [["org-es", 10, "633444555"]],
  // The same number in two organisations is no duplicate.
  "pt-same-as-es": [["org-pt", 30, "+34 612 345 678"]],
};

beforeAll(async () => {
  await createOrg({ id: "org-es", slug: "es", isDefault: true });
  await createOrg({ id: "org-pt", slug: "pt", region: "PT" });
  await createOrg({ id: "org-br", slug: "br", community: { region: "BR" } });
  await env.DB.batch([
    env.DB.prepare("DROP TRIGGER profiles_phone_indexed_on_insert"),
    env.DB.prepare("DROP TRIGGER profiles_phone_indexed_on_update"),
    env.DB.prepare("DROP TRIGGER memberships_phone_indexed"),
    env.DB.prepare("DROP TABLE member_phones"),
  ]);
  const hash = await hashPassword("Correct-Horse-9");
  const day = 86_400_000;
  const statements = Object.entries(LEGACY).flatMap(([id, memberships]) => [
    env.DB.prepare("INSERT INTO members (id, email, password_hash, email_confirmed_at, last_terms_accepted_version) VALUES (?1, ?1 || '@legacy.example', ?2, 1, 1)").bind(id, hash),
    env.DB.prepare("INSERT INTO profiles (member_id, name, slug, phone) VALUES (?1, ?1, ?1, ?2)").bind(id, memberships[0][2]),
    ...memberships.map(([org, days]) => env.DB.prepare("INSERT INTO memberships (org_id, member_id, created_at) VALUES (?, ?, ?)").bind(org, id, Date.now() - days * day)),
  ]);
  await env.DB.batch(statements);
  await env.DB.batch(migration.queries.map((query) => env.DB.prepare(query)));
});

const phones = async () =>
  Object.fromEntries((await env.DB.prepare("SELECT member_id, phone FROM profiles").all<{ member_id: string; phone: string | null }>()).results.map((r) => [r.member_id, r.phone]));

describe("migration 0005: phones in E.164, unique per organisation", () => {
  it("normalises what it can read, national numbers in the region of the member's organisation", async () => {
    expect(await phones()).toMatchObject({
      "es-spaced": "+34612345678",
      "es-double-zero": "+34600123456",
      "es-national": "+34611222333",
      "es-bracketed": "+34622987654",
      "pt-national": "+351912345678",
      "br-national": "+5511987654321",
      "br-trunk": "+551130000000",
      "pt-same-as-es": "+34612345678",
    });
  });

  it("leaves only numbers libphonenumber reads as valid E.164: what is not a number is cleared", async () => {
    const all = await phones();
    expect([all["es-garbage"], all["es-short"], all["es-empty"], all["es-none"]]).toEqual([null, null, null, null]);
    for (const phone of Object.values(all)) if (phone !== null) expect(normalizePhone(phone)).toBe(phone);
  });

  it("keeps a duplicate with the member who joined the organisation first and clears the later one", async () => {
    const all = await phones();
    expect([all["dup-first"], all["dup-later"]]).toEqual(["+34633444555", null]);
  });

  it("indexes every phone in each organisation of its member", async () => {
    const { results } = await env.DB.prepare("SELECT org_id, member_id, phone FROM member_phones WHERE member_id IN ('es-spaced', 'pt-same-as-es', 'dup-first', 'dup-later') ORDER BY member_id").all();
    expect(results).toEqual([
      { org_id: "org-es", member_id: "dup-first", phone: "+34633444555" },
      { org_id: "org-es", member_id: "es-spaced", phone: "+34612345678" },
      { org_id: "org-pt", member_id: "pt-same-as-es", phone: "+34612345678" },
    ]);
  });

  it("then refuses, with the 409, a migrated number saved by another member in another format", async () => {
    const { access_token } = (await login("dup-later@legacy.example", "Correct-Horse-9")).body;
    const res = await call("PUT", "/api/es/profile", { body: { phone: "633 44 45 55" }, token: access_token });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: "phone_in_use", fields: { phone: "profile_update_error_desc" } });
  });

  it("lets a member join one more organisation where the number is taken, unindexed there, and a save of it answers 409", async () => {
    await env.DB.prepare("INSERT INTO memberships (org_id, member_id) VALUES ('org-es', 'pt-same-as-es')").run();
    const { results } = await env.DB.prepare("SELECT org_id FROM member_phones WHERE member_id = 'pt-same-as-es'").all();
    expect(results).toEqual([{ org_id: "org-pt" }]);
    const { access_token } = (await login("pt-same-as-es@legacy.example", "Correct-Horse-9")).body;
    expect((await call("PUT", "/api/pt/profile", { body: { phone: "+34612345678" }, token: access_token })).status).toBe(409);
  });

  it("drops a member's index rows with the membership", async () => {
    await env.DB.prepare("DELETE FROM memberships WHERE member_id = 'pt-national'").run();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM member_phones WHERE member_id = 'pt-national'").first("n")).toBe(0);
  });
});
