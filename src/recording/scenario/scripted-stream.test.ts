import { describe, expect, it } from 'vitest';
import type { AssistantMessageEvent, Context, Model } from '../../ai/index.ts';
import { VirtualClock } from '../../engine/index.ts';
import { createScriptedStreamFn, type ScriptedStreamOptions } from './scripted-stream.ts';
import type { ToolCallArgumentsProgress } from './replay-turn.ts';
import type { ScriptedResponse } from './scripted-turn.ts';
import { resolveTokenSize } from './chunking.ts';

const model = { id: 'faux-1', api: 'faux', provider: 'faux' } as Model;
const context: Context = { systemPrompt: '', messages: [{ role: 'user', content: 'go', timestamp: 0 }] };

async function collect(responses: ScriptedResponse[], options: ScriptedStreamOptions = {}, signal?: AbortSignal) {
  const fn = createScriptedStreamFn(responses, options);
  const stream = await fn(model, context, { signal });
  const events: AssistantMessageEvent[] = [];
  for await (const event of stream) events.push(event);
  return { events, final: await stream.result(), fn };
}

const deltas = (events: AssistantMessageEvent[]) => events.flatMap((e) => ('delta' in e ? [e.delta] : []));

describe('scripted tool-call arguments', () => {
  it('streams rawArguments as written and ends with what parseStreamingJson salvages from them', async () => {
    const progress: ToolCallArgumentsProgress[] = [];
    const { events, final } = await collect(
      [{ content: [{ type: 'toolCall', id: 'c1', name: 'weather', rawArguments: '{"city":"Par' }], stopReason: 'length' }],
      { tokenSize: 1, onToolCallArguments: (p) => progress.push(p) },
    );
    expect(deltas(events).join('')).toBe('{"city":"Par');
    expect(final.content[0]).toEqual({ type: 'toolCall', id: 'c1', name: 'weather', arguments: { city: 'Par' } });
    // The side channel shows the arguments growing while pi's partial keeps {} until toolcall_end.
    expect(progress.map((p) => [p.text, p.arguments])).toEqual([['{"ci', {}], ['{"city":', {}], ['{"city":"Par', { city: 'Par' }]]);
    expect(progress.every((p) => p.toolCallId === 'c1' && p.toolName === 'weather' && p.request === 0)).toBe(true);
  });

  it('keeps scripted arguments as the final value when rawArguments are also given', async () => {
    const { final, events } = await collect(
      [{ content: [{ type: 'toolCall', id: 'c1', name: 'echo', arguments: { text: 'final' }, rawArguments: '{"text":"fin' }] }],
      { tokenSize: 100 },
    );
    expect(deltas(events)).toEqual(['{"text":"fin']);
    expect(final.content[0]).toMatchObject({ arguments: { text: 'final' } });
  });

  it('does not mutate the script, so a replay can run again', async () => {
    const script: ScriptedResponse[] = [{ content: [{ type: 'toolCall', id: 'c1', name: 'echo', arguments: { a: 1 } }] }];
    const before = JSON.stringify(script);
    const first = await collect(script, { tokenSize: 1 });
    const second = await collect(script, { tokenSize: 1 });
    expect(JSON.stringify(script)).toBe(before);
    expect(second.events.map((e) => e.type)).toEqual(first.events.map((e) => e.type));
  });
});

describe('seeded token sizes', () => {
  const text = 'The same seed gives the same deltas on every replay, so a scenario always looks the same.';

  it('draws chunk sizes within [min, max] and repeats them exactly for the same seed', async () => {
    const a = deltas((await collect([{ content: text }], { tokenSize: { min: 1, max: 4 }, seed: 7 })).events);
    const b = deltas((await collect([{ content: text }], { tokenSize: { min: 1, max: 4 }, seed: 7 })).events);
    const c = deltas((await collect([{ content: text }], { tokenSize: { min: 1, max: 4 }, seed: 8 })).events);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.join('')).toBe(text);
    expect(a.slice(0, -1).every((d) => d.length % 4 === 0 && d.length >= 4 && d.length <= 16)).toBe(true);
    expect(new Set(a.map((d) => d.length)).size).toBeGreaterThan(1);
  });

  it('clamps token sizes as faux does', () => {
    expect(resolveTokenSize({ min: 10, max: 2 })).toEqual({ min: 2, max: 2 });
    expect(resolveTokenSize({ min: 0, max: 0 })).toEqual({ min: 1, max: 1 });
    expect(resolveTokenSize(undefined)).toEqual({ min: 3, max: 5 });
    expect(resolveTokenSize(6)).toEqual({ min: 6, max: 6 });
  });

  it('lets a turn override the stream defaults', async () => {
    const { events } = await collect([{ content: 'abcdefghij', timing: { tokenSize: 2 } }], { tokenSize: 1 });
    expect(deltas(events)).toEqual(['abcdefgh', 'ij']);
  });
});

describe('per-turn delay', () => {
  it('is cut short by an abort: the request ends aborted at the abort time, without a start event', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    void clock.sleep(400).then(() => controller.abort());
    const { events, final } = await collect([{ content: 'late', timing: { delayMs: 5000 } }], { clock }, controller.signal);
    expect(events.map((e) => e.type)).toEqual(['error']);
    expect(final).toMatchObject({ stopReason: 'aborted', errorMessage: 'Request was aborted', content: [] });
    expect(clock.now()).toBe(400);
  });

  it('stamps messages with the injected time source and counts requests', async () => {
    const { final, fn } = await collect([{ content: 'hi' }], { now: () => 42 });
    expect(final.timestamp).toBe(42);
    expect(fn.state.callCount).toBe(1);
    expect(fn.pendingCount()).toBe(0);
  });
});
