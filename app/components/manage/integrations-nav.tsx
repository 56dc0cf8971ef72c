/**
 * The integrations' own sub-navigation (issue 31): API keys (/manage/integrations), webhooks and
 * chat apps, as tab links that work without JavaScript. Mounted on each of the three pages.
 */
import { TabLinks } from "~/components/initiative/tabs";
import { useTranslation } from "~/i18n/react";

export type IntegrationsPage = "keys" | "webhooks" | "chat";

const PAGES: { id: IntegrationsPage; to: string; label: string }[] = [
  { id: "keys", to: "/manage/integrations", label: "nav_keys" },
  { id: "webhooks", to: "/manage/integrations/webhooks", label: "nav_webhooks" },
  { id: "chat", to: "/manage/integrations/chat", label: "nav_chat" },
];

export function IntegrationsNav({ current }: { current: IntegrationsPage }) {
  const { t } = useTranslation("webhooks");
  return <TabLinks label={t("nav_label")} current={current} tabs={PAGES.map((page) => ({ id: page.id, to: page.to, label: t(page.label) }))} />;
}
