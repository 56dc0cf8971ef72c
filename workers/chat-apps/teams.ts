/**
 * An announcement as a Microsoft Teams incoming-webhook message: a `message` with one attachment of
 * content type application/vnd.microsoft.card.adaptive holding an Adaptive Card 1.4 (what the
 * Teams Workflows webhooks and the Office 365 connectors both accept): the title, the lines, the
 * figures as a FactSet and an Action.OpenUrl with the link.
 */
import type { Announcement } from "./message";

export function teamsMessage(announcement: Announcement) {
  const body: Record<string, unknown>[] = [
    { type: "TextBlock", text: announcement.title, weight: "Bolder", size: "Medium", wrap: true },
    ...announcement.lines.map((line) => ({ type: "TextBlock", text: line, wrap: true })),
  ];
  if (announcement.facts?.length) body.push({ type: "FactSet", facts: announcement.facts.map((fact) => ({ title: fact.label, value: fact.value })) });
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          actions: [{ type: "Action.OpenUrl", title: announcement.link.label, url: announcement.link.url }],
        },
      },
    ],
  };
}
