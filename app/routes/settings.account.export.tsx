/** GET /settings/account/export: everything the member's account holds, as one JSON file to keep (decision 034). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { downloadAccountData } from "~/lib/server/account-data.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => downloadAccountData({ request, context });
