// Scenarios about stopping: terminate, length truncation, aborts at every point, and onUpdate before and after a
// tool settles (reference §3 k, l, n, o). Aborts come from virtual-clock timers or from hooks and events.
import { logJson } from '../../tool-kit.ts';
import { assistant, text, toolCall, user } from '../../messages.ts';
import type { ToolCall } from '../../../../ai/index.ts';
import type { AgentLoopConfig, AgentMessage, BeforeToolCallResult } from '../../../types.ts';
import type { Scenario, ScenarioEnv } from '../harness.ts';

const calls = (...blocks: ToolCall[]) => assistant(blocks, { stopReason: 'toolUse' });
const then = (blocks: ToolCall[]) => [calls(...blocks), assistant('finished')];
const sleep = (label: string, ms: number, tool = 'sleep') => toolCall(tool, { ms, label }, `call_${label}`);
const echo = (id: string) => toolCall('echo', { text: id }, id);

/** A queue getter that hands out the given batches one poll at a time, logging each poll. */
export function queued(env: ScenarioEnv, name: string, batches: AgentMessage[][]): () => Promise<AgentMessage[]> {
  let poll = 0;
  return async () => {
    const batch = batches[poll++] ?? [];
    env.log(`poll ${name} #${poll} -> ${batch.length}`);
    return batch;
  };
}

function abortAt(env: ScenarioEnv, ms: number): void {
  void env.clock.sleep(ms).then(() => { env.log(`abort @${env.clock.now()}`); env.abort.abort(); });
}

/** beforeToolCall that aborts the run on the given call and then answers `answer`. */
function abortingHook(env: ScenarioEnv, id: string, answer?: BeforeToolCallResult): AgentLoopConfig['beforeToolCall'] {
  return async (ctx) => {
    env.log(`before ${ctx.toolCall.id}`);
    if (ctx.toolCall.id === id) {
      env.abort.abort();
      return answer;
    }
    return undefined;
  };
}

const afterLogger = (env: ScenarioEnv): AgentLoopConfig['afterToolCall'] => async (ctx) => {
  env.log(`after ${ctx.toolCall.id} ${logJson(ctx.result.content)}`);
  return undefined;
};

