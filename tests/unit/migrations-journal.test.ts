/**
 * drizzle-kit numbers and diffs a new migration from migrations/meta: the journal must list every
 * migration file, hand-written ones included, each with a snapshot chained to the one before, or
 * the next `npx drizzle-kit generate` reuses a number and repeats what a migration already did.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "../../migrations");
const journal: { entries: { idx: number; tag: string }[] } = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8"));
const snapshot = (idx: number): { id: string; prevId: string } =>
  JSON.parse(readFileSync(path.join(dir, "meta", `${String(idx).padStart(4, "0")}_snapshot.json`), "utf8"));

describe("the drizzle journal", () => {
  it("lists every migration file, in order", () => {
    const files = readdirSync(dir).filter((file) => file.endsWith(".sql")).sort().map((file) => file.replace(/\.sql$/, ""));
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_, n) => n));
  });

  it("has a snapshot per migration, each chained to the previous one", () => {
    for (const { idx } of journal.entries) {
      expect(existsSync(path.join(dir, "meta", `${String(idx).padStart(4, "0")}_snapshot.json`)), `snapshot ${idx}`).toBe(true);
      if (idx > 0) expect(snapshot(idx).prevId, `snapshot ${idx}`).toBe(snapshot(idx - 1).id);
    }
  });
});
