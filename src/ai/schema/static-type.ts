// JSON Schema -> TypeScript type text: what `Static<typeof parameters>` means for a tool, shown beside its schema.
// Pure and total: any input (TypeBox schemas with their hidden `~kind`/`~optional`/`~readonly` keys, plain JSON
// Schema pasted from an MCP server, or garbage) yields readable type text; nothing here throws for bad input.

export interface StaticTypeOptions {
  /** One level of indentation. Default: two spaces. */
  indent?: string;
  /** Emit `description`s as JSDoc comments above properties. Default: true. */
  descriptions?: boolean;
}

type Schema = Record<string, unknown>;
/** How tightly a type expression binds, so unions inside arrays or intersections get parentheses. */
type Precedence = 'union' | 'intersection' | 'atom';
interface Encoded { text: string; prec: Precedence }

interface Context {
  indent: string;
  descriptions: boolean;
  /** Schemas on the current path: a cyclic object graph ends in `unknown` instead of recursing forever. */
  path: Set<object>;
}

const MAX_DEPTH = 48;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const NUMERIC_KEY_PATTERN = '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?$';
const SIMPLE_TYPES: Record<string, string> = {
  string: 'string', number: 'number', integer: 'number', boolean: 'boolean', null: 'null',
  undefined: 'undefined', void: 'void', bigint: 'bigint', symbol: 'symbol',
};
// TypeBox kinds whose JSON form is ambiguous (`{}` is both Any and Unknown).
const KIND_TYPES: Record<string, string> = { Any: 'any', Unknown: 'unknown', Never: 'never' };

/** The type expression of `schema`, e.g. `{\n  city: string;\n  days?: number;\n}`. */
export function encodeStaticType(schema: unknown, options: StaticTypeOptions = {}): string {
  return encode(schema, 0, createContext(options)).text;
}

/**
 * A full declaration: `type <name> = …;`, preceded by one declaration per `$defs` entry when the schema has
 * them (Type.Cyclic, or a pasted schema with definitions), so `$ref`s read as the names they point to.
 */
export function encodeStaticTypeDeclaration(name: string, schema: unknown, options: StaticTypeOptions = {}): string {
  const ctx = createContext(options);
  const lines: string[] = [];
  if (isSchema(schema)) {
    const defs = schema.$defs ?? schema.definitions;
    if (isSchema(defs)) {
      for (const [defName, def] of Object.entries(defs)) {
        lines.push(`type ${typeName(defName)} = ${encode(def, 0, ctx).text};`);
      }
    }
  }
  lines.push(`type ${typeName(name)} = ${encode(schema, 0, ctx).text};`);
  return lines.join('\n\n');
}

function createContext(options: StaticTypeOptions): Context {
  return { indent: options.indent ?? '  ', descriptions: options.descriptions ?? true, path: new Set() };
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function atom(text: string): Encoded {
  return { text, prec: 'atom' };
}

function encode(schema: unknown, depth: number, ctx: Context): Encoded {
  if (schema === true) return atom('unknown');
  if (schema === false) return atom('never');
  if (!isSchema(schema)) return atom('unknown');
  if (depth > MAX_DEPTH || ctx.path.has(schema)) return atom('unknown');
  ctx.path.add(schema);
  try {
    return encodeSchema(schema, depth, ctx);
  } finally {
    ctx.path.delete(schema);
  }
}

function encodeSchema(schema: Schema, depth: number, ctx: Context): Encoded {
  const kind = schema['~kind'];
  if (typeof kind === 'string' && kind in KIND_TYPES) return atom(KIND_TYPES[kind]);
  if ('const' in schema) return atom(literal(schema.const));
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => atom(literal(value))));
  if (typeof schema.$ref === 'string') return atom(refName(schema.$ref));
  if (Array.isArray(schema.anyOf)) return union(schema.anyOf.map((s) => encode(s, depth, ctx)));
  if (Array.isArray(schema.oneOf)) return union(schema.oneOf.map((s) => encode(s, depth, ctx)));
  if (Array.isArray(schema.allOf)) return intersection(schema.allOf.map((s) => encode(s, depth, ctx)));
  if (isSchema(schema.not) && Object.keys(schema.not).length === 0) return atom('never');
  const type = schema.type;
  if (Array.isArray(type)) return union(type.map((t) => encodeTyped(schema, t, depth, ctx)));
  if (typeof type === 'string') return encodeTyped(schema, type, depth, ctx);
  // Untyped but shaped like an object or array (common in hand-written schemas).
  if (isSchema(schema.properties)) return encodeObject(schema, depth, ctx);
  if ('items' in schema || 'prefixItems' in schema) return encodeArray(schema, depth, ctx);
  return atom('unknown');
}

