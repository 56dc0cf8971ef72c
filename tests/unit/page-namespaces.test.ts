import { describe, expect, it } from "vitest";
import { messagesFor } from "../../app/i18n/messages.server";
import { namespacesLeftOut } from "../../app/i18n/page-namespaces";

describe("the namespaces a page is sent (issue 26)", () => {
  it("leaves the staff screens' namespaces out of a member's pages, and the editor's too outside the proposal wizard", () => {
    for (const pathname of ["/", "/wall", "/initiative/beach-clean-up", "/settings/account", "/signin", "/managers"]) {
      expect(namespacesLeftOut(pathname)).toEqual(["manage", "impact", "webhooks", "integrations", "editor"]);
    }
    expect(namespacesLeftOut("/proposal/new/place")).toEqual(["manage", "impact", "webhooks", "integrations"]);
    expect(namespacesLeftOut("/proposal")).toEqual(["manage", "impact", "webhooks", "integrations"]);
  });

  it("sends everything to the staff area", () => {
    expect(namespacesLeftOut("/manage")).toEqual([]);
    expect(namespacesLeftOut("/manage/initiatives/new")).toEqual([]);
  });

  it("builds the messages without what is left out, and the rest as before", () => {
    const all = messagesFor("es-ES");
    const member = messagesFor("es-ES", undefined, namespacesLeftOut("/wall"));
    expect(member.manage).toBeUndefined();
    expect(member.editor).toBeUndefined();
    expect(member.initiatives).toEqual(all.initiatives);
    expect(Object.keys(all).length - Object.keys(member).length).toBe(5);
    // About half of what a page is sent goes (manage alone is a third).
    expect(JSON.stringify(member).length).toBeLessThan(JSON.stringify(all).length * 0.6);
  });
});
