import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_RULES,
  PasswordPolicySchema,
  checkPasswordPolicy,
  failedPasswordRules,
  passwordPolicyMessageKey,
  type PasswordPolicy,
} from "../../app/domain/password-policy";

const policy = (overrides: Partial<PasswordPolicy> = {}): PasswordPolicy => ({
  ...DEFAULT_PASSWORD_POLICY,
  forbiddenWords: [],
  ...overrides,
});

/** Every requirement switched on, used by the ordering tests. */
const STRICT = policy({
  hasSymbols: true,
  hasUppercase: true,
  hasLowercase: true,
  hasNumbers: true,
  forbiddenWords: ["commons"],
  forbidEmail: true,
});

describe("default policy", () => {
  it("is minLength 6, maxLength 80, forbidEmail on, nothing else required", () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({
      minLength: 6,
      maxLength: 80,
      hasSymbols: false,
      hasUppercase: false,
      hasLowercase: false,
      hasNumbers: false,
      forbiddenWords: [],
      forbidEmail: true,
    });
  });

  it("is used when no policy is given", () => {
    expect(checkPasswordPolicy("abcde")).toBe("minLength");
    expect(checkPasswordPolicy("abcdef")).toBeNull();
    expect(checkPasswordPolicy("a".repeat(80))).toBeNull();
    expect(checkPasswordPolicy("a".repeat(81))).toBe("maxLength");
  });
});

describe("minLength", () => {
  it("rejects shorter passwords and accepts the exact minimum", () => {
    expect(checkPasswordPolicy("", policy())).toBe("minLength");
    expect(checkPasswordPolicy("abcde", policy())).toBe("minLength");
    expect(checkPasswordPolicy("abcdef", policy())).toBeNull();
  });

  it("honours a custom minimum", () => {
    const p = policy({ minLength: 10 });
    expect(checkPasswordPolicy("abcdefghi", p)).toBe("minLength");
    expect(checkPasswordPolicy("abcdefghij", p)).toBeNull();
  });

  it("counts characters, not UTF-16 code units", () => {
    // Three emoji are six UTF-16 units but only three characters.
    expect(checkPasswordPolicy("😀😀😀", policy())).toBe("minLength");
    expect(checkPasswordPolicy("😀😀😀😀😀😀", policy())).toBeNull();
  });
});

describe("maxLength", () => {
  it("rejects longer passwords and accepts the exact maximum", () => {
    expect(checkPasswordPolicy("x".repeat(80), policy())).toBeNull();
    expect(checkPasswordPolicy("x".repeat(81), policy())).toBe("maxLength");
  });

  it("honours a custom maximum", () => {
    const p = policy({ maxLength: 8 });
    expect(checkPasswordPolicy("abcdefgh", p)).toBeNull();
    expect(checkPasswordPolicy("abcdefghi", p)).toBe("maxLength");
  });

  it("counts characters, not UTF-16 code units", () => {
    const p = policy({ maxLength: 6 });
    expect(checkPasswordPolicy("😀".repeat(6), p)).toBeNull();
    expect(checkPasswordPolicy("😀".repeat(7), p)).toBe("maxLength");
  });
});

describe("hasSymbols", () => {
  const p = policy({ hasSymbols: true });
  it("requires a character that is neither a letter, a digit nor a space", () => {
    expect(checkPasswordPolicy("abcdef1", p)).toBe("hasSymbols");
    expect(checkPasswordPolicy("abc def", p)).toBe("hasSymbols");
    expect(checkPasswordPolicy("ñandú123", p)).toBe("hasSymbols");
    expect(checkPasswordPolicy("abcdef!", p)).toBeNull();
    expect(checkPasswordPolicy("abc-def", p)).toBeNull();
    expect(checkPasswordPolicy("abcdef€", p)).toBeNull();
  });
  it("is not checked when off", () => {
    expect(checkPasswordPolicy("abcdef1", policy())).toBeNull();
  });
});

describe("hasUppercase", () => {
  const p = policy({ hasUppercase: true });
  it("requires an uppercase letter, including non-ASCII ones", () => {
    expect(checkPasswordPolicy("abcdef1!", p)).toBe("hasUppercase");
    expect(checkPasswordPolicy("abcdeF", p)).toBeNull();
    expect(checkPasswordPolicy("abcdeÉ", p)).toBeNull();
  });
  it("is not checked when off", () => {
    expect(checkPasswordPolicy("abcdef", policy())).toBeNull();
  });
});

