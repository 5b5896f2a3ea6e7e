// Visits every schema position of a tool's parameters (not data such as `default`, `enum` or `const`
// values) with its JSON pointer, so rules can look at each node once.
import { pointer } from '../providers/shared/schema-check.ts';

export type SchemaNode = Record<string, unknown>;

const SINGLE = ['additionalProperties', 'additionalItems', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

export const isNode = (v: unknown): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Depth-first, parents before children; cycles (which encoding refuses anyway) are visited once. */
export function walkSchema(root: unknown, visit: (node: SchemaNode, path: string) => void): void {
  const seen = new Set<object>();
  const go = (node: unknown, path: string) => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    visit(node, path);
    for (const key of SINGLE) if (key in node) go(node[key], pointer(path, key));
    for (const key of MAPS) {
      const map = node[key];
      if (isNode(map)) for (const name of Object.keys(map)) go(map[name], pointer(pointer(path, key), name));
    }
    for (const key of LISTS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((item, i) => go(item, pointer(pointer(path, key), i)));
    }
    const items = node.items;
    if (Array.isArray(items)) items.forEach((item, i) => go(item, pointer(pointer(path, 'items'), i)));
    else go(items, pointer(path, 'items'));
  };
  go(root, '');
}

/** The schema node a JSON pointer names ('' = root), or undefined. */
export function nodeAt(root: unknown, path: string): unknown {
  if (path === '') return root;
  let node: unknown = root;
  for (const raw of path.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
