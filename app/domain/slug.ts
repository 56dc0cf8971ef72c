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

const SLUG_TAIL_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A new slug for something named `text`: its words (at most `maxLength` characters, `fallback` when
 * none are left) and a random tail of 8 letters or digits (36^8 tails: two of one organisation never
 * meet), so no read is needed to keep it unique. The one rule for initiatives and profiles.
 */
export function generatedSlug(text: string, fallback: string, maxLength: number, random: Uint8Array = crypto.getRandomValues(new Uint8Array(8))) {
  const words = slugWords(text, maxLength);
  const tail = [...random].map((byte) => SLUG_TAIL_ALPHABET[byte % SLUG_TAIL_ALPHABET.length]).join("");
  return `${words || fallback}-${tail}`;
}

/** An initiative's slug: "limpieza-de-la-playa-k3x9a0qz". */
export const initiativeSlug = (title: string, random?: Uint8Array) => generatedSlug(title, "initiative", 60, random);

/** A profile's slug: "marta-ruiz-3f9ak2m1". */
export const profileSlug = (name: string) => generatedSlug(name, "member", 40);
