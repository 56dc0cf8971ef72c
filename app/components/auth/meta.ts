import type { MetaFunction } from "@remix-run/cloudflare";
import type { loader as rootLoader } from "~/root";

type Matches = Parameters<MetaFunction>[0]["matches"];

/** "<page> · <organisation>", from the messages and organisation the root loader sent. */
export function pageTitle(matches: Matches, key: string): string {
  const root = matches.find((match) => match.id === "root")?.data as Awaited<ReturnType<typeof rootLoader>> | undefined;
  const page = root?.messages?.auth?.[key];
  const organization = root?.organization?.name ?? "Commons";
  return page ? `${page} · ${organization}` : organization;
}
