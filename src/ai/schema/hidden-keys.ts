// Carries TypeBox schemas across postMessage. TypeBox 1.3.7 marks schemas with non-enumerable keys (`~kind`,
// `~optional`, `~readonly`, ...); structured cloning drops them, and Value.Convert keys on them. The codec turns a
// schema into plain, cloneable data plus a side table of those hidden keys, and restores them on the other side.

export type SchemaPath = (string | number)[];

/** A non-enumerable own key found at `path` (the segments from the root object to its owner). */
export interface HiddenKeyEntry {
  path: SchemaPath;
  key: string;
  value: unknown;
}

/** Something that could not travel: a function, a symbol, a hidden key holding functions, a circular reference. */
export interface DroppedSchemaPart {
  path: SchemaPath;
  key: string;
  reason: 'function' | 'symbol' | 'hidden-function' | 'circular' | 'too-deep';
}

/** The transferable form. `data` holds only what structured cloning keeps: plain objects, arrays, primitives. */
export interface EncodedSchema {
  data: unknown;
  hidden: HiddenKeyEntry[];
  dropped: DroppedSchemaPart[];
}

const MAX_DEPTH = 256;

/**
 * Copies `schema` into plain data (enumerable own string keys; Date and RegExp kept as they clone), recording
 * every non-enumerable string key with its path. Pure: the input is not touched. Functions and symbols are left
 * out and reported in `dropped`, as are hidden keys whose value holds a function (TypeBox's `~refine`, `~codec`).
 */
export function encodeSchemaForTransfer(schema: unknown): EncodedSchema {
  const hidden: HiddenKeyEntry[] = [];
  const dropped: DroppedSchemaPart[] = [];
  const ancestors = new Set<object>();

  function copy(value: unknown, path: SchemaPath): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Date || value instanceof RegExp) return value;
    ancestors.add(value);
    try {
      if (Array.isArray(value)) return value.map((item, index) => copyChild(value, index, item, path));
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const child = copyChild(value, key, (value as Record<string, unknown>)[key], path);
        if (child !== OMIT) out[key] = child;
      }
      for (const key of Object.getOwnPropertyNames(value)) {
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (!descriptor || descriptor.enumerable || !('value' in descriptor)) continue;
        if (containsFunction(descriptor.value, new Set())) {
          dropped.push({ path, key, reason: 'hidden-function' });
        } else {
          hidden.push({ path, key, value: plainCopy(descriptor.value) });
        }
      }
      return out;
    } finally {
      ancestors.delete(value);
    }
  }

  function copyChild(owner: object, key: string | number, child: unknown, path: SchemaPath): unknown {
    const reason = typeof child === 'function' ? 'function'
      : typeof child === 'symbol' ? 'symbol'
      : child !== null && typeof child === 'object' && ancestors.has(child) ? 'circular'
      : path.length >= MAX_DEPTH && child !== null && typeof child === 'object' ? 'too-deep'
      : undefined;
    if (reason) {
      dropped.push({ path, key: String(key), reason });
      return Array.isArray(owner) ? null : OMIT;
    }
    return copy(child, [...path, key]);
  }

  if (typeof schema === 'function' || typeof schema === 'symbol') {
    dropped.push({ path: [], key: '', reason: typeof schema === 'function' ? 'function' : 'symbol' });
    return { data: undefined, hidden, dropped };
  }
  return { data: copy(schema, []), hidden, dropped };
}

const OMIT = Symbol('omit');

function containsFunction(value: unknown, seen: Set<object>): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((v) => containsFunction(v, seen));
}

/** Hidden values are small flags and names; a JSON round trip is enough and drops anything exotic. */
function plainCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    return undefined;
  }
}

/**
 * Restores the hidden keys as non-enumerable, writable, configurable properties (as TypeBox creates them) on
 * `encoded.data`, in place, and returns it. Entries whose path no longer leads to an object are skipped.
 */
export function decodeTransferredSchema(encoded: EncodedSchema): unknown {
  for (const entry of encoded.hidden) {
    let owner: unknown = encoded.data;
    for (const segment of entry.path) {
      owner = owner !== null && typeof owner === 'object' ? (owner as Record<string, unknown>)[segment] : undefined;
    }
    if (owner === null || typeof owner !== 'object') continue;
    Object.defineProperty(owner, entry.key, { value: entry.value, enumerable: false, writable: true, configurable: true });
  }
  return encoded.data;
}

/** `properties.count.type` style, for messages. The root is `parameters` unless told otherwise. */
export function formatSchemaPath(path: SchemaPath, root = 'parameters'): string {
  return [root, ...path.map(String)].filter((s) => s !== '').join('.');
}
