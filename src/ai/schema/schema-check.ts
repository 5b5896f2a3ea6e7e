// Structural checks of a tool's `parameters` before anything is sent or validated: catches what would make a
// provider reject the request or TypeBox's compiler throw (unknown types, malformed keywords, bad patterns).
import type { SchemaPath } from './hidden-keys.ts';

export interface SchemaIssue {
  /** Where inside the schema, from the root (`['properties', 'count', 'type']`). */
  path: SchemaPath;
  severity: 'error' | 'warning';
  message: string;
  /** Stable id of the problem, so a UI can word it in another language (`message` is the English text). */
  code: SchemaIssueCode;
  /** The values `message` was built from, by name. */
  params: Record<string, string>;
}

export type SchemaIssueCode =
  | 'not-object' | 'root-not-object' | 'not-a-schema' | 'circular' | 'unknown-type' | 'required-not-array'
  | 'required-not-listed' | 'enum-not-array' | 'pattern-not-string' | 'pattern-invalid' | 'not-a-number'
  | 'not-a-count' | 'not-a-schema-map' | 'not-a-schema-list';

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SINGLE_SCHEMAS = ['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties'] as const;
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks `schema` as a tool's parameters: the root must be a JSON Schema object (errors), and should describe
 * an object (a warning: providers expect `type: "object"` at the root). Never throws; returns issues in
 * document order.
 */
export function checkParametersSchema(schema: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  if (!isObject(schema)) {
    const type = schema === null ? 'null' : Array.isArray(schema) ? 'array' : typeof schema;
    const got = type === 'array' ? 'an array' : type;
    issues.push({ path: [], severity: 'error', message: `parameters must be a JSON Schema object, got ${got}`, code: 'not-object', params: { type } });
    return issues;
  }
  const rootType = schema.type;
  if (rootType !== undefined && rootType !== 'object') {
    issues.push({
      path: ['type'], severity: 'warning',
      message: `parameters should describe an object (type "object"); providers reject type ${JSON.stringify(rootType)} at the root`,
      code: 'root-not-object', params: { type: JSON.stringify(rootType) },
    });
  }
  checkNode(schema, [], issues, new Set());
  return issues;
}

/** Why `pattern` does not compile as a `u` regular expression (null: it does), remembered per pattern text. */
const patternErrors = new Map<string, string | null>();

function patternError(pattern: string): string | null {
  let known = patternErrors.get(pattern);
  if (known === undefined) {
    try {
      new RegExp(pattern, 'u');
      known = null;
    } catch (e) {
      known = (e as Error).message;
    }
    if (patternErrors.size >= 1000) patternErrors.clear();
    patternErrors.set(pattern, known);
  }
  return known;
}

/**
 * `path` is the stack of keys down to `node`, shared by the whole walk (copied into an issue only when there is
 * one), so a big schema costs no array per node.
 */
function checkNode(node: unknown, path: SchemaPath, issues: SchemaIssue[], ancestors: Set<object>): void {
  if (typeof node === 'boolean') return;
  if (!isObject(node)) {
    const value = JSON.stringify(node) ?? typeof node;
    issues.push({ path: [...path], severity: 'error', message: `Expected a schema (an object), got ${value}`, code: 'not-a-schema', params: { value } });
    return;
  }
  if (ancestors.has(node)) {
    issues.push({ path: [...path], severity: 'error', message: 'The schema refers to itself (a circular object cannot be sent as JSON)', code: 'circular', params: {} });
    return;
  }
  ancestors.add(node);
  const error = (key: SchemaPath, message: string, code: SchemaIssueCode, params: Record<string, string> = {}) =>
    issues.push({ path: [...path, ...key], severity: 'error', message, code, params });
  const child = (value: unknown, ...keys: (string | number)[]) => {
    path.push(...keys);
    checkNode(value, path, issues, ancestors);
    path.length -= keys.length;
  };

  if ('type' in node) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    for (const [i, t] of types.entries()) {
      if (typeof t !== 'string' || !TYPES.has(t)) {
        const where: SchemaPath = Array.isArray(node.type) ? ['type', i] : ['type'];
        const expected = [...TYPES].join(', ');
        error(where, `Unknown type ${JSON.stringify(t)}; expected one of ${expected}`, 'unknown-type', { type: JSON.stringify(t) ?? String(t), expected });
      }
    }
  }
  if ('required' in node) {
    if (!Array.isArray(node.required) || node.required.some((r) => typeof r !== 'string')) {
      error(['required'], '"required" must be an array of property names', 'required-not-array');
    } else if (isObject(node.properties)) {
      for (const [i, name] of (node.required as string[]).entries()) {
        if (!(name in node.properties)) {
          issues.push({
            path: [...path, 'required', i], severity: 'warning', message: `"${name}" is required but not listed in properties`,
            code: 'required-not-listed', params: { name },
          });
        }
      }
    }
  }
  if ('enum' in node && !Array.isArray(node.enum)) error(['enum'], '"enum" must be an array of allowed values', 'enum-not-array');
  if ('pattern' in node) {
    if (typeof node.pattern !== 'string') error(['pattern'], '"pattern" must be a string', 'pattern-not-string');
    else {
      const message = patternError(node.pattern);
      if (message !== null) error(['pattern'], `Invalid regular expression: ${message}`, 'pattern-invalid', { error: message });
    }
  }
  for (const key of NUMBERS) if (key in node && typeof node[key] !== 'number') error([key], `"${key}" must be a number`, 'not-a-number', { key });
  for (const key of COUNTS) {
    const v = node[key];
    if (key in node && !(typeof v === 'number' && Number.isInteger(v) && v >= 0)) error([key], `"${key}" must be a non-negative integer`, 'not-a-count', { key });
  }
  for (const key of SCHEMA_MAPS) {
    if (!(key in node)) continue;
    const map = node[key];
    if (!isObject(map)) { error([key], `"${key}" must be an object of schemas`, 'not-a-schema-map', { key }); continue; }
    for (const name of Object.keys(map)) child(map[name], key, name);
  }
  for (const key of SCHEMA_LISTS) {
    if (!(key in node)) continue;
    const list = node[key];
    if (!Array.isArray(list) || list.length === 0) { error([key], `"${key}" must be a non-empty array of schemas`, 'not-a-schema-list', { key }); continue; }
    list.forEach((item, i) => child(item, key, i));
  }
  for (const key of SINGLE_SCHEMAS) if (key in node) child(node[key], key);
  if ('items' in node) {
    if (Array.isArray(node.items)) node.items.forEach((item, i) => child(item, 'items', i));
    else child(node.items, 'items');
  }
  if ('additionalProperties' in node) child(node.additionalProperties, 'additionalProperties');
  ancestors.delete(node);
}
