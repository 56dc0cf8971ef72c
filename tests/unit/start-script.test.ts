/** `npm start` on another port (README: `PORT=9000 npm start`): the links it e-mails use that port too. */
import { describe, expect, it } from "vitest";
import { devServerArgs } from "../../scripts/lib.mjs";

describe("devServerArgs", () => {
  it("gives wrangler dev the port and a PUBLIC_URL on the same port", () => {
    expect(devServerArgs("9000", "")).toEqual(["dev", "--ip", "127.0.0.1", "--port", "9000", "--var", "PUBLIC_URL:http://localhost:9000"]);
    expect(devServerArgs("8787", undefined)).toContain("PUBLIC_URL:http://localhost:8787");
  });

  it("keeps a PUBLIC_URL set in the environment", () => {
    expect(devServerArgs("9000", "https://commons.example")).toContain("PUBLIC_URL:https://commons.example");
  });
});
