// Scenarios about how a batch of tool calls runs: parallel and sequential order, executionMode, unknown tools,
// validation failures, duplicate names (reference §3 c, d, e, f, g, w). Sleeps are on the virtual clock.
import { Type } from 'typebox';
import { assistant, toolCall } from '../../messages.ts';
import type { ToolCall } from '../../../../ai/index.ts';
import type { AgentTool } from '../../../types.ts';
import type { Scenario } from '../harness.ts';

const sleep = (label: string, ms: number, id = `call_${label}`, tool = 'sleep'): ToolCall => toolCall(tool, { ms, label }, id);
const calls = (...blocks: ToolCall[]) => assistant(blocks, { stopReason: 'toolUse' });
const then = (blocks: ToolCall[]) => [calls(...blocks), assistant('finished')];

export const batchScenarios: Scenario[] = [
  {
    name: 'c: parallel calls end in completion order, results in source order',
    setup: () => ({ responses: then([sleep('A', 60), sleep('B', 20), sleep('C', 40)]) }),
  },
  {
    name: 'd: sequential config runs one call after another',
    setup: () => ({ responses: then([sleep('A', 60), sleep('B', 20), sleep('C', 40)]), config: { toolExecution: 'sequential' } }),
  },
  {
    name: 'e: one sequential tool makes the whole batch sequential',
    setup: () => ({ responses: then([sleep('A', 40), sleep('S', 10, 'call_S', 'seq'), sleep('B', 10)]) }),
  },
  {
    name: 'e2: executionMode parallel cannot override a sequential config',
    setup: () => ({
      responses: then([sleep('A', 30, 'call_A', 'par'), sleep('B', 10, 'call_B', 'par')]),
      config: { toolExecution: 'sequential' },
    }),
  },
  {
    name: 'e3: an unknown name does not force sequential execution',
    setup: () => ({ responses: then([sleep('A', 30), toolCall('nope', {}, 'call_X'), sleep('B', 10)]) }),
  },
  {
    name: 'f: unknown tool fails during preflight while a parallel call runs',
    setup: () => ({ responses: then([sleep('A', 30), toolCall('nope', { x: 1 }, 'call_X')]) }),
  },
  {
    name: 'f2: no tools in the context: every call is not found and the request carries tools undefined',
    setup: () => ({ tools: null, responses: then([toolCall('echo', { text: 'hi' }, 'call_1')]) }),
  },
  {
    name: 'f3: tool names are case-sensitive',
    setup: () => ({ responses: then([toolCall('Echo', { text: 'hi' }, 'call_1')]) }),
  },
  {
    name: 'g: validation failure lists every problem and the received arguments',
    setup: () => ({ responses: then([toolCall('typed', { count: 'abc', flag: 'yes' }, 'call_1')]) }),
  },
  {
    name: 'g2: coercible arguments are converted for the tool, raw in the events',
    setup: (env) => ({
      responses: then([toolCall('typed', { count: '42', flag: 'true', name: 7 }, 'call_1')]),
      config: {
        async beforeToolCall(ctx) { env.log(`before args=${JSON.stringify(ctx.args)} raw=${JSON.stringify(ctx.toolCall.arguments)}`); return undefined; },
      },
    }),
  },
  {
    name: 'g3: an argumentsError field on the block is ignored',
    setup: () => ({
      responses: then([{ ...toolCall('echo', {}, 'call_1'), argumentsError: 'Unexpected end of JSON input' } as ToolCall]),
    }),
  },
  {
    name: 'g4: an invalid call in the middle of a parallel batch ends during preflight',
    setup: () => ({ responses: then([sleep('A', 20), toolCall('typed', { count: 0 }, 'call_V'), toolCall('echo', { text: 'e' }, 'call_E')]) }),
  },
  {
    name: 'g5: non-object arguments fail validation at the root',
    setup: () => ({
      responses: then([
        toolCall('echo', 'a string' as never, 'call_1'), toolCall('echo', null as never, 'call_2'),
        toolCall('echo', [1, 2] as never, 'call_3'),
      ]),
    }),
  },
  {
    name: 'g6: optional nulls are removed and nested values coerced',
    setup: () => ({
      responses: then([toolCall('optional', { req: 5, opt: null, nested: { x: '2.5' } }, 'call_1'), toolCall('optional', { req: null, nested: null }, 'call_2')]),
    }),
  },
  {
    name: 'w: with duplicate tool names the first one wins',
    setup: (env) => {
      const first: AgentTool<any> = {
        name: 'dup', label: 'first', description: 'first', parameters: Type.Object({}),
        async execute() { env.log('dup first'); return { content: [{ type: 'text', text: 'first' }], details: {} }; },
      };
      const second: AgentTool<any> = { ...first, label: 'second', async execute() { env.log('dup second'); return { content: [], details: {} }; } };
      return { tools: [first, second], responses: then([toolCall('dup', {}, 'call_1')]) };
    },
  },
  {
    name: 'mixed: many instant calls of different kinds in one parallel batch',
    setup: () => ({
      responses: then([
        toolCall('echo', { text: '1' }, 'c1'), toolCall('fail', {}, 'c2'), toolCall('fail_string', {}, 'c3'),
        toolCall('nope', {}, 'c4'), toolCall('typed', { count: 2, flag: false, name: 'ok' }, 'c5'), toolCall('echo', { text: '6' }, 'c6'),
      ]),
    }),
  },
];
