// Scenarios about what one request streams and how the loop turns it into events (reference §3 a, b, m).
import { AssistantMessageEventStream } from '../../../event-stream.ts';
import { assistant, text, thinking, toolCall } from '../../messages.ts';
import type { AssistantMessage } from '../../../../ai/index.ts';
import type { StreamFn } from '../../../types.ts';
import type { Scenario } from '../harness.ts';

const partialOf = (message: AssistantMessage): AssistantMessage => ({ ...message, content: [], stopReason: 'pending' });

/** A hand-made stream function that pushes the given events (built from the request) and then maybe ends. */
/** Later requests get a plain text answer, so a run always ends. */
function handMade(build: (final: AssistantMessage) => unknown[], end: 'result' | 'open' = 'result'): StreamFn {
  let calls = 0;
  return (model) => {
    const stream = new AssistantMessageEventStream();
    const final: AssistantMessage = { ...assistant('hand made'), api: model.api, provider: model.provider, model: model.id };
    const first = calls++ === 0;
    queueMicrotask(() => {
      if (!first) {
        stream.push({ type: 'done', reason: 'stop', message: final });
        return;
      }
      for (const event of build(final)) stream.push(event as never);
      if (end === 'result') stream.end(final);
    });
    return stream;
  };
}

export const streamingScenarios: Scenario[] = [
  {
    name: 'a: text only, streamed in 4-character deltas',
    tokenSize: 1,
    setup: () => ({ responses: [assistant('Hello world!')] }),
  },
  {
    name: 'a2: thinking, text and a tool call in one message',
    tokenSize: 1,
    setup: () => ({
      responses: [
        assistant([thinking('hmm ok'), text('Let me see'), toolCall('echo', { text: 'hi' }, 'call_1')], { stopReason: 'toolUse' }),
        assistant('done'),
      ],
    }),
  },
  {
    name: 'b: one tool call, then a final answer',
    setup: () => ({
      responses: [assistant([toolCall('echo', { text: 'hi' }, 'call_1')], { stopReason: 'toolUse' }), assistant('all done')],
    }),
  },
  {
    name: 'b2: a tool call in a message that stopped with "stop" still runs',
    setup: () => ({
      responses: [assistant([toolCall('echo', { text: 'hi' }, 'call_1')], { stopReason: 'stop' }), assistant('all done')],
    }),
  },
  {
    name: 'm1: an error message with tool calls ends the run without running them',
    setup: () => ({
      responses: [assistant([toolCall('echo', { text: 'hi' }, 'call_1')], { stopReason: 'error', errorMessage: 'provider broke' })],
    }),
  },
  {
    name: 'm2: an aborted message with tool calls ends the run without running them',
    setup: () => ({
      responses: [assistant([toolCall('echo', { text: 'hi' }, 'call_1')], { stopReason: 'aborted', errorMessage: 'cut' })],
    }),
  },
  {
    name: 'm3: empty faux queue gives one error message',
    setup: () => ({ responses: [] }),
  },
  {
    name: 'm4: a stream of only an error event',
    setup: () => ({
      streamFn: handMade((final) => {
        const failed = { ...final, content: [], stopReason: 'error' as const, errorMessage: 'setup failed' };
        return [{ type: 'error', reason: 'error', error: failed }];
      }, 'open'),
    }),
  },
  {
    name: 'm5: a stream function that throws stops the run (rejects)',
    setup: (env) => ({
      streamFn: (model, context, options) => env.fauxStream({ ...model, api: 'not-registered' }, context, options),
    }),
  },
  {
    name: 'm5b: a stream function that rejects asynchronously',
    setup: () => ({ streamFn: async () => { throw new Error('async stream failure'); } }),
  },
  {
    name: 'm6: a stream that ends without a terminal event settles through result()',
    setup: () => ({
      streamFn: handMade((final) => [
        { type: 'start', partial: partialOf(final) },
        { type: 'text_start', contentIndex: 0, partial: { ...partialOf(final), content: [text('')] } },
      ]),
    }),
  },
  {
    name: 'm7: block events before start are dropped',
    setup: () => ({
      streamFn: handMade((final) => [
        { type: 'text_delta', contentIndex: 0, delta: 'early', partial: partialOf(final) },
        { type: 'done', reason: 'stop', message: final },
      ]),
    }),
  },
  {
    name: 'm7b: start, blocks and done with a toolcall whose partial grows',
    setup: () => ({
      streamFn: handMade((final) => {
        const call = toolCall('echo', { text: 'x' }, 'call_h');
        const done = { ...final, content: [call], stopReason: 'stop' as const };
        return [
          { type: 'start', partial: partialOf(final) },
          { type: 'toolcall_start', contentIndex: 0, partial: { ...partialOf(final), content: [{ ...call, arguments: {} }] } },
          { type: 'toolcall_delta', contentIndex: 0, delta: '{"text":"x"}', partial: { ...partialOf(final), content: [{ ...call, arguments: {} }] } },
          { type: 'toolcall_end', contentIndex: 0, toolCall: call, partial: { ...partialOf(final), content: [call] } },
          { type: 'done', reason: 'stop', message: done },
        ];
      }),
    }),
  },
];
