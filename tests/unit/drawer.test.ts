import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Drawer } from "../../app/components/ui/drawer";

const render = (open: boolean, dismissible?: boolean) =>
  renderToString(createElement(Drawer, { open, onOpenChange: () => {}, title: "Filters", dismissible }, createElement("p", null, "body")));

describe("Drawer on the server", () => {
  it("renders nothing when closed (no markup, no error)", () => {
    expect(render(false)).toBe("");
  });

  it("renders nothing before hydration even when open: the portal mounts in the browser", () => {
    expect(render(true)).toBe("");
    expect(render(true, false)).toBe("");
  });
});
