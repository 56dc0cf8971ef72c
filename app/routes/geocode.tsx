/** GET /geocode?q=: address search for the page's scripts (the initiative editor's map), relayed to GET /api/{org}/geocode. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forwardQuery, relayApi } from "~/lib/server/relay.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => relayApi({ request, context }, "GET", `/geocode${forwardQuery(request, ["q", "language"])}`);
