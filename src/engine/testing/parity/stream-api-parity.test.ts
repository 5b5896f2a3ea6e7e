// The stream-returning entry points against pi's: agentLoop and agentLoopContinue deliver the same events, complete
// on agent_end with the same result, throw the same synchronous errors, and break the same way when the stream
// function is missing or throws (events stop, the stream stays open, the failure surfaces as an unhandled rejection).
import { agentLoop as piAgentLoop, agentLoopContinue as piAgentLoopContinue } from '@earendil-works/pi-agent-core';
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { afterEach, describe, expect, it } from 'vitest';
import { agentLoop, agentLoopContinue } from '../../index.ts';
import { VirtualClock } from '../../clock.ts';
import { eventShape, IdentityRecorder } from '../event-record.ts';
import { assistant, keepLlmMessages, toolCall, user } from '../messages.ts';
import { oddResult } from '../odd-results.ts';
import { createToolKit } from '../tool-kit.ts';
import type { AgentContext, AgentEvent, AgentLoopConfig, AgentMessage, StreamFn } from '../../types.ts';

type AgentLoopFn = typeof agentLoop;
type ContinueFn = typeof agentLoopContinue;
const sides: [string, AgentLoopFn, ContinueFn][] = [
  ['pi', piAgentLoop as unknown as AgentLoopFn, piAgentLoopContinue as unknown as ContinueFn],
  ['ours', agentLoop, agentLoopContinue],
];

let unregister: (() => void) | undefined;
afterEach(() => { unregister?.(); unregister = undefined; });

function setup(responses: unknown[]) {
  const faux = registerFauxProvider({ api: 'faux-stream-api', tokenSize: { min: 1000, max: 1000 } });
  unregister = faux.unregister;
  faux.setResponses(responses as never);
  const clock = new VirtualClock();
  const context: AgentContext = { systemPrompt: 'sys', messages: [], tools: Object.values(createToolKit({ clock, log: () => {} })) };
  const config: AgentLoopConfig = { model: faux.getModel() as never, convertToLlm: keepLlmMessages };
  return { context, config, streamFn: streamSimple as unknown as StreamFn };
}

async function drain(stream: AsyncIterable<AgentEvent> & { result(): Promise<AgentMessage[]> }) {
  const recorder = new IdentityRecorder();
  const events: string[] = [];
  for await (const event of stream) events.push(recorder.text(event));
  return { events, result: recorder.text(await stream.result()) };
}

/** Runs `body` with vitest's unhandled-rejection listeners set aside, returning the rejections it caused. */
async function catchUnhandled(body: () => Promise<void>): Promise<unknown[]> {
  const caught: unknown[] = [];
  const saved = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  const listener = (reason: unknown) => { caught.push(reason); };
  process.on('unhandledRejection', listener);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', listener);
    for (const l of saved) process.on('unhandledRejection', l as never);
  }
  return caught;
}

