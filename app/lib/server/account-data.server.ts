/**
 * Settings → Account, "Your data" (issue 28, point 6; decision 034): the download of everything
 * the account holds (GET /auth/account/export, streamed as the API sends it: an attachment, never
 * cached) and the request to delete the account (POST /auth/account/deletion). The request ends
 * every session, this browser's too, so a granted one leaves for the sign-in page, which says when
 * the account goes and that signing in keeps it.
 */
import { memberCall, memberFetch, type ApiArgs } from "./api.server";

const PASSED_ON = ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options"];

export async function downloadAccountData(args: ApiArgs): Promise<Response> {
  const response = await memberFetch(args, "GET", "/auth/account/export");
  if (response.status !== 200) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const name of PASSED_ON) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { headers });
}

export type AccountDeletionAnswer = { intent: "account_delete"; ok: false; error: string | null; fields?: Record<string, string>; email: string };

/** The deletion form (intent account_delete): a redirect to /signin once asked, else why not. Null for the page's other forms. */
export async function accountDeletionAction(args: ApiArgs, form: FormData): Promise<Response | { status: number; answer: AccountDeletionAnswer } | null> {
  if (form.get("intent") !== "account_delete") return null;
  const email = String(form.get("email") ?? "").slice(0, 320);
  if (!email.trim()) return { status: 400, answer: { intent: "account_delete", ok: false, error: null, fields: { email: "form_error_required" }, email } };
  const result = await memberCall(args, (api) => api.auth.account.deletion.$post({ json: { email } }));
  if (!result.ok) {
    return { status: result.status, answer: { intent: "account_delete", ok: false, error: result.error.fields ? null : result.error.error, fields: result.error.fields, email } };
  }
  const due = (result.data as { deletion_due_at: string }).deletion_due_at.slice(0, 10);
  // The API ended this browser's session with the others; its cookie goes too.
  return new Response(null, { status: 303, headers: { location: `/signin?deletion_due=${due}`, "set-cookie": args.context.webSessions.clearCookie() } });
}
