import { describe, expect, it } from "vitest";
import { normalizePhone } from "../../app/domain/phone";
import { DEMO_ACCOUNTS } from "../../scripts/seed-data.mjs";

const accounts = DEMO_ACCOUNTS as { email: string; phone: string | null; organization: string }[];

describe("the demo seed's phones", () => {
  it("are stored in E.164, as the app stores them", () => {
    const phones = accounts.filter((a) => a.phone !== null);
    expect(phones.length).toBeGreaterThan(5);
    for (const { email, phone } of phones) expect(normalizePhone(phone!), email).toBe(phone);
  });

  it("are unique within each organisation, as the index of migration 0005 requires", () => {
    const keys = accounts.filter((a) => a.phone !== null).map((a) => `${a.organization} ${a.phone}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