describe('agentLoop and agentLoopContinue streams, as pi', () => {
  it('deliver the same events and resolve result() with agent_end messages', async () => {
    const runs = [];
    for (const [, loop] of sides) {
      const { context, config, streamFn } = setup([
        assistant([toolCall('echo', { text: 'a' }, 'c1'), toolCall('fail', {}, 'c2')], { stopReason: 'toolUse' }), assistant('done'),
      ]);
      runs.push(await drain(loop([user('go')], context, config, undefined, streamFn)));
      unregister?.();
    }
    expect(runs[1].events.join('\n')).toBe(runs[0].events.join('\n'));
    expect(runs[1].result).toBe(runs[0].result);
    expect(runs[1].events.length).toBeGreaterThan(10);
  });

  it('queue agent_start before returning', async () => {
    for (const [, loop] of sides) {
      const { context, config, streamFn } = setup([assistant('hi')]);
      const stream = loop([user('go')], context, config, undefined, streamFn);
      stream.end(); // only what was pushed synchronously is delivered
      const types: string[] = [];
      for await (const event of stream) types.push(event.type);
      expect(types).toEqual(['agent_start']);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the run itself still finishes
      unregister?.();
    }
  });

  it('continue with the caller messages array shared', async () => {
    const seen = [];
    for (const [, , loopContinue] of sides) {
      const { context, config, streamFn } = setup([assistant('continued')]);
      const messages: AgentMessage[] = [user('before')];
      const run = await drain(loopContinue({ ...context, messages }, config, undefined, streamFn));
      seen.push({ events: run.events.map((e) => e.replace(/#\d+/g, '')), roles: messages.map((m) => (m as { role: string }).role) });
      unregister?.();
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0].roles).toEqual(['user', 'assistant']);
  });

  it('throw the same synchronous errors when continuing is impossible', () => {
    const { config, streamFn } = setup([]);
    for (const messages of [[], [user('q'), assistant('a')]] as AgentMessage[][]) {
      const errors = sides.map(([, , loopContinue]) => {
        try {
          loopContinue({ systemPrompt: '', messages }, config, undefined, streamFn);
          return 'no throw';
        } catch (error) {
          return (error as Error).message;
        }
      });
      expect(errors[1]).toBe(errors[0]);
      expect(errors[0]).toMatch(/^Cannot continue/);
    }
  });

  it('stop after the prompt and leave the stream open when no stream function is given', async () => {
    const outcomes = [];
    for (const [, loop] of sides) {
      const { context, config } = setup([]);
      const types: string[] = [];
      const caught = await catchUnhandled(async () => {
        const stream = loop([user('go')], context, config, undefined, undefined as never);
        void (async () => { for await (const e of stream) types.push(eventShape(e)); })();
      });
      outcomes.push({ types, caught: caught.map((e) => (e as Error).message) });
      unregister?.();
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[0]).toEqual({
      types: ['agent_start', 'turn_start', 'ms:user', 'me:user'],
      caught: ['No default stream function configured. Pass streamFn explicitly or call setDefaultStreamFn().'],
    });
  });

  it('stop the same way when the stream function throws', async () => {
    const outcomes = [];
    for (const [, loop] of sides) {
      const { context, config } = setup([]);
      const types: string[] = [];
      const caught = await catchUnhandled(async () => {
        const throwing: StreamFn = () => { throw new Error('stream function exploded'); };
        const stream = loop([user('go')], context, config, undefined, throwing);
        void (async () => { for await (const e of stream) types.push(eventShape(e)); })();
      });
      outcomes.push({ types, caught: caught.map((e) => (e as Error).message) });
      unregister?.();
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[0].caught).toEqual(['stream function exploded']);
  });

  it('break the same way when a tool resolves undefined or a result getter throws', async () => {
    for (const kind of ['undefined', 'throwingDetails'] as const) {
      const outcomes = [];
      for (const [, loop] of sides) {
        const { context, config, streamFn } = setup([assistant([toolCall('echo', { text: 'a' }, 'c1'), toolCall('odd', {}, 'c2')], { stopReason: 'toolUse' }), assistant('done')]);
        const log: string[] = [];
        context.tools!.push({
          name: 'odd', label: 'Odd', description: 'Resolves an odd result.', parameters: { type: 'object', properties: {} } as never,
          execute: async (id) => oddResult(kind, id, (line) => log.push(line)),
        });
        const types: string[] = [];
        const caught = await catchUnhandled(async () => {
          const stream = loop([user('go')], context, config, undefined, streamFn);
          void (async () => { for await (const e of stream) types.push(eventShape(e)); })();
        });
        outcomes.push({ types, log, caught: caught.map((e) => `${(e as Error).name}: ${(e as Error).message}`) });
        unregister?.();
      }
      expect(outcomes[1]).toEqual(outcomes[0]);
      // c1's toolResult message went out; building c2's failed, so the stream stays open after it.
      expect(outcomes[0].types.slice(-3)).toEqual(['te_end(c2)', 'ms:toolResult(c1)', 'me:toolResult(c1)']);
      expect(outcomes[0].caught).toEqual([kind === 'undefined'
        ? "TypeError: Cannot read properties of undefined (reading 'content')"
        : 'Error: c2.details getter broke']);
    }
  });
});
