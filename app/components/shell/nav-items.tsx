import { Award, BookOpen, ClipboardCheck, Home, Lightbulb, ListChecks, Settings, UserRound, type LucideIcon } from "lucide-react";
import type { NavEntry } from "~/lib/nav-entry";

export const NAV_ITEMS: Record<NavEntry, { to: string; icon: LucideIcon; label: string }> = {
  wall: { to: "/wall", icon: Home, label: "nav_wall" },
  initiative: { to: "/initiative", icon: ListChecks, label: "nav_initiative" },
  proposal: { to: "/proposal", icon: Lightbulb, label: "nav_proposal" },
  responsible_profile: { to: "/responsible_profile", icon: UserRound, label: "nav_responsible_profile" },
  rankings: { to: "/rankings", icon: Award, label: "nav_rankings" },
  "about-our-program": { to: "/about-our-program", icon: BookOpen, label: "nav_about_our_program" },
  manage: { to: "/manage", icon: ClipboardCheck, label: "nav_manage" },
  settings: { to: "/settings", icon: Settings, label: "nav_settings" },
};
