/**
 * Social network links of the profile (SPEC.md section 5): a link must match the network's profile
 * URL pattern (LinkedIn: /in/{handle}); only the handle is stored. A bare handle is accepted too.
 */
import * as v from "valibot";

export const SOCIAL_NETWORKS = ["linkedin", "twitter", "github", "gitlab", "facebook"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const HANDLE = "[A-Za-z0-9][A-Za-z0-9_.-]{0,99}";
const PROFILE_URL: Record<SocialNetwork, RegExp> = {
  linkedin: new RegExp(`^(?:https?://)?(?:[a-z]{2,3}\\.)?linkedin\\.com/in/(${HANDLE})/?$`, "i"),
  twitter: new RegExp(`^(?:https?://)?(?:www\\.|mobile\\.)?(?:twitter|x)\\.com/(${HANDLE})/?$`, "i"),
  github: new RegExp(`^(?:https?://)?(?:www\\.)?github\\.com/(${HANDLE})/?$`, "i"),
  gitlab: new RegExp(`^(?:https?://)?(?:www\\.)?gitlab\\.com/(${HANDLE})/?$`, "i"),
  facebook: new RegExp(`^(?:https?://)?(?:www\\.|m\\.)?facebook\\.com/(${HANDLE})/?$`, "i"),
};
const BARE_HANDLE = new RegExp(`^@?(${HANDLE})$`);

/** The handle of a profile link or bare handle, or null when it is neither. */
export function socialHandle(network: SocialNetwork, input: string): string | null {
  const value = input.trim();
  const match = PROFILE_URL[network].exec(value) ?? BARE_HANDLE.exec(value);
  return match ? match[1] : null;
}

/** The public profile URL of a stored handle. */
export function socialUrl(network: SocialNetwork, handle: string): string {
  const base: Record<SocialNetwork, string> = {
    linkedin: "https://www.linkedin.com/in/",
    twitter: "https://x.com/",
    github: "https://github.com/",
    gitlab: "https://gitlab.com/",
    facebook: "https://www.facebook.com/",
  };
  return base[network] + encodeURIComponent(handle);
}

/** `{ linkedin: "https://linkedin.com/in/ana" }` → `{ linkedin: "ana" }`; an empty value removes it. */
export const SocialSchema = v.pipe(
  v.record(v.picklist(SOCIAL_NETWORKS, "form_error_invalid"), v.pipe(v.string("form_error_invalid"), v.maxLength(300, "form_error_invalid_social"))),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const handles: Partial<Record<SocialNetwork, string | null>> = {};
    for (const [network, value] of Object.entries(dataset.value) as [SocialNetwork, string][]) {
      if (value.trim() === "") {
        handles[network] = null;
        continue;
      }
      const handle = socialHandle(network, value);
      if (!handle) {
        addIssue({ message: "form_error_invalid_social", path: [{ type: "object", origin: "value", input: dataset.value, key: network, value }] });
        continue;
      }
      handles[network] = handle;
    }
    return Object.keys(handles).length === Object.keys(dataset.value).length ? handles : NEVER;
  }),
);
