import { Mail, Phone, UserRound } from "lucide-react";
import type { Initiative } from "~/domain/initiatives/types";
import { useTranslation } from "~/i18n/react";
import { PageDrawer } from "./page-drawer";

export const hasContact = (i: Initiative) => Boolean(i.contact_person || i.contact_email || i.contact_phone);

/** Contact the organiser: the contact person, a tel: and a mailto: link (SPEC.md section 2). */
export function ContactDrawer({ initiative: i }: { initiative: Initiative }) {
  const { t } = useTranslation("initiative");
  if (!hasContact(i)) return null;
  return (
    <PageDrawer name="contact" title={t("contact_title")} description={t("contact_description")}>
      <ul className="flex flex-col gap-3">
        {i.contact_person ? (
          <li className="flex items-center gap-3">
            <UserRound aria-hidden="true" className="size-5 text-brand" />
            <span className="font-semibold">{i.contact_person}</span>
          </li>
        ) : null}
        {i.contact_phone ? (
          <li>
            <a href={`tel:${i.contact_phone.replace(/[^\d+]/g, "")}`} className="flex items-center gap-3 rounded-md py-2 font-medium text-brand underline">
              <Phone aria-hidden="true" className="size-5" />
              <span>
                <span className="sr-only">{t("contact_call")} </span>
                {i.contact_phone}
              </span>
            </a>
          </li>
        ) : null}
        {i.contact_email ? (
          <li>
            <a href={`mailto:${i.contact_email}?subject=${encodeURIComponent(i.title)}`} className="flex items-center gap-3 rounded-md py-2 font-medium text-brand underline">
              <Mail aria-hidden="true" className="size-5" />
              <span className="break-all">
                <span className="sr-only">{t("contact_write")} </span>
                {i.contact_email}
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    </PageDrawer>
  );
}
