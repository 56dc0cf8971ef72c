/**
 * The two forms of /settings/account: name and phone, and the social links. Each has one valibot
 * schema that the browser runs for instant feedback (errors shown, Save disabled) and the action runs
 * for the truth before the API, which checks again with the same domain rules.
 */
import * as v from "valibot";
import { fieldErrors } from "~/domain/field-errors";
import { MemberNameSchema } from "~/domain/member-name";
import { profilePhoneSchema } from "~/domain/phone";
import { SocialSchema, type SocialNetwork } from "~/domain/social";

export type AccountIntent = "profile" | "social";

export interface AccountContext {
  /** The region a national phone number is read in. */
  region: string;
  /** Whether the organisation requires a phone (then it cannot be cleared). */
  phoneRequired: boolean;
  networks: readonly SocialNetwork[];
}

export type AccountForm = { ok: true; body: Record<string, unknown> } | { ok: false; fields: Record<string, string> };

/** One form's schema, over the form's own field names (the browser's check and the action's). */
export function accountFormSchema(intent: AccountIntent, context: AccountContext) {
  if (intent === "profile") return v.object({ name: MemberNameSchema, phone: profilePhoneSchema(context.region, context.phoneRequired) });
  // One input per network the organisation asks for; a link's issue is at its network's input.
  return v.pipe(v.object(Object.fromEntries(context.networks.map((network) => [network, v.optional(v.string(), "")]))), SocialSchema);
}

/** The form's values (field name → text) as the partial PUT {org}/profile body, or message keys by field name. */
export function parseAccountForm(intent: AccountIntent, values: Record<string, string>, context: AccountContext): AccountForm {
  const input =
    intent === "profile"
      ? { name: values.name ?? "", phone: values.phone ?? "" }
      : Object.fromEntries(context.networks.map((network) => [network, values[network] ?? ""]));
  const parsed = v.safeParse(accountFormSchema(intent, context), input);
  // Links go to the API as typed ("" removes one), which reads the handles with the same rule.
  if (parsed.success) return { ok: true, body: intent === "social" ? { social: input } : parsed.output };
  return { ok: false, fields: fieldErrors(parsed.issues, { field: accountField }) };
}

/** The API's `social.linkedin` is the `linkedin` input. */
const accountField = (path: string) => path.replace(/^social\./, "");

/** The API's field errors by form field name, the first per field. */
export function accountFieldErrors(errors: { path: string; key: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { path, key } of errors) fields[accountField(path)] ??= key;
  return fields;
}
