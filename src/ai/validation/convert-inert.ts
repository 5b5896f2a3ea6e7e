// TypeBox's Value.Convert costs more than the rest of a small tool call's validation (it builds a RegExp per
// property on every call). For arguments that already pass the check, under a schema where Convert provably
// changes nothing, it is skipped: the value after this step is the same either way.
import { Value } from 'typebox/value';
import { IsBoolean, IsInteger, IsNumber, IsObject, IsString, type TSchema } from 'typebox';
import { validatorFor } from './validator-cache.ts';

/** Property names that Convert's `^name$` RegExp matches only as themselves (and that never make it throw). */
const PLAIN_KEY = /^[A-Za-z0-9_]+$/;
const MAX_DEPTH = 8;

/** Per schema object, as pi caches its compiled validator: a schema is taken as fixed once used. */
const inertCache = new WeakMap<object, boolean>();

/**
 * Whether Value.Convert leaves every value that passes the schema's check exactly as it is: a TypeBox Object
 * (root and nested) whose property names are plain, without an `additionalProperties` schema, and whose
 * properties are strings, numbers, integers, booleans or such objects (optional or not). For those Convert
 * only rewrites each present property with itself: TryString/TryNumber/TryBoolean return a value of their own
 * type unchanged and Math.trunc keeps an integer. Anything else (unions, arrays, literals, refs, records,
 * additional-property schemas, keys with RegExp syntax) takes Convert's own path.
 */
export function isConvertInert(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  let inert = inertCache.get(schema);
  if (inert === undefined) {
    inert = inertObject(schema, 0);
    inertCache.set(schema, inert);
  }
  return inert;
}

function inertObject(schema: object, depth: number): boolean {
  if (depth > MAX_DEPTH || !IsObject(schema)) return false;
  const type = schema as unknown as Record<string, unknown>;
  // Convert's test: an additionalProperties key (own or inherited) holding an object.
  if ('additionalProperties' in type && typeof type.additionalProperties === 'object' && type.additionalProperties !== null) return false;
  const properties = type.properties;
  if (typeof properties !== 'object' || properties === null) return false;
  for (const key of Object.getOwnPropertyNames(properties)) {
    if (!PLAIN_KEY.test(key)) return false;
    const property: unknown = (properties as Record<string, unknown>)[key];
    if (IsString(property) || IsNumber(property) || IsInteger(property) || IsBoolean(property)) continue;
    if (!inertObject(property as object, depth + 1)) return false;
  }
  return true;
}

/**
 * pi's conversion step (Value.Convert in place, its return value discarded), skipped when it cannot change
 * `args`: the schema is inert and `args` already passes the schema's compiled check.
 */
export function convertInPlace(schema: TSchema, args: unknown): void {
  if (isConvertInert(schema) && validatorFor(schema).Check(args)) return;
  Value.Convert(schema, args);
}
