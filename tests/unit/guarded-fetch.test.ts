/**
 * The address rule of the guarded fetch (workers/lib/guarded-fetch.ts, issue 25 point 4): every
 * way of writing a loopback, private, link-local or metadata address is recognised, and only
 * loopback over http is let through outside production.
 */
import { describe, expect, it } from "vitest";
import { hostClass, outboundUrlProblem, parseIpv4, parseIpv6 } from "../../workers/lib/guarded-fetch";

const production = { allowLoopback: false };
const development = { allowLoopback: true };

describe("parseIpv4", () => {
  it("reads every form inet_aton accepts", () => {
    expect(parseIpv4("127.0.0.1")).toBe(0x7f000001);
    expect(parseIpv4("2130706433")).toBe(0x7f000001);
    expect(parseIpv4("0x7f000001")).toBe(0x7f000001);
    expect(parseIpv4("0x7f.0.0.1")).toBe(0x7f000001);
    expect(parseIpv4("0177.0.0.1")).toBe(0x7f000001);
    expect(parseIpv4("0177.1")).toBe(0x7f000001);
    expect(parseIpv4("127.1")).toBe(0x7f000001);
    expect(parseIpv4("10.0.65535")).toBe(0x0a00ffff);
    expect(parseIpv4("0")).toBe(0);
  });
  it("refuses what is not an address", () => {
    for (const text of ["256.0.0.1", "1.2.3.4.5", "1..2.3", "08.0.0.1", "example.com", "4294967296", "0x1g", ""]) expect(parseIpv4(text), text).toBeNull();
  });
});

describe("parseIpv6", () => {
  it("reads compressed, full and dotted forms", () => {
    expect(parseIpv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6("2001:db8:0:0:0:0:0:1")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
  });
  it("refuses what is not an address", () => {
    for (const text of ["1::2::3", "12345::", "1:2:3:4:5:6:7", "::ffff:1.2.3", "g::1"]) expect(parseIpv6(text), text).toBeNull();
  });
});

describe("hostClass", () => {
  it("finds loopback however it is written", () => {
    for (const host of ["127.0.0.1", "127.1", "127.255.255.254", "2130706433", "0x7f000001", "0177.0.0.1", "127.0.0.1.", "localhost", "LOCALHOST", "localhost.", "app.localhost", "[::1]", "[0:0:0:0:0:0:0:1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]"]) {
      expect(hostClass(host), host).toBe("loopback");
    }
  });
  it("blocks private, link-local, metadata and reserved addresses in every form", () => {
    const blocked = [
      "10.0.0.1", "10.255.255.255", "0x0a000001", "167772161", "012.0.0.1", "10.1",
      "172.16.0.1", "172.31.255.255", "192.168.1.1", "192.168.1.1.", "0xc0a80101", "3232235777",
      "169.254.169.254", "169.254.1.1", "0xa9fea9fe", "2852039166", "0251.0376.0251.0376",
      "100.64.0.1", "100.100.100.200", "0.0.0.0", "0", "224.0.0.1", "255.255.255.255", "192.0.0.192",
      "[::]", "[fc00::1]", "[fd00:ec2::254]", "[fe80::1]", "[febf::1]", "[ff02::1]",
      "[::ffff:10.0.0.1]", "[::ffff:a00:1]", "[::ffff:169.254.169.254]", "[::ffff:192.168.0.1]", "[::10.0.0.1]", "[64:ff9b::a9fe:a9fe]", "[2002:a00:1::]",
      "metadata.google.internal", "metadata.google.internal.", "METADATA.GOOGLE.INTERNAL", "metadata", "instance-data", "metadata.azure.com",
      "db.internal", "printer.local", "intranet", "999.1.1.1", "1.2.3.4.5", "",
    ];
    for (const host of blocked) expect(hostClass(host), host).toBe("blocked");
  });
  it("lets public hosts through", () => {
    for (const host of ["idp.example.com", "0xfeed.example.com", "10.example.com", "login.microsoftonline.com", "8.8.8.8", "172.32.0.1", "172.15.255.255", "192.169.0.1", "11.0.0.1", "[2606:4700::1111]", "[::ffff:8.8.8.8]", "accounts.google.com."]) {
      expect(hostClass(host), host).toBe("public");
    }
  });
});

describe("outboundUrlProblem", () => {
  it("production: https to a public host only", () => {
    expect(outboundUrlProblem("https://idp.example.com/", production)).toBeNull();
    expect(outboundUrlProblem("http://idp.example.com/", production)).toBe("https_required");
    expect(outboundUrlProblem("https://127.0.0.1/", production)).toBe("address_not_allowed");
    expect(outboundUrlProblem("https://localhost./", production)).toBe("address_not_allowed");
    expect(outboundUrlProblem("http://127.0.0.1:9/", production)).toBe("address_not_allowed");
    expect(outboundUrlProblem("https://user:pw@idp.example.com/", production)).toBe("address_not_allowed");
    expect(outboundUrlProblem("ftp://idp.example.com/", production)).toBe("https_required");
    expect(outboundUrlProblem("not a url", production)).toBe("address_not_allowed");
  });

  it("the URL parser's own normalisation does not get past the rule", () => {
    // WHATWG URL turns these into dotted or bracketed forms; the rule sees the same host either way.
    for (const url of ["https://2130706433/", "https://0x7f.1/", "https://0177.0.0.1/", "https://[::ffff:127.0.0.1]/", "https://169.254.169.254./", "https://0xA9FEA9FE/", "https://[::ffff:a9fe:a9fe]/", "https://%31%30.0.0.1/"]) {
      expect(outboundUrlProblem(url, production), url).toBe("address_not_allowed");
    }
  });

  it("development: loopback over http is allowed, nothing else private is", () => {
    expect(outboundUrlProblem("http://127.0.0.1:9/", development)).toBeNull();
    expect(outboundUrlProblem("http://localhost:8080/", development)).toBeNull();
    expect(outboundUrlProblem("http://[::1]:8080/", development)).toBeNull();
    expect(outboundUrlProblem("http://10.0.0.1/", development)).toBe("address_not_allowed");
    expect(outboundUrlProblem("http://169.254.169.254/latest/meta-data/", development)).toBe("address_not_allowed");
    expect(outboundUrlProblem("http://metadata.google.internal/", development)).toBe("address_not_allowed");
    expect(outboundUrlProblem("http://[fd00:ec2::254]/", development)).toBe("address_not_allowed");
    expect(outboundUrlProblem("http://idp.example.com/", development)).toBe("https_required");
    expect(outboundUrlProblem("https://idp.example.com/", development)).toBeNull();
  });
});
