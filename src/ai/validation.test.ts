// Differential tests, explicit cases: every coercion-table row and every message of pi 0.85.1's argument
// validation, each run through pi-ai's validateToolArguments and ours, which must agree byte for byte.
import { describe, expect, it } from 'vitest';
import { Type, type TSchema } from 'typebox';
import { validateToolArguments as piValidate } from '@earendil-works/pi-ai';
import { validateToolArguments } from './validation/index.ts';
import { issueLines, outcomeOf, type Outcome } from './testing/validation-outcome.ts';

type Expect = { value: unknown } | { lines: string[] } | { thrown: string };
type Row = [label: string, parameters: unknown, args: unknown, expected: Expect];

/** Runs both, requires identical outcomes, then checks the outcome against the documented behaviour. */
function agree(parameters: unknown, args: unknown, expected: Expect): Outcome {
  const theirs = outcomeOf(piValidate, parameters, args);
  const ours = outcomeOf(validateToolArguments, parameters, args);
  expect(ours).toStrictEqual(theirs);
  if ('value' in expected) expect(ours).toStrictEqual({ ok: true, value: expected.value });
  else if (!ours.ok && 'lines' in expected) expect(issueLines(ours.message)).toEqual(expected.lines);
  else if (!ours.ok && 'thrown' in expected) expect(ours.message).toBe(expected.thrown);
  else expect.unreachable(`expected a failure, got ${JSON.stringify(ours)}`);
  return ours;
}

const ok = (value: unknown): Expect => ({ value });
const fails = (...lines: string[]): Expect => ({ lines });

// One required property `v` of the given type; rows give v's input and the expected outcome.
const tbV = (t: TSchema) => Type.Object({ v: t });
const jsV = (s: object) => ({ type: 'object', properties: { v: s }, required: ['v'] });
function vRows(wrap: (s: any) => unknown, schema: unknown, name: string, rows: [unknown, Expect][]): Row[] {
  return rows.map(([input, expected]) => [
    `${name}: ${JSON.stringify(input)}`,
    wrap(schema),
    { v: input },
    'value' in expected ? ok({ v: expected.value }) : expected,
  ]);
}

const typeboxTable: Row[] = [
  ...vRows(tbV, Type.Integer(), 'integer', [
    ['42', ok(42)], ['4.9', ok(4)], ['-4.9', ok(-4)], [4.5, ok(4)], ['1e2', ok(100)], ['0x10', ok(16)],
    [' 5 ', ok(5)], ['', ok(0)], ['5n', ok(5)], [true, ok(1)], [false, ok(0)], [null, ok(0)],
    ['9007199254740993', ok(9007199254740992)],
    ['abc', fails('v: must be integer')], [[5], fails('v: must be integer')],
  ]),
  ...vRows(tbV, Type.Number(), 'number', [
    ['3.5', ok(3.5)], ['1e3', ok(1000)], ['0x10', ok(16)], [' 5 ', ok(5)], ['', ok(0)], [true, ok(1)],
    [false, ok(0)], [null, ok(0)],
    ['Infinity', fails('v: must be number')], ['NaN', fails('v: must be number')],
    ['12abc', fails('v: must be number')], [[5], fails('v: must be number')],
  ]),
  ...vRows(tbV, Type.Boolean(), 'boolean', [
    ['true', ok(true)], ['True', ok(true)], ['TRUE', ok(true)], ['false', ok(false)], ['1', ok(true)],
    ['0', ok(false)], [1, ok(true)], [0, ok(false)], [null, ok(false)],
    ['false ', fails('v: must be boolean')], ['yes', fails('v: must be boolean')], ['no', fails('v: must be boolean')],
    [2, fails('v: must be boolean')], [[true], fails('v: must be boolean')],
  ]),
  ...vRows(tbV, Type.String(), 'string', [
    [7, ok('7')], [3.5, ok('3.5')], [true, ok('true')], [null, ok('null')],
    [{ a: 1 }, fails('v: must be string')], [['x'], fails('v: must be string')],
  ]),
  ...vRows(tbV, Type.Array(Type.String()), 'array of string', [
    ['x', ok(['x'])], [5, ok(['5'])], [null, ok(['null'])], [[1, true, null], ok(['1', 'true', 'null'])],
  ]),
  ...vRows(tbV, Type.Array(Type.Integer()), 'array of integer', [
    ['7', ok([7])], [7, ok([7])], [['1', '2.5'], ok([1, 2])], [[1, 2, 'x'], fails('v.2: must be integer')],
  ]),
  ...vRows(tbV, Type.Null(), 'null', [
    ['', ok(null)], [0, ok(null)], [false, ok(null)], ['null', ok(null)], ['x', fails('v: must be null')],
  ]),
  ...vRows(tbV, Type.Literal(5), 'Literal(5)', [['5', ok(5)], ['6', fails('v: must be equal to constant')]]),
  ...vRows(tbV, Type.Literal(true), 'Literal(true)', [
    ['true', ok(true)], ['no', fails('v: must be boolean', 'v: must be equal to constant')],
  ]),
  ...vRows(tbV, Type.Record(Type.String(), Type.Integer()), 'Record(String, Integer)', [
    [{ x: '1', y: '2.5' }, ok({ x: 1, y: 2 })],
  ]),
  ...vRows(tbV, Type.Tuple([Type.Integer(), Type.String()]), 'Tuple([Integer, String])', [[['1', 2], ok([1, '2'])]]),
  ...vRows(tbV, Type.Object({ n: Type.Integer() }), 'nested object', [[{ n: '3' }, ok({ n: 3 })]]),
  ['default is not applied', Type.Object({ v: Type.Optional(Type.Integer({ default: 5 })) }), {}, ok({})],
  ['extra properties are kept', tbV(Type.Integer()), { v: '1', extra: 'x' }, ok({ v: 1, extra: 'x' })],
];

