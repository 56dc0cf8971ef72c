/**
 * /push/subscription (decision 046): this browser's push subscription, relayed to
 * /api/{org}/push as the signed-in member (the browser holds no token). GET ?endpoint= says
 * whether the member holds it (and the VAPID key to subscribe with); PUT stores it (PushSubscription.toJSON()); DELETE `{ endpoint }`
 * removes it. Origin is checked by the edge like every write.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forwardQuery, jsonWriteBody, methodNotAllowed, relayApi } from "~/lib/server/relay.server";

type PushState = { available: boolean; public_key: string | null; subscribed: boolean };

/** The key to subscribe with, and whether this endpoint is the member's here (the member's preferences stay with the settings page). */
export const loader = (args: LoaderFunctionArgs) =>
  relayApi(args, "GET", `/push${forwardQuery(args.request, ["endpoint"])}`, undefined, (data) => {
    const { available, public_key, subscribed } = data as PushState;
    return { available, public_key, subscribed };
  });

export async function action(args: ActionFunctionArgs) {
  const method = args.request.method;
  if (method !== "PUT" && method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const parsed = await jsonWriteBody(args.request);
  if ("refusal" in parsed) return parsed.refusal;
  return relayApi(args, method, "/push/subscription", parsed.body);
}
