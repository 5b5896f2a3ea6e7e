// A tool's `constrainedSampling` request, resolved per API as pi-ai 0.85.1 does: JSON-schema strict mode
// (every property required, optional ones nullable, no extra properties) where the API supports it,
// OpenAI grammar tools where enabled, and pi's exact error texts where a requirement cannot be met.
import type { Tool } from '../../types.ts';
import { EncodeError } from '../encode-error.ts';
import { perSchema } from './per-tool.ts';
import { pointer } from './schema-check.ts';

type Json = Record<string, any>;

/** Keywords strict sampling refuses outright (pi's list). */
export const STRICT_UNSUPPORTED_KEYWORDS = [
  '$ref', '$defs', 'definitions', 'allOf', 'oneOf', 'patternProperties', 'dependentSchemas', 'dependencies',
  'unevaluatedProperties', 'propertyNames', 'contains', 'prefixItems', 'not', 'if', 'then', 'else',
] as const;

/** Stable ids of the reasons a schema cannot be made strict, so a UI can word them in another language. */
export type StrictReasonCode =
  | 'boolean-schema' | 'keyword' | 'empty-any-of' | 'structured-union' | 'tuple' | 'properties-without-object'
  | 'additional-properties' | 'properties-not-map' | 'required-not-strings' | 'required-unknown' | 'root-not-object';

/** Why a schema cannot be made strict: pi's words (used inside pi's "requires ..." message), their code and values, and where. */
class NotStrictable {
  constructor(readonly reason: string, readonly code: StrictReasonCode, readonly path: string, readonly params: Record<string, string> = {}) {}
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeList(schema: Json): unknown[] {
  return typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
}

function isStructured(schema: unknown): boolean {
  if (!isObj(schema)) return false;
  const types = typeList(schema);
  return types.includes('object') || types.includes('array') || schema.properties !== undefined || schema.items !== undefined;
}

function acceptsNull(schema: unknown): boolean {
  if (!isObj(schema)) return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null))) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some(acceptsNull);
}

/** Copies the JSON-visible part of a schema (enumerable keys only, like structuredClone of a TypeBox schema). */
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson);
  if (!isObj(value)) return value;
  const out: Json = {};
  for (const key of Object.keys(value)) out[key] = copyJson(value[key]);
  return out;
}

/** Rewrites `schema` (a private copy) in place; returns a reason when it cannot be made strict. */
function strictify(schema: unknown, path: string): NotStrictable | undefined {
  const no = (code: StrictReasonCode, reason: string, at = path, params?: Record<string, string>) => new NotStrictable(reason, code, at, params);
  if (!isObj(schema)) return no('boolean-schema', 'boolean schemas are unsupported');
  for (const key of STRICT_UNSUPPORTED_KEYWORDS) {
    if (schema[key] !== undefined) return no('keyword', `${key} schemas are unsupported`, pointer(path, key), { keyword: key });
  }
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) return no('empty-any-of', 'anyOf must contain at least one schema', pointer(path, 'anyOf'));
    for (let i = 0; i < schema.anyOf.length; i++) {
      const at = pointer(pointer(path, 'anyOf'), i);
      if (isStructured(schema.anyOf[i])) return no('structured-union', 'object and array unions are unsupported', at);
      const failure = strictify(schema.anyOf[i], at);
      if (failure) return failure;
    }
  }
  if (schema.items !== undefined) {
    if (Array.isArray(schema.items)) return no('tuple', 'tuple schemas are unsupported', pointer(path, 'items'));
    const failure = strictify(schema.items, pointer(path, 'items'));
    if (failure) return failure;
  }
  const isObject = schema.type === 'object';
  if (schema.properties !== undefined && !isObject) return no('properties-without-object', 'properties require type object');
  if (!isObject) return undefined;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    return no('additional-properties', 'schema-valued or true additionalProperties is unsupported', pointer(path, 'additionalProperties'));
  }
  if (schema.properties !== undefined && !isObj(schema.properties)) return no('properties-not-map', 'object properties must be a schema map', pointer(path, 'properties'));
  if (schema.required !== undefined && (!Array.isArray(schema.required) || schema.required.some((k: unknown) => typeof k !== 'string'))) {
    return no('required-not-strings', 'object required must be a string array', pointer(path, 'required'));
  }
  const properties: Json = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  if ([...required].some((k) => !names.includes(k))) return no('required-unknown', 'required contains an unknown property', pointer(path, 'required'));
  for (const [key, property] of Object.entries(properties)) {
    const failure = strictify(property, pointer(pointer(path, 'properties'), key));
    if (failure) return failure;
    // Strict mode has no optional properties: an optional one becomes required-but-nullable.
    if (!required.has(key) && !acceptsNull(property)) properties[key] = { anyOf: [property, { type: 'null' }] };
  }
  schema.required = names;
  schema.additionalProperties = false;
  return undefined;
}

/** Why a schema has no strict form: pi's words, their code and values, and the JSON pointer of the node that prevents it. */
export interface NotStrict {
  ok: false;
  reason: string;
  code: StrictReasonCode;
  params: Record<string, string>;
  path: string;
}

const ROOT_NOT_OBJECT: NotStrict = { ok: false, reason: 'root schema must have type object', code: 'root-not-object', params: {}, path: '' };

