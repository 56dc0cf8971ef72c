/** /recover_password: mails a reset link (SPEC.md section 4). */
import { normalizeEmail } from "~/domain/email";
import { EmailFormSchema, type AuthFailure, type FieldErrors } from "~/domain/auth-forms";
import { parseForm } from "~/domain/form-values";
import { publicCall, type ApiArgs } from "~/lib/server/api.server";
import { apiFieldErrors, failureOf, formOf, statusOf, text, type Outcome } from "~/lib/server/auth-flow.server";

export type RecoverActionData = Outcome<{ email: string; sent?: boolean; errors?: FieldErrors; failure?: AuthFailure }>;

export async function recoverPasswordAction(args: ApiArgs): Promise<RecoverActionData> {
  const form = await formOf(args.request);
  const email = normalizeEmail(text(form, "email")).slice(0, 320);
  const parsed = parseForm(EmailFormSchema, form);
  if (!parsed.ok) return { status: 400, email, errors: parsed.errors };
  const result = await publicCall(args, (api) => api.auth.recover_password.$post({ json: { email: parsed.value.email, app: "web" } }));
  if (result.ok) return { status: 200, email: parsed.value.email, sent: true };
  const failure = failureOf(result);
  return { status: statusOf(failure), email: parsed.value.email, failure, errors: apiFieldErrors(result) };
}

