// The playground entry point: pi's events when nothing breaks, and a clean, visible end when something does
// (stream functions or hooks that throw, malformed messages and calls, misuse), never a hang or an escaped error.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from './agent-loop.ts';
import { VirtualClock } from './clock.ts';
import { AssistantMessageEventStream } from './event-stream.ts';
import { startPlaygroundRun, type PlaygroundRunRequest } from './playground-run.ts';
import { checkEventBalance } from './testing/event-balance.ts';
import { eventShape, IdentityRecorder } from './testing/event-record.ts';
import { oddResult, type OddResultKind } from './testing/odd-results.ts';
import { assistant, keepLlmMessages, testModel, text, toolCall, user } from './testing/messages.ts';
import { createScriptedStreamFn, type ScriptedStep } from './testing/scripted-stream.ts';
import { createToolKit } from './testing/tool-kit.ts';
import { checkTrace } from '../recording/index.ts';
import { formatTrace } from '../recording/index.ts';
import type { TraceEvent } from './trace/types.ts';
import type { AssistantMessage } from '../ai/index.ts';
import type { AgentEvent, AgentMessage, StreamFn } from './types.ts';

function request(steps: ScriptedStep[] | StreamFn | undefined, overrides: Partial<PlaygroundRunRequest> = {}): PlaygroundRunRequest {
  const clock = new VirtualClock();
  return {
    prompts: [user('go')],
    context: { systemPrompt: 'sys', messages: [], tools: Object.values(createToolKit({ clock, log: () => {} })) },
    config: { model: testModel(), convertToLlm: keepLlmMessages },
    streamFn: (typeof steps === 'function' || steps === undefined ? steps : createScriptedStreamFn(steps)) as StreamFn,
    instrumentation: { clock },
    ...overrides,
  };
}

async function play(req: PlaygroundRunRequest) {
  const stream = startPlaygroundRun(req);
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  const messages = await stream.result();
  return { events, shapes: events.map(eventShape), messages, last: events.at(-1) };
}

function failureOf(run: { events: AgentEvent[] }): AssistantMessage {
  const end = run.events.find((e) => e.type === 'turn_end' && (e.message as AssistantMessage).errorMessage !== undefined);
  return (end as { message: AssistantMessage }).message;
}

const calls = (...blocks: ReturnType<typeof toolCall>[]) => assistant(blocks, { stopReason: 'toolUse' });

/** Hands each queued message over as-is in a lone `done` event (no validation of its shape), then plain text. */
function deliver(...messages: unknown[]): StreamFn {
  return () => {
    const stream = new AssistantMessageEventStream();
    const message = (messages.shift() ?? assistant('done')) as AssistantMessage;
    queueMicrotask(() => stream.push({ type: 'done', reason: 'stop', message }));
    return stream;
  };
}

