// Scenarios about turns: steering and follow-up polling, shouldStopAfterTurn, prepareNextTurn, continue, prompts,
// prepareArguments, result fields and what the stream function receives (reference §3 p, q, r, s, t, u, v, z).
import { assistant, toolCall, user } from '../../messages.ts';
import { logJson } from '../../tool-kit.ts';
import type { ToolCall } from '../../../../ai/index.ts';
import type { AgentContext, AgentMessage, ShouldStopAfterTurnContext } from '../../../types.ts';
import type { Scenario, ScenarioEnv } from '../harness.ts';
import { queued } from './control.ts';

const calls = (...blocks: ToolCall[]) => assistant(blocks, { stopReason: 'toolUse' });
const echo = (id: string) => toolCall('echo', { text: id }, id);
const toolTurn = () => [calls(echo('call_1')), assistant('finished')];

function describeTurn(ctx: ShouldStopAfterTurnContext): string {
  return `toolResults=${ctx.toolResults.length} newMessages=${ctx.newMessages.length} ` +
    `contextRoles=${ctx.context.messages.map((m) => (m as { role: string }).role)} message=${ctx.message.stopReason}`;
}

function stopAfter(env: ScenarioEnv, answers: unknown[]) {
  let turn = 0;
  return async (ctx: ShouldStopAfterTurnContext) => {
    const answer = answers[turn++];
    env.log(`shouldStopAfterTurn ${describeTurn(ctx)} -> ${String(answer)}`);
    return answer as boolean;
  };
}

