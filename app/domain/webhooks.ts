/**
 * What an organisation's outbound webhooks and chat apps can be told (issue 31, sections 3 and 5;
 * docs/integrations.md): shared by the Worker (the outbox, the validators) and the staff
 * pages (the checkboxes).
 */
export const WEBHOOK_EVENT_TYPES = [
  "initiative.created",
  "initiative.updated",
  "initiative.cancelled",
  "participation.joined",
  "participation.left",
  "participation.approved",
  "participation.rejected",
  "record.validated",
  "record.rejected",
  "contribution.confirmed",
  "proposal.submitted",
  "proposal.approved",
  "proposal.rejected",
  "member.joined",
  "member.removed",
  "certificate.issued",
  "certificate.revoked",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event the "send test event" button sends: to that endpoint only, never through the outbox. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const CHAT_APP_KINDS = ["slack", "teams"] as const;
export type ChatAppKind = (typeof CHAT_APP_KINDS)[number];
export const CHAT_APP_TOPICS = ["new_initiatives", "places_left", "monthly_totals"] as const;
export type ChatAppTopic = (typeof CHAT_APP_TOPICS)[number];

/** The hosts each chat tool's incoming webhooks are served from (an URL elsewhere is refused). */
export const CHAT_APP_HOSTS: Record<ChatAppKind, RegExp> = {
  slack: /^hooks\.slack\.com$/,
  // Teams: the Workflows app (Power Automate) and the older Office 365 connectors.
  teams: /(^|\.)(logic\.azure\.com|powerautomate\.com|powerplatform\.com|webhook\.office\.com|office\.com)$/,
};