const plainTable: Row[] = [
  ...vRows(jsV, { type: 'number' }, 'number', [
    [null, ok(0)], [' 7 ', ok(7)], ['0x10', ok(16)], ['1e3', ok(1000)], [true, ok(1)], [false, ok(0)],
    ['', fails('v: must be number')], ['12abc', fails('v: must be number')], ['Infinity', fails('v: must be number')],
  ]),
  ...vRows(jsV, { type: 'integer' }, 'integer', [
    [null, ok(0)], [' 7 ', ok(7)], ['0x10', ok(16)], ['1e3', ok(1000)], [true, ok(1)],
    ['4.9', fails('v: must be integer')], ['5n', fails('v: must be integer')], [4.5, fails('v: must be integer')],
    ['', fails('v: must be integer')],
  ]),
  ...vRows(jsV, { type: 'boolean' }, 'boolean', [
    [null, ok(false)], ['true', ok(true)], ['false', ok(false)], [1, ok(true)], [0, ok(false)],
    ['TRUE', fails('v: must be boolean')], ['1', fails('v: must be boolean')], ['0', fails('v: must be boolean')],
  ]),
  ...vRows(jsV, { type: 'string' }, 'string', [[null, ok('')], [5, ok('5')], [true, ok('true')]]),
  ...vRows(jsV, { type: 'null' }, 'null', [['', ok(null)], [0, ok(null)], [false, ok(null)], ['null', fails('v: must be null')]]),
  ...vRows(jsV, { type: 'array', items: { type: 'integer' } }, 'array items', [
    [['1', '2'], ok([1, 2])], ['1', fails('v: must be array')],
  ]),
  ...vRows(jsV, { type: 'array', items: [{ type: 'integer' }, { type: 'string' }] }, 'positional items', [
    [['1', 2, '3'], ok([1, '2', '3'])],
  ]),
  ...vRows(jsV, { type: 'array', items: { type: 'string' } }, 'scalars are not wrapped', [['x', fails('v: must be array')]]),
  ...vRows(jsV, { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: { type: 'boolean' } },
    'object with additionalProperties schema', [[{ n: '2', b: 'true' }, ok({ n: 2, b: true })]]),
  ...vRows(jsV, { allOf: [{ type: 'integer' }, { minimum: 1 }] }, 'allOf', [['5', ok(5)], ['0', fails('v: must be >= 1')]]),
  ...vRows(jsV, { anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, 'anyOf[integer, boolean]', [
    ['7', ok(7)], ['true', ok(true)], [7, ok(7)],
  ]),
  ...vRows(jsV, { oneOf: [{ type: 'integer' }, { type: 'string' }] }, 'oneOf[integer, string]', [[true, ok(1)]]),
  ...vRows(jsV, { type: ['string', 'null'] }, 'type ["string","null"]', [
    [5, ok('5')], [false, ok('false')], [0, ok('0')], [null, ok(null)],
  ]),
  ['empty schema accepts anything', {}, 'anything', ok('anything')],
  ['{type:"object"} accepts any object', { type: 'object' }, { a: [1] }, ok({ a: [1] })],
  ['Value.Convert leaves plain schemas alone', jsV({ type: 'integer' }), { v: '4.9' }, fails('v: must be integer')],
];

describe('validateToolArguments agrees with pi on the TypeBox coercion table', () => {
  it.each(typeboxTable)('%s', (_label, parameters, args, expected) => void agree(parameters, args, expected));
});

describe('validateToolArguments agrees with pi on the plain JSON Schema coercion table', () => {
  it.each(plainTable)('%s', (_label, parameters, args, expected) => void agree(parameters, args, expected));
});

// Messages: one schema for `v` per TypeBox message pi prints, and a value that triggers it.
const messageRows: [string, unknown, unknown, string][] = [
  ['must be integer', Type.Integer(), 'x', 'v: must be integer'],
  ['must be number', Type.Number(), 'x', 'v: must be number'],
  ['must be boolean', Type.Boolean(), 'x', 'v: must be boolean'],
  ['must be string', Type.String(), [1], 'v: must be string'],
  ['must be object', Type.Object({}), 'x', 'v: must be object'],
  ['must be array', { type: 'array' }, 'x', 'v: must be array'],
  ['must be null', Type.Null(), 'x', 'v: must be null'],
  ['minimum', Type.Integer({ minimum: 1 }), 0, 'v: must be >= 1'],
  ['maximum', Type.Integer({ maximum: 10 }), 11, 'v: must be <= 10'],
  ['exclusiveMinimum', Type.Number({ exclusiveMinimum: 0 }), 0, 'v: must be > 0'],
  ['exclusiveMaximum', Type.Number({ exclusiveMaximum: 1 }), 1, 'v: must be < 1'],
  ['pattern', Type.String({ pattern: '^[a-z]+$' }), 'A1', 'v: must match pattern "^[a-z]+$"'],
  ['format email', Type.String({ format: 'email' }), 'nope', 'v: must match format "email"'],
  ['format date-time', Type.String({ format: 'date-time' }), '2024-13-01', 'v: must match format "date-time"'],
  ['format uri', Type.String({ format: 'uri' }), 'not a uri', 'v: must match format "uri"'],
  ['minLength', Type.String({ minLength: 2 }), 'a', 'v: must not have fewer than 2 characters'],
  ['maxLength', Type.String({ maxLength: 4 }), 'abcde', 'v: must not have more than 4 characters'],
  ['minItems', Type.Array(Type.Integer(), { minItems: 1 }), [], 'v: must not have fewer than 1 items'],
  ['maxItems', Type.Array(Type.Integer(), { maxItems: 2 }), [1, 2, 3], 'v: must not have more than 2 items'],
  ['uniqueItems', Type.Array(Type.Integer(), { uniqueItems: true }), [1, 1], 'v: must not have duplicate items'],
  ['enum', { type: 'string', enum: ['a', 'b'] }, 'c', 'v: must be equal to one of the allowed values'],
  ['const', { const: 'x' }, 'y', 'v: must be equal to constant'],
  ['type array', { type: ['string', 'integer'] }, [1], 'v: must be either string or integer'],
  ['additionalProperties false', Type.Object({ a: Type.Integer() }, { additionalProperties: false }), { a: 1, b: 2, c: 3 },
    'v: must not have additional properties'],
];

describe('validateToolArguments reports the same messages as pi', () => {
  it.each(messageRows)('%s', (_label, schema, value, line) => {
    agree(Type.Object({ v: schema as TSchema }), { v: value }, fails(line));
  });

  it('frames the lines with the tool name and the uncoerced arguments', () => {
    const schema = Type.Object({ count: Type.Integer({ minimum: 1 }) });
    const outcome = agree(schema, { count: '-3', note: 'kept' }, fails('count: must be >= 1'));
    expect(!outcome.ok && outcome.message).toBe(
      'Validation failed for tool "probe":\n  - count: must be >= 1\n\nReceived arguments:\n' +
        '{\n  "count": "-3",\n  "note": "kept"\n}',
    );
  });
});

const order = Type.Object({
  count: Type.Integer({ minimum: 1 }),
  flag: Type.Boolean(),
  name: Type.String({ pattern: '^[a-z]+$' }),
  ratio: Type.Optional(Type.Number()),
  tags: Type.Optional(Type.Array(Type.String())),
  nested: Type.Optional(Type.Object({ a: Type.Integer() })),
});

describe('validateToolArguments orders and names errors as pi does', () => {
  it.each<Row>([
    ['required first, then properties in schema order', order, { count: 'x', flag: 'maybe' },
      fails('name: must have required properties name', 'count: must be integer', 'flag: must be boolean')],
    ['one required line naming the first missing property', order, {},
      fails('count: must have required properties count, flag, name')],
    ['nested required path', order, { count: 1, flag: true, name: 'a', nested: {} },
      fails('nested.a: must have required properties a')],
    ['deep required path', Type.Object({ a: Type.Object({ b: Type.Object({ c: Type.String() }) }) }), { a: { b: {} } },
      fails('a.b.c: must have required properties c')],
    ['union branches, then the anyOf line', Type.Object({ unit: Type.Union([Type.Literal('c'), Type.Literal('f')]) }),
      { unit: 'k' }, fails('unit: must be equal to constant', 'unit: must be equal to constant', 'unit: must match a schema in anyOf')],
    ['one line however many extra keys', Type.Object({ a: Type.Integer() }, { additionalProperties: false }),
      { a: 1, b: 2, c: 3 }, fails('root: must not have additional properties')],
    ['an additionalProperties schema a value fails', Type.Object({ o: Type.Object({}, { additionalProperties: Type.Integer() }) }),
      { o: { x: 'abc' } }, fails('o: must not have additional properties')],
    ['a key with a slash prints dotted', Type.Object({ 'a/b': Type.Integer() }), { 'a/b': 'x' }, fails('a.b: must be integer')],
    ['a string is not an object', order, 'a string', fails('root: must be object')],
    ['null is not an object', order, null, fails('root: must be object')],
    ['an array is not an object', order, [1], fails('root: must be object')],
    ['a number is not an object', order, 5, fails('root: must be object')],
    ['whole-object coercion', order, { count: '4.9', flag: 'TRUE', name: 'abc' }, ok({ count: 4, flag: true, name: 'abc' })],
    ['negative count after truncation', order, { count: '-4.5', flag: true, name: 'abc' }, fails('count: must be >= 1')],
    ['required nulls are coerced, only the minimum fails', order, { count: null, flag: null, name: null },
      fails('count: must be >= 1')],
    ['optional nulls are removed', order, { count: 1, flag: true, name: 'a', ratio: null, tags: null, nested: null },
      ok({ count: 1, flag: true, name: 'a' })],
  ])('%s', (_label, parameters, args, expected) => void agree(parameters, args, expected));
});

describe('validateToolArguments removes optional nulls as pi does', () => {
  const refSchema = Type.Cyclic({ Node: Type.Object({ n: Type.Integer(), next: Type.Optional(Type.Ref('Node')) }) }, 'Node');
  it.each<Row>([
    ['an optional null is deleted', Type.Object({ req: Type.String(), opt: Type.Optional(Type.String()) }),
      { req: 'a', opt: null }, ok({ req: 'a' })],
    ['a nested optional null is deleted', Type.Object({ nested: Type.Object({ x: Type.Optional(Type.Integer()) }) }),
      { nested: { x: null } }, ok({ nested: {} })],
    ['an optional nullable union keeps null', Type.Object({ o: Type.Optional(Type.Union([Type.String(), Type.Null()])) }),
      { o: null }, ok({ o: null })],
    ['a required null is coerced instead', Type.Object({ req: Type.String() }), { req: null }, ok({ req: 'null' })],
    ['a $ref property keeps its null', refSchema, { n: '1', next: { n: '2', next: null } }, fails('next.next: must be object')],
    ['nulls inside array items are deleted', Type.Object({ list: Type.Array(Type.Object({ o: Type.Optional(Type.Integer()) })) }),
      { list: [{ o: null }, { o: '2' }] }, ok({ list: [{}, { o: 2 }] })],
    ['nulls inside tuple positions are deleted', { type: 'object', properties: { t: { type: 'array', items: [{ type: 'object',
      properties: { o: { type: 'integer' } } }] } } }, { t: [{ o: null }, { o: null }] }, ok({ t: [{}, { o: null }] })],
    ['plain JSON Schema too', { type: 'object', properties: { o: { type: 'integer' } } }, { o: null }, ok({})],
  ])('%s', (_label, parameters, args, expected) => void agree(parameters, args, expected));
});

describe('validateToolArguments fails as pi does when pi throws something else', () => {
  it.each<Row>([
    ['a Promise cannot be cloned', Type.Object({}), { p: Promise.resolve(1) }, { thrown: '#<Promise> could not be cloned.' }],
    ['a function cannot be cloned', Type.Object({}), { f: () => 1 }, { thrown: '() => 1 could not be cloned.' }],
    ['a BigInt cannot be printed in the message', Type.Object({ n: Type.String() }), { b: 1n },
      { thrown: 'Do not know how to serialize a BigInt' }],
    ['a pattern that is not a regular expression', { type: 'object', properties: { a: { type: 'string', pattern: '(' } } },
      { a: 'x' }, { thrown: 'Invalid regular expression: /(/u: Unterminated group' }],
    ['a property name TypeBox turns into a bad regular expression', Type.Object({ 'a(': Type.String() }), { 'a(': 1 },
      { thrown: 'Invalid regular expression: /^a($/: Unterminated group' }],
    ['a getter that throws while cloning', Type.Object({}), { get a(): never { throw new Error('boom'); } }, { thrown: 'boom' }],
    ['a boolean schema', true, {}, { thrown: 'Invalid value used as weak map key' }],
    ['a null schema', null, {}, { thrown: "Cannot read properties of null (reading 'properties')" }],
  ])('%s', (_label, parameters, args, expected) => {
    const theirs = outcomeOf(piValidate, parameters, args);
    const ours = outcomeOf(validateToolArguments, parameters, args);
    expect(ours).toStrictEqual(theirs);
    expect(!ours.ok && ours.message).toBe((expected as { thrown: string }).thrown);
  });
});

describe('validateToolArguments at a non-object root, as pi does', () => {
  it.each<Row>([
    ['a coerced root that validates is returned', { type: 'integer' }, '7', ok(7)],
    ['a coerced root that still fails returns the uncoerced clone without an error', { type: 'integer', minimum: 5 }, null, ok(null)],
    ['an unchanged invalid root fails', { type: 'integer' }, 'x', fails('root: must be integer')],
    ['a root union that coerces refills the same object', { anyOf: [{ type: 'object', properties: { n: { type: 'integer' } },
      required: ['n'] }] }, { n: '3' }, ok({ n: 3 })],
  ])('%s', (_label, parameters, args, expected) => void agree(parameters, args, expected));
});

describe('validateToolArguments treats inherited names as pi does', () => {
  it.each<Row>([
    ['an absent `toString` property is written back from the prototype', { type: 'object', properties: { toString: {} } }, {},
      ok({ toString: Object.prototype.toString })],
    ['a removed optional `toString` null comes back from the prototype and fails',
      Type.Object({ toString: Type.Optional(Type.String()) }), { toString: null }, fails('toString: must be string')],
  ])('%s', (_label, parameters, args, expected) => void agree(parameters, args, expected));
});

describe('validateToolArguments clones as structuredClone does', () => {
  it('keeps a shared object shared, so the last conversion wins for both places, as pi does', () => {
    const shared = { n: '5' };
    const schema = Type.Object({ a: Type.Object({ n: Type.Integer() }), b: Type.Object({ n: Type.String() }) });
    agree(schema, { a: shared, b: shared }, fails('a.n: must be integer'));
    agree(schema, { a: { n: '5' }, b: { n: '5' } }, ok({ a: { n: 5 }, b: { n: '5' } }));
  });

  it('accepts circular arguments and fails on printing them, as pi does', () => {
    const cyclic: Record<string, unknown> = { n: 'x' };
    cyclic.self = cyclic;
    const theirs = outcomeOf(piValidate, Type.Object({ n: Type.Integer() }), cyclic);
    const ours = outcomeOf(validateToolArguments, Type.Object({ n: Type.Integer() }), cyclic);
    expect(ours).toStrictEqual(theirs);
    expect(!ours.ok && ours.message).toMatch(/^Converting circular structure to JSON/);
  });

  it('clones class instances and dates the engine way', () => {
    class Point { constructor(public x = '1') {} }
    agree({ type: 'object', properties: { p: { type: 'object', properties: { x: { type: 'integer' } } } } },
      { p: new Point(), d: new Date(0) }, ok({ p: { x: 1 }, d: new Date(0) }));
  });
});
