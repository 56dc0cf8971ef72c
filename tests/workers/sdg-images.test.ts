/** The goal images (SPEC.md section 2; issue 28, point 5): one per goal and language, served by the Worker. */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../workers/app";
import { seedOrganizations, testEnv } from "./support";

const app = createApp();

async function get(path: string) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://acme.localhost${path}`), testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  await seedOrganizations();
});

describe("GET /sdg/{language}/{goal}.svg", () => {
  it("draws each goal with its title in each language that has images", async () => {
    const expected: [string, number, string][] = [
      ["en", 2, "ZERO HUNGER"],
      ["es", 2, "HAMBRE CERO"],
      ["pt-BR", 13, "AÇÃO CONTRA A"],
      ["fr", 1, "PAUVRETÉ"],
    ];
    for (const [language, goal, title] of expected) {
      const res = await get(`/sdg/${language}/${goal}.svg`);
      expect(res.status, language).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      const svg = await res.text();
      expect(svg, language).toContain(title);
      expect(svg).toMatch(/^<svg /);
    }
  });

  it("gives all 17 goals in every language", async () => {
    for (const language of ["en", "es", "pt-BR", "pt-PT", "fr"]) {
      for (let goal = 1; goal <= 17; goal++) expect((await get(`/sdg/${language}/${goal}.svg`)).status, `${language} ${goal}`).toBe(200);
    }
  });

  it("answers 404 for a goal or a language there is no image of", async () => {
    for (const path of ["/sdg/en/0.svg", "/sdg/en/18.svg", "/sdg/en/01.svg", "/sdg/en/2.png", "/sdg/eu/1.svg", "/sdg/de/1.svg", "/sdg/en/..%2F1.svg"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
