// Bad input, generated: malformed assistant messages, tool calls, tools, hook results and stream events. Whatever
// arrives, a playground run ends with agent_end, nothing stays half-open, the trace is well formed, and nothing
// escapes as an exception or an unhandled rejection.
import fc from 'fast-check';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.ts';
import { AssistantMessageEventStream } from './event-stream.ts';
import { startPlaygroundRun } from './playground-run.ts';
import { checkEventBalance } from './testing/event-balance.ts';
import { assistant, keepLlmMessages, testModel, user } from './testing/messages.ts';
import { checkTrace } from '../recording/index.ts';
import type { TraceEvent } from './trace/types.ts';
import type { AgentEvent, AgentLoopConfig, AgentTool, StreamFn } from './types.ts';

const junk = fc.anything({ maxDepth: 2, maxKeys: 3 });

const blockArb = fc.oneof(
  fc.record({ type: fc.constant('toolCall'), id: fc.oneof(fc.constantFrom('c1', 'c2'), junk), name: fc.oneof(fc.constantFrom('ok', 'bad', 'missing'), junk), arguments: junk }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), junk) }),
  junk,
);

const messageArb = fc.oneof(
  fc.record({
    role: fc.oneof(fc.constant('assistant'), junk),
    content: fc.oneof(fc.array(blockArb, { maxLength: 4 }), junk),
    stopReason: fc.oneof(fc.constantFrom('stop', 'toolUse', 'length', 'error', 'aborted'), junk),
  }, { requiredKeys: [] }),
  junk,
);

const eventsArb = fc.array(fc.oneof(
  fc.record({ type: fc.constantFrom('start', 'text_start', 'text_delta', 'toolcall_start', 'toolcall_end', 'done', 'error'), contentIndex: fc.oneof(fc.nat(3), junk), delta: junk, partial: fc.oneof(messageArb, junk), message: messageArb, error: messageArb, toolCall: blockArb }, { requiredKeys: ['type'] }),
  junk,
), { maxLength: 6 });

const hookResultArb = fc.oneof(junk, fc.record({ block: junk, reason: junk, terminate: junk, content: junk, details: junk, isError: junk }, { requiredKeys: [] }), fc.constant('throw'));

function streamOf(events: unknown[], final: unknown, endWithResult: boolean): StreamFn {
  let calls = 0;
  return () => {
    const stream = new AssistantMessageEventStream();
    const first = calls++ === 0;
    queueMicrotask(() => {
      if (!first) {
        stream.push({ type: 'done', reason: 'stop', message: assistant('the end') });
        return;
      }
      // A junk event can make push itself throw (it reads event.type); the stream function carries on.
      for (const event of events) { try { stream.push(event as never); } catch { /* dropped */ } }
      // end() without a value never settles result(): a stream function that never finishes hangs pi and us alike
      // (documented in docs/decisions/engine-loop-failures.md), so the generated ones always give a result.
      if (endWithResult) stream.end((final ?? null) as never);
      else stream.push({ type: 'done', reason: 'stop', message: final as never });
    });
    return stream;
  };
}

const tools = (): AgentTool<any>[] => [
  { name: 'ok', label: 'ok', description: 'ok', parameters: Type.Object({}), async execute() { return { content: [], details: {} }; } },
  { name: 'bad', label: 'bad', description: 'bad', parameters: 'not a schema' as never, execute: 'not a function' as never },
  null as never,
];

describe('playground runs on generated bad input', () => {
  it('always end cleanly', async () => {
    await fc.assert(fc.asyncProperty(eventsArb, messageArb, fc.boolean(), hookResultArb, hookResultArb, async (events, final, endWithResult, before, after) => {
      const hook = (value: unknown) => async () => { if (value === 'throw') throw new Error('hook threw'); return value as never; };
      const config: AgentLoopConfig = { model: testModel(), convertToLlm: keepLlmMessages, beforeToolCall: hook(before), afterToolCall: hook(after) };
      const trace: TraceEvent[] = [];
      const stream = startPlaygroundRun({
        prompts: [user('go')],
        context: { systemPrompt: '', messages: [], tools: tools() },
        config,
        streamFn: streamOf(events, final, endWithResult),
        instrumentation: { trace: (e) => trace.push(e), clock: new VirtualClock() },
      });
      const seen: AgentEvent[] = [];
      const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000));
      const outcome = await Promise.race([(async () => { for await (const e of stream) seen.push(e); return 'ended'; })(), timeout]);
      expect(outcome).toBe('ended');
      expect(checkEventBalance(seen)).toEqual([]);
      expect(checkTrace(trace)).toEqual([]);
    }), { numRuns: 1000, seed: Number(process.env.PROPERTY_SEED ?? 20261201) });
  }, 60_000);
});
