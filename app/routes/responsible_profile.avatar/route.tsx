/** POST /responsible_profile/avatar: the avatar editor's upload, relayed to PUT /api/{org}/profile (./avatar.server.ts). */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { uploadAvatar } from "./avatar.server";
import { methodNotAllowed } from "~/lib/server/relay.server";

export const action = ({ request, context }: ActionFunctionArgs) => (request.method === "POST" ? uploadAvatar({ request, context }) : methodNotAllowed("POST"));
