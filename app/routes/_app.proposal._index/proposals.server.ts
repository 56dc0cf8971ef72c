/** /proposal on the server: the member's proposals; a 404 where the organisation has no proposals. */
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";

export async function loadProposals(args: ApiArgs) {
  const org = await memberOrgSlug(args);
  const result = await memberCall(args, (api) => api.api[":org"].proposal.$get({ param: { org: pathParam(org) } }));
  // Feature `proposals` off: the page does not exist.
  if (!result.ok && result.status === 404) throw new Response("Not found", { status: 404 });
  return { proposals: result.ok ? result.data.proposals : null };
}
