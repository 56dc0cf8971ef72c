import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SignupPrompt } from "../../app/components/auth/signup-prompt";
import { deepLinkInitiative, signedOutPath, signupPath } from "../../app/lib/signed-out";

describe("where a visitor without a session goes", () => {
  it("a deep link into one initiative goes to its sign-up link: /initiative/{a}/{b} is /initiative/{slug}/{action}", () => {
    expect(signedOutPath("/initiative/beach-cleanup/participate")).toBe("/signup/i/beach-cleanup");
    expect(signedOutPath("/initiative/beach-cleanup/contribute?drawer=amount")).toBe("/signup/i/beach-cleanup");
    expect(signedOutPath("/initiative/beach-cleanup")).toBe("/signup/i/beach-cleanup");
    expect(signedOutPath("/wall/beach-cleanup")).toBe("/signup/i/beach-cleanup");
    expect(signedOutPath("/wall/beach-cleanup/participate")).toBe("/signup/i/beach-cleanup");
  });

  it("any other page goes to /signin, keeping where the visitor was going", () => {
    expect(signedOutPath("/wall?x=1")).toBe("/signin?redirect=%2Fwall%3Fx%3D1");
    expect(signedOutPath("/initiative")).toBe("/signin?redirect=%2Finitiative");
    expect(signedOutPath("/settings/account")).toBe("/signin?redirect=%2Fsettings%2Faccount");
    expect(signedOutPath("/")).toBe("/signin");
    expect(signedOutPath("/initiative/a/b/c")).toBe("/signin?redirect=%2Finitiative%2Fa%2Fb%2Fc");
  });

  it("only slugs count as initiatives", () => {
    for (const path of ["/initiative/%2F%2Fevil", "/initiative/../settings", "/initiative/Beach", "/initiatives/beach", "//initiative/beach", null, undefined]) {
      expect(deepLinkInitiative(path), String(path)).toBeNull();
    }
  });

  it("the create-account link keeps the initiative, else the e-mail", () => {
    expect(signupPath("/initiative/beach-cleanup/participate", "a@b.co")).toBe("/signup/i/beach-cleanup");
    expect(signupPath("/wall", "a@b.co")).toBe("/signup?email=a%40b.co");
    expect(signupPath(null)).toBe("/signup");
  });
});

describe("the sign-in page's create-account link", () => {
  const linkOf = (url: string, email?: string) =>
    /href="([^"]+)"/.exec(renderToString(createElement(MemoryRouter, { initialEntries: [url] }, createElement(SignupPrompt, { email }))))?.[1];

  it("leads to the initiative's sign-up link when the visitor was going to one", () => {
    expect(linkOf("/signin?redirect=%2Finitiative%2Fbeach-cleanup%2Fparticipate", "a@b.co")).toBe("/signup/i/beach-cleanup");
  });

  it("leads to /signup otherwise, with the e-mail", () => {
    expect(linkOf("/signin?redirect=%2Fsettings", "a@b.co")).toBe("/signup?email=a%40b.co");
    expect(linkOf("/signin")).toBe("/signup");
  });
});
