/**
 * Conditional GET of a stored file, evaluated as RFC 9110 section 13.2.2 orders it:
 * If-Match (412 unless a listed entity-tag matches strongly, or `*`), else If-Unmodified-Since
 * (412 when changed since); then If-None-Match (304 when a listed tag matches weakly, or `*`), else
 * If-Modified-Since (304 when unchanged since). Malformed tags match nothing and malformed dates
 * are ignored, as the RFC says: never a 500.
 */

export interface Validators {
  /** The stored file's strong entity-tag, quoted (R2's httpEtag). */
  etag: string;
  lastModified: Date;
}

const ENTITY_TAG = /(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g;

/** The entity-tags of an If-Match / If-None-Match value; `*` as "any". */
function entityTags(value: string): "any" | { weak: boolean; opaque: string }[] {
  if (value.trim() === "*") return "any";
  return [...value.matchAll(ENTITY_TAG)].map((match) => ({ weak: match[1] !== undefined, opaque: match[2] }));
}

const opaqueOf = (etag: string) => etag.replace(/^W\//, "").replace(/^"|"$/g, "");

/** An HTTP-date, or null when the header is absent or not a date. */
function httpDate(value: string | null): number | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Dates on the wire have whole seconds. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/** 412 when a precondition of the request fails, 304 when the client's copy is current, else null. */
export function conditionalStatus(headers: Headers, file: Validators): 304 | 412 | null {
  const own = opaqueOf(file.etag);
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    const tags = entityTags(ifMatch);
    if (tags !== "any" && !tags.some((tag) => !tag.weak && tag.opaque === own)) return 412;
  } else {
    const since = httpDate(headers.get("if-unmodified-since"));
    if (since !== null && seconds(file.lastModified) > since) return 412;
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = entityTags(ifNoneMatch);
    return tags === "any" || tags.some((tag) => tag.opaque === own) ? 304 : null;
  }
  const since = httpDate(headers.get("if-modified-since"));
  return since !== null && seconds(file.lastModified) <= since ? 304 : null;
}
