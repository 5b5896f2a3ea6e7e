// Scenarios about beforeToolCall, execute failures and afterToolCall (reference §3 h, i, j, x, y).
import { logJson } from '../../tool-kit.ts';
import { assistant, toolCall } from '../../messages.ts';
import type { ToolCall } from '../../../../ai/index.ts';
import type { AfterToolCallResult, AgentLoopConfig, BeforeToolCallResult } from '../../../types.ts';
import type { Scenario, ScenarioEnv } from '../harness.ts';

const calls = (...blocks: ToolCall[]) => assistant(blocks, { stopReason: 'toolUse' });
const then = (blocks: ToolCall[]) => [calls(...blocks), assistant('finished')];
const echo = (id: string, value = id) => toolCall('echo', { text: value }, id);

/** beforeToolCall answering per call id (default: undefined), logging what it saw. */
function before(env: ScenarioEnv, answers: Record<string, BeforeToolCallResult | (() => never)>): AgentLoopConfig['beforeToolCall'] {
  return async (ctx) => {
    env.log(`before ${ctx.toolCall.id} args=${logJson(ctx.args)} roles=${ctx.context.messages.map((m) => (m as { role: string }).role)}`);
    const answer = answers[ctx.toolCall.id];
    return typeof answer === 'function' ? answer() : answer;
  };
}

/** afterToolCall answering per call id, logging the result it saw. */
function after(env: ScenarioEnv, answers: Record<string, AfterToolCallResult | (() => never)>): AgentLoopConfig['afterToolCall'] {
  return async (ctx) => {
    env.log(`after ${ctx.toolCall.id} isError=${ctx.isError} result=${logJson(ctx.result)} args=${logJson(ctx.args)}`);
    const answer = answers[ctx.toolCall.id];
    return typeof answer === 'function' ? answer() : answer;
  };
}

