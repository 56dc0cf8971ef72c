import { describe, expect, it } from "vitest";
import { chunksFor, D1_MAX_BOUND_PARAMETERS } from "../../workers/db/chunks";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("chunksFor (D1 binds at most 100 parameters per statement)", () => {
  it("keeps every item, in order, and no chunk goes over the limit with the statement's other parameters", () => {
    for (const [count, perItem, others] of [[250, 1, 0], [200, 1, 1], [40, 3, 0], [101, 2, 2], [100, 1, 0]] as const) {
      const chunks = chunksFor(range(count), perItem, others);
      expect(chunks.flat()).toEqual(range(count));
      for (const chunk of chunks) expect(chunk.length * perItem + others).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
      // As few statements as the limit allows.
      expect(chunks.length).toBe(Math.ceil(count / Math.floor((D1_MAX_BOUND_PARAMETERS - others) / perItem)));
    }
  });

  it("gives no chunk for no items, so no empty IN () or empty insert is ever built", () => {
    expect(chunksFor([], 3)).toEqual([]);
  });

  it("refuses a shape that cannot fit one item in a statement", () => {
    expect(() => chunksFor([1], 101)).toThrow(RangeError);
    expect(() => chunksFor([1], 1, 100)).toThrow(RangeError);
    expect(() => chunksFor([1], 0)).toThrow(RangeError);
  });
});
