import { describe, expect, it } from "vitest";
import { localPath, MAX_LOCAL_PATH_LENGTH } from "../../app/domain/same-origin";

const ORIGIN = "https://acme.commons.example";

describe("localPath", () => {
  it("keeps paths of this site with their query and hash", () => {
    expect(localPath("/wall")).toBe("/wall");
    expect(localPath("/initiative/beach?tab=docs#top")).toBe("/initiative/beach?tab=docs#top");
    expect(localPath("/")).toBe("/");
    expect(localPath("/a//b")).toBe("/a//b");
  });

  it("normalises dot segments, and refuses them when the result starts with //", () => {
    expect(localPath("/settings/../wall")).toBe("/wall");
    expect(localPath("/.//evil.example")).toBeNull();
    expect(localPath("/./%2Fevil.example")).toBeNull();
    expect(localPath("/x/..//evil.example")).toBeNull();
  });

  it("refuses protocol-relative and backslash tricks, raw or encoded", () => {
    for (const raw of ["//evil.example", "/\\evil.example", "\\\\evil.example", "/%2F%2Fevil.example", "/%2fevil.example", "/%5Cevil.example", "/wall\\x"]) {
      expect(localPath(raw), raw).toBeNull();
    }
  });

  it("refuses tabs, newlines and other control characters, raw or encoded", () => {
    for (const raw of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil", "/%09/evil.example", "/%0a/evil", "/wall\u0000", "/wall%7f"]) {
      expect(localPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it("refuses absolute URLs and other schemes without an origin to compare", () => {
    for (const raw of ["https://evil.example/wall", `${ORIGIN}/wall`, "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "wall", ""]) {
      expect(localPath(raw), raw).toBeNull();
    }
  });

  it("with an origin, takes an absolute URL of this site as its path and refuses any other", () => {
    expect(localPath(`${ORIGIN}/initiative/beach?x=1`, ORIGIN)).toBe("/initiative/beach?x=1");
    expect(localPath("https://evil.example/wall", ORIGIN)).toBeNull();
    expect(localPath("http://acme.commons.example/wall", ORIGIN)).toBeNull();
    expect(localPath("https://acme.commons.example.evil.example/wall", ORIGIN)).toBeNull();
    expect(localPath("https://acme.commons.example@evil.example/wall", ORIGIN)).toBeNull();
    expect(localPath("javascript:alert(1)", ORIGIN)).toBeNull();
    expect(localPath(`${ORIGIN}/.//evil.example`, ORIGIN)).toBeNull();
  });

  it("refuses what is not a string, malformed URLs and overlong targets", () => {
    for (const raw of [null, undefined, 42, {}, ["/wall"]]) expect(localPath(raw)).toBeNull();
    expect(localPath("http://[::1", ORIGIN)).toBeNull();
    expect(localPath(`/${"a".repeat(MAX_LOCAL_PATH_LENGTH)}`)).toBeNull();
  });
});
