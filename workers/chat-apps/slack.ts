/**
 * An announcement as a Slack incoming-webhook message in Block Kit
 * (https://api.slack.com/reference/block-kit/blocks): a header, the lines as mrkdwn, the figures as
 * fields, and a button with the link. `text` is the notification's fallback. Slack's mrkdwn treats
 * &, < and > as markup: they are escaped as its documentation asks.
 */
import type { Announcement } from "./message";

const escapeMrkdwn = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Slack caps a header at 150 characters, a section's text at 3000 and a field at 2000. */
const cap = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function slackMessage(announcement: Announcement) {
  const blocks: Record<string, unknown>[] = [{ type: "header", text: { type: "plain_text", text: cap(announcement.title, 150), emoji: true } }];
  if (announcement.lines.length) blocks.push({ type: "section", text: { type: "mrkdwn", text: cap(announcement.lines.map(escapeMrkdwn).join("\n"), 3000) } });
  if (announcement.facts?.length) {
    blocks.push({ type: "section", fields: announcement.facts.slice(0, 10).map((fact) => ({ type: "mrkdwn", text: cap(`*${escapeMrkdwn(fact.label)}*\n${escapeMrkdwn(fact.value)}`, 2000) })) });
  }
  blocks.push({ type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: cap(announcement.link.label, 75) }, url: announcement.link.url }] });
  return { text: cap(announcement.title, 3000), blocks };
}
