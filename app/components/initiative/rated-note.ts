/**
 * SPEC.md section 2 sends the member to /initiative#{slug} after joining and after a rating alike.
 * The page that sent the rating notes it here (session storage, this tab only) while the router
 * follows that redirect, so my initiatives thanks for the rating instead of congratulating on a join.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";

const KEY = "commons:rated";

export interface RatedInitiative {
  slug: string;
  title: string;
}

/** Notes the rating while the score's redirect to /initiative#{slug} is being followed. */
export function useNoteRatingRedirect(initiative: RatedInitiative) {
  const navigation = useNavigation();
  const redirecting =
    navigation.state === "loading" &&
    navigation.formData?.get("intent") === "score" &&
    navigation.location.pathname === "/initiative" &&
    navigation.location.hash === `#${initiative.slug}`;
  useEffect(() => {
    if (!redirecting) return;
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ slug: initiative.slug, title: initiative.title }));
    } catch {
      // Storage refused (private mode quotas): the page falls back to its usual dialog.
    }
  }, [redirecting, initiative.slug, initiative.title]);
}

/** The rated initiative a #slug points at, once: the note is removed as it is read. */
export function takeRatedNote(slug: string): RatedInitiative | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const note = raw ? (JSON.parse(raw) as Partial<RatedInitiative>) : null;
    return note?.slug === slug && typeof note.title === "string" ? { slug, title: note.title } : null;
  } catch {
    return null;
  }
}
