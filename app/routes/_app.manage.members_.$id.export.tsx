/** /manage/members/{id}/export: an administrator downloads a member's data on the member's request, audited (decision 034). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberDataDownload } from "./_app.manage.members/members.server";

export const loader = (args: LoaderFunctionArgs) => memberDataDownload(args, args.params.id ?? "");
