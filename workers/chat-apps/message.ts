/**
 * What a chat channel is told, before it is formatted for Slack (slack.ts) or Teams (teams.ts):
 * a title, a few lines, optional figures, and one link to open.
 */
export interface Announcement {
  title: string;
  lines: string[];
  facts?: { label: string; value: string }[];
  link: { url: string; label: string };
}
