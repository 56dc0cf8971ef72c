import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXAMPLE_CREDENTIALS_KEY_SECRET, EXAMPLE_TOKEN_SECRET, getConfig, isProduction } from "../../workers/lib/config";

const base = { DEFAULT_ORG_SLUG: "commons", PUBLIC_URL: "https://commons.example", TOKEN_SECRET: "a-real-secret-of-at-least-32-characters-xyz" };
const config = (values: Record<string, unknown>) => getConfig({ ...base, ...values } as unknown as Env);
const exampleVars = Object.fromEntries(
  readFileSync(new URL("../../.dev.vars.example", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);

describe("Worker configuration", () => {
  it("counts an unset or empty ENVIRONMENT as production", () => {
    expect(config({}).ENVIRONMENT).toBe("production");
    expect(config({ ENVIRONMENT: "" }).ENVIRONMENT).toBe("production");
    expect(isProduction({ ...base } as unknown as Env)).toBe(true);
    expect(() => config({ ENVIRONMENT: "staging" })).toThrow(/ENVIRONMENT must be development, test or production/);
  });

  it("refuses the example TOKEN_SECRET in production, and only there", () => {
    expect(exampleVars.TOKEN_SECRET).toBe(EXAMPLE_TOKEN_SECRET);
    expect(() => config({ TOKEN_SECRET: EXAMPLE_TOKEN_SECRET })).toThrow(/public example value/);
    expect(() => config({ ENVIRONMENT: "production", TOKEN_SECRET: EXAMPLE_TOKEN_SECRET })).toThrow(/public example value/);
    expect(config({ ENVIRONMENT: "development", TOKEN_SECRET: EXAMPLE_TOKEN_SECRET }).ENVIRONMENT).toBe("development");
  });

  it("refuses the example CREDENTIALS_KEY_SECRET in production, and a short one anywhere", () => {
    expect(exampleVars.CREDENTIALS_KEY_SECRET).toBe(EXAMPLE_CREDENTIALS_KEY_SECRET);
    expect(() => config({ CREDENTIALS_KEY_SECRET: EXAMPLE_CREDENTIALS_KEY_SECRET })).toThrow(/CREDENTIALS_KEY_SECRET is the public example value/);
    expect(config({ ENVIRONMENT: "development", CREDENTIALS_KEY_SECRET: EXAMPLE_CREDENTIALS_KEY_SECRET }).CREDENTIALS_KEY_SECRET).toBe(EXAMPLE_CREDENTIALS_KEY_SECRET);
    expect(() => config({ ENVIRONMENT: "development", CREDENTIALS_KEY_SECRET: "short" })).toThrow(/at least 32 characters/);
    expect(config({}).CREDENTIALS_KEY_SECRET).toBeUndefined();
  });

  it("lets the example file declare development, so npm start and wrangler dev work with it", () => {
    expect(exampleVars.ENVIRONMENT).toBe("development");
    expect(config({ ...exampleVars, ...{ DEFAULT_ORG_SLUG: "commons", PUBLIC_URL: "http://localhost:8787" } }).ENVIRONMENT).toBe("development");
  });
});
