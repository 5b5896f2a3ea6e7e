// Differential tests: the same scripts replayed by pi-ai's faux provider and by createScriptedStreamFn must
// push the same events with the same partial snapshots, and end with the same messages and usage.
import { afterEach, describe, expect, it } from 'vitest';
import {
  fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall, registerFauxProvider, streamSimple,
} from '@earendil-works/pi-ai/compat';
import type { AssistantMessage, Context, Model, SimpleStreamOptions } from '../../ai/index.ts';
import { VirtualClock } from '../../engine/index.ts';
import { createScriptedStreamFn, type ScriptedStreamOptions } from './scripted-stream.ts';
import type { ScriptedResponse } from './scripted-turn.ts';

const T0 = 1_700_000_000_000;
type Stream = AsyncIterable<unknown> & { push(event: unknown): void; result(): Promise<unknown> };

interface Recording {
  /** JSON of each event at the moment it was pushed (partials are shared and keep changing afterwards). */
  pushed: string[];
  /** JSON of each event when the consumer received it. */
  received: string[];
  final: string;
}

/** Makes runs comparable: Date.now()-based timestamps of error/aborted messages differ between runs. */
const normalize = (json: string) => json.replace(/"timestamp":\d+/g, '"timestamp":0');

interface Request {
  context: Context;
  options?: SimpleStreamOptions;
  /** Called at push time, e.g. to abort at a chosen event. */
  onPush?: (event: { type: string }, index: number, controller: AbortController) => void;
}

async function record(start: (options: SimpleStreamOptions) => unknown, request: Request): Promise<Recording> {
  const controller = new AbortController();
  const options: SimpleStreamOptions = { ...request.options, signal: request.options?.signal ?? controller.signal };
  const stream = start(options) as Stream;
  const pushed: string[] = [];
  const originalPush = stream.push.bind(stream);
  stream.push = (event: unknown) => {
    pushed.push(normalize(JSON.stringify(event)));
    request.onPush?.(event as { type: string }, pushed.length - 1, controller);
    originalPush(event);
  };
  const received: string[] = [];
  for await (const event of stream) received.push(normalize(JSON.stringify(event)));
  return { pushed, received, final: normalize(JSON.stringify(await stream.result())) };
}

let registrations: { unregister(): void }[] = [];
afterEach(() => {
  for (const r of registrations) r.unregister();
  registrations = [];
});

let apiCounter = 0;
/** Runs `requests` through a fresh faux registration and through ours; returns both recordings. */
async function replayBoth(
  faux: unknown[],
  ours: ScriptedResponse[],
  requests: Request[],
  tokenSize: { min: number; max: number } | number = 1,
  extra: ScriptedStreamOptions = {},
): Promise<{ theirs: Recording[]; mine: Recording[] }> {
  const size = typeof tokenSize === 'number' ? { min: tokenSize, max: tokenSize } : tokenSize;
  const registration = registerFauxProvider({ api: `faux-diff-${apiCounter++}`, tokenSize: size });
  registrations.push(registration);
  registration.setResponses(faux as never);
  const model = registration.getModel() as unknown as Model;
  const theirs: Recording[] = [];
  for (const request of requests) {
    theirs.push(await record((options) => streamSimple(model as never, request.context as never, options as never), request));
  }
  const fn = createScriptedStreamFn(ours, { tokenSize: size, ...extra });
  const mine: Recording[] = [];
  for (const request of requests) mine.push(await record((options) => fn(model, request.context, options), request));
  return { theirs, mine };
}

async function expectSameReplay(...args: Parameters<typeof replayBoth>): Promise<Recording[]> {
  const { theirs, mine } = await replayBoth(...args);
  expect(mine).toEqual(theirs);
  return mine;
}

const tools = [{ name: 'echo', label: 'Echo', description: 'Echo text', parameters: { type: 'object', properties: { text: { type: 'string' } } } }];
const ctx = (...prompts: string[]): Context => ({
  systemPrompt: 'sys',
  messages: prompts.map((text) => ({ role: 'user' as const, content: text, timestamp: T0 })),
  tools: tools as never,
});
const one = (context = ctx('go')): Request[] => [{ context }];
const types = (r: Recording) => r.pushed.map((json) => (JSON.parse(json) as { type: string }).type);

