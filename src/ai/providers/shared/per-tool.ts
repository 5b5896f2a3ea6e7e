// Work done once per tool, not once per request: the schema check, the strict rewrite, each API's tool entry and
// the tool's own lint findings are remembered against the tool object (a WeakMap, so a tool nobody holds any more
// takes its results with it). Every evaluation of a file delivers fresh tool objects and the providers panel keeps
// the unchanged ones identical, so an edit redoes the work of the edited tool only.
//
// A tool counts as the same revision while it is the same object with the same own fields (names and values,
// compared shallowly); a tool object whose fields are reassigned is worked out again. A schema is read-only once
// handed over (as in pi, whose bodies share it): a schema changed in place is not seen.

interface Entry {
  /** The tool's own enumerable keys and values, alternating, when its results were worked out. */
  fields: unknown[];
  /** Results by purpose key (a function, a string, or an object such as the variants list linted for). */
  values: Map<unknown, unknown>;
}

const byTool = new WeakMap<object, Entry>();

function sameFields(tool: Record<string, unknown>, fields: unknown[]): boolean {
  let n = 0;
  for (const key in tool) {
    if (!Object.hasOwn(tool, key)) continue;
    if (fields[n] !== key || fields[n + 1] !== tool[key]) return false;
    n += 2;
  }
  return n === fields.length;
}

function fieldsOf(tool: Record<string, unknown>): unknown[] {
  const fields: unknown[] = [];
  for (const key in tool) if (Object.hasOwn(tool, key)) fields.push(key, tool[key]);
  return fields;
}

/**
 * `compute()`, or what it gave before for this tool revision and `purpose`. `tool` must be an object; the caller
 * keeps `purpose` to values whose results depend on nothing but the tool (and the purpose itself).
 */
export function perTool<T>(tool: object, purpose: unknown, compute: () => T): T {
  const record = tool as Record<string, unknown>;
  let entry = byTool.get(tool);
  if (!entry || !sameFields(record, entry.fields)) {
    entry = { fields: fieldsOf(record), values: new Map() };
    byTool.set(tool, entry);
  } else if (entry.values.has(purpose)) {
    return entry.values.get(purpose) as T;
  }
  const value = compute();
  entry.values.set(purpose, value);
  return value;
}

const bySchema = new WeakMap<object, Map<unknown, unknown>>();

/** The same for work that depends only on a schema object (the strict rewrite, a wire copy). */
export function perSchema<T>(schema: unknown, purpose: unknown, compute: () => T): T {
  if (typeof schema !== 'object' || schema === null) return compute();
  let values = bySchema.get(schema);
  if (!values) {
    values = new Map();
    bySchema.set(schema, values);
  } else if (values.has(purpose)) {
    return values.get(purpose) as T;
  }
  const value = compute();
  values.set(purpose, value);
  return value;
}
