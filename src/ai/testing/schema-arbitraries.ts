// Test support: fast-check generators of tool schemas (as a small description rendered either with TypeBox's
// Type.* builders or as plain JSON Schema) and of argument values aimed at them: right types, coercible
// strings, nulls, wrong types, extra and missing keys.
import fc from 'fast-check';
import { Type, type TSchema } from 'typebox';

export type Node =
  | { k: 'string'; opts: Record<string, unknown> }
  | { k: 'integer' | 'number'; opts: Record<string, unknown> }
  | { k: 'boolean' | 'null' | 'any' }
  | { k: 'literal'; value: string | number | boolean }
  | { k: 'enum'; values: string[] }
  | { k: 'object'; props: [string, Node, boolean][]; extra: 'none' | 'closed' | Node }
  | { k: 'array'; items: Node; opts: Record<string, unknown> }
  | { k: 'tuple'; items: Node[] }
  | { k: 'union'; of: Node[]; style: 'anyOf' | 'oneOf' }
  | { k: 'allOf'; of: Node[] }
  | { k: 'nullable'; of: Node }
  | { k: 'record'; value: Node }
  | { k: 'typeArray'; types: string[] }
  | { k: 'ref'; name: string; target: Node };

const KEYS = ['a', 'b', 'count', 'name', 'flag', 'v', 'x_1'];
const key = fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.constantFrom('toString', 'a/b', '') });
// Each constraint is present about one time in four, so that most generated values can still pass.
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const opts = (entries: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(Object.fromEntries(Object.entries(entries).map(([k, a]) => [k, maybe(a)]))).map((o) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)),
  );

const leaf: fc.Arbitrary<Node> = fc.oneof(
  opts({
    minLength: fc.integer({ min: 0, max: 3 }),
    maxLength: fc.integer({ min: 2, max: 6 }),
    pattern: fc.constantFrom('^[a-z]+$', '^\\d+$', 'a'),
    format: fc.constantFrom('email', 'date-time', 'uri', 'uuid', 'date', 'ipv4'),
  }).map((o): Node => ({ k: 'string', opts: o })),
  fc.tuple(fc.constantFrom('integer' as const, 'number' as const), opts({
    minimum: fc.integer({ min: -2, max: 2 }),
    maximum: fc.integer({ min: 3, max: 100 }),
    exclusiveMinimum: fc.constantFrom(0, -1),
    multipleOf: fc.constantFrom(2, 0.5),
  })).map(([k, o]): Node => ({ k, opts: o })),
  fc.constantFrom<Node>({ k: 'boolean' }, { k: 'null' }, { k: 'any' }),
  fc.constantFrom<string | number | boolean>('a', 'on', 5, 0, true, false).map((value): Node => ({ k: 'literal', value })),
  fc.uniqueArray(fc.constantFrom('a', 'b', 'red', '1'), { minLength: 1, maxLength: 3 }).map((values): Node => ({ k: 'enum', values })),
  fc.uniqueArray(fc.constantFrom('string', 'integer', 'number', 'boolean', 'null', 'array', 'object'), { minLength: 1, maxLength: 3 })
    .map((types): Node => ({ k: 'typeArray', types })),
);

export const nodeArb: fc.Arbitrary<Node> = fc.letrec<{ node: Node; object: Node }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, leaf, tie('object'),
    fc.tuple(tie('node'), opts({ minItems: fc.integer({ min: 0, max: 2 }), maxItems: fc.integer({ min: 1, max: 4 }), uniqueItems: fc.constant(true) }))
      .map(([items, o]): Node => ({ k: 'array', items, opts: o })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items): Node => ({ k: 'tuple', items })),
    fc.tuple(fc.array(tie('node'), { minLength: 1, maxLength: 3 }), fc.constantFrom('anyOf' as const, 'oneOf' as const))
      .map(([of, style]): Node => ({ k: 'union', of, style })),
    fc.array(tie('object'), { minLength: 1, maxLength: 2 }).map((of): Node => ({ k: 'allOf', of })),
    tie('node').map((of): Node => ({ k: 'nullable', of })),
    tie('node').map((value): Node => ({ k: 'record', value })),
    fc.tuple(fc.constantFrom('D0', 'D1'), tie('node')).map(([name, target]): Node => ({ k: 'ref', name, target })),
  ),
  object: fc.tuple(
    fc.uniqueArray(fc.tuple(key, tie('node'), fc.boolean()), { maxLength: 4, selector: (p) => p[0] }),
    fc.oneof(fc.constant<'none'>('none'), fc.constant<'closed'>('closed'), tie('node')),
  ).map(([props, extra]): Node => ({ k: 'object', props, extra })),
})).node;

