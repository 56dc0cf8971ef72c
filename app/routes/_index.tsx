import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { entryRedirect } from "~/lib/server/entry-redirects.server";

// SPEC.md section 2: members go through /loading, everyone else to /welcome, keeping ?redirect=.
export const loader = (args: LoaderFunctionArgs) => entryRedirect(args);

export default function Index() {
  return null;
}