describe("hasLowercase", () => {
  const p = policy({ hasLowercase: true });
  it("requires a lowercase letter, including non-ASCII ones", () => {
    expect(checkPasswordPolicy("ABCDEF1!", p)).toBe("hasLowercase");
    expect(checkPasswordPolicy("ABCDEf", p)).toBeNull();
    expect(checkPasswordPolicy("ABCDEñ", p)).toBeNull();
  });
  it("is not checked when off", () => {
    expect(checkPasswordPolicy("ABCDEF", policy())).toBeNull();
  });
});

describe("hasNumbers", () => {
  const p = policy({ hasNumbers: true });
  it("requires a digit", () => {
    expect(checkPasswordPolicy("abcdef!", p)).toBe("hasNumbers");
    expect(checkPasswordPolicy("abcde1", p)).toBeNull();
  });
  it("is not checked when off", () => {
    expect(checkPasswordPolicy("abcdef", policy())).toBeNull();
  });
});

describe("forbiddenWords", () => {
  const p = policy({ forbiddenWords: ["Commons", "volunteer"] });
  it("rejects a password containing a forbidden word, case-insensitively", () => {
    expect(checkPasswordPolicy("mycommons2024", p)).toBe("forbiddenWords");
    expect(checkPasswordPolicy("MYCOMMONS2024", p)).toBe("forbiddenWords");
    expect(checkPasswordPolicy("xxVolunteerxx", p)).toBe("forbiddenWords");
  });
  it("accepts a password that contains none of them", () => {
    expect(checkPasswordPolicy("mycomm0ns2024", p)).toBeNull();
  });
  it("ignores blank forbidden words", () => {
    expect(checkPasswordPolicy("abc def ghi", policy({ forbiddenWords: ["", "   "] }))).toBeNull();
  });
});

describe("forbidEmail", () => {
  const email = "ana.lopez@example.com";
  it("rejects a password containing any 3-character sequence of the email", () => {
    expect(checkPasswordPolicy("xxlopxx1", policy(), email)).toBe("forbidEmail");
    expect(checkPasswordPolicy("zz.comzz", policy(), email)).toBe("forbidEmail");
    expect(checkPasswordPolicy("qqz@eqqq", policy(), email)).toBe("forbidEmail");
  });
  it("is case-insensitive on both sides and trims the email", () => {
    expect(checkPasswordPolicy("xxLOPxx1", policy(), email)).toBe("forbidEmail");
    expect(checkPasswordPolicy("xxlopxx1", policy(), "  ANA.LOPEZ@EXAMPLE.COM ")).toBe("forbidEmail");
  });
  it("accepts a password sharing only 2-character sequences with the email", () => {
    expect(checkPasswordPolicy("anXloXexXco", policy(), email)).toBeNull();
    expect(checkPasswordPolicy("Tr1vial!", policy(), email)).toBeNull();
  });
  it("is not checked when off or when there is no email", () => {
    expect(checkPasswordPolicy("xxlopxx1", policy({ forbidEmail: false }), email)).toBeNull();
    expect(checkPasswordPolicy("xxlopxx1", policy(), "")).toBeNull();
    expect(checkPasswordPolicy("xxlopxx1", policy())).toBeNull();
  });
  it("uses the whole email when it is 3 characters or shorter", () => {
    expect(checkPasswordPolicy("xxabxxxx", policy(), "ab")).toBe("forbidEmail");
    expect(checkPasswordPolicy("xxaxbxxx", policy(), "ab")).toBeNull();
    expect(checkPasswordPolicy("zzABCzzz", policy(), "abc")).toBe("forbidEmail");
    expect(checkPasswordPolicy("zzABzCzz", policy(), "abc")).toBeNull();
    expect(checkPasswordPolicy("zzzzzzqz", policy(), "q")).toBe("forbidEmail");
  });
  it("switches to 3-character sequences from 4 characters on", () => {
    expect(checkPasswordPolicy("zzbcdzzz", policy(), "abcd")).toBe("forbidEmail");
    expect(checkPasswordPolicy("zzabzcdz", policy(), "abcd")).toBeNull();
  });
});

