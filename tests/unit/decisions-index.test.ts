import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Decisions are read by people changing the code months later: each says whether it still holds
// and when it was taken, and the index lists every one, so a new file cannot be forgotten there.
const dir = join(__dirname, "../../docs/decisions");
const files = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name)).sort();
const index = readFileSync(join(dir, "README.md"), "utf8");

describe("docs/decisions", () => {
  it("numbers the decisions without gaps or repeats", () => {
    const numbers = files.map((name) => Number(name.slice(0, 3)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(files)("%s has its title, status and date, and is in the index", (name) => {
    const lines = readFileSync(join(dir, name), "utf8").split("\n");
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(lines[2]).toMatch(/^Status: (Accepted|Superseded by \d{3}) · Date: \d{4}-\d{2}-\d{2}$/);
    const superseding = /^Status: Superseded by (\d{3})/.exec(lines[2]);
    if (superseding) expect(files.some((other) => other.startsWith(superseding[1]))).toBe(true);
    expect(index).toContain(`](${name})`);
  });
});
