// The scenario engine in real Chromium: parsing with located errors, and a virtual-time replay whose streamed
// tool-call arguments are salvaged by partial-json (a CommonJS package the bundler must serve to the browser).
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../engine/index.ts';
import type { AssistantMessageEvent } from '../../ai/index.ts';
import { parseScenario } from './parse/index.ts';
import type { BlockTurn } from './scenario.ts';
import { createFauxModel, createScriptedStreamFn } from './scripted-stream.ts';

describe('scenarios in the browser', () => {
  it('parses a scenario and replays it on a VirtualClock with salvaged arguments', async () => {
    const parsed = parseScenario(JSON.stringify({
      prompt: 'weather?',
      timing: { tokenSize: 1, tokensPerSecond: 4 },
      turns: [{ content: [{ type: 'text', text: 'Checking' }, { type: 'toolCall', id: 'w', name: 'weather', rawArguments: '{"city":"Par' }], stopReason: 'length' }],
    }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const clock = new VirtualClock();
    const progress: unknown[] = [];
    const fn = createScriptedStreamFn(parsed.scenario.turns as BlockTurn[], { clock, ...parsed.scenario.timing, onToolCallArguments: (p) => progress.push(p.arguments) });
    const stream = await fn(createFauxModel(), { systemPrompt: '', messages: [] }, {});
    const types: string[] = [];
    for await (const event of stream as AsyncIterable<AssistantMessageEvent>) types.push(event.type);
    const final = await stream.result();
    expect(final.content[1]).toMatchObject({ type: 'toolCall', arguments: { city: 'Par' } });
    expect(progress.at(-1)).toEqual({ city: 'Par' });
    expect(types.at(-1)).toBe('done');
    // 2 text chunks + 3 argument chunks of one token each at 4 tokens/s.
    expect(clock.now()).toBe(1250);
  });

  it('reports a broken scenario at its line and column', () => {
    const result = parseScenario('{\n  "prompt": "go",\n  "turns": [{ "content": [{ "type": "toolCall" }] }]\n}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ message: 'turn 1, block 1 (toolCall): "name" is required', line: 3, column: 27 });
  });
});
