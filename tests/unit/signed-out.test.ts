import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SignupPrompt } from "../../app/components/auth/signup-prompt";
import { deepLinkInitiative, landingPath, signedOutPath, signinPath, signupPath, ssoStartLandingOn } from "../../app/lib/signed-out";

describe("where a visitor without a session goes", () => {
  it("a deep link into one initiative goes to sign-in, keeping it (issue 28: e-mailed links are followed by members)", () => {
    expect(signedOutPath("/initiative/beach-cleanup/participate")).toBe("/signin?redirect=%2Finitiative%2Fbeach-cleanup%2Fparticipate");
    expect(signedOutPath("/initiative/beach-cleanup/contribute?drawer=amount")).toBe("/signin?redirect=%2Finitiative%2Fbeach-cleanup%2Fcontribute%3Fdrawer%3Damount");
    expect(signedOutPath("/initiative/beach-cleanup")).toBe("/signin?redirect=%2Finitiative%2Fbeach-cleanup");
    expect(signedOutPath("/wall/beach-cleanup")).toBe("/signin?redirect=%2Fwall%2Fbeach-cleanup");
  });

  it("any other page goes to /signin, keeping where the visitor was going", () => {
    expect(signedOutPath("/wall?x=1")).toBe("/signin?redirect=%2Fwall%3Fx%3D1");
    expect(signedOutPath("/initiative")).toBe("/signin?redirect=%2Finitiative");
    expect(signedOutPath("/settings/account")).toBe("/signin?redirect=%2Fsettings%2Faccount");
    expect(signedOutPath("/")).toBe("/signin");
    expect(signedOutPath("/initiative/a/b/c")).toBe("/signin?redirect=%2Finitiative%2Fa%2Fb%2Fc");
  });

  it("the sign-in page never carries a target off this site, nor one that would loop", () => {
    for (const bad of ["//evil.example/x", "https://evil.example/x", "/\\evil.example", "/%2F%2Fevil.example", "javascript:alert(1)", "/.//evil.example", "/signin?redirect=x", "/logout", "/loading", "/", null, undefined]) {
      expect(signinPath(bad), String(bad)).toBe("/signin");
      expect(landingPath(bad), String(bad)).toBeNull();
    }
    expect(signinPath("/initiative/beach-cleanup", "a@b.co")).toBe("/signin?redirect=%2Finitiative%2Fbeach-cleanup&email=a%40b.co");
    expect(signinPath(null, "a@b.co")).toBe("/signin?email=a%40b.co");
  });

  it("an SSO start lands on the target's path, and only on a path of this site", () => {
    const start = "/sso/initiate/acme-idp/wall?organization=acme&login_hint=a%40b.co";
    expect(ssoStartLandingOn(start, "/initiative/beach-cleanup/participate?x=1")).toBe("/sso/initiate/acme-idp/initiative/beach-cleanup/participate?organization=acme&login_hint=a%40b.co");
    for (const bad of ["//evil.example/x", "https://evil.example/x", "/\\evil.example", "/signin", null]) expect(ssoStartLandingOn(start, bad), String(bad)).toBe(start);
    expect(ssoStartLandingOn("/elsewhere", "/initiative/x")).toBe("/elsewhere");
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