export const controlScenarios: Scenario[] = [
  { name: 'k1: every parallel call terminates: one request', setup: () => ({ responses: then([toolCall('terminate', {}, 't1'), toolCall('terminate', {}, 't2')]) }) },
  {
    name: 'k1b: every sequential call terminates: one request',
    setup: () => ({ responses: then([toolCall('terminate', {}, 't1'), toolCall('terminate', {}, 't2')]), config: { toolExecution: 'sequential' } }),
  },
  { name: 'k2: one of two terminates: the run continues', setup: () => ({ responses: then([toolCall('terminate', {}, 't1'), echo('e2')]) }) },
  {
    name: 'k3: terminate with steering queued starts another turn',
    setup: (env) => ({
      responses: then([toolCall('terminate', {}, 't1')]),
      config: { getSteeringMessages: queued(env, 'steering', [[], [user('steer!')]]) },
    }),
  },
  {
    name: 'k4: terminate with a follow-up queued starts another turn',
    setup: (env) => ({
      responses: then([toolCall('terminate', {}, 't1')]),
      config: { getFollowUpMessages: queued(env, 'followUp', [[user('follow!')]]) },
    }),
  },
  { name: 'k5: terminate next to an unknown tool continues', setup: () => ({ responses: then([toolCall('terminate', {}, 't1'), toolCall('nope', {}, 'x')]) }) },
  { name: 'k6: terminate "yes" does not count', setup: () => ({ responses: then([toolCall('fields', { variant: 'terminateYes' }, 'f1')]) }) },
  {
    name: 'l: a length stop fails every call without running anything',
    setup: (env) => ({
      responses: [assistant([echo('call_1')], { stopReason: 'length' }), assistant('after truncation')],
      config: { beforeToolCall: async () => { env.log('before'); return undefined; }, afterToolCall: afterLogger(env) },
    }),
  },
  {
    name: 'l2: a length stop with two calls under parallel config, unknown names included',
    setup: () => ({ responses: [assistant([echo('call_1'), toolCall('nope', { a: 1 }, 'call_2')], { stopReason: 'length' }), assistant('again')] }),
  },
  { name: 'l3: a length stop with text only ends the run', setup: () => ({ responses: [assistant([text('cut off mid')], { stopReason: 'length' })] }) },
  {
    name: 'n1: parallel abort while tools sleep; the next request comes back aborted',
    setup: (env) => { abortAt(env, 30); return { responses: then([sleep('A', 60), sleep('B', 20), sleep('C', 40)]) }; },
  },
  {
    name: 'n2: sequential abort during the first call skips the rest',
    setup: (env) => { abortAt(env, 30); return { responses: then([sleep('A', 60), sleep('B', 20), sleep('C', 40)]), config: { toolExecution: 'sequential' } }; },
  },
  {
    name: 'n3: a tool that ignores the signal finishes; the next request is aborted',
    setup: (env) => {
      abortAt(env, 10);
      return { responses: then([toolCall('sleep_stubborn', { ms: 30, label: 'S' }, 'call_S'), toolCall('progress', { updates: 3, stepMs: 10 }, 'call_P')]) };
    },
  },
  {
    name: 'n4: abort while text streams keeps the partial text',
    tokenSize: 1,
    setup: (env) => {
      let deltas = 0;
      return {
        responses: [assistant([text('This is a fairly long answer'), echo('call_1')], { stopReason: 'toolUse' })],
        onEvent: (event) => {
          if (event.type === 'message_update' && event.assistantMessageEvent.type === 'text_delta' && ++deltas === 3) env.abort.abort();
        },
      };
    },
  },
  {
    name: 'n5: parallel, a hook aborts and blocks: prepared calls end aborted, later calls nothing',
    setup: (env) => ({
      responses: then([echo('call_1'), echo('call_2'), echo('call_3')]),
      config: { beforeToolCall: abortingHook(env, 'call_2', { block: true, reason: 'blocked' }), afterToolCall: afterLogger(env) },
    }),
  },
  {
    name: 'n6: sequential, a hook aborts and blocks on the second call',
    setup: (env) => ({
      responses: then([echo('call_1'), echo('call_2'), echo('call_3')]),
      config: { toolExecution: 'sequential', beforeToolCall: abortingHook(env, 'call_2', { block: true }), afterToolCall: afterLogger(env) },
    }),
  },
  {
    name: 'n7: parallel, the first call hook aborts: nothing else happens',
    setup: (env) => ({ responses: then([echo('call_A'), echo('call_B')]), config: { beforeToolCall: abortingHook(env, 'call_A') } }),
  },
  {
    name: 'n8: parallel, the second call hook aborts and returns nothing',
    setup: (env) => ({
      responses: then([echo('call_1'), echo('call_2'), echo('call_3')]),
      config: { beforeToolCall: abortingHook(env, 'call_2'), afterToolCall: afterLogger(env) },
    }),
  },
  {
    name: 'n9: sequential abort during a call without hooks',
    setup: (env) => { abortAt(env, 5); return { responses: then([sleep('A', 20), echo('call_2')]), config: { toolExecution: 'sequential' } }; },
  },
  {
    name: 'n10: a signal aborted before the run',
    setup: (env) => { env.abort.abort(); return { responses: [assistant('never streamed')] }; },
  },
  {
    name: 'n11: parallel, unknown call then a hook abort',
    setup: (env) => ({ responses: then([toolCall('nope', {}, 'call_X'), echo('call_1'), echo('call_2')]), config: { beforeToolCall: abortingHook(env, 'call_1') } }),
  },
  {
    name: 'n12: abort during afterToolCall in parallel mode',
    setup: (env) => ({
      responses: then([sleep('A', 10), sleep('B', 20)]),
      config: { async afterToolCall(ctx) { env.log(`after ${ctx.toolCall.id}`); env.abort.abort(); return undefined; } },
    }),
  },
  {
    name: 'o: updates during execution are emitted, a late one is ignored',
    setup: () => ({ responses: then([toolCall('progress', { updates: 3, stepMs: 5, lateMs: 20 }, 'call_P')]) }),
  },
  {
    name: 'o2: updates interleave with another parallel call',
    setup: () => ({ responses: then([toolCall('progress', { updates: 3, stepMs: 5 }, 'call_P'), sleep('S', 7)]) }),
  },
  {
    name: 'o3: updates from a tool that then throws',
    setup: (env) => ({
      responses: then([toolCall('progress', { updates: 2, stepMs: 0, lateMs: 1 }, 'call_P')]),
      config: { afterToolCall: async (ctx) => { env.log(`after ${ctx.toolCall.id}`); throw 'after says no'; } },
    }),
  },
];
