import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseScenario, type ScenarioError } from './index.ts';
import type { BlockTurn } from '../scenario.ts';
import { scanJson, lineColumnAt } from '../json-positions.ts';

const TWO_SLEEPS = `{
  "title": "Two sleeps",
  "systemPrompt": "You are terse.",
  "prompt": "Sleep twice",
  "toolExecution": "sequential",
  "timing": { "tokenSize": { "min": 2, "max": 4 }, "tokensPerSecond": 40, "seed": 7 },
  "turns": [
    {
      "content": [
        { "type": "thinking", "thinking": "Two naps." },
        { "type": "toolCall", "id": "a", "name": "sleep", "arguments": { "ms": 2000 } },
        { "type": "toolCall", "name": "sleep", "rawArguments": "{\\"ms\\": 20" }
      ]
    },
    { "content": "Done.", "timing": { "delayMs": 300 } }
  ],
  "steering": [{ "text": "Hurry", "at": { "toolCallEnd": "a" } }],
  "followUp": [{ "text": "Again?" }],
  "abort": { "atMs": 9000 }
}`;

function errorsOf(text: string): ScenarioError[] {
  const result = parseScenario(text);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

/** A valid file with one turn replaced. */
const withTurns = (...turns: unknown[]) => JSON.stringify({ prompt: 'go', turns }, null, 2);

describe('parseScenario', () => {
  it('reads a scenario and applies the defaults: ids, stop reasons, prompts as a list', () => {
    const result = parseScenario(TWO_SLEEPS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { scenario } = result;
    expect(scenario.prompts).toEqual(['Sleep twice']);
    expect(scenario.toolExecution).toBe('sequential');
    expect(scenario.timing).toEqual({ tokenSize: { min: 2, max: 4 }, tokensPerSecond: 40, seed: 7 });
    const [first] = scenario.turns as BlockTurn[];
    expect(first.stopReason).toBe('toolUse');
    expect(first.content[2]).toEqual({ type: 'toolCall', id: 'call_1_3', name: 'sleep', rawArguments: '{"ms": 20' });
    expect(scenario.turns[1]).toEqual({ content: [{ type: 'text', text: 'Done.' }], stopReason: 'stop', timing: { delayMs: 300 } });
    expect(scenario.steeringMode).toBe('one-at-a-time');
    expect(scenario.abort).toEqual({ atMs: 9000 });
  });

  it('names the turn, block and field of a tool call without a name, at the block\'s line', () => {
    const text = withTurns({ content: 'hi' }, { content: [{ type: 'toolCall', arguments: {} }] });
    const [error] = errorsOf(text);
    expect(error.message).toBe('turn 2, block 1 (toolCall): "name" is required');
    expect(error.path).toBe('/turns/1/content/0/name');
    expect(text.split('\n')[error.line - 1]).toContain('{');
    expect(text.slice(error.offset).startsWith('{\n          "type": "toolCall"')).toBe(true);
  });

  it('rejects an unknown block type by naming the allowed ones', () => {
    const [error] = errorsOf(withTurns({ content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'x' }] }));
    expect(error.message).toBe('turn 1, block 2: "type" must be one of "text", "thinking", "toolCall" (found "image")');
    expect(error.path).toBe('/turns/0/content/1/type');
  });

  it('reports only the chosen block kind\'s problems, all of them', () => {
    const errors = errorsOf(withTurns({ content: [{ type: 'toolCall', name: '', extra: 1, rawArguments: 5 }] }));
    expect(errors.map((e) => e.message)).toEqual([
      'turn 1, block 1 (toolCall): "name" must not be empty',
      'turn 1, block 1 (toolCall): "extra" is not a known field',
      'turn 1, block 1 (toolCall): "rawArguments" must be a string',
    ]);
  });

  it('rejects non-object arguments unless the script says they are deliberate', () => {
    const call = { type: 'toolCall', id: 'x', name: 'echo', arguments: '{"text":"hi"}' };
    const [error] = errorsOf(withTurns({ content: [call] }));
    expect(error.message).toBe('turn 1, block 1 (toolCall): "arguments" must be a JSON object (set "nonObjectArguments": true to stream a non-object on purpose)');
    const deliberate = parseScenario(withTurns({ content: [{ ...call, nonObjectArguments: true }] }));
    expect(deliberate.ok && (deliberate.scenario.turns[0] as BlockTurn).content[0]).toEqual({ type: 'toolCall', id: 'x', name: 'echo', arguments: '{"text":"hi"}' });
  });

  it('rejects duplicate tool call ids, explicit or defaulted, pointing at the second one', () => {
    const errors = errorsOf(withTurns(
      { content: [{ type: 'toolCall', id: 'a', name: 'x' }, { type: 'toolCall', id: 'call_2_1', name: 'x' }] },
      { content: [{ type: 'toolCall', name: 'x' }, { type: 'toolCall', id: 'a', name: 'y' }] },
    ));
    expect(errors.map((e) => e.message)).toEqual([
      'turn 2, block 1 (toolCall): its default id "call_2_1" is already used by turn 1, block 2; give this call another "id"',
      'turn 2, block 2 (toolCall): "id" "a" is already used by turn 1, block 1',
    ]);
  });

  it('checks that moments refer to tool calls and turns of the script', () => {
    const text = JSON.stringify({
      prompt: 'go',
      turns: [{ content: [{ type: 'toolCall', id: 'a', name: 'x' }] }, { content: 'ok' }],
      steering: [{ text: 's', at: { toolCallEnd: 'b' } }],
      followUp: [{ text: 'f', at: { beforeTurn: 3 } }],
      abort: { toolCallExecute: 'zz', afterMs: 10 },
    });
    expect(errorsOf(text).map((e) => e.message)).toEqual([
      'steering message 1: "at.toolCallEnd" refers to "b", which is not a tool call of this script',
      'follow-up message 1: "at.beforeTurn" is past the last turn (the script has 2 turns)',
      'abort: "toolCallExecute" refers to "zz", which is not a tool call of this script',
    ]);
  });

  it('explains a moment without a known key, and misspelt fields with a suggestion', () => {
    const text = JSON.stringify({ prompt: 'go', turns: [{ content: 'x', stopreason: 'stop' }], abort: { at: 5 } });
    expect(errorsOf(text).map((e) => e.message)).toEqual([
      'turn 1: "stopreason" is not a known field (did you mean "stopReason"?)',
      'abort: needs one of "atMs", "beforeTurn", "toolCallStart", "toolCallExecute", "toolCallEnd"',
    ]);
  });

  it('rejects errorMessage on a turn that does not fail, a stop reason it does not know, and min > max', () => {
    const text = JSON.stringify({
      prompt: 'go',
      timing: { tokenSize: { min: 5, max: 2 } },
      turns: [{ content: 'x', errorMessage: 'boom' }, { content: 'y', stopReason: 'done' }],
    });
    const schemaErrors = errorsOf(text).map((e) => e.message);
    expect(schemaErrors).toEqual(['turn 2: "stopReason" must be one of "stop", "length", "toolUse", "error", "aborted"']);
    const rules = errorsOf(JSON.stringify({ prompt: 'go', timing: { tokenSize: { min: 5, max: 2 } }, turns: [{ content: 'x', errorMessage: 'boom' }] }));
    expect(rules.map((e) => e.message)).toEqual([
      '"timing.tokenSize" "min" (5) must not exceed "max" (2)',
      'turn 1: "errorMessage" only applies when "stopReason" is "error" or "aborted"',
    ]);
  });

  it('points at the line and column where the JSON breaks', () => {
    const text = '{\n  "prompt": "go",\n  "turns": [\n    { "content": "a" },\n  ]\n}';
    const [error] = errorsOf(text);
    expect(error).toMatchObject({ message: "Invalid JSON: Trailing comma before ']'", line: 5, column: 3 });
    expect(errorsOf('')[0].message).toBe('Invalid JSON: The text is empty: expected a JSON object');
    expect(errorsOf('{"prompt": "a\nb"}')[0]).toMatchObject({ line: 1, column: 14 });
    expect(errorsOf('[1]')[0].message).toBe('the scenario must be an object');
    expect(errorsOf('{"turns": []}')[0].message).toBe('"prompt" is required');
  });

  it('never throws, whatever the text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (text) => { parseScenario(text); }), { numRuns: 300, seed: 3 });
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => { parseScenario(JSON.stringify(value)); }), { numRuns: 300, seed: 4 });
    expect(errorsOf('['.repeat(5000))[0].message).toContain('Nested more than');
  });

  it('refuses a wait past ten minutes, naming where it is, so a typo cannot make a run play for ever', () => {
    const text = JSON.stringify({ title: 'Long', prompt: 'Hi', turns: [{ content: 'Hi.', timing: { delayMs: 1e308 } }], abort: { atMs: 1e12 } });
    const errors = errorsOf(text);
    expect(errors.map((e) => e.path).sort()).toEqual(['/abort/atMs', '/turns/0/timing/delayMs']);
    expect(errors.find((e) => e.path === '/turns/0/timing/delayMs')!.message).toMatch(/600000/);
  });
});

