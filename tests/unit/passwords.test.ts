import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_POLICY } from "../../app/domain/password-policy";
import {
  assertAcceptablePassword,
  hashPassword,
  MAX_PBKDF2_ITERATIONS,
  PBKDF2_ITERATIONS,
  verifyPassword,
} from "../../workers/auth/passwords";
import { DomainError } from "../../workers/lib/domain-errors";

describe("PBKDF2 password hashing", () => {
  it("never uses more iterations than deployed Workers allow (100,000)", async () => {
    expect(MAX_PBKDF2_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(MAX_PBKDF2_ITERATIONS);
    await expect(hashPassword("secret-words", MAX_PBKDF2_ITERATIONS + 1)).rejects.toThrow(RangeError);
    // A stored hash claiming more iterations than the platform allows never verifies.
    const stored = await hashPassword("secret-words");
    expect(await verifyPassword("secret-words", stored.replace("$100000$", "$200000$"))).toBe(false);
  });

  it("stores algorithm and iterations with a random salt per hash", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password only, at the stored iteration count", async () => {
    const stored = await hashPassword("Sol-e-mar-77");
    expect(await verifyPassword("Sol-e-mar-77", stored)).toBe(true);
    expect(await verifyPassword("sol-e-mar-77", stored)).toBe(false);
    const cheaper = await hashPassword("old-cost", 1000);
    expect(await verifyPassword("old-cost", cheaper)).toBe(true);
  });

  it("never matches a missing or malformed hash", async () => {
    for (const stored of [null, "", "plain", "md5$1$a$b", "pbkdf2-sha256$abc$x$y", "pbkdf2-sha256$1000$!!$!!$extra"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });
});

describe("the server's password check", () => {
  const check = (password: string, email = "marta@acme.example") => {
    try {
      assertAcceptablePassword(password, DEFAULT_PASSWORD_POLICY, email);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return (error as DomainError).fields?.password;
    }
  };

  it("applies the policy first, then refuses common passwords", () => {
    expect(check("abc")).toBe("password_policy_minLength");
    expect(check("my-marta-pass")).toBe("password_policy_forbidEmail");
    expect(check("iloveyou")).toBe("password_policy_common");
    expect(check("Quiet-Kiwi-4040")).toBeNull();
  });
});
