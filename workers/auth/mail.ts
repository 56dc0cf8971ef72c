/** The Auth service's two e-mails, in the member's language, through the one sender. */
import { localPath } from "../../app/domain/same-origin";
import { getEmailSender } from "../email/sender";
import { renderEmail, type EmailKind } from "../email/templates";
import { organizationLogoUrl, organizationOrigin, type Tenant } from "../tenant/organizations";
import { createEmailToken, EMAIL_TOKEN_TTL_HOURS } from "./email-tokens";

/** The token e-mails of the Auth service (invitations are sent by workers/admin/invitations.ts). */
export type TokenEmailKind = Extract<EmailKind, "email_confirmation" | "password_reset">;

const LINK_PATHS: Record<TokenEmailKind, string> = {
  email_confirmation: "/confirm_email/",
  password_reset: "/recover_password/",
};

/**
 * Creates a single-use token and mails its link, on the organisation's registered hostname or
 * PUBLIC_URL: never the request's Host header, which whoever asks for the e-mail chooses.
 */
export async function sendTokenEmail(
  env: Env,
  kind: TokenEmailKind,
  member: { id: string; email: string; language: string; name: string },
  tenant: Tenant,
  /** A path of this site the page goes on to once the link has signed the member in; anything else is dropped. */
  next?: string,
) {
  const origin = organizationOrigin(env, tenant);
  const token = await createEmailToken(env, member.id, kind, tenant.id);
  const landing = localPath(next);
  const link = `${origin}${LINK_PATHS[kind]}${token}${landing ? `?${new URLSearchParams({ next: landing })}` : ""}`;
  const email = renderEmail(kind, member.language, {
    name: member.name,
    organization: tenant.name,
    link,
    hours: EMAIL_TOKEN_TTL_HOURS[kind],
    logoUrl: organizationLogoUrl(tenant, origin),
    platform: tenant.isDefault,
  });
  await getEmailSender(env).send({ to: member.email, ...email });
}
