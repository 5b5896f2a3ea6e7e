import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseStreamingJson as piParseStreamingJson } from '@earendil-works/pi-ai';
import { parseStreamingJson, repairJson } from './streaming-json.ts';

/** Compares our parse with pi's on every prefix of `text` (what a consumer sees delta by delta). */
function expectSameOnEveryPrefix(text: string): void {
  for (let end = 0; end <= text.length; end++) {
    const prefix = text.slice(0, end);
    const ours = parseStreamingJson(prefix);
    const theirs = piParseStreamingJson(prefix);
    if (!Object.is(ours, theirs)) {
      expect({ prefix, value: ours }).toStrictEqual({ prefix, value: theirs });
    }
  }
}

const REPAIR_CASES = [
  '{"c',
  '{"city":"',
  '{"city":"Par',
  '{"city":"Paris","n":12',
  '{"nested":{"',
  '{"a":[1,{"b":',
  '{"a":tru',
  '{"a":1,',
  '{"a":-',
  '{"a":"\\',
  '{"a":"\\u00',
  '{"a":"\\u00e9 ok"}',
  '[1,2',
  '{"a":1}}',
  'not json',
  '{"path":"C:\\dir"}',
  '{"text":"line one\nline two\ttabbed"}',
  '{"bell":"\u0007","nul":"\u0000"}',
  '{"q":"say \\"hi\\"","s":"a\\/b"}',
  'null',
  '42',
  '"str"',
  '[1,2]',
  '  \n\t ',
  '{"emoji":"😀 🎉","cjk":"漢字"}',
  '{"x": 1e5, "y": -0.25, "z": [true, false, null]}',
  '{"trailing": "backslash\\',
  '{"a":"\\x41"}',
];

describe('parseStreamingJson', () => {
  it('salvages cut-off and malformed argument texts exactly as pi-ai does, on every prefix', () => {
    for (const text of REPAIR_CASES) expectSameOnEveryPrefix(text);
  });

  it('shows the documented salvage values a learner sees while arguments stream', () => {
    expect(parseStreamingJson('')).toEqual({});
    expect(parseStreamingJson('{"city":"Par')).toEqual({ city: 'Par' });
    expect(parseStreamingJson('{"a":[1,{"b":')).toEqual({ a: [1, {}] });
    expect(parseStreamingJson('{"path":"C:\\dir"}')).toEqual({ path: 'C:\\dir' });
    expect(parseStreamingJson('42')).toBe(42);
    expect(parseStreamingJson('null')).toBe(null);
    expect(parseStreamingJson('not json')).toEqual({});
  });

  it('agrees with pi-ai on every prefix of generated JSON texts', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.boolean(), (value, pretty) => {
        expectSameOnEveryPrefix(JSON.stringify(value, null, pretty ? 2 : undefined));
      }),
      { numRuns: 150, seed: 1729 },
    );
  });

  it('agrees with pi-ai on JSON-like text with raw control characters and stray backslashes', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', 'n', 'u', '0', 'a', 'F', '1', '-', '.', 'e', ' ', '\n', '\t', '\u0001', 't', 'r', '😀');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
        expectSameOnEveryPrefix(chars.join(''));
      }),
      { numRuns: 300, seed: 4242 },
    );
  });

  it('repairs string literals only, leaving text outside strings untouched', () => {
    expect(repairJson('{"a":"x\ny"}')).toBe('{"a":"x\\ny"}');
    expect(repairJson('{"a":"C:\\dir"}')).toBe('{"a":"C:\\\\dir"}');
    expect(repairJson('{\n"a" :\t1}')).toBe('{\n"a" :\t1}');
    expect(repairJson('{"a":"\u0002"}')).toBe('{"a":"\\u0002"}');
  });
});
