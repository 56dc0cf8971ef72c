/** GET /responsible_profile/pdf/{id}: the member's certificate PDF, streamed from the API as a download. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { downloadCertificate } from "./certificate.server";

export const loader = ({ request, context, params }: LoaderFunctionArgs) => downloadCertificate({ request, context }, params.id ?? "");
