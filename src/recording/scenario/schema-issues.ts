// Checks a JSON value against a TypeBox schema node by node and explains each problem in a learner's words.
// Unions are resolved to the branch the value meant (by JSON type, a `type` tag or a distinguishing key), so a
// wrong block reports its own fields instead of every alternative's.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** One problem. `field`: a property the message is about inside `path` (a missing or unknown key). */
export interface SchemaIssue {
  path: (string | number)[];
  field?: string;
  message: string;
  /** Point at the key of `field` rather than at the value of `path`. */
  atKey?: boolean;
}

type Node = {
  type?: string; anyOf?: Node[]; properties?: Record<string, Node>; required?: string[];
  additionalProperties?: boolean; items?: Node; minItems?: number; const?: unknown; enum?: unknown[];
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', number: 'a number', integer: 'a whole number', boolean: 'true or false',
  object: 'an object', array: 'a list', null: 'null',
};

function accepts(node: Node, type: string): boolean {
  if (node.type === undefined) return true;
  return node.type === type || (node.type === 'integer' && type === 'number');
}

const quoteList = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** TypeBox's leaf messages, reworded where a learner would not recognise them. */
function leafIssues(node: Node, value: unknown, path: (string | number)[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const error of Value.Errors(node as TSchema, value)) {
    let message = error.message;
    if (error.keyword === 'type') message = `must be ${TYPE_WORDS[node.type ?? ''] ?? node.type}`;
    else if (error.keyword === 'enum') message = `must be one of ${quoteList(node.enum ?? [])}`;
    else if (error.keyword === 'const') message = `must be ${JSON.stringify(node.const)}`;
    else if (error.keyword === 'minLength' && (error.params as { limit?: number }).limit === 1) message = 'must not be empty';
    // A pattern is written for the checker; its schema says in words what it asks for.
    else if (error.keyword === 'pattern' && typeof (node as { patternText?: unknown }).patternText === 'string') message = `must be ${(node as { patternText: string }).patternText}`;
    issues.push({ path, message });
    if (error.keyword === 'type') break; // the other keywords add nothing once the type is wrong
  }
  return issues;
}

function tagOf(branch: Node): unknown {
  return branch.properties?.type?.const;
}

/** Picks the union branch the value was meant for, or explains the choice that is missing. */
function unionIssues(node: Node, value: unknown, path: (string | number)[]): SchemaIssue[] {
  const branches = node.anyOf ?? [];
  const type = jsonTypeOf(value);
  const sameType = branches.filter((b) => accepts(b, type));
  if (sameType.length === 0) {
    const words = [...new Set(branches.map((b) => TYPE_WORDS[b.type ?? ''] ?? 'a value'))];
    return [{ path, message: `must be ${words.join(' or ')}` }];
  }
  if (sameType.length === 1) return collectSchemaIssues(sameType[0], value, path);
  if (!isPlainObject(value)) return collectSchemaIssues(sameType[0], value, path);
  const tags = sameType.map(tagOf);
  if (tags.every((t) => t !== undefined)) {
    const chosen = sameType.find((b) => tagOf(b) === value.type);
    if (chosen) return collectSchemaIssues(chosen, value, path);
    return value.type === undefined
      ? [{ path, field: 'type', message: `is required: one of ${quoteList(tags)}` }]
      : [{ path: [...path, 'type'], message: `must be one of ${quoteList(tags)} (found ${JSON.stringify(value.type)})` }];
  }
  // Branches told apart by their first required key, e.g. {"atMs": …} versus {"beforeTurn": …}.
  const keys = sameType.map((b) => b.required?.[0] ?? '');
  const chosen = sameType.find((_, i) => keys[i] in value);
  if (chosen) return collectSchemaIssues(chosen, value, path);
  return [{ path, message: `needs one of ${quoteList(keys)}` }];
}

function unknownFieldMessage(key: string, node: Node): string {
  const near = Object.keys(node.properties ?? {}).find((known) => known.toLowerCase() === key.toLowerCase());
  return near ? `is not a known field (did you mean "${near}"?)` : 'is not a known field';
}

/** All problems of `value` against `schema`; empty when the value is valid. Never throws on any JSON value. */
export function collectSchemaIssues(schema: TSchema | Node, value: unknown, path: (string | number)[] = []): SchemaIssue[] {
  const node = schema as Node;
  if (node.anyOf) return Value.Check(schema as TSchema, value) ? [] : unionIssues(node, value, path);
  if (node.type === 'object' && node.properties) {
    if (!isPlainObject(value)) return [{ path, message: 'must be an object' }];
    const issues: SchemaIssue[] = [];
    for (const key of node.required ?? []) {
      if (!(key in value)) issues.push({ path, field: key, message: 'is required' });
    }
    for (const [key, child] of Object.entries(value)) {
      const childSchema = node.properties[key];
      if (childSchema) issues.push(...collectSchemaIssues(childSchema, child, [...path, key]));
      else if (node.additionalProperties === false) issues.push({ path, field: key, message: unknownFieldMessage(key, node), atKey: true });
    }
    return issues;
  }
  if (node.type === 'array' && node.items) {
    if (!Array.isArray(value)) return [{ path, message: 'must be a list' }];
    const issues: SchemaIssue[] = [];
    if (node.minItems !== undefined && value.length < node.minItems) {
      issues.push({ path, message: `must have at least ${node.minItems} item${node.minItems === 1 ? '' : 's'}` });
    }
    value.forEach((item, index) => issues.push(...collectSchemaIssues(node.items!, item, [...path, index])));
    return issues;
  }
  return leafIssues(node, value, path);
}
