// pi 0.85.1's own JSON-Schema coercion, which runs after TypeBox's conversion on every schema (TypeBox-built or
// plain): it reads the schema's `type`, `properties`, `items`, `additionalProperties`, `allOf`, `anyOf`, `oneOf`
// and turns near-miss primitives (strings holding numbers, "true", null) into the declared type.
import { subValidatorFor } from './validator-cache.ts';
import { coercePrimitive, matchesJsonType } from './primitive-coercion.ts';
import { cloneArguments } from './clone.ts';

type SchemaLike = Record<string, any>;

/**
 * Returns the coerced value. Objects and arrays are changed in place (and returned); a union may return a new,
 * coerced copy. Every present property is written back even when unchanged, as pi does, which matters for
 * names that `in` finds on the prototype (`toString`): they become own properties.
 */
export function coerceToJsonSchema(value: unknown, schema: SchemaLike): unknown {
  let next = value;
  const allOf = schema.allOf;
  if (Array.isArray(allOf)) {
    for (const branch of allOf) next = coerceToJsonSchema(next, branch);
  }
  if (Array.isArray(schema.anyOf)) next = coerceToUnion(next, schema.anyOf);
  if (Array.isArray(schema.oneOf)) next = coerceToUnion(next, schema.oneOf);

  const type = schema.type;
  let wantsObject: boolean;
  let wantsArray: boolean;
  if (typeof type === 'string') {
    // One declared type: always try it (a value of that type comes back unchanged).
    next = coercePrimitive(next, type);
    wantsObject = type === 'object';
    wantsArray = type === 'array';
  } else if (Array.isArray(type)) {
    const types = type.filter((t): t is string => typeof t === 'string');
    // Several types: leave a value that already has one of them; else take the first that changes it.
    const alreadyMatches = types.length > 1 && types.some((t) => matchesJsonType(next, t));
    if (!alreadyMatches) {
      for (const t of types) {
        const candidate = coercePrimitive(next, t);
        if (candidate !== next) {
          next = candidate;
          break;
        }
      }
    }
    wantsObject = types.includes('object');
    wantsArray = types.includes('array');
  } else {
    return next;
  }

  if (wantsObject && typeof next === 'object' && next !== null && !Array.isArray(next)) {
    coerceProperties(next as Record<string, unknown>, schema);
  }
  if (wantsArray && Array.isArray(next)) coerceItems(next, schema);
  return next;
}

function coerceProperties(target: Record<string, unknown>, schema: SchemaLike): void {
  const properties = schema.properties;
  const declared: string[] = properties ? Object.keys(properties) : [];
  if (properties) {
    for (const key of declared) {
      if (!(key in target)) continue;
      target[key] = coerceToJsonSchema(target[key], properties[key]);
    }
  }
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') {
    // Entries taken up front: keys the walk above added (prototype names) are visited too, as in pi.
    for (const [key, propertyValue] of Object.entries(target)) {
      if (declared.includes(key)) continue;
      target[key] = coerceToJsonSchema(propertyValue, extra);
    }
  }
}

function coerceItems(target: unknown[], schema: SchemaLike): void {
  const items = schema.items;
  if (Array.isArray(items)) {
    // Positional (tuple) items: positions without a schema are left alone.
    for (let i = 0; i < target.length; i++) {
      const itemSchema = items[i];
      if (!itemSchema) continue;
      target[i] = coerceToJsonSchema(target[i], itemSchema);
    }
  } else if (items && typeof items === 'object') {
    for (let i = 0; i < target.length; i++) target[i] = coerceToJsonSchema(target[i], items);
  }
}

/**
 * anyOf/oneOf: a value some branch already accepts is kept; else each branch coerces its own copy and the
 * first copy that branch then accepts wins; else the value is left as it was. Branches that do not compile on
 * their own (a `$ref` into the root's `$defs`) never accept.
 */
function coerceToUnion(value: unknown, branches: unknown[]): unknown {
  for (const branch of branches) {
    if (subValidatorFor(branch)?.Check(value)) return value;
  }
  for (const branch of branches) {
    const candidate = coerceToJsonSchema(cloneArguments(value), branch as SchemaLike);
    if (subValidatorFor(branch)?.Check(candidate)) return candidate;
  }
  return value;
}
