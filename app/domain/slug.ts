/**
 * The one slug rule: organisations, initiatives, lookups (categories, competences, audiences, groups)
 * and profiles all name themselves with lowercase letters, digits and hyphens, starting with a letter
 * or digit, at most SLUG_MAX_LENGTH characters. The columns are plain TEXT, so the limit is ours: it
 * keeps URLs and KV keys short, and every slug we generate or seed fits well inside it. Pages (which
 * answer 404 before calling the API) and the API (which answers form_error_invalid) apply the same rule.
 */
import * as v from "valibot";

export const SLUG_MAX_LENGTH = 100;

/** The pattern without anchors, for rules that embed a slug in a longer path. */
export const SLUG_SOURCE = `[a-z0-9][a-z0-9-]{0,${SLUG_MAX_LENGTH - 1}}`;

const SLUG = new RegExp(`^${SLUG_SOURCE}$`);

export const isSlug = (value: string | null | undefined): value is string => !!value && SLUG.test(value);

/** A string that is a slug, failing with `message` (an error key) otherwise. */
export const slugSchema = (message = "form_error_invalid") => v.pipe(v.string(message), v.regex(SLUG, message));

/**
 * The readable part of a generated slug: the words of `text`, accents folded, lowercase, joined by
 * hyphens, at most `maxLength` characters ("" when nothing is left). Generators add a random tail.
 */
export function slugWords(text: string, maxLength: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
