/**
 * When the delivery switches an endpoint off (deliver.ts), every administrator of the organisation
 * is told by e-mail, each in their language, through the project's e-mail sender.
 */
import { and, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "../db/client";
import { getEmailSender } from "../email/sender";
import { emailHtml, emailText, escapeHtml, oneLine } from "../email/templates";
import { getOrganizationById, organizationLogoUrl, organizationOrigin } from "../tenant/organizations";
import { messagesIn } from "./strings";

export async function tellEndpointDisabled(env: Env, orgId: string, endpoint: { id: string; url: string }) {
  const org = await getOrganizationById(env, orgId);
  if (!org) return;
  const { members, memberships } = schema;
  const admins = await getDb(env)
    .select({ email: members.email, language: members.language })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "admin"), isNull(members.disabledAt), isNull(members.erasedAt)));
  const origin = organizationOrigin(env, org);
  const link = `${origin}/manage/integrations/webhooks/${endpoint.id}`;
  const sender = getEmailSender(env);
  for (const admin of admins) {
    const { locale, t } = messagesIn(admin.language);
    const values = { url: endpoint.url, organization: org.name };
    const subject = oneLine(t("disabled_subject", values));
    const plain = [t("disabled_greeting"), t("disabled_body", values), t("disabled_fix")];
    await sender.send({
      to: admin.email,
      subject,
      text: emailText({ paragraphs: plain, button: { href: link, label: t("disabled_button") }, footer: [t("disabled_why", values)] }),
      html: emailHtml({
        lang: locale,
        subject,
        organization: org.name,
        logoUrl: organizationLogoUrl(org, origin),
        preheader: escapeHtml(plain[1]),
        paragraphs: plain.map(escapeHtml),
        button: { href: link, label: escapeHtml(t("disabled_button")) },
        notes: [],
        footer: escapeHtml(t("disabled_why", values)),
      }),
      links: [link],
    });
  }
}
