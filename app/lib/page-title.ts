import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { RootData } from "~/root";

interface MatchLike {
  id: string;
  data: unknown;
}

/**
 * "<page> · <organisation>", from the messages and organisation the root loader sent (meta runs
 * outside React, so it reads the translations from the root match rather than a hook).
 */
export function pageTitle(matches: MatchLike[], ns: string, key: string): string {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  const page = root?.messages?.[ns]?.[key];
  const organization = root?.organization?.name ?? "Commons";
  return page ? `${page} · ${organization}` : organization;
}

export const titleMeta = (matches: MatchLike[], ns: string, key: string): MetaDescriptor[] => [{ title: pageTitle(matches, ns, key) }];
