/**
 * The certificate's typeface, Noto Sans (SIL Open Font License, from @expo-google-fonts/noto-sans):
 * Latin, Greek and Cyrillic, so every character of the five languages and of most members' names
 * prints. Imported as bytes (wrangler's Data rule; the test configs load .ttf the same way) and
 * embedded as a subset by pdf-lib, once their glyphs are padded to even lengths (font-padding.ts:
 * without it most letters of the subset do not print).
 */
import regular from "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf";
import bold from "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf";
import { padGlyphs } from "./font-padding";

export const CERTIFICATE_FONTS = { regular: padGlyphs(regular), bold: padGlyphs(bold) };