describe('startPlaygroundRun', () => {
  it('emits exactly what runAgentLoop emits when nothing breaks', async () => {
    const steps = () => [calls(toolCall('echo', { text: 'a' }, 'c1'), toolCall('nope', {}, 'c2')), assistant('done')];
    const played = await play(request(steps()));
    const recorded: AgentEvent[] = [];
    const base = request(steps());
    await runAgentLoop(base.prompts!, base.context, base.config, (e) => { recorded.push(e); }, undefined, base.streamFn, base.instrumentation);
    const a = new IdentityRecorder();
    const b = new IdentityRecorder();
    expect(played.events.map((e) => a.text(e))).toEqual(recorded.map((e) => b.text(e)));
    expect(played.messages).toHaveLength(5);
  });

  it('ends with a visible error message when the stream function throws', async () => {
    const run = await play(request(() => { throw new Error('stream function exploded'); }));
    expect(run.shapes).toEqual([
      'agent_start', 'turn_start', 'ms:user', 'me:user', 'ms:assistant(error)', 'me:assistant(error)', 'turn_end(0)', 'agent_end(2)',
    ]);
    expect(failureOf(run)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: '' }], stopReason: 'error', errorMessage: 'stream function exploded', model: 'test-model' });
    expect(checkEventBalance(run.events)).toEqual([]);
  });

  it('marks the failure aborted when the signal fired', async () => {
    const abort = new AbortController();
    abort.abort();
    const run = await play(request(() => { throw new Error('gave up'); }, { signal: abort.signal }));
    expect(failureOf(run)).toMatchObject({ stopReason: 'aborted', errorMessage: 'gave up' });
  });

  it("reports pi's text when no stream function is given", async () => {
    const run = await play(request(undefined));
    expect(failureOf(run).errorMessage).toBe('No default stream function configured. Pass streamFn explicitly or call setDefaultStreamFn().');
  });

  it('turns an impossible continue into a run that says why', async () => {
    for (const [messages, text] of [
      [[], 'Cannot continue: no messages in context'],
      [[user('q'), assistant('a')], 'Cannot continue from message role: assistant'],
    ] as [AgentMessage[], string][]) {
      const req = request([assistant('never')]);
      const trace: TraceEvent[] = [];
      const run = await play({ ...req, prompts: undefined, context: { ...req.context, messages }, instrumentation: { trace: (e) => trace.push(e) } });
      expect(formatTrace(trace, { data: false }).replace(/@[\d.]+ /g, '')).toBe(`run start mixed\nerror ${text}\nrun end`);
      expect(run.shapes).toEqual(['agent_start', 'turn_start', 'ms:assistant(error)', 'me:assistant(error)', 'turn_end(0)', 'agent_end(1)']);
      expect(failureOf(run).errorMessage).toBe(text);
    }
  });

  it('closes an assistant message that was streaming when the stream broke', async () => {
    const breaking: StreamFn = (model) => {
      const stream = new AssistantMessageEventStream();
      const partial = { ...assistant([]), model: model.id, stopReason: 'pending' as const };
      queueMicrotask(() => {
        stream.push({ type: 'start', partial });
        stream.push({ type: 'text_start', contentIndex: 0, partial: { ...partial, content: [text('par')] } });
      });
      // An iterator that throws after two events: a broken provider stream.
      const iterator = stream[Symbol.asyncIterator]();
      let count = 0;
      return Object.assign(stream, {
        [Symbol.asyncIterator]: () => ({ next: () => (count++ < 2 ? iterator.next() : Promise.reject(new Error('socket closed'))) }),
      });
    };
    const run = await play(request(breaking));
    expect(run.shapes).toEqual([
      'agent_start', 'turn_start', 'ms:user', 'me:user', 'ms:assistant(pending)', 'u:text_start', 'me:assistant(error)', 'turn_end(0)', 'agent_end(2)',
    ]);
    expect(failureOf(run)).toMatchObject({ content: [{ type: 'text', text: 'par' }], errorMessage: 'socket closed' });
    expect(checkEventBalance(run.events)).toEqual([]);
  });

  it('survives hooks and queue getters that throw, at every point of the loop', async () => {
    const boom = () => { throw new Error('hook failed'); };
    const configs = [
      { convertToLlm: boom }, { transformContext: boom }, { getApiKey: boom }, { getSteeringMessages: boom },
      { getFollowUpMessages: boom }, { shouldStopAfterTurn: boom }, { prepareNextTurn: boom },
    ];
    for (const extra of configs) {
      const req = request([calls(toolCall('echo', { text: 'x' }, 'c1')), assistant('done')]);
      const run = await play({ ...req, config: { ...req.config, ...extra } as never });
      expect(checkEventBalance(run.events), Object.keys(extra)[0]).toEqual([]);
      expect(failureOf(run).errorMessage).toBe('hook failed');
    }
  });

  it('turns malformed tool calls into error results', async () => {
    const run = await play(request(deliver(
      assistant([
        { type: 'toolCall' } as never,
        { type: 'toolCall', id: 'c2', name: 'echo' } as never,
        { type: 'toolCall', id: 'c3', name: 'echo', arguments: 'not an object' } as never,
        { type: 'toolCall', id: 'c4', name: 42, arguments: {} } as never,
      ], { stopReason: 'toolUse' }),
    )));
    expect(checkEventBalance(run.events)).toEqual([]);
    const results = run.events.filter((e) => e.type === 'tool_execution_end');
    expect(results).toHaveLength(4);
    expect(results.every((e) => e.type === 'tool_execution_end' && e.isError)).toBe(true);
    expect(run.last).toMatchObject({ type: 'agent_end' });
  });

  it('survives malformed assistant messages and contexts', async () => {
    const broken = [{ ...assistant('x'), content: [null] }, { ...assistant('x'), content: undefined }, null, 'text'];
    for (const message of broken) {
      const run = await play(request(deliver(message)));
      expect(checkEventBalance(run.events)).toEqual([]);
      expect(run.last).toMatchObject({ type: 'agent_end' });
    }
    const req = request([calls(toolCall('echo', { text: 'x' }, 'c1')), assistant('done')]);
    const run = await play({ ...req, context: { ...req.context, tools: {} as never } });
    expect(checkEventBalance(run.events)).toEqual([]);
    expect(failureOf(run).errorMessage).toContain('is not a function');
    for (const broken of [{ context: { messages: 5 } }, { config: null }, { context: null }, { prompts: [null] }]) {
      const trace: TraceEvent[] = [];
      const bad = await play({ ...req, ...(broken as object), instrumentation: { trace: (e) => trace.push(e) } });
      expect(checkEventBalance(bad.events)).toEqual([]);
      expect(bad.last).toMatchObject({ type: 'agent_end' });
      expect(checkTrace(trace)).toEqual([]);
    }
  });

  it('never lets a throwing tool, hook or odd result escape', async () => {
    const weird = {
      name: 'weird', label: 'Weird', description: 'Returns odd things.', parameters: Type.Object({ kind: Type.String() }),
      async execute(_id: string, params: any) {
        if (params.kind === 'null') return null;
        if (params.kind === 'symbol') throw Symbol('odd');
        if (params.kind === 'object') throw Object.create(null);
        return undefined;
      },
    };
    const req = request([
      calls(...['null', 'symbol', 'object', 'undefined'].map((kind, i) => toolCall('weird', { kind }, `w${i}`))),
      assistant('done'),
    ]);
    const run = await play({ ...req, context: { ...req.context, tools: [weird as never] } });
    expect(checkEventBalance(run.events)).toEqual([]);
    expect(run.last).toMatchObject({ type: 'agent_end' });
  });

  it("closes a run that an odd result breaks with pi's error text, and traces it well formed", async () => {
    const cases: [OddResultKind, string][] = [
      ['undefined', "Cannot read properties of undefined (reading 'content')"],
      ['null', "Cannot read properties of null (reading 'content')"],
      ['throwingUsage', 'w0.usage getter broke'],
    ];
    for (const [kind, message] of cases) {
      const reads: string[] = [];
      const odd = {
        name: 'odd', label: 'Odd', description: 'Resolves an odd result.', parameters: Type.Object({}),
        execute: async (id: string) => oddResult(kind, id, (line) => reads.push(line)),
      };
      const req = request([calls(toolCall('odd', {}, 'w0'), toolCall('sleep', { ms: 30, label: 'S' }, 's1')), assistant('done')]);
      const trace: TraceEvent[] = [];
      const run = await play({
        ...req, context: { ...req.context, tools: [odd as never, ...req.context.tools!] }, instrumentation: { ...req.instrumentation, trace: (e) => trace.push(e) },
      });
      expect(failureOf(run).errorMessage).toBe(message);
      expect(checkEventBalance(run.events)).toEqual([]);
      expect(checkTrace(trace)).toEqual([]);
      // Tracing ran none of the result's getters: only the loop's own reads, in pi's order, up to the one that threw.
      expect(reads).toEqual(kind === 'throwingUsage' ? ['get w0.content', 'get w0.details', 'get w0.usage'] : []);
    }
  });
});
