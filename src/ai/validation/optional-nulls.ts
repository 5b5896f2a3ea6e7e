// Optional-null removal, as pi 0.85.1 does it before conversion: models often send `null` for an optional
// argument they mean to leave out, so such a key is deleted when its schema would reject `null` anyway.
import { subValidatorFor } from './validator-cache.ts';

type SchemaLike = Record<string, any>;

/**
 * Deletes, in place and recursively, every own-or-inherited-`in` key whose value is `null`, that is not
 * listed in `required`, whose schema is not a direct `$ref`, and whose compiled schema rejects `null`.
 * Other present keys are walked into; arrays are walked by `items` (one schema, or one per position).
 */
export function removeOptionalNulls(value: unknown, schema: SchemaLike): void {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (Array.isArray(items)) {
      for (let i = 0; i < value.length; i++) {
        const itemSchema = items[i];
        if (itemSchema) removeOptionalNulls(value[i], itemSchema);
      }
    } else if (items) {
      // for-of, not an index loop: it visits holes as undefined exactly as pi's walk does.
      for (const item of value) removeOptionalNulls(item, items);
    }
    return;
  }
  // Value first, then schema: the same order of reads as pi, so a malformed schema fails the same way.
  if (typeof value !== 'object' || value === null || !schema.properties) return;
  const properties = schema.properties;
  const target = value as Record<string, unknown>;
  const required = requiredKeys(schema.required);
  for (const key of Object.keys(properties)) {
    // `in`, not hasOwn: pi tests presence with `in`, so inherited names such as `toString` count as present.
    if (!(key in target)) continue;
    const propertySchema = properties[key];
    if (
      target[key] === null &&
      !required.includes(key) &&
      typeof propertySchema.$ref !== 'string' &&
      subValidatorFor(propertySchema)?.Check(null) === false
    ) {
      delete target[key];
    } else {
      removeOptionalNulls(target[key], propertySchema);
    }
  }
}

const NO_KEYS: readonly unknown[] = [];

// pi builds a Set from any iterable: a string `required` counts its characters, a non-iterable throws. An array
// is used as is (includes() matches like Set.has), sparing an allocation per object.
function requiredKeys(required: unknown): readonly unknown[] {
  if (required === undefined || required === null) return NO_KEYS;
  if (Array.isArray(required)) return required;
  return [...new Set(required as Iterable<unknown>)];
}
