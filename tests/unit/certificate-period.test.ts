/**
 * The certificate's period in the browser (issue 28): the member's choice becomes the days the API
 * takes, and a period the server refuses comes back as its message key, not as a failed render.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { periodDays, runCertificateTask, type TaskState } from "../../app/lib/browser/certificate-task";

afterEach(() => vi.unstubAllGlobals());

describe("the certificate's period", () => {
  it("all time sends no days, a year its first and last, dates those given", () => {
    expect(periodDays("all", "2025", "2025-03-01", "")).toEqual({});
    expect(periodDays("year", "2025", "", "")).toEqual({ from: "2025-01-01", to: "2025-12-31" });
    expect(periodDays("range", "2025", "2025-03-01", "2025-04-15")).toEqual({ from: "2025-03-01", to: "2025-04-15" });
    expect(periodDays("range", "2025", "", "2025-04-15")).toEqual({ to: "2025-04-15" });
  });

  it("asks with the period and says a refusal's reason", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: "validation_error", fields: { to: "form_error_end_before_start" } }), { status: 400 }));
    vi.stubGlobal("fetch", fetch);
    const states: TaskState[] = [];
    const end = await runCertificateTask((state) => states.push(state), new AbortController().signal, { from: "2025-06-01", to: "2025-01-01" });
    expect(end).toEqual({ status: "failed", refusal: "form_error_end_before_start" });
    expect(states.at(-1)).toEqual(end);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ from: "2025-06-01", to: "2025-01-01", timezone_offset: expect.any(Number) });
  });
});