describe('scanJson', () => {
  it('accepts exactly the texts JSON.parse accepts', () => {
    const jsonish = fc.array(fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', 'n', 'u', '0', '1', '-', '.', 'e', 'E', '+', ' ', '\n', 'a', 'true', 'null', 'fals'), { maxLength: 24 });
    fc.assert(
      fc.property(jsonish, (parts) => {
        const text = parts.join('');
        let parses = true;
        try { JSON.parse(text); } catch { parses = false; }
        expect({ text, ok: scanJson(text).ok }).toEqual({ text, ok: parses });
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('agrees with JSON.parse on documents with one character removed or inserted', () => {
    const edited = fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '\\', '\n', '0', '-', ':')).map(
      ([value, at, insert]) => {
        const text = JSON.stringify(value, null, 1);
        const i = at % (text.length + 1);
        return insert === '' ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + insert + text.slice(i);
      },
    );
    fc.assert(
      fc.property(edited, (text) => {
        let parses = true;
        try { JSON.parse(text); } catch { parses = false; }
        expect({ text, ok: scanJson(text).ok }).toEqual({ text, ok: parses });
      }),
      { numRuns: 2000, seed: 13 },
    );
  });

  it('records where every value of a generated document starts', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const text = JSON.stringify(value, null, 2);
        const scan = scanJson(text);
        expect(scan.ok).toBe(true);
        if (!scan.ok) return;
        for (const [pointer, span] of scan.spans) {
          const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
          const expected = parts.reduce<any>((node, key) => node[key], value);
          expect(JSON.parse(text.slice(span.start, span.end))).toEqual(expected);
        }
      }),
      { numRuns: 200, seed: 12 },
    );
  });

  it('counts lines and columns from 1', () => {
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
