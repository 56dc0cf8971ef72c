import { describe, expect, it } from "vitest";
import { isAbortedDataRequest } from "../support/browser.mjs";

// The browser tests fail on any console error; only the line Remix logs for a data request its router
// aborted is left out (its timing decided whether it appeared: a flaky red CI otherwise).
describe("the browser harness's console filter", () => {
  it("leaves out the aborted data request lines", () => {
    expect(isAbortedDataRequest("AbortError: BodyStreamBuffer was aborted")).toBe(true);
    expect(isAbortedDataRequest("AbortError: signal is aborted without reason")).toBe(true);
    // With the stack of the abort: the router's navigate superseding a pending data request.
    expect(isAbortedDataRequest("AbortError: signal is aborted without reason\n    at bt (http://acme.localhost:1/assets/components.js:49:19808)\n    at Object.Pr [as navigate] (http://acme.localhost:1/assets/components.js:49:19338)")).toBe(true);
  });

  it("keeps every other error", () => {
    expect(isAbortedDataRequest("TypeError: Cannot read properties of undefined (reading 'id')")).toBe(false);
    expect(isAbortedDataRequest("Failed to load resource: the server responded with a status of 500 ()")).toBe(false);
    expect(isAbortedDataRequest("Hydration failed because the server rendered HTML didn't match the client. AbortError: BodyStreamBuffer was aborted")).toBe(false);
    expect(isAbortedDataRequest("Unable to decode turbo-stream response from URL: /wall.data")).toBe(false);
    expect(isAbortedDataRequest("AbortError: signal is aborted without reason\nTypeError: something else")).toBe(false);
  });
});