export const rootArb: fc.Arbitrary<Node> = fc.oneof({ weight: 6, arbitrary: nodeArb.filter((n) => n.k === 'object') },
  { weight: 1, arbitrary: nodeArb });

/** TypeBox-built rendering (refs become a Cyclic root around the object). */
export function toTypeBox(node: Node): TSchema {
  const defs: Record<string, TSchema> = {};
  // The first definition of a name wins, also when its target holds a ref of the same name.
  const define = (n: Extract<Node, { k: 'ref' }>) => {
    if (n.name in defs) return;
    const target = render(n.target);
    if (!(n.name in defs)) defs[n.name] = target;
  };
  const render = (n: Node): TSchema => {
    switch (n.k) {
      case 'string': return Type.String(n.opts);
      case 'integer': return Type.Integer(n.opts);
      case 'number': return Type.Number(n.opts);
      case 'boolean': return Type.Boolean();
      case 'null': return Type.Null();
      case 'any': return Type.Any();
      case 'literal': return Type.Literal(n.value);
      case 'enum': return Type.Unsafe({ type: 'string', enum: n.values });
      case 'object': {
        const props = Object.fromEntries(n.props.map(([k, p, optional]) => [k, optional ? Type.Optional(render(p)) : render(p)]));
        const extra = n.extra === 'none' ? {} : { additionalProperties: n.extra === 'closed' ? false : render(n.extra) };
        return Type.Object(props, extra);
      }
      case 'array': return Type.Array(render(n.items), n.opts);
      case 'tuple': return Type.Tuple(n.items.map(render));
      case 'union': return Type.Union(n.of.map(render));
      case 'allOf': return Type.Intersect(n.of.map(render));
      case 'nullable': return Type.Union([render(n.of), Type.Null()]);
      case 'record': return Type.Record(Type.String(), render(n.value));
      case 'typeArray': return Type.Unsafe({ type: n.types });
      case 'ref':
        define(n);
        return Type.Ref(n.name);
    }
  };
  const root = render(node);
  if (Object.keys(defs).length === 0) return root;
  return Type.Cyclic({ ...defs, Root: root }, 'Root');
}

/** Plain JSON Schema rendering (no `~kind`), with refs into the root's `$defs`. */
export function toPlain(node: Node): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const define = (n: Extract<Node, { k: 'ref' }>) => {
    if (n.name in defs) return;
    const target = render(n.target);
    if (!(n.name in defs)) defs[n.name] = target;
  };
  const render = (n: Node): Record<string, unknown> => {
    switch (n.k) {
      case 'string': case 'integer': case 'number': return { type: n.k, ...n.opts };
      case 'boolean': case 'null': return { type: n.k };
      case 'any': return {};
      case 'literal': return { const: n.value };
      case 'enum': return { type: 'string', enum: n.values };
      case 'object': {
        const required = n.props.filter(([, , optional]) => !optional).map(([k]) => k);
        const extra = n.extra === 'none' ? {} : { additionalProperties: n.extra === 'closed' ? false : render(n.extra) };
        return { type: 'object', properties: Object.fromEntries(n.props.map(([k, p]) => [k, render(p)])),
          ...(required.length ? { required } : {}), ...extra };
      }
      case 'array': return { type: 'array', items: render(n.items), ...n.opts };
      case 'tuple': return { type: 'array', items: n.items.map(render) };
      case 'union': return { [n.style]: n.of.map(render) };
      case 'allOf': return { allOf: n.of.map(render) };
      case 'nullable': {
        const inner = render(n.of);
        return typeof inner.type === 'string' ? { ...inner, type: [inner.type, 'null'] } : { anyOf: [inner, { type: 'null' }] };
      }
      case 'record': return { type: 'object', additionalProperties: render(n.value) };
      case 'typeArray': return { type: n.types };
      case 'ref':
        define(n);
        return { $ref: `#/$defs/${n.name}` };
    }
  };
  const root = render(node);
  return Object.keys(defs).length ? { ...root, $defs: defs } : root;
}

