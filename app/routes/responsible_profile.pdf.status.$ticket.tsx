/** GET /responsible_profile/pdf/status/{ticket}: the PDF task's status for the page's polling (GET /api/{org}/responsible_profile/pdf/status/{ticket}). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { relayApi } from "~/lib/server/relay.server";

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  relayApi({ request, context }, "GET", `/responsible_profile/pdf/status/${encodeURIComponent(params.ticket ?? "")}`);
