/**
 * JSON column writes: `toJson` accepts only values whose type is JSON (the `@ts-expect-error` lines
 * fail the typecheck if a non-JSON value ever compiles), `toJsonValue` stores what Prisma would.
 */
import { describe, expect, it } from "vitest";
import { toJson, toJsonValue } from "~/lib/json";

interface Stored {
  name: string;
  count?: number;
  rows: Array<{ at: Date; tags: string[]; note: string | null }>;
}

// Never called: only compiled.
function compileOnly(stored: Stored, withUnknown: { data: unknown }, record: Record<string, unknown>, fn: { f: () => void }, big: { b: bigint }) {
  toJson(stored);
  toJson([stored, stored]);
  // @ts-expect-error a property of type unknown may not be JSON
  toJson(withUnknown);
  // @ts-expect-error nor may a record of unknown values
  toJson(record);
  // @ts-expect-error a function is not JSON
  toJson(fn);
  // @ts-expect-error a bigint is not JSON
  toJson(big);
}
void compileOnly;

describe("toJson / toJsonValue", () => {
  it("toJson returns the value itself", () => {
    const value: Stored = { name: "a", rows: [] };
    expect(toJson(value)).toBe(value);
  });

  it("toJsonValue gives the stored JSON form: undefined dropped, Dates as ISO strings, null for nothing", () => {
    expect(toJsonValue({ a: 1, b: undefined, at: new Date("2026-01-02T03:04:05.000Z"), list: [1, "x", null] })).toEqual({
      a: 1,
      at: "2026-01-02T03:04:05.000Z",
      list: [1, "x", null],
    });
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue(null)).toBeNull();
    expect(() => toJsonValue({ n: 1n })).toThrow(TypeError);
  });
});
