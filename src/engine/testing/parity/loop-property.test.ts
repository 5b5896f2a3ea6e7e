// Property test: thousands of generated runs (valid, invalid and unknown calls, prepareArguments, hook outcomes
// including throws, blocks, terminate and aborts, virtual-time and microtask delays, updates before and after a
// tool settles, both execution modes, steering and follow-up) go through pi's loop and ours; the records must be
// identical, nothing may hang, and our traced run must produce the same events and a well-formed trace.
import { runAgentLoop as piRunAgentLoop, runAgentLoopContinue as piRunAgentLoopContinue } from '@earendil-works/pi-agent-core';
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import fc from 'fast-check';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { runAgentLoop, runAgentLoopContinue, type TraceEvent } from '../../index.ts';
import { assistant, text, toolCall, user } from '../messages.ts';
import { checkTrace } from '../../../recording/index.ts';
import type { ToolCall } from '../../../ai/index.ts';
import type { AgentLoopConfig, AgentTool } from '../../types.ts';
import { describeDifference, runScenario, type FauxHost, type LoopModule, type Scenario, type ScenarioEnv } from './harness.ts';

const pi = { runAgentLoop: piRunAgentLoop, runAgentLoopContinue: piRunAgentLoopContinue } as unknown as LoopModule;
const ours: LoopModule = { runAgentLoop, runAgentLoopContinue };
const host: FauxHost = { register: (options) => registerFauxProvider(options) as never, streamSimple: streamSimple as never };

// ------------------------------------------------------------------ the generated world

interface Work { ms?: number; micro?: number; updates?: number; lateMicro?: number; fail?: 'error' | 'string'; terminate?: boolean; stubborn?: boolean }
type BeforePlan = 'none' | 'block' | 'blockTerminate' | 'throw' | 'abort' | 'abortBlock' | 'micro';
type AfterPlan = 'none' | 'override' | 'throw' | 'terminate' | 'unterminate' | 'abort' | 'nulls';
type CallKind = 'work' | 'work_seq' | 'work_prep' | 'unknown' | 'invalid' | 'prep_throw';
interface CallPlan { kind: CallKind; work: Work; before: BeforePlan; after: AfterPlan }
interface TurnPlan { calls: CallPlan[]; stopReason: 'toolUse' | 'stop' | 'length' | 'error'; text: boolean }
interface RunPlan {
  turns: TurnPlan[];
  toolExecution?: 'parallel' | 'sequential';
  hooks: boolean;
  abortAtMs?: number;
  abortAtEvent?: number;
  steering: number[];
  followUps: number;
}

const workArb: fc.Arbitrary<Work> = fc.record({
  ms: fc.constantFrom(0, 5, 10, 20, 40),
  micro: fc.nat(6),
  updates: fc.nat(3),
  lateMicro: fc.nat(12),
  fail: fc.constantFrom('error', 'string'),
  terminate: fc.boolean(),
  stubborn: fc.boolean(),
}, { requiredKeys: [] });

const callArb: fc.Arbitrary<CallPlan> = fc.record({
  kind: fc.constantFrom<CallKind>('work', 'work', 'work', 'work_seq', 'work_prep', 'unknown', 'invalid', 'prep_throw'),
  work: workArb,
  before: fc.constantFrom<BeforePlan>('none', 'none', 'none', 'block', 'blockTerminate', 'throw', 'abort', 'abortBlock', 'micro'),
  after: fc.constantFrom<AfterPlan>('none', 'none', 'none', 'override', 'throw', 'terminate', 'unterminate', 'abort', 'nulls'),
});

const turnArb: fc.Arbitrary<TurnPlan> = fc.record({
  calls: fc.array(callArb, { minLength: 1, maxLength: 4 }),
  stopReason: fc.constantFrom<TurnPlan['stopReason']>('toolUse', 'toolUse', 'toolUse', 'stop', 'length', 'error'),
  text: fc.boolean(),
});

const runArb: fc.Arbitrary<RunPlan> = fc.record({
  turns: fc.array(turnArb, { minLength: 1, maxLength: 3 }),
  toolExecution: fc.constantFrom(undefined, 'parallel', 'sequential'),
  hooks: fc.boolean(),
  abortAtMs: fc.option(fc.constantFrom(0, 3, 7, 15, 30), { nil: undefined }),
  abortAtEvent: fc.option(fc.nat(40), { nil: undefined }),
  steering: fc.array(fc.nat(2), { maxLength: 3 }),
  followUps: fc.nat(1),
}, { requiredKeys: ['turns', 'hooks', 'steering', 'followUps'] });

// ------------------------------------------------------------------ turning a plan into a scenario

const WorkParams = Type.Object({
  ms: Type.Optional(Type.Integer()), micro: Type.Optional(Type.Integer()), updates: Type.Optional(Type.Integer()),
  lateMicro: Type.Optional(Type.Integer()), fail: Type.Optional(Type.String()), terminate: Type.Optional(Type.Boolean()),
  stubborn: Type.Optional(Type.Boolean()),
});

const hop = async (n = 0) => { for (let i = 0; i < n; i++) await Promise.resolve(); };

