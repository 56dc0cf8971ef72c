/** /rankings on the server: the organisation's ranking for the period the URL names; a 404 where the ranking is off or hidden. */
import { memberCall, pathParam, type ApiArgs } from "~/lib/server/api.server";
import { memberOrgSlug } from "~/lib/server/member.server";

export async function loadRanking(args: ApiArgs) {
  const org = await memberOrgSlug(args);
  const period = new URL(args.request.url).searchParams.get("period") === "year" ? "year" : "all";
  const result = await memberCall(args, (api) => api.api[":org"].ranking.$get({ param: { org: pathParam(org) }, query: { period } }));
  if (!result.ok && result.status === 404) throw new Response("Not found", { status: 404 });
  return { period, ranking: result.ok ? result.data : null };
}
