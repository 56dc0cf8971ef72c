/**
 * Names of an initiative's lookups in the member's language, from the namespaces that own them: the
 * `initiatives` namespace (types, subtypes) and the shared `lookups` namespace (causes, skills,
 * audiences, also read by the wall filter and the preferences), so they are never translated twice.
 */
import type { TFunction } from "~/i18n/react";
import { humanize } from "~/domain/initiatives/format";

export const typeName = (t: TFunction, type: string) => t(`initiatives:type_${type}`, { defaultValue: humanize(type) });

export const subtypeName = (t: TFunction, subtype: string) => t(`initiatives:subtype_${subtype}`, { defaultValue: humanize(subtype) });

/** The prefix of each kind in the lookups namespace (`category.climate-change`, `audience.youth`). */
const LOOKUP_PREFIX = { category: "category", competence: "competence", target_audience: "audience" } as const;

/** A cause, skill or audience slug's name; a slug nobody has translated is made readable. */
export const lookupLabel = (t: TFunction, kind: keyof typeof LOOKUP_PREFIX, slug: string) =>
  t(`lookups:${LOOKUP_PREFIX[kind]}.${slug}`, { defaultValue: humanize(slug) });
