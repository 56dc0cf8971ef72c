import { describe, expect, it } from "vitest";
import { unsupportedBrowser } from "../../app/lib/browser-support";

describe("unsupported browser banner", () => {
  it("flags browsers below the minimum versions", () => {
    expect(unsupportedBrowser("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.93 Safari/537.36")).toEqual({ browser: "Chrome", minimum: 100 });
    expect(unsupportedBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:91.0) Gecko/20100101 Firefox/91.0")).toEqual({ browser: "Firefox", minimum: 100 });
    expect(unsupportedBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 14_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Mobile/15E148 Safari/604.1")).toEqual({ browser: "Safari", minimum: 15 });
    expect(unsupportedBrowser("Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko")).toEqual({ browser: "Edge", minimum: 100 });
  });

  it("lets current browsers and unknown agents through", () => {
    expect(unsupportedBrowser("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36")).toBeNull();
    expect(unsupportedBrowser("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36 Edg/150.0")).toBeNull();
    expect(unsupportedBrowser("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15")).toBeNull();
    expect(unsupportedBrowser("curl/8.0")).toBeNull();
    expect(unsupportedBrowser(null)).toBeNull();
  });
});
