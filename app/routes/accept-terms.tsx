import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { saveProfile } from "~/lib/settings.server";

/** POST only: accepts the product terms or the organisation policy through the profile update. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const kind = form.get("kind");
  if (kind !== "platform" && kind !== "organization") throw new Response("Unknown terms", { status: 400 });
  const body = kind === "platform" ? { last_terms_accepted: true } : { org_last_terms_accepted: true };
  const saved = await saveProfile({ request, context }, body);
  if (!saved.ok) throw new Response(saved.error, { status: saved.status });
  const back = request.headers.get("referer");
  const path = back ? new URL(back).pathname : "/wall";
  return redirect(path.startsWith("/") && !path.startsWith("//") ? path : "/wall");
}

export const loader = () => redirect("/settings");
