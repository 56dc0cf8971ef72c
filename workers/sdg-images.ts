/**
 * GET /sdg/{language}/{goal}.svg: the goal images of SPEC.md section 2, one per goal and language,
 * drawn by app/domain/sdg-image.ts from the goal names the pages translate. Public and the same on
 * every host; a language without images of its own is not one of these addresses (the pages ask
 * for English instead, sdgImageLanguage).
 */
import { Hono } from "hono";
import { SDG_SLUGS } from "../app/domain/initiatives/types";
import { imageLanguageOf, isSdg, sdgImageSvg, SDG_IMAGE_LOCALES, type SdgImageLanguage } from "../app/domain/sdg-image";
import enUS from "../app/i18n/locales/en-US/initiatives.json";
import esES from "../app/i18n/locales/es-ES/initiatives.json";
import ptBR from "../app/i18n/locales/pt-BR/initiatives.json";
import ptPT from "../app/i18n/locales/pt-PT/initiatives.json";
import fr from "../app/i18n/locales/fr/initiatives.json";
import { handleNotFound } from "./lib/errors";
import type { AppEnv } from "./types";

const NAMES: Record<(typeof SDG_IMAGE_LOCALES)[SdgImageLanguage], Record<string, string>> = { "en-US": enUS, "es-ES": esES, "pt-BR": ptBR, "pt-PT": ptPT, fr };
const FILE = /^([1-9]\d?)\.svg$/;

/** The goal's name in the image's language; French is partial, so a goal it lacks is named in English. */
function goalName(language: SdgImageLanguage, id: number) {
  const key = `sdg_${SDG_SLUGS[id - 1]}`;
  return NAMES[SDG_IMAGE_LOCALES[language]][key] ?? NAMES["en-US"][key];
}

export const sdgImageRoutes = new Hono<AppEnv>().get("/:language/:file", (c) => {
  const language = imageLanguageOf(c.req.param("language"));
  const id = Number(FILE.exec(c.req.param("file"))?.[1]);
  if (!language || !isSdg(id)) return handleNotFound(c);
  return c.body(sdgImageSvg(id, goalName(language, id), language), 200, {
    "content-type": "image/svg+xml; charset=utf-8",
    // Redrawn only with a new release (a reworded goal name): a day in caches is plenty.
    "cache-control": "public, max-age=86400",
  });
});
