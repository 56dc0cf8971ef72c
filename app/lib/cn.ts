import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No tailwind-merge: it costs ~8 KB of gzipped JavaScript on every page
 * (the /signin budget is 110 KB), so components put overridable utilities last instead.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
