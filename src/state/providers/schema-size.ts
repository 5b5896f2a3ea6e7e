// How big a tool's schema is, measured without recursion (a schema nested thousands deep must not overflow the
// stack here) and with an early stop: once a limit is passed the walk ends, so measuring a 5 MB schema costs
// a bounded amount of work. The Providers panel summarises tools past these limits instead of encoding,
// linting and drawing them 16 times on the main thread (docs/decisions/providers-big-inputs.md).

/** Past any of these, a tool is summarised in the Providers panel. */
export const SCHEMA_LIMITS = { bytes: 1_000_000, nodes: 20_000, depth: 256 } as const;

export interface SchemaSize {
  /** About the size of its JSON text (keys, strings, 8 per other value), up to the point the walk stopped. */
  bytes: number;
  nodes: number;
  depth: number;
  /** The first limit passed, or null when the schema is within all of them. */
  over: keyof typeof SCHEMA_LIMITS | null;
}

export function measureSchema(value: unknown, limits: { bytes: number; nodes: number; depth: number } = SCHEMA_LIMITS): SchemaSize {
  const stack: [unknown, number][] = [[value, 1]];
  const seen = new Set<object>();
  let bytes = 0;
  let nodes = 0;
  let depth = 0;
  while (stack.length) {
    const [node, level] = stack.pop()!;
    nodes++;
    if (level > depth) depth = level;
    if (typeof node === 'string') bytes += node.length + 2;
    else if (typeof node === 'object' && node !== null) {
      if (seen.has(node)) continue; // a cycle: the schema check names it; here it only must not loop
      seen.add(node);
      if (Array.isArray(node)) { bytes += 2; for (const item of node) stack.push([item, level + 1]); }
      else for (const [key, item] of Object.entries(node)) { bytes += key.length + 4; stack.push([item, level + 1]); }
    } else bytes += 8;
    if (bytes > limits.bytes) return { bytes, nodes, depth, over: 'bytes' };
    if (nodes > limits.nodes) return { bytes, nodes, depth, over: 'nodes' };
    if (depth > limits.depth) return { bytes, nodes, depth, over: 'depth' };
  }
  return { bytes, nodes, depth, over: null };
}

const measured = new WeakMap<object, SchemaSize>();

/**
 * `measureSchema` with the default limits, once per schema object: the panel's schemas are never changed in place
 * (each evaluation decodes new ones, and a tool that did not change keeps its earlier object), so an edit measures
 * the edited tool only, not every tool again.
 */
export function schemaSizeOf(schema: unknown): SchemaSize {
  if (typeof schema !== 'object' || schema === null) return measureSchema(schema);
  let size = measured.get(schema);
  if (!size) measured.set(schema, (size = measureSchema(schema)));
  return size;
}