function workTools(env: ScenarioEnv): AgentTool<any>[] {
  const execute: AgentTool<any>['execute'] = async (id, params: any, signal, onUpdate) => {
    const w = params as Work;
    env.log(`execute ${id} @${env.clock.now()}`);
    for (let i = 0; i < (w.updates ?? 0); i++) {
      onUpdate?.({ content: [{ type: 'text', text: `u${i}` }], details: { i } });
      await hop(1);
    }
    await hop(w.micro);
    env.log(`worked ${id}`);
    if (w.ms) await env.clock.sleep(w.ms, w.stubborn ? undefined : signal);
    if (!w.stubborn && signal?.aborted) throw new Error(`${id} aborted`);
    if (w.lateMicro !== undefined) {
      void hop(w.lateMicro).then(() => {
        env.log(`late update ${id}`);
        onUpdate?.({ content: [], details: { late: true } });
      });
    }
    if (w.fail === 'error') throw new Error(`${id} failed`);
    if (w.fail === 'string') throw `${id} failed as a string`;
    return { content: [{ type: 'text', text: `${id} ok` }], details: { id }, ...(w.terminate ? { terminate: true } : {}) };
  };
  const base = { label: 'work', description: 'Generated work.', parameters: WorkParams, execute };
  return [
    { ...base, name: 'work' },
    { ...base, name: 'work_seq', executionMode: 'sequential' },
    { ...base, name: 'work_prep', prepareArguments: (a: any) => (a && typeof a === 'object' ? { ...a, micro: (a.micro ?? 0) + 1 } : a) },
    { ...base, name: 'prep_throw', prepareArguments: () => { throw new Error('prepare refused'); } },
  ];
}

function hooks(env: ScenarioEnv, plans: Map<string, CallPlan>): Partial<AgentLoopConfig> {
  return {
    async beforeToolCall(ctx) {
      const plan = plans.get(ctx.toolCall.id)?.before ?? 'none';
      env.log(`before ${ctx.toolCall.id} ${plan}`);
      switch (plan) {
        case 'block': return { block: true, reason: `blocked ${ctx.toolCall.id}` };
        case 'blockTerminate': return { block: true, terminate: true };
        case 'throw': throw new Error('before failed');
        case 'abort': env.abort.abort(); return undefined;
        case 'abortBlock': env.abort.abort(); return { block: true };
        case 'micro': await hop(3); return undefined;
        default: return undefined;
      }
    },
    async afterToolCall(ctx) {
      const plan = plans.get(ctx.toolCall.id)?.after ?? 'none';
      env.log(`after ${ctx.toolCall.id} ${plan} ${ctx.isError}`);
      switch (plan) {
        case 'override': return { content: [{ type: 'text', text: 'overridden' }], details: { o: true }, isError: !ctx.isError };
        case 'throw': throw 'after failed';
        case 'terminate': return { terminate: true };
        case 'unterminate': return { terminate: false };
        case 'abort': env.abort.abort(); return undefined;
        case 'nulls': return { content: null, details: null, isError: null } as never;
        default: return undefined;
      }
    },
  };
}

function toScenario(plan: RunPlan, index: number): Scenario {
  return {
    name: `generated ${index}`,
    setup(env) {
      const plans = new Map<string, CallPlan>();
      const responses = plan.turns.map((turn, t) => {
        const blocks: (ToolCall | ReturnType<typeof text>)[] = turn.text ? [text(`turn ${t}`)] : [];
        turn.calls.forEach((call, c) => {
          const id = `t${t}c${c}`;
          plans.set(id, call);
          const name = call.kind === 'unknown' ? 'missing_tool' : call.kind === 'invalid' ? 'work' : call.kind;
          blocks.push(toolCall(name, call.kind === 'invalid' ? { ms: 'soon', micro: [1] } : { ...call.work }, id));
        });
        return assistant(blocks, { stopReason: turn.stopReason, ...(turn.stopReason === 'error' ? { errorMessage: 'generated error' } : {}) });
      });
      responses.push(assistant('the end'));
      if (plan.abortAtMs !== undefined) void env.clock.sleep(plan.abortAtMs).then(() => env.abort.abort());
      let polls = 0;
      let events = 0;
      let followUps = plan.followUps;
      return {
        tools: workTools(env),
        responses,
        config: {
          ...(plan.toolExecution ? { toolExecution: plan.toolExecution } : {}),
          ...(plan.hooks ? hooks(env, plans) : {}),
          getSteeringMessages: async () => {
            const n = plan.steering[polls++] ?? 0;
            return Array.from({ length: n }, (_, i) => user(`steer ${polls}.${i}`));
          },
          getFollowUpMessages: async () => (followUps-- > 0 ? [user('follow')] : []),
        },
        onEvent: () => { if (++events === plan.abortAtEvent) env.abort.abort(); },
      };
    },
  };
}

// ------------------------------------------------------------------ the property

const RUNS = 2000;

describe('generated runs', () => {
  it(`behave exactly as pi's loop in ${RUNS} generated scenarios`, async () => {
    let index = 0;
    await fc.assert(
      fc.asyncProperty(runArb, async (plan) => {
        const scenario = toScenario(plan, index++);
        const expected = await runScenario(pi, host, scenario);
        const actual = await runScenario(ours, host, scenario);
        expect(expected.settled).not.toBe('hung');
        const difference = describeDifference(expected, actual);
        if (difference) throw new Error(`${difference}\nplan: ${JSON.stringify(plan)}`);
        if (index % 4 === 0) {
          const trace: TraceEvent[] = [];
          const traced = await runScenario(ours, host, scenario, { trace });
          const tracedDifference = describeDifference(expected, traced);
          if (tracedDifference) throw new Error(`traced: ${tracedDifference}\nplan: ${JSON.stringify(plan)}`);
          expect(checkTrace(trace)).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.PROPERTY_SEED ?? 20261201) },
    );
  }, 120_000);
});
