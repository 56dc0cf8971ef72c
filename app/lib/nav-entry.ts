/** The sidebar's entries; the server picks which of them a member sees (navigationFor in member.server.ts). */
export type NavEntry = "wall" | "initiative" | "proposal" | "responsible_profile" | "rankings" | "about-our-program" | "manage" | "settings";
