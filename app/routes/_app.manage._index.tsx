/** /manage: the first section the member's role works in. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/lib/manage.server";
import { manageSections } from "~/domain/manage";

export async function loader(args: LoaderFunctionArgs) {
  const { role } = await requireStaff(args);
  return redirect(`/manage/${manageSections(role)[0]}`);
}