function encodeTyped(schema: Schema, type: unknown, depth: number, ctx: Context): Encoded {
  if (typeof type !== 'string') return atom('unknown');
  if (type in SIMPLE_TYPES) return atom(SIMPLE_TYPES[type]);
  if (type === 'object') return encodeObject(schema, depth, ctx);
  if (type === 'array') return encodeArray(schema, depth, ctx);
  if (type === 'function') return encodeFunction(schema, depth, ctx);
  return atom('unknown');
}

function encodeObject(schema: Schema, depth: number, ctx: Context): Encoded {
  const properties = isSchema(schema.properties) ? schema.properties : undefined;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : []);
  const indexSignatures = indexSignaturesOf(schema, depth, ctx);
  if (!properties) {
    if (indexSignatures.length === 1) return atom(`Record<${indexSignatures[0].key}, ${indexSignatures[0].value}>`);
    if (indexSignatures.length === 0 && schema.additionalProperties !== false) return atom('Record<string, unknown>');
  }
  const inner = ctx.indent.repeat(depth + 1);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(properties ?? {})) {
    const description = isSchema(value) && typeof value.description === 'string' ? value.description : '';
    if (ctx.descriptions && description) lines.push(...docComment(description, inner));
    const readonly = isSchema(value) && value['~readonly'] === true ? 'readonly ' : '';
    const optional = required.has(key) ? '' : '?';
    lines.push(`${inner}${readonly}${propertyKey(key)}${optional}: ${encode(value, depth + 1, ctx).text};`);
  }
  for (const { key, value } of indexSignatures) lines.push(`${inner}[key: ${key}]: ${value};`);
  if (lines.length === 0) return atom('{}');
  return atom(`{\n${lines.join('\n')}\n${ctx.indent.repeat(depth)}}`);
}

function indexSignaturesOf(schema: Schema, depth: number, ctx: Context): { key: string; value: string }[] {
  const signatures: { key: string; value: string }[] = [];
  if (isSchema(schema.patternProperties)) {
    for (const [pattern, value] of Object.entries(schema.patternProperties)) {
      signatures.push({ key: pattern === NUMERIC_KEY_PATTERN ? 'number' : 'string', value: encode(value, depth + 1, ctx).text });
    }
  }
  // `additionalProperties: true` adds nothing, as in TypeBox's Static; a schema adds an index signature.
  if (isSchema(schema.additionalProperties)) {
    signatures.push({ key: 'string', value: encode(schema.additionalProperties, depth + 1, ctx).text });
  }
  return signatures;
}

function encodeArray(schema: Schema, depth: number, ctx: Context): Encoded {
  // Tuples: TypeBox writes `items: [..]` (draft 7 style); 2020-12 writes `prefixItems`.
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
  if (prefix) {
    const elements = prefix.map((s) => encode(s, depth, ctx).text);
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    if (rest !== undefined && rest !== false) elements.push(`...${arrayOf(encode(rest, depth, ctx))}`);
    return atom(`[${elements.join(', ')}]`);
  }
  if (schema.items === undefined) return atom('unknown[]');
  return atom(arrayOf(encode(schema.items, depth, ctx)));
}

function encodeFunction(schema: Schema, depth: number, ctx: Context): Encoded {
  const params = Array.isArray(schema.parameters) ? schema.parameters : [];
  const args = params.map((p, i) => `arg${i}: ${encode(p, depth, ctx).text}`).join(', ');
  // A function type binds loosely: treat it like a union so it gets parentheses inside arrays.
  return { text: `(${args}) => ${encode(schema.returnType, depth, ctx).text}`, prec: 'union' };
}

function arrayOf(element: Encoded): string {
  return element.prec === 'atom' ? `${element.text}[]` : `(${element.text})[]`;
}

function union(members: Encoded[]): Encoded {
  const texts = [...new Set(members.map((m) => m.text))];
  if (texts.length === 0) return atom('never');
  if (texts.length === 1) return members.find((m) => m.text === texts[0])!;
  return { text: texts.join(' | '), prec: 'union' };
}

function intersection(members: Encoded[]): Encoded {
  if (members.length === 0) return atom('unknown');
  if (members.length === 1) return members[0];
  const texts = members.map((m) => (m.prec === 'union' ? `(${m.text})` : m.text));
  return { text: texts.join(' & '), prec: 'intersection' };
}

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'number';
  // An object or array constant: its JSON is a valid TypeScript literal type only for simple cases.
  return 'unknown';
}

function propertyKey(key: string): string {
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

/** `Foo`, `#/$defs/Foo`, `#/definitions/Foo` -> `Foo`; anything else becomes a safe identifier. */
function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return typeName(last);
}

function typeName(name: string): string {
  const cleaned = name.replace(/[^\w$]/g, '_');
  return IDENTIFIER.test(cleaned) ? cleaned : `_${cleaned}`;
}

function docComment(text: string, indent: string): string[] {
  const safe = text.replace(/\*\//g, '*\\/');
  const lines = safe.split(/\r?\n/);
  if (lines.length === 1) return [`${indent}/** ${safe} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}
