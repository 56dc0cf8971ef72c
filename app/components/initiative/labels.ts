/**
 * Names that ui-wall's `initiatives` namespace owns (SDGs, types, subtypes), read from there so
 * they are never translated twice.
 */
import { SDG_SLUGS } from "~/domain/initiatives/types";
import type { TFunction } from "~/i18n/react";
import { humanize } from "./format";

export const sdgName = (t: TFunction, id: number) => t(`sdg_${id}`, { defaultValue: humanize(SDG_SLUGS[id - 1] ?? String(id)) });

export const typeName = (t: TFunction, type: string) => t(`type_${type}`, { defaultValue: humanize(type) });

export const subtypeName = (t: TFunction, subtype: string) => t(`subtype_${subtype}`, { defaultValue: humanize(subtype) });
