import { describe, expect, it } from "vitest";
import { detectLocale, localeCookie } from "../../app/i18n/locale.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("page language", () => {
  it("prefers the member's setting", async () => {
    expect(await detectLocale(request({ "accept-language": "es-ES" }), "eu-ES")).toBe("eu-ES");
  });

  it("then the lng cookie", async () => {
    const cookie = (await localeCookie.serialize("pt-PT")).split(";")[0];
    expect(await detectLocale(request({ cookie, "accept-language": "es-ES" }))).toBe("pt-PT");
  });

  it("then the browser language: exact, else the first two letters, else en-US", async () => {
    expect(await detectLocale(request({ "accept-language": "pt-PT,pt;q=0.9" }))).toBe("pt-PT");
    expect(await detectLocale(request({ "accept-language": "pt-AO" }))).toBe("pt-BR");
    expect(await detectLocale(request({ "accept-language": "es-MX,es;q=0.8" }))).toBe("es-ES");
    expect(await detectLocale(request({ "accept-language": "eu" }))).toBe("eu-ES");
    expect(await detectLocale(request({ "accept-language": "de-DE,de;q=0.9,en;q=0.5" }))).toBe("en-US");
    expect(await detectLocale(request({}))).toBe("en-US");
  });
});