const SCALARS: unknown[] = ['42', '4.9', '-4.9', '', ' 5 ', '0x10', '1e3', '5n', 'true', 'TRUE', 'True', 'false', '1', '0',
  'null', 'abc', 'yes', 'a', 'red', 'on', 'a@b.co', '2024-01-01T00:00:00Z', '2024-01-01', 'http://x.y/z', '127.0.0.1',
  0, 1, -1, 4.5, 2, 5, 100, -0, true, false, null];
const scalar = fc.constantFrom(...SCALARS);
const junk: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, scalar, scalar, fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(key, tie('v'), { maxKeys: 3, noNullPrototype: true })),
})).v;

/** Argument values aimed at `node`: mostly shaped like it, with near misses, nulls and junk mixed in. */
export function valueFor(node: Node, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedValue(node, depth);
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: scalar }, { weight: 1, arbitrary: junk });
}

function shapedValue(node: Node, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return scalar;
  switch (node.k) {
    case 'object': {
      const props = node.props.map(([k, p]) => fc.option(valueFor(p, depth + 1), { nil: undefined, freq: 12 }).map((v) => [k, v] as const));
      return fc.tuple(fc.tuple(...props), fc.dictionary(key, junk, { maxKeys: 2, noNullPrototype: true }), fc.integer({ min: 0, max: 3 }).map((n) => n === 0)).map(([entries, extra, withExtra]) => {
        const out: Record<string, unknown> = withExtra ? { ...extra } : {};
        for (const [k, v] of entries) if (v !== undefined) out[k] = v; else delete out[k];
        return out;
      });
    }
    case 'array': return fc.array(valueFor(node.items, depth + 1), { maxLength: 4 });
    case 'tuple': return fc.tuple(...node.items.map((i) => valueFor(i, depth + 1))).chain((t) =>
      fc.oneof({ weight: 4, arbitrary: fc.constant(t) }, { weight: 1, arbitrary: fc.constantFrom(t.slice(0, -1), [...t, '1']) }));
    case 'union': case 'allOf': return fc.oneof(...node.of.map((n) => valueFor(n, depth + 1)));
    case 'nullable': return fc.oneof(valueFor(node.of, depth + 1), fc.constant(null));
    case 'record': return fc.dictionary(key, valueFor(node.value, depth + 1), { maxKeys: 3, noNullPrototype: true });
    case 'ref': return valueFor(node.target, depth + 1);
    case 'literal': return fc.constantFrom(node.value, String(node.value));
    case 'enum': return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...node.values) }, { weight: 1, arbitrary: fc.constant('nope') });
    case 'string': return fc.constantFrom(...STRINGISH);
    case 'integer': case 'number': return fc.constantFrom(...NUMBERISH);
    case 'boolean': return fc.constantFrom(...BOOLEANISH);
    case 'null': return fc.constantFrom(null, '', 0, false, 'null');
    case 'typeArray': return fc.constantFrom(...STRINGISH, ...NUMBERISH, ...BOOLEANISH, [], {});
    case 'any': return junk;
  }
}

// Right-typed values and coercible near misses per target type.
const STRINGISH = ['abc', 'a', 'ab', 'a@b.co', '2024-01-01T00:00:00Z', 'http://x.y/z', '42', 7, true, null];
const NUMBERISH = [1, 2, 5, 42, 0.5, '42', '4.9', 4.5, ' 5 ', '', true, null, '0x10', '1e2'];
const BOOLEANISH = [true, false, 'true', 'TRUE', 'false', '1', '0', 0, 1, null];
