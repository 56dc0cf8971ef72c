import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { localPath } from "~/domain/same-origin";
import { saveProfile } from "~/lib/server/settings.server";
import { readForm } from "~/lib/server/form.server";

/** POST only: accepts the product terms or the organisation policy through the profile update. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const kind = form.get("kind");
  if (kind !== "platform" && kind !== "organization") throw new Response("Unknown terms", { status: 400 });
  const body = kind === "platform" ? { last_terms_accepted: true } : { org_last_terms_accepted: true };
  const saved = await saveProfile({ request, context }, body);
  if (!saved.ok) throw new Response(saved.error, { status: saved.status });
  // Back to the page the modal was on: the Referer, when it is a page of this site.
  return redirect(localPath(request.headers.get("referer"), new URL(request.url).origin) ?? "/wall");
}

export const loader = () => redirect("/settings");
