/**
 * Typed writes of JSON columns (Prisma `Json` fields) without `as never`.
 *
 * Prisma types a JSON column's input as `Prisma.InputJsonValue`. A TypeScript `interface` (no index
 * signature) is not assignable to it even when its values are plain JSON, so writes used to be cast
 * `as never`, which also let through values that are not JSON at all. Here:
 *  - `toJson(value)` accepts a value whose type is made of JSON parts only (checked at compile time,
 *    `JsonCompatible`) and returns it unchanged, typed for Prisma;
 *  - `toJsonValue(value)` takes a value of unknown type (e.g. `unknown` data from a job payload) and
 *    returns its JSON form, `JSON.parse(JSON.stringify(value))`: exactly what Prisma stores for it.
 * Reads of JSON columns parse the stored value with the zod schema of its shape instead.
 */
import type { Prisma } from "~/generated/prisma/client";

/** Leaves of JSON data; `undefined` only where JSON.stringify drops it (an optional property). */
type JsonLeaf = string | number | boolean | null | undefined;

/**
 * `T` when every part of it is JSON: strings, numbers, booleans, null, arrays and plain objects of
 * those, or objects with `toJSON()` (a Date is stored as its ISO string). A part that is not JSON
 * (a function, bigint, symbol, or `unknown`) becomes `never`, so `toJson` rejects the value.
 * Optional properties are allowed (JSON.stringify leaves an undefined property out).
 */
export type JsonCompatible<T> = T extends JsonLeaf
  ? T
  : T extends { toJSON(): unknown }
    ? T
    : T extends (...args: never[]) => unknown
      ? never
      : T extends ReadonlyArray<infer U>
        ? ReadonlyArray<JsonCompatible<U>>
        : T extends object
          ? { [K in keyof T]: JsonCompatible<T[K]> }
          : never;

/**
 * `value` typed as a JSON column input. No runtime work: the compile-time check `JsonCompatible`
 * is the proof that the value is JSON.
 *
 * @param value plain JSON data (objects, arrays, strings, finite numbers, booleans, null; Dates)
 * @returns the same value, typed `Prisma.InputJsonValue`
 */
export function toJson<T extends object | string | number | boolean>(value: T & JsonCompatible<T>): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/**
 * The JSON form of a value whose type is not known to be JSON (`unknown` data from a payload): the
 * value after `JSON.stringify` and `JSON.parse`, which is what Prisma stores for it (undefined
 * properties dropped, Dates as ISO strings). `undefined` and `null` give `null` (a JSON null inside
 * an object or array; a top-level null needs `Prisma.JsonNull`). An object gives a JSON object or
 * array (typed without the null).
 *
 * @throws TypeError when the value cannot be serialised (a BigInt, a cycle), as Prisma would
 */
export function toJsonValue(value: object): Prisma.InputJsonValue;
export function toJsonValue(value: unknown): Prisma.InputJsonValue | null;
export function toJsonValue(value: unknown): Prisma.InputJsonValue | null {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as Prisma.InputJsonValue | null);
}