/** The strict form of a tool schema, or why it has none. */
export function toStrictSchema(parameters: unknown): { ok: true; schema: Json } | NotStrict {
  const copy = copyJson(parameters);
  if (!isObj(copy)) return { ...ROOT_NOT_OBJECT };
  const failure = strictify(copy, '');
  if (failure) return { ok: false, reason: failure.reason, code: failure.code, params: failure.params, path: failure.path };
  if (copy.type !== 'object') return { ...ROOT_NOT_OBJECT };
  return { ok: true, schema: copy };
}

/**
 * `toStrictSchema`, worked out once per schema object and shared by every API and the lint: the strict copy goes
 * into several bodies, so it is read-only like the schema it came from.
 */
export function sharedStrictSchema(parameters: unknown): { ok: true; schema: Json } | NotStrict {
  return perSchema(parameters, toStrictSchema, () => toStrictSchema(parameters));
}

/** How a JSON-schema tool is sent: `strict` as pi computes it (true or undefined) and the parameters object. */
export interface JsonSchemaPlan {
  strict: true | undefined;
  /** The strict copy when strict, else the tool's own schema object (not copied). */
  parameters: unknown;
}

/**
 * Resolves strict sampling for one tool. Throws EncodeError with pi's message when the tool *requires*
 * strict sampling and cannot get it.
 */
export function planJsonSchemaTool(tool: Tool, apiSupportsStrict: boolean): JsonSchemaPlan {
  const config = tool.constrainedSampling;
  if (!config || config.type !== 'json_schema') return { strict: undefined, parameters: tool.parameters };
  if (apiSupportsStrict) {
    const strict = sharedStrictSchema(tool.parameters);
    if (strict.ok) return { strict: true, parameters: strict.schema };
    if (config.strict !== 'require') return { strict: undefined, parameters: tool.parameters };
    throw new EncodeError(`Tool "${tool.name}" requires JSON-schema constrained sampling, but ${strict.reason}.`);
  }
  if (config.strict === 'require') {
    throw new EncodeError(`Tool "${tool.name}" requires JSON-schema constrained sampling, but strict tools are unsupported.`);
  }
  return { strict: undefined, parameters: tool.parameters };
}

export interface GrammarPlan {
  format: 'lark' | 'regex';
  definition: string;
  /** The single required string property the grammar output is stored under. */
  inputProperty: string;
}

/** Stable ids of the reasons a grammar tool is unusable, so a UI can word them in another language. */
export type GrammarProblemCode = 'no-variant' | 'not-object' | 'one-required' | 'no-property' | 'not-string';

/** Why a grammar tool cannot be used: pi's message, and the reason's code and values. */
export class GrammarError extends EncodeError {
  constructor(message: string, readonly code: GrammarProblemCode, readonly params: Record<string, string> = {}) {
    super(message);
  }
}

/** The input property of a grammar tool, or pi's reason (its inner clause) with its code. */
function grammarInputProperty(tool: Tool): string | { reason: string; code: GrammarProblemCode; params?: Record<string, string> } {
  const schema = tool.parameters as Json;
  if (!isObj(schema) || schema.type !== 'object') return { reason: 'grammar constrained sampling requires an object parameter schema', code: 'not-object' };
  if (!Array.isArray(schema.required) || schema.required.length !== 1 || typeof schema.required[0] !== 'string') {
    return { reason: 'grammar constrained sampling requires exactly one required string property', code: 'one-required' };
  }
  const name: string = schema.required[0];
  if (!schema.properties?.[name]) return { reason: `grammar constrained sampling requires a properties entry for ${name}`, code: 'no-property', params: { property: name } };
  if (schema.properties[name]?.type !== 'string') return { reason: `grammar constrained sampling property ${name} must have type string`, code: 'not-string', params: { property: name } };
  return name;
}

/** A grammar tool plan, `undefined` when not a grammar tool here; GrammarError with pi's text when unusable. */
export function resolveGrammar(tool: Tool, apiSupportsGrammar: boolean): GrammarPlan | undefined {
  const config = tool.constrainedSampling;
  if (!config || config.type !== 'grammar' || !apiSupportsGrammar) return undefined;
  const lark = config.variants.openai_lark;
  const regex = config.variants.openai_regex;
  const hasLark = typeof lark === 'string' && lark.trim().length > 0;
  const hasRegex = typeof regex === 'string' && regex.trim().length > 0;
  const unusable = `Tool "${tool.name}" cannot use grammar constrained sampling: `;
  if (!hasLark && !hasRegex) throw new GrammarError(`${unusable}no supported grammar variant was provided.`, 'no-variant');
  const property = grammarInputProperty(tool);
  if (typeof property !== 'string') throw new GrammarError(`${unusable}${property.reason}.`, property.code, property.params);
  return { format: hasLark ? 'lark' : 'regex', definition: (hasLark ? lark : regex) as string, inputProperty: property };
}

/** Tool name → input property, for every grammar tool (used to replay grammar calls as custom calls). */
export function grammarInputProperties(tools: Tool[] | undefined, apiSupportsGrammar: boolean): Map<string, string> {
  const map = new Map<string, string>();
  for (const tool of tools ?? []) {
    const plan = resolveGrammar(tool, apiSupportsGrammar);
    if (plan) map.set(tool.name, plan.inputProperty);
  }
  return map;
}

/** The string a grammar call carries; pi fails the request when a replayed call lacks it. */
export function grammarInput(toolName: string, args: Record<string, unknown>, property: string): string {
  const value = args[property];
  if (typeof value !== 'string') {
    throw new EncodeError(`Grammar tool call "${toolName}" requires argument "${property}" to be a string.`);
  }
  return value;
}
