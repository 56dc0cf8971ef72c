import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { RootData } from "~/root";

interface MatchLike {
  id: string;
  data: unknown;
}

/** The page title from the signup namespace the root loader sent, e.g. "Create your account · Acme". */
export function signupTitle(matches: MatchLike[], key: string): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  const text = root?.messages.signup?.[key];
  const organization = root?.organization.name ?? "Commons";
  return [{ title: text ? `${text} · ${organization}` : organization }];
}
