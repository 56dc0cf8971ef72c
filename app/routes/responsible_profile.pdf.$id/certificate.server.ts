/** The social CV's PDF download for the browser: GET /api/{org}/responsible_profile/pdf/{id}, streamed with the API's headers. */
import { memberFetch, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";

const PASSED_ON = ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options"];

export async function downloadCertificate(args: ApiArgs, id: string): Promise<Response> {
  const org = await memberOrgSlug(args);
  const response = await memberFetch(args, "GET", `/api/${encodeURIComponent(org)}/responsible_profile/pdf/${encodeURIComponent(id)}`);
  if (response.status !== 200) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { headers });
}