describe("rule order", () => {
  it("lists the rules in SPEC order", () => {
    expect(PASSWORD_RULES).toEqual([
      "minLength",
      "maxLength",
      "hasSymbols",
      "hasUppercase",
      "hasLowercase",
      "hasNumbers",
      "forbiddenWords",
      "forbidEmail",
    ]);
  });

  it("reports the first failing rule when several fail", () => {
    const email = "bcd@x.io";
    // Too short, and also no symbol, uppercase or digit, and contains the email.
    expect(checkPasswordPolicy("bcd", STRICT, email)).toBe("minLength");
    // Too long, with no symbol, uppercase or digit.
    expect(checkPasswordPolicy("b".repeat(81), STRICT, email)).toBe("maxLength");
    // No symbol, no uppercase, no digit, forbidden word, email sequence.
    expect(checkPasswordPolicy("commonsbcd", STRICT, email)).toBe("hasSymbols");
    expect(checkPasswordPolicy("commonsbcd!", STRICT, email)).toBe("hasUppercase");
    expect(checkPasswordPolicy("COMMONSBCD!", STRICT, email)).toBe("hasLowercase");
    expect(checkPasswordPolicy("Commonsbcd!", STRICT, email)).toBe("hasNumbers");
    expect(checkPasswordPolicy("Commonsbcd!1", STRICT, email)).toBe("forbiddenWords");
    expect(checkPasswordPolicy("Comm0nsbcd!1", STRICT, email)).toBe("forbidEmail");
    expect(checkPasswordPolicy("Comm0nsxyz!1", STRICT, email)).toBeNull();
  });

  it("failedPasswordRules lists every failing rule, in order", () => {
    expect(failedPasswordRules("commonsbcd", STRICT, "bcd@x.io")).toEqual([
      "hasSymbols",
      "hasUppercase",
      "hasNumbers",
      "forbiddenWords",
      "forbidEmail",
    ]);
    expect(failedPasswordRules("bc", STRICT, "bcd@x.io")).toEqual([
      "minLength",
      "hasSymbols",
      "hasUppercase",
      "hasNumbers",
    ]);
    expect(failedPasswordRules("Comm0nsxyz!1", STRICT, "bcd@x.io")).toEqual([]);
    expect(failedPasswordRules("abc")).toEqual(["minLength"]);
  });

  it("failedPasswordRules starts with what checkPasswordPolicy reports", () => {
    for (const pw of ["", "bcd", "commonsbcd", "COMMONSBCD!", "Commonsbcd!1", "Comm0nsbcd!1", "x".repeat(90)]) {
      const failed = failedPasswordRules(pw, STRICT, "bcd@x.io");
      expect(checkPasswordPolicy(pw, STRICT, "bcd@x.io")).toBe(failed[0] ?? null);
    }
  });
});

describe("message keys", () => {
  it("are password_policy_{rule}", () => {
    expect(passwordPolicyMessageKey("minLength")).toBe("password_policy_minLength");
    expect(passwordPolicyMessageKey("forbidEmail")).toBe("password_policy_forbidEmail");
    for (const rule of PASSWORD_RULES) {
      expect(passwordPolicyMessageKey(rule)).toBe(`password_policy_${rule}`);
    }
  });
});

describe("PasswordPolicySchema", () => {
  it("fills every default from an empty policy", () => {
    expect(v.parse(PasswordPolicySchema, {})).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it("keeps given fields and fills the rest", () => {
    const parsed = v.parse(PasswordPolicySchema, { minLength: 10, hasSymbols: true, forbiddenWords: ["acme"] });
    expect(parsed).toEqual({
      minLength: 10,
      maxLength: 80,
      hasSymbols: true,
      hasUppercase: false,
      hasLowercase: false,
      hasNumbers: false,
      forbiddenWords: ["acme"],
      forbidEmail: true,
    });
    expect(v.parse(PasswordPolicySchema, { forbidEmail: false }).forbidEmail).toBe(false);
  });

  it("produces a policy that the checker applies", () => {
    const parsed = v.parse(PasswordPolicySchema, { minLength: 8, hasNumbers: true });
    expect(checkPasswordPolicy("abcdef1", parsed)).toBe("minLength");
    expect(checkPasswordPolicy("abcdefgh", parsed)).toBe("hasNumbers");
    expect(checkPasswordPolicy("abcdefg12", parsed)).toBeNull();
  });

  it.each([
    ["a string length", { minLength: "6" }],
    ["a fractional length", { minLength: 6.5 }],
    ["a zero length", { maxLength: 0 }],
    ["a huge length", { maxLength: 5000 }],
    ["a non-boolean flag", { hasSymbols: "yes" }],
    ["a numeric flag", { forbidEmail: 1 }],
    ["forbidden words as a string", { forbiddenWords: "acme" }],
    ["forbidden words with a number", { forbiddenWords: ["acme", 3] }],
  ])("rejects %s", (_label, input) => {
    expect(v.safeParse(PasswordPolicySchema, input).success).toBe(false);
  });

  it.each([[null], [undefined], ["policy"], [42], [true]])("rejects a non-object (%s)", (input) => {
    expect(v.safeParse(PasswordPolicySchema, input).success).toBe(false);
  });
});
