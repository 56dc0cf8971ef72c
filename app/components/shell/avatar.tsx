import { cn } from "~/lib/cn";

const COLOURS = ["#1d4ed8", "#7c3aed", "#be185d", "#b45309", "#047857", "#0e7490", "#4338ca", "#9d174d"];

/** A stable colour per name, so a member keeps their colour everywhere. */
export function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length];
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? "").join("") || "?";
}

/** The member's picture, or their initials on a colour derived from the name (SPEC.md section 2). */
export function Avatar({ name, src, size = 36, className }: { name: string; src?: string | null; size?: number; className?: string }) {
  const style = { width: size, height: size };
  if (src) return <img src={src} alt="" style={style} className={cn("rounded-full object-cover", className)} />;
  return (
    <span
      aria-hidden="true"
      style={{ ...style, background: colourFor(name), fontSize: size * 0.4 }}
      className={cn("inline-flex items-center justify-center rounded-full font-semibold text-white", className)}
    >
      {initials(name)}
    </span>
  );
}