export const turnScenarios: Scenario[] = [
  { name: 'p: steering from the second poll starts a turn with it', setup: (env) => ({ responses: toolTurn(), config: { getSteeringMessages: queued(env, 'steering', [[], [user('steer!')]]) } }) },
  { name: 'p2: steering from the initial poll follows the prompt', setup: (env) => ({ responses: [assistant('ok')], config: { getSteeringMessages: queued(env, 'steering', [[user('early steer')]]) } }) },
  {
    name: 'p3: steering does not skip remaining sequential calls',
    setup: (env) => ({
      responses: [calls(echo('c1'), echo('c2'), echo('c3')), assistant('finished')],
      config: { toolExecution: 'sequential', getSteeringMessages: queued(env, 'steering', [[], [user('s1'), user('s2')]]) },
    }),
  },
  {
    name: 'p4: steering after a text-only turn; follow-up polled only at the end',
    setup: (env) => ({
      responses: [assistant('first'), assistant('second')],
      config: { getSteeringMessages: queued(env, 'steering', [[], [user('more')]]), getFollowUpMessages: queued(env, 'followUp', []) },
    }),
  },
  { name: 'q: a follow-up after the last turn', setup: (env) => ({ responses: [assistant('one'), assistant('two')], config: { getFollowUpMessages: queued(env, 'followUp', [[user('follow up!')]]) } }) },
  {
    name: 'q2: poll counts around a tool turn',
    setup: (env) => ({ responses: toolTurn(), config: { getSteeringMessages: queued(env, 'steering', []), getFollowUpMessages: queued(env, 'followUp', []) } }),
  },
  { name: 'r1: shouldStopAfterTurn true after a tool turn ends the run', setup: (env) => ({ responses: toolTurn(), config: { shouldStopAfterTurn: stopAfter(env, [true]), getSteeringMessages: queued(env, 'steering', []) } }) },
  { name: 'r2: shouldStopAfterTurn false is asked once per completed turn', setup: (env) => ({ responses: toolTurn(), config: { shouldStopAfterTurn: stopAfter(env, [false, false]) } }) },
  {
    name: 'r3: an error turn asks neither turn hook',
    setup: (env) => ({
      responses: [assistant('bad', { stopReason: 'error', errorMessage: 'nope' })],
      config: { shouldStopAfterTurn: stopAfter(env, [false]), prepareNextTurn: async () => { env.log('prepareNextTurn'); return undefined; } },
    }),
  },
  { name: 'r4: shouldStopAfterTurn beats queued steering', setup: (env) => ({ responses: toolTurn(), config: { shouldStopAfterTurn: stopAfter(env, [true]), getSteeringMessages: queued(env, 'steering', [[], [user('ignored')]]) } }) },
  { name: 'r5: a truthy "yes" stops', setup: (env) => ({ responses: toolTurn(), config: { shouldStopAfterTurn: stopAfter(env, ['yes']) } }) },
  {
    name: 'r6: all terminate plus a follow-up runs the follow-up turn',
    setup: (env) => ({
      responses: [calls(toolCall('terminate', {}, 't1')), assistant('after follow-up')],
      config: { shouldStopAfterTurn: stopAfter(env, [false, false]), getFollowUpMessages: queued(env, 'followUp', [[user('follow')]]) },
    }),
  },
  {
    name: 'r7: prepareNextTurn swaps system prompt, tools, model and reasoning',
    models: [{ id: 'faux-1' }, { id: 'faux-fine', reasoning: true }],
    setup: (env) => ({
      responses: toolTurn(),
      config: {
        async prepareNextTurn(ctx) {
          env.log(`prepareNextTurn ${describeTurn(ctx)}`);
          const echo2 = { ...env.kit.echo, name: 'echo2' };
          const context: AgentContext = { systemPrompt: 'sys v2', messages: ctx.context.messages, tools: [...(ctx.context.tools ?? []), echo2] };
          return { context, model: env.faux.getModel('faux-fine'), thinkingLevel: 'high' };
        },
      },
    }),
  },
  {
    name: 'r8: thinkingLevel off clears reasoning for later requests',
    setup: () => ({ responses: toolTurn(), config: { reasoning: 'medium', prepareNextTurn: async () => ({ thinkingLevel: 'off' }) } }),
  },
  {
    name: 'r9: a trimmed context changes later requests but not newMessages',
    setup: () => ({
      responses: toolTurn(),
      config: {
        async prepareNextTurn(ctx) {
          return { context: { ...ctx.context, messages: ctx.context.messages.filter((m) => (m as { role: string }).role !== 'assistant') } };
        },
      },
    }),
  },
  {
    name: 'r10: hook order between turns',
    setup: (env) => ({
      responses: toolTurn(),
      config: {
        shouldStopAfterTurn: stopAfter(env, [false, false]),
        getSteeringMessages: queued(env, 'steering', []),
        getFollowUpMessages: queued(env, 'followUp', []),
        prepareNextTurn: async () => { env.log('prepareNextTurn'); return undefined; },
      },
    }),
  },
  {
    name: 'r11: prepareNextTurn also runs before a follow-up turn',
    setup: (env) => ({
      responses: [assistant('one'), assistant('two')],
      config: { getFollowUpMessages: queued(env, 'followUp', [[user('again')]]), prepareNextTurn: async (ctx) => { env.log(`prepareNextTurn ${describeTurn(ctx)}`); return undefined; } },
    }),
  },
  {
    name: 'r12: 1.x hooks (finishTurn, prepareRequest) are never called',
    setup: (env) => ({
      responses: toolTurn(),
      config: { finishTurn: () => env.log('finishTurn'), prepareRequest: () => env.log('prepareRequest') } as never,
    }),
  },
  {
    name: 's: prepareArguments renames a field before validation',
    setup: (env) => ({
      responses: [calls(toolCall('prep', { txt: 'renamed' }, 'call_1')), assistant('done')],
      config: { beforeToolCall: async (ctx) => { env.log(`before args=${logJson(ctx.args)} raw=${logJson(ctx.toolCall.arguments)}`); return undefined; } },
    }),
  },
  {
    name: 's2: prepared arguments fail validation; a throwing prepareArguments',
    setup: () => ({ responses: [calls(toolCall('prep', { txt: { a: 1 } }, 'call_1'), toolCall('prep_throw', { text: 'x' }, 'call_2')), assistant('done')] }),
  },
  { name: 's3: an async prepareArguments fails to clone', setup: () => ({ responses: [calls(toolCall('prep_async', { text: 'x' }, 'call_1')), assistant('done')] }) },
  {
    name: 's4: prepareArguments returning its mutated argument keeps the call',
    setup: () => ({ responses: [calls(toolCall('prep_same', { text: 'x' }, 'call_1')), assistant('done')] }),
  },
  {
    name: 't: extra result fields stay on the event, not the message',
    setup: () => ({ responses: [calls(toolCall('fields', { variant: 'structured' }, 'f1'), toolCall('fields', { variant: 'usage' }, 'f2')), assistant('done')] }),
  },
  { name: 't2: a result without content gets content []', setup: () => ({ responses: [calls(toolCall('fields', { variant: 'noContent' }, 'f1')), assistant('done')] }) },
  {
    name: 't3: addedToolNames copied when non-empty',
    setup: () => ({ responses: [calls(toolCall('fields', { variant: 'added' }, 'f1'), toolCall('fields', { variant: 'emptyAdded' }, 'f2')), assistant('done')] }),
  },
  {
    name: 't4: addedToolNames tested only on length',
    setup: () => ({ responses: [calls(toolCall('fields', { variant: 'stringAdded' }, 'f1'), toolCall('fields', { variant: 'lengthZero' }, 'f2')), assistant('done')] }),
  },
  { name: 'u: continue from a user message', setup: () => ({ continue: true, messages: [user('earlier')], responses: [assistant('continued')] }) },
  {
    name: 'u1b: continue shares the caller messages array',
    setup: () => {
      const messages: AgentMessage[] = [user('earlier')];
      return { continue: true, messages, responses: toolTurn(), inspect: () => `callerRoles=${messages.map((m) => (m as { role: string }).role)}` };
    },
  },
  { name: 'u2: continue from an assistant message is refused', setup: () => ({ continue: true, messages: [user('q'), assistant('a')], responses: [] }) },
  { name: 'u3: continue from an empty context is refused', setup: () => ({ continue: true, messages: [], responses: [] }) },
  {
    name: 'v: two prompts, two message pairs, one request',
    setup: () => ({ prompts: [user('first'), user('second')], responses: [assistant('both')] }),
  },
  {
    name: 'v2: a prompted run does not mutate the caller messages',
    setup: () => {
      const messages: AgentMessage[] = [user('history')];
      return { messages, responses: toolTurn(), inspect: () => `callerRoles=${messages.map((m) => (m as { role: string }).role)}` };
    },
  },
  {
    name: 'z1: the stream function receives the whole config plus apiKey and signal',
    setup: () => ({ responses: [assistant('ok')], config: { sessionId: 'sess-1', reasoning: 'low', temperature: 0.5, headers: { a: 'b' } } }),
  },
  { name: 'z2: empty system prompt and no tools', setup: () => ({ systemPrompt: '', tools: null, responses: [assistant('ok')] }) },
  {
    name: 'z3: getApiKey before every request, falling back to the static key',
    setup: (env) => {
      const keys = ['dynamic', ''];
      let i = 0;
      return {
        responses: toolTurn(),
        config: { apiKey: 'static', getApiKey: async (provider) => { env.log(`getApiKey ${provider}`); return keys[i++]; } },
      };
    },
  },
  {
    name: 'z4: transformContext runs before convertToLlm on every request; custom messages filtered',
    setup: (env) => ({
      messages: [{ role: 'note', text: 'custom' } as never],
      responses: toolTurn(),
      config: {
        async transformContext(messages, signal) {
          env.log(`transformContext ${messages.map((m) => (m as { role: string }).role)} signal=${signal ? 'yes' : 'no'}`);
          return messages.slice();
        },
        convertToLlm(messages) {
          env.log(`convertToLlm ${messages.map((m) => (m as { role: string }).role)}`);
          return messages.filter((m) => (m as { role: string }).role !== 'note') as never;
        },
      },
    }),
  },
  {
    name: 'z6: requests see every message of the run so far (faux usage included in events)',
    setup: () => ({ responses: [calls(echo('c1')), calls(echo('c2'), echo('c3')), assistant('done')] }),
  },
];
