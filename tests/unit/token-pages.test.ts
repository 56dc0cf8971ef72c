/**
 * Pages whose URL holds a token keep it from other sites without breaking their own forms: under
 * "no-referrer" a browser without JavaScript posts them with `Origin: null`, which the origin check
 * refuses (the password of a reset or a confirmation link could not be saved).
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { meta as confirmMeta } from "../../app/routes/confirm_email.$token";
import { meta as inviteMeta } from "../../app/routes/invite.$token/route";
import { meta as recoverMeta } from "../../app/routes/recover_password.$token";
import { isFromElsewhere } from "../../workers/lib/request-origin";

const tagsOf = (meta: MetaFunction) => meta({ matches: [], location: { pathname: "/x/t", search: "", hash: "", state: null, key: "k" }, params: {}, data: undefined, error: undefined } as unknown as Parameters<MetaFunction>[0]) ?? [];

describe("pages with a token in their URL", () => {
  it("send their URL to no other site, and keep their own forms' Origin", () => {
    for (const [page, meta] of [["recover_password", recoverMeta], ["confirm_email", confirmMeta], ["invite", inviteMeta]] as const) {
      expect(tagsOf(meta), page).toContainEqual({ name: "referrer", content: "same-origin" });
    }
  });

  it("because a post with Origin: null is refused as another site's", () => {
    expect(isFromElsewhere(new Request("https://acme.example/recover_password/t", { method: "POST", headers: { origin: "null" } }))).toBe(true);
  });
});
