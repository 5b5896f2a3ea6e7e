// Scenarios about odd tool results and failing emit callbacks: execute resolving undefined, null, primitives,
// arrays, objects with logging or throwing getters, logging Proxies; and an emit callback that throws
// synchronously or rejects at each event type, in parallel and sequential batches, while other tools finish.
import { Type } from 'typebox';
import { assistant, text, toolCall, user } from '../../messages.ts';
import { ODD_RESULT_KINDS, oddResult, type OddResultKind } from '../../odd-results.ts';
import type { ToolCall } from '../../../../ai/index.ts';
import type { AgentEvent, AgentTool } from '../../../types.ts';
import type { EmitFailure, Scenario, ScenarioEnv } from '../harness.ts';

const calls = (...blocks: ToolCall[]) => assistant(blocks, { stopReason: 'toolUse' });
const hop = async (n: number) => { for (let i = 0; i < n; i++) await Promise.resolve(); };

const OddParams = Type.Object({ kind: Type.String(), micro: Type.Optional(Type.Integer()), updates: Type.Optional(Type.Integer()) });

/** `odd` resolves the result its `kind` names after `micro` hops and `updates` onUpdate calls. */
export function oddTool(env: ScenarioEnv, executionMode?: 'sequential'): AgentTool<any> {
  return {
    name: executionMode ? 'odd_seq' : 'odd', label: 'Odd', description: 'Resolves an unusual result.', parameters: OddParams,
    ...(executionMode ? { executionMode } : {}),
    async execute(id, params: any, _signal, onUpdate) {
      env.log(`execute ${id} ${params.kind}`);
      for (let i = 0; i < (params.updates ?? 0); i++) {
        onUpdate?.({ content: [text(`${id} update ${i}`)], details: { i } });
        await hop(1);
      }
      await hop(params.micro ?? 0);
      env.log(`resolve ${id}`);
      return oddResult(params.kind as OddResultKind, id, env.log);
    },
  };
}

const odd = (kind: string, id: string, extra: Record<string, number> = {}) => toolCall('odd', { kind, ...extra }, id);

function resultScenario(kind: OddResultKind, mode: 'parallel' | 'sequential'): Scenario {
  return {
    name: `odd result ${kind} (${mode})`,
    setup: (env) => ({
      tools: [oddTool(env), env.kit.echo],
      responses: [calls(odd(kind, 'c1', { micro: 2 }), toolCall('echo', { text: 'beside' }, 'c2'), odd('getters', 'c3')), assistant('done')],
      config: mode === 'sequential' ? { toolExecution: 'sequential' } : {},
    }),
  };
}

const resultScenarios: Scenario[] = [
  ...ODD_RESULT_KINDS.flatMap((kind) => [resultScenario(kind, 'parallel'), resultScenario(kind, 'sequential')]),
  {
    name: 'odd result undefined through afterToolCall that overrides only details',
    setup: (env) => ({
      tools: [oddTool(env)],
      responses: [calls(odd('undefined', 'c1'), odd('proxy', 'c2')), assistant('done')],
      config: { afterToolCall: async (ctx) => { env.log(`after ${ctx.toolCall.id}`); return { details: { patched: true } }; } },
    }),
  },
  {
    name: 'odd result getters through afterToolCall that returns nothing',
    setup: (env) => ({
      tools: [oddTool(env)],
      responses: [calls(odd('getters', 'c1'), odd('throwingTerminate', 'c2')), assistant('done')],
      config: { afterToolCall: async () => undefined },
    }),
  },
  {
    name: 'odd result null via runAgentLoopContinue',
    setup: (env) => ({
      tools: [oddTool(env)],
      continue: true,
      messages: [user('again')],
      responses: [calls(odd('null', 'c1')), assistant('done')],
    }),
  },
  {
    name: 'odd result undefined via agentLoop leaves the stream open',
    setup: (env) => ({
      tools: [oddTool(env)],
      entry: 'stream',
      responses: [calls(odd('getters', 'c1'), odd('undefined', 'c2')), assistant('done')],
    }),
  },
  {
    name: 'odd result proxy via agentLoopContinue',
    setup: (env) => ({
      tools: [oddTool(env)],
      entry: 'stream',
      continue: true,
      messages: [user('again')],
      responses: [calls(odd('proxy', 'c1'), odd('throwingAddedToolNames', 'c2')), assistant('done')],
    }),
  },
];