describe('createScriptedStreamFn matches pi faux, event by event', () => {
  it('streams text in tokenSize×4-character deltas with growing partials', async () => {
    const [r] = await expectSameReplay(
      [fauxAssistantMessage('Hello world!', { timestamp: T0 })],
      [{ content: 'Hello world!', timestamp: T0 }],
      one(),
    );
    expect(types(r)).toEqual(['start', 'text_start', 'text_delta', 'text_delta', 'text_delta', 'text_end', 'done']);
    expect(r.pushed[3]).toContain('"delta":"o wo","partial":{"role":"assistant","content":[{"type":"text","text":"Hello wo"}]');
  });

  it('streams thinking, text and several tool calls, arguments staying {} until toolcall_end', async () => {
    const [r] = await expectSameReplay(
      [fauxAssistantMessage([fauxThinking('hmm ok'), fauxText('Calling.'), fauxToolCall('echo', { text: 'hi' }, { id: 'c1' }), fauxToolCall('echo', { text: 'there', n: [1, 2] }, { id: 'c2' })], { stopReason: 'toolUse', timestamp: T0 })],
      [{ content: [{ type: 'thinking', thinking: 'hmm ok' }, { type: 'text', text: 'Calling.' }, { type: 'toolCall', id: 'c1', name: 'echo', arguments: { text: 'hi' } }, { type: 'toolCall', id: 'c2', name: 'echo', arguments: { text: 'there', n: [1, 2] } }], stopReason: 'toolUse', timestamp: T0 }],
      one(),
    );
    const lastDelta = r.pushed.filter((json) => json.includes('"toolcall_delta"')).at(-1)!;
    expect(lastDelta).toContain('"arguments":{}');
    expect(types(r).at(-1)).toBe('done');
  });

  it('sends one empty delta for an empty text and streams unicode by UTF-16 units, splitting surrogate pairs', async () => {
    const text = 'a😀😀 héllo 漢字 🎉!';
    await expectSameReplay(
      [fauxAssistantMessage([fauxText(''), fauxText(text), fauxToolCall('echo', { text }, { id: 'u1' })], { timestamp: T0 })],
      [{ content: [{ type: 'text', text: '' }, { type: 'text', text }, { type: 'toolCall', id: 'u1', name: 'echo', arguments: { text } }], timestamp: T0 }],
      one(),
    );
  });

  it('streams long arguments and deliberately non-object arguments as JSON text', async () => {
    const long = { text: 'x'.repeat(700), list: Array.from({ length: 40 }, (_, i) => i) };
    await expectSameReplay(
      [fauxAssistantMessage([fauxToolCall('echo', long, { id: 'l1' }), fauxToolCall('echo', [1, 2] as never, { id: 'l2' }), fauxToolCall('echo', 'str' as never, { id: 'l3' })], { stopReason: 'toolUse', timestamp: T0 })],
      [{ content: [{ type: 'toolCall', id: 'l1', name: 'echo', arguments: long }, { type: 'toolCall', id: 'l2', name: 'echo', arguments: [1, 2] }, { type: 'toolCall', id: 'l3', name: 'echo', arguments: 'str' }], stopReason: 'toolUse', timestamp: T0 }],
      one(),
      { min: 2, max: 2 },
    );
  });

  for (const stopReason of ['stop', 'length', 'toolUse', 'error', 'aborted'] as const) {
    it(`ends a "${stopReason}" response with ${stopReason === 'error' || stopReason === 'aborted' ? 'an error' : 'a done'} event`, async () => {
      const [r] = await expectSameReplay(
        [fauxAssistantMessage('partial answer', { stopReason, timestamp: T0 })],
        [{ content: 'partial answer', stopReason, timestamp: T0 }],
        one(),
      );
      expect(JSON.parse(r.pushed.at(-1)!).reason).toBe(stopReason);
    });
  }

  it('carries a scripted errorMessage on the error event, and none when the script has none', async () => {
    const [withText, without] = await expectSameReplay(
      [fauxAssistantMessage('x', { stopReason: 'error', errorMessage: 'Rate limited', timestamp: T0 }), fauxAssistantMessage('y', { stopReason: 'error', timestamp: T0 })],
      [{ content: 'x', stopReason: 'error', errorMessage: 'Rate limited', timestamp: T0 }, { content: 'y', stopReason: 'error', timestamp: T0 }],
      [...one(), ...one()],
    );
    expect(withText.final).toContain('"errorMessage":"Rate limited"');
    expect(without.final).not.toContain('errorMessage');
  });

  it('turns a "pending" script into an error after its blocks, with empty content and zero usage', async () => {
    const [r] = await expectSameReplay(
      [fauxAssistantMessage('abc', { stopReason: 'pending', timestamp: T0 })],
      [{ content: 'abc', stopReason: 'pending', timestamp: T0 }],
      one(),
    );
    expect(types(r)).toEqual(['start', 'text_start', 'text_delta', 'text_end', 'error']);
    expect(r.final).toContain('"errorMessage":"Faux response ended without a stop reason"');
  });

  it('answers empty content with start and done, and an exhausted script with a lone error', async () => {
    const [empty, exhausted] = await expectSameReplay(
      [fauxAssistantMessage([], { timestamp: T0 })],
      [{ content: [], timestamp: T0 }],
      [...one(), ...one(ctx('again', 'more'))],
    );
    expect(types(empty)).toEqual(['start', 'done']);
    expect(types(exhausted)).toEqual(['error']);
    expect(exhausted.final).toContain('"errorMessage":"No more faux responses queued"');
  });

  it('estimates usage from the whole request (history, tool results, images, tools) and simulates session caching', async () => {
    const history: Context = {
      systemPrompt: 'You are terse.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }], timestamp: T0 },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm' }, { type: 'text', text: 'ok' }, { type: 'toolCall', id: 't', name: 'echo', arguments: { text: 'é' } }], api: 'faux', provider: 'faux', model: 'faux-1', usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: 'toolUse', timestamp: T0 },
        { role: 'toolResult', toolCallId: 't', toolName: 'echo', content: [{ type: 'text', text: 'é' }], isError: false, timestamp: T0 },
      ],
      tools: tools as never,
    };
    const session = { sessionId: 's1' };
    const rs = await expectSameReplay(
      [fauxAssistantMessage('one', { timestamp: T0 }), fauxAssistantMessage('two', { timestamp: T0 }), fauxAssistantMessage('three', { timestamp: T0 })],
      [{ content: 'one', timestamp: T0 }, { content: 'two', timestamp: T0 }, { content: 'three', timestamp: T0 }],
      [{ context: history, options: session }, { context: { ...history, messages: [...history.messages, ...ctx('next').messages] }, options: session }, { context: ctx('x'), options: { sessionId: 's1', cacheRetention: 'none' } }],
    );
    expect(JSON.parse(rs[1].final).usage.cacheRead).toBeGreaterThan(0);
  });

  it('lets a factory compute the response from the request, and reports a throwing factory as a lone error', async () => {
    const seen = (context: Context) => `saw ${context.messages.length} message(s)`;
    await expectSameReplay(
      [(context: Context) => fauxAssistantMessage(seen(context), { timestamp: T0 }), () => { throw new Error('factory broke'); }],
      [(context) => ({ content: seen(context), timestamp: T0 }), () => { throw new Error('factory broke'); }],
      [...one(), ...one()],
    );
  });

  it('replays an AssistantMessage returned by a factory with all its fields', async () => {
    const message = { ...fauxAssistantMessage('kept', { responseId: 'resp_1', timestamp: T0 }), responseModel: 'faux-large' } as AssistantMessage;
    await expectSameReplay([message], [() => message], one());
  });
});

