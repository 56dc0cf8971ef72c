import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { logout } from "~/lib/entry-redirects.server";

// SPEC.md section 2: /logout ends the session, then /signin. GET (a link) and POST (a form) alike.
export const loader = (args: LoaderFunctionArgs) => logout(args);
export const action = (args: ActionFunctionArgs) => logout(args);

export default function Logout() {
  return null;
}
