// Sandboxed tools answer prepareArguments asynchronously (remote.ts). Each tool here carries both pi's synchronous
// prepareArguments and the async twin doing the same thing: pi uses the former, ours awaits the latter, and the
// events must not tell them apart.
import { Type } from 'typebox';
import { PREPARE_ARGUMENTS_ASYNC, type RemotePrepareOutcome } from '../../../remote.ts';
import { assistant, toolCall } from '../../messages.ts';
import type { AgentTool } from '../../../types.ts';
import type { Scenario, ScenarioEnv } from '../harness.ts';

type Prepare = (args: any) => unknown;

/** A tool whose prepareArguments exists twice: synchronously for pi, as a structured-clone "remote" for ours. */
function twinTool(env: ScenarioEnv, name: string, local: Prepare, remote: (args: any) => Promise<RemotePrepareOutcome>): AgentTool<any> {
  return Object.assign({
    name, label: name, description: 'Prepared remotely in the playground.',
    parameters: Type.Object({ text: Type.String() }),
    prepareArguments: local as never,
    async execute(id: string, params: any) {
      env.log(`execute ${name} ${id} ${JSON.stringify(params)}`);
      return { content: [{ type: 'text' as const, text: `${name}: ${params.text}` }], details: {} };
    },
  }, { [PREPARE_ARGUMENTS_ASYNC]: remote });
}

const run = (...calls: ReturnType<typeof toolCall>[]) => [assistant(calls, { stopReason: 'toolUse' }), assistant('done')];
// What crossing a worker boundary does to a value.
const across = <T>(value: T): T => structuredClone(value);

export const remoteScenarios: Scenario[] = [
  {
    name: 'remote prepareArguments returning a new object',
    setup: (env) => ({
      tools: [twinTool(env, 'rename', (a) => ({ text: a.txt }), async (a) => ({ value: { text: across(a).txt } }))],
      responses: run(toolCall('rename', { txt: 'hi' }, 'c1')),
    }),
  },
  {
    name: 'remote prepareArguments returning its (mutated) argument keeps the original call',
    setup: (env) => ({
      tools: [twinTool(env, 'mutate', (a) => { a.text = `${a.text}!`; return a; }, async (a) => {
        const copy = across(a);
        copy.text = `${copy.text}!`;
        return { value: copy, sameObject: true };
      })],
      responses: run(toolCall('mutate', { text: 'hi' }, 'c1'), toolCall('mutate', { text: 'yo' }, 'c2')),
    }),
  },
  {
    name: 'remote prepareArguments that returned a Promise fails to clone',
    setup: (env) => ({
      tools: [twinTool(env, 'promised', (a) => Promise.resolve(a), async () => ({ returnedPromise: true }))],
      responses: run(toolCall('promised', { text: 'hi' }, 'c1')),
    }),
  },
  {
    name: 'remote prepareArguments that throws',
    setup: (env) => ({
      tools: [twinTool(env, 'broken', () => { throw new Error('cannot prepare remotely'); }, async () => { throw new Error('cannot prepare remotely'); })],
      responses: run(toolCall('broken', { text: 'hi' }, 'c1'), toolCall('broken', { text: 'again' }, 'c2')),
      config: { toolExecution: 'sequential' },
    }),
  },
  {
    name: 'remote prepareArguments producing invalid arguments',
    setup: (env) => ({
      tools: [twinTool(env, 'bad', () => ({ text: 5, extra: [1] }), async () => ({ value: { text: 5, extra: [1] } }))],
      responses: run(toolCall('bad', { text: 'hi' }, 'c1')),
    }),
  },
];