describe('createScriptedStreamFn aborts as pi faux does', () => {
  it('answers an already-aborted request with a lone aborted error', async () => {
    const controller = new AbortController();
    controller.abort();
    const [r] = await expectSameReplay(
      [fauxAssistantMessage('never', { timestamp: T0 })],
      [{ content: 'never', timestamp: T0 }],
      [{ context: ctx('go'), options: { signal: controller.signal } }],
    );
    expect(types(r)).toEqual(['error']);
    expect(JSON.parse(r.final)).toMatchObject({ content: [], stopReason: 'aborted', errorMessage: 'Request was aborted' });
  });

  it('stops mid-text after the current chunk, keeping the text streamed so far', async () => {
    const [r] = await expectSameReplay(
      [fauxAssistantMessage([fauxText('Hello world, how are you?'), fauxText('unsent')], { timestamp: T0 })],
      [{ content: [{ type: 'text', text: 'Hello world, how are you?' }, { type: 'text', text: 'unsent' }], timestamp: T0 }],
      [{ context: ctx('go'), onPush: (e, i, c) => { if (e.type === 'text_delta' && i === 3) c.abort(); } }],
    );
    expect(types(r)).toEqual(['start', 'text_start', 'text_delta', 'text_delta', 'error']);
    expect(r.final).toContain('"text":"Hello wo"');
  });

  it('stops between blocks, and mid tool call with its arguments still {}', async () => {
    const content = [fauxText('first'), fauxToolCall('echo', { text: 'abcdefgh' }, { id: 'a1' })];
    const scripted: ScriptedResponse = { content: [{ type: 'text', text: 'first' }, { type: 'toolCall', id: 'a1', name: 'echo', arguments: { text: 'abcdefgh' } }], stopReason: 'toolUse', timestamp: T0 };
    const [between, midCall] = await expectSameReplay(
      [fauxAssistantMessage(content, { stopReason: 'toolUse', timestamp: T0 }), fauxAssistantMessage(content, { stopReason: 'toolUse', timestamp: T0 })],
      [scripted, scripted],
      [
        { context: ctx('go'), onPush: (e, _i, c) => { if (e.type === 'text_end') c.abort(); } },
        { context: ctx('go'), onPush: (e, _i, c) => { if (e.type === 'toolcall_delta') c.abort(); } },
      ],
    );
    expect(types(between).at(-2)).toBe('text_end');
    expect(types(midCall).at(-2)).toBe('toolcall_delta');
    expect(midCall.final).toContain('"arguments":{}');
  });
});