// ------------------------------------------------------------------ failing emits

const FAILING_EVENTS = [
  'agent_start', 'turn_start', 'message_start', 'message_update', 'message_end', 'tool_execution_start',
  'tool_execution_update', 'tool_execution_end', 'toolResult message_start', 'toolResult message_end', 'turn_end',
  'agent_end',
] as const;

function matches(target: (typeof FAILING_EVENTS)[number], event: AgentEvent): boolean {
  if (target === 'toolResult message_start' || target === 'toolResult message_end') {
    return event.type === target.split(' ')[1] && (event as { message?: { role?: string } }).message?.role === 'toolResult';
  }
  return event.type === target;
}

/** Fails the `nth` (1-based) event matching `target`. */
function failAt(target: (typeof FAILING_EVENTS)[number], how: EmitFailure, nth = 1) {
  let seen = 0;
  return (event: AgentEvent) => (matches(target, event) && ++seen === nth ? how : undefined);
}

function emitScenario(target: (typeof FAILING_EVENTS)[number], how: EmitFailure, mode: 'parallel' | 'sequential', nth: number): Scenario {
  return {
    name: `emit ${how === 'throw' ? 'throws' : 'rejects'} at ${target}${nth > 1 ? ` #${nth}` : ''} (${mode})`,
    tokenSize: 2,
    setup: (env) => ({
      tools: [oddTool(env), env.kit.echo],
      responses: [
        calls(odd('getters', 'c1', { micro: 3, updates: 2 }), toolCall('echo', { text: 'fast' }, 'c2'), odd('usage', 'c3', { micro: 1, updates: 1 })),
        assistant('done'),
      ],
      config: mode === 'sequential' ? { toolExecution: 'sequential' } : {},
      failEmit: failAt(target, how, nth),
    }),
  };
}

const emitScenarios: Scenario[] = FAILING_EVENTS.flatMap((target) => (['throw', 'reject'] as const).flatMap((how) =>
  (['parallel', 'sequential'] as const).flatMap((mode) => [emitScenario(target, how, mode, 1), emitScenario(target, how, mode, 2)])));

/** Parallel calls finishing one microtask apart: whichever tick the broken run ends on, some call emits beside it. */
function staggeredScenario(target: (typeof FAILING_EVENTS)[number], how: EmitFailure, nth: number): Scenario {
  return {
    name: `emit ${how === 'throw' ? 'throws' : 'rejects'} at ${target} #${nth} while parallel calls finish a tick apart`,
    setup: (env) => ({
      tools: [oddTool(env)],
      responses: [calls(...Array.from({ length: 20 }, (_, micro) => odd('usage', `c${micro}`, { micro }))), assistant('done')],
      failEmit: failAt(target, how, nth),
    }),
  };
}

for (const target of ['tool_execution_end', 'toolResult message_start', 'toolResult message_end'] as const) {
  for (const how of ['throw', 'reject'] as const) {
    for (const nth of [1, 3]) emitScenarios.push(staggeredScenario(target, how, nth));
  }
}

emitScenarios.push(
  {
    name: 'emit rejects at an early tool_execution_update while the tool keeps running',
    setup: (env) => ({
      tools: [oddTool(env), env.kit.sleep],
      responses: [calls(odd('getters', 'c1', { updates: 1 }), toolCall('sleep', { ms: 10, label: 'S' }, 'c2')), assistant('done')],
      failEmit: failAt('tool_execution_update', 'reject'),
    }),
  },
  {
    name: 'emit throws at tool_execution_end via runAgentLoopContinue',
    setup: (env) => ({
      tools: [oddTool(env), env.kit.echo],
      continue: true,
      messages: [user('again')],
      responses: [calls(odd('getters', 'c1', { micro: 2 }), toolCall('echo', { text: 'e' }, 'c2')), assistant('done')],
      failEmit: failAt('tool_execution_end', 'throw'),
    }),
  },
);

export const failureScenarios: Scenario[] = [...resultScenarios, ...emitScenarios];