const usage = { input: 9, output: 9, cacheRead: 0, cacheWrite: 0, totalTokens: 18, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

export const hookScenarios: Scenario[] = [
  { name: 'h1: a block with a reason', setup: (env) => ({ responses: then([echo('call_1')]), config: { beforeToolCall: before(env, { call_1: { block: true, reason: 'not today' } }) } }) },
  {
    name: 'h2: a block without a reason, or with an empty one, uses the default text',
    setup: (env) => ({ responses: then([echo('call_1'), echo('call_2')]), config: { beforeToolCall: before(env, { call_1: { block: true }, call_2: { block: true, reason: '' } }) } }),
  },
  {
    name: 'h2b: truthy block values block, false does not',
    setup: (env) => ({
      responses: then([echo('call_1'), echo('call_2'), echo('call_3')]),
      config: { beforeToolCall: before(env, { call_1: { block: 1 as never }, call_2: { block: 'yes' as never }, call_3: { block: false } }) },
    }),
  },
  {
    name: 'h3: block with terminate on the only call ends the run after one request',
    setup: (env) => ({ responses: then([echo('call_1')]), config: { beforeToolCall: before(env, { call_1: { block: true, reason: 'stop here', terminate: true } }) } }),
  },
  {
    name: 'h3b: block with terminate next to a normal call continues',
    setup: (env) => ({ responses: then([echo('call_1'), echo('call_2')]), config: { beforeToolCall: before(env, { call_1: { block: true, terminate: true } }) } }),
  },
  {
    name: 'h3c: terminate without block is ignored',
    setup: (env) => ({ responses: then([echo('call_1')]), config: { beforeToolCall: before(env, { call_1: { terminate: true } }) } }),
  },
  {
    name: 'h3d: blocked with terminate plus a terminating tool stops',
    setup: (env) => ({
      responses: then([echo('call_1'), toolCall('terminate', {}, 'call_2')]),
      config: { beforeToolCall: before(env, { call_1: { block: true, terminate: true } }) },
    }),
  },
  {
    name: 'h3e: terminate 1 is not terminate true',
    setup: (env) => ({ responses: then([echo('call_1')]), config: { beforeToolCall: before(env, { call_1: { block: true, terminate: 1 as never } }) } }),
  },
  {
    name: 'h4: a throwing beforeToolCall becomes an error result',
    setup: (env) => ({ responses: then([echo('call_1')]), config: { beforeToolCall: before(env, { call_1: () => { throw new Error('hook exploded'); } }) } }),
  },
  {
    name: 'h5: a blocked call ends during preflight between parallel calls',
    setup: (env) => ({
      responses: then([toolCall('sleep', { ms: 30, label: 'A' }, 'call_A'), echo('call_E'), toolCall('sleep', { ms: 10, label: 'B' }, 'call_B')]),
      config: { beforeToolCall: before(env, { call_E: { block: true, reason: 'blocked E' } }) },
    }),
  },
  {
    name: 'h6: beforeToolCall runs only for found, valid calls',
    setup: (env) => ({
      responses: then([toolCall('nope', {}, 'call_X'), toolCall('typed', {}, 'call_V'), echo('call_OK')]),
      config: { beforeToolCall: before(env, {}) },
    }),
  },
  { name: 'i: execute throws an Error', setup: () => ({ responses: then([toolCall('fail', {}, 'call_1')]) }) },
  { name: 'i2: execute throws a string', setup: () => ({ responses: then([toolCall('fail_string', {}, 'call_1')]) }) },
  {
    name: 'i3: a returned isError is still a success',
    setup: (env) => ({ responses: then([toolCall('fields', { variant: 'isError' }, 'call_1')]), config: { afterToolCall: after(env, {}) } }),
  },
  {
    name: 'j1: afterToolCall overrides content, details and isError',
    setup: (env) => ({
      responses: then([echo('call_1')]),
      config: { afterToolCall: after(env, { call_1: { content: [{ type: 'text', text: 'overridden' }], details: { o: 1 }, isError: true } }) },
    }),
  },
  {
    name: 'j1b: details only, or null/undefined values, keep the originals',
    setup: (env) => ({
      responses: then([echo('call_1'), echo('call_2')]),
      config: { afterToolCall: after(env, { call_1: { details: { only: true } }, call_2: { details: null as never, content: undefined } }) },
    }),
  },
  {
    name: 'j1c: afterToolCall recovers a throwing tool',
    setup: (env) => ({
      responses: then([toolCall('fail', {}, 'call_1')]),
      config: { afterToolCall: after(env, { call_1: { isError: false, content: [{ type: 'text', text: 'recovered' }] } }) },
    }),
  },
  {
    name: 'j1d: afterToolCall runs only for executed calls',
    setup: (env) => ({
      responses: then([toolCall('nope', {}, 'call_X'), toolCall('typed', {}, 'call_V'), echo('call_B'), echo('call_OK')]),
      config: { beforeToolCall: before(env, { call_B: { block: true } }), afterToolCall: after(env, {}) },
    }),
  },
  {
    name: 'j1e: usage replaced, extra result fields survive on the event',
    setup: (env) => ({
      responses: then([toolCall('fields', { variant: 'structured' }, 'call_1'), toolCall('fields', { variant: 'added' }, 'call_2')]),
      config: { afterToolCall: after(env, { call_1: { usage }, call_2: { usage } }) },
    }),
  },
  {
    name: 'j1f: only the known fields of the hook result are taken',
    setup: (env) => ({
      responses: then([echo('call_1')]),
      config: { afterToolCall: after(env, { call_1: { content: [{ type: 'text', text: 'c' }], structuredContent: { x: 1 }, addedToolNames: ['zz'], somethingElse: 1 } as never }) },
    }),
  },
  {
    name: 'j1g: all-null hook values keep the originals',
    setup: (env) => ({
      responses: then([echo('call_1')]),
      config: { afterToolCall: after(env, { call_1: { content: null, details: null, isError: null, usage: null, terminate: null } as never }) },
    }),
  },
  {
    name: 'j2: a throwing afterToolCall becomes an error result',
    setup: (env) => ({ responses: then([echo('call_1')]), config: { afterToolCall: after(env, { call_1: () => { throw new Error('after hook exploded'); } }) } }),
  },
  {
    name: 'j3: afterToolCall terminate ends the run',
    setup: (env) => ({ responses: then([echo('call_1')]), config: { afterToolCall: after(env, { call_1: { terminate: true } }) } }),
  },
  {
    name: 'j3b: afterToolCall terminate false overrides a terminating tool',
    setup: (env) => ({ responses: then([toolCall('terminate', {}, 'call_1')]), config: { afterToolCall: after(env, { call_1: { terminate: false } }) } }),
  },
  {
    name: 'x: hooks see the live context without the current batch results (sequential)',
    setup: (env) => ({
      responses: then([echo('call_1'), echo('call_2')]),
      config: { toolExecution: 'sequential', beforeToolCall: before(env, {}), afterToolCall: after(env, {}) },
    }),
  },
  {
    name: 'y: hooks and tools receive the same AbortSignal object',
    setup: (env) => {
      const seen: unknown[] = [];
      return {
        responses: then([echo('call_1')]),
        config: {
          async beforeToolCall(_ctx, signal) { seen.push(signal); return undefined; },
          async afterToolCall(_ctx, signal) { seen.push(signal); return undefined; },
        },
        inspect: () => `signals=${seen.length} same=${seen.every((s) => s === env.abort.signal)}`,
      };
    },
  },
];