describe('pacing on the injected clock', () => {
  const text = 'The quick brown fox jumps over the lazy dog.';
  it('emits the same events as faux at tokensPerSecond, each chunk at ceil(len/4)/tps seconds on a VirtualClock', async () => {
    const registration = registerFauxProvider({ api: `faux-diff-${apiCounter++}`, tokenSize: { min: 2, max: 2 }, tokensPerSecond: 2000 });
    registrations.push(registration);
    registration.setResponses([fauxAssistantMessage([fauxThinking('mull'), fauxText(text)], { timestamp: T0 })]);
    const model = registration.getModel() as unknown as Model;
    const theirs = await record((o) => streamSimple(model as never, ctx('go') as never, o as never), { context: ctx('go') });

    const clock = new VirtualClock();
    const times: number[] = [];
    const fn = createScriptedStreamFn([{ content: [{ type: 'thinking', thinking: 'mull' }, { type: 'text', text }], timestamp: T0 }], { clock, tokenSize: 2, tokensPerSecond: 2000 });
    const mine = await record((o) => fn(model, ctx('go'), o), { context: ctx('go'), onPush: () => times.push(clock.now()) });
    expect(mine).toEqual(theirs);

    // Expected: before each delta, the clock advances by ceil(chunk.length / 4) / tps * 1000 ms.
    let expectedNow = 0;
    const expected = mine.pushed.map((json) => {
      const event = JSON.parse(json) as { type: string; delta?: string };
      if (event.delta !== undefined) expectedNow += (Math.ceil(event.delta.length / 4) / 2000) * 1000;
      return expectedNow;
    });
    expect(times).toEqual(expected);
    // 'mull' is 1 token; the 44-char text is five 2-token chunks and one 1-token chunk: 12 tokens = 6 ms.
    expect(clock.now()).toBeCloseTo(6, 9);
  });

  it('replays a slow script in virtual time in near-zero wall time, waiting the per-turn delay first', async () => {
    const clock = new VirtualClock();
    const long = 'word '.repeat(400); // 2000 chars = 500 tokens at 10 tokens/s = 50 s
    const fn = createScriptedStreamFn([{ content: long, timestamp: T0, timing: { delayMs: 1500 } }], { clock, tokenSize: 5, tokensPerSecond: 10 });
    let startedAt = -1;
    const wallStart = performance.now();
    const r = await record((o) => fn({ id: 'm', api: 'faux', provider: 'faux' } as Model, ctx('go'), o), {
      context: ctx('go'),
      onPush: (e) => { if (e.type === 'start') startedAt = clock.now(); },
    });
    expect(performance.now() - wallStart).toBeLessThan(10_000); // 51.5 s of script on a real clock
    expect(startedAt).toBe(1500);
    expect(clock.now()).toBe(1500 + 50_000);
    expect(types(r).at(-1)).toBe('done');
  });
});
