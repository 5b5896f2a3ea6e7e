// Turns a fuzz plan into a harness scenario: TypeBox tools with the planned prepareArguments and execute
// behaviour (looked up by tool call id), hooks, queues, aborts, a failing emit and the scripted faux responses.
// Everything a tool or hook does is logged, so pi's loop and ours are compared on it too.
import type { FauxStep, Scenario, ScenarioEnv, ScenarioSetup } from '../parity/harness.ts';
import type { AssistantMessage, ToolResultMessage } from '../../../ai/index.ts';
import type { AgentLoopConfig, AgentMessage, AgentTool, AgentToolResult } from '../../types.ts';
import { assistant, text, thinking, toolCall, TEST_TIMESTAMP, user } from '../messages.ts';
import { oddResult } from '../odd-results.ts';
import { logJson } from '../tool-kit.ts';
import type { AfterPlan, BeforePlan, CallPlan, EmitFailurePlan, ExecutePlan, FuzzPlan, Outcome, ToolPlan } from './plan.ts';
import { argsFor, hop, prepareOf, SCHEMAS, thrown, USAGE } from './tools.ts';

class FuzzWorld {
  readonly calls = new Map<string, CallPlan>();

  constructor(private readonly env: ScenarioEnv, private readonly plan: FuzzPlan) {
    for (const turn of plan.turns) for (const block of turn.blocks) if (block.kind === 'call') this.calls.set(block.call.id, block.call);
  }

  private get log() { return this.env.log; }

  tool(tool: ToolPlan): AgentTool<any> {
    const world = this;
    const prepareArguments = prepareOf(tool, this.log);
    return {
      name: tool.name, label: tool.name, description: `Fuzz tool ${tool.name}.`, parameters: SCHEMAS[tool.schema],
      ...(tool.mode ? { executionMode: tool.mode } : {}),
      ...(prepareArguments ? { prepareArguments } : {}),
      execute: tool.sync
        ? (id, params, signal, onUpdate) => world.executeNow(tool, id, params, signal, onUpdate)
        : (id, params, signal, onUpdate) => world.executeLater(tool, id, params, signal, onUpdate),
    };
  }

  private planOf(id: string): ExecutePlan {
    return this.calls.get(id)?.execute ?? { micro: 0, ms: 0, updates: 0, honoursAbort: true, outcome: { kind: 'plain' } };
  }

  private update(id: string, onUpdate: ((partial: AgentToolResult<any>) => void) | undefined, i: number): void {
    onUpdate?.({ content: [text(`${id} update ${i}`)], details: { i } });
  }

  private scheduleLate(id: string, plan: ExecutePlan, onUpdate: ((partial: AgentToolResult<any>) => void) | undefined): void {
    const late = plan.late;
    if (!late) return;
    const fire = () => {
      this.log(`late update ${id} @${this.env.clock.now()}`);
      onUpdate?.({ content: [], details: { late: true } });
    };
    void (late.ms !== undefined ? this.env.clock.sleep(late.ms) : hop(late.hops)).then(fire);
  }

  private result(id: string, outcome: Outcome): unknown {
    switch (outcome.kind) {
      case 'plain': return {
        content: [text(`${id} ok`)],
        ...(outcome.noDetails ? {} : { details: { id } }),
        ...(outcome.terminate ? { terminate: true } : {}),
        ...(outcome.addedToolNames ? { addedToolNames: ['alpha', 'beta'] } : {}),
        ...(outcome.usage ? { usage: USAGE } : {}),
      };
      case 'odd': return oddResult(outcome.odd, id, this.log);
      case 'thenable': return {
        then: (resolve: (value: unknown) => void) => {
          this.log(`then ${id}`);
          resolve({ content: [text(`${id} via a thenable`)], details: {} });
        },
      };
      case 'throw': throw thrown(outcome.value, id);
    }
  }

  private async executeLater(tool: ToolPlan, id: string, params: unknown, signal: AbortSignal | undefined, onUpdate?: (p: AgentToolResult<any>) => void) {
    const plan = this.planOf(id);
    const clock = this.env.clock;
    this.log(`execute ${tool.name} ${id} ${logJson(params)} @${clock.now()}`);
    for (let i = 0; i < plan.updates; i++) {
      this.update(id, onUpdate, i);
      await hop(1);
    }
    await hop(plan.micro);
    if (plan.ms) await clock.sleep(plan.ms, plan.honoursAbort ? signal : undefined);
    this.log(`worked ${id} @${clock.now()}`);
    if (plan.honoursAbort && signal?.aborted) throw new Error(`${id} aborted`);
    this.scheduleLate(id, plan, onUpdate);
    return this.result(id, plan.outcome) as AgentToolResult<any>;
  }

  /** A synchronous execute: Errors are thrown at once, other failures come back as a rejected promise. */
  private executeNow(tool: ToolPlan, id: string, params: unknown, _signal: AbortSignal | undefined, onUpdate?: (p: AgentToolResult<any>) => void) {
    const plan = this.planOf(id);
    this.log(`execute now ${tool.name} ${id} ${logJson(params)} @${this.env.clock.now()}`);
    for (let i = 0; i < plan.updates; i++) this.update(id, onUpdate, i);
    this.scheduleLate(id, plan, onUpdate);
    const outcome = plan.outcome;
    if (outcome.kind === 'throw' && !['error', 'typeError', 'emptyError'].includes(outcome.value)) {
      return Promise.reject(thrown(outcome.value, id));
    }
    return this.result(id, outcome) as never;
  }

  before(): AgentLoopConfig['beforeToolCall'] {
    return async (ctx) => {
      const plan: BeforePlan = this.calls.get(ctx.toolCall.id)?.before ?? 'none';
      this.log(`before ${ctx.toolCall.id} ${plan} ${logJson(ctx.args)}`);
      switch (plan) {
        case 'none': return undefined;
        case 'undefined': return undefined;
        case 'pass': return { block: false };
        case 'block': return { block: true, reason: `blocked ${ctx.toolCall.id}` };
        case 'blockNoReason': return { block: true };
        case 'blockTerminate': return { block: true, reason: 'blocked for good', terminate: true };
        case 'throw': throw new Error(`before ${ctx.toolCall.id} failed`);
        case 'throwString': throw `before ${ctx.toolCall.id} failed as a string`;
        case 'abort': this.env.abort.abort(); return undefined;
        case 'abortBlock': this.env.abort.abort(); return { block: true, reason: 'aborted and blocked' };
        case 'micro': await hop(3); return undefined;
      }
    };
  }

  after(): AgentLoopConfig['afterToolCall'] {
    return async (ctx) => {
      const plan: AfterPlan = this.calls.get(ctx.toolCall.id)?.after ?? 'none';
      this.log(`after ${ctx.toolCall.id} ${plan} isError=${ctx.isError}`);
      switch (plan) {
        case 'none': return undefined;
        case 'undefined': return undefined;
        case 'content': return { content: [text(`after ${ctx.toolCall.id}`)] };
        case 'details': return { details: { after: ctx.toolCall.id } };
        case 'isError': return { isError: !ctx.isError };
        case 'terminate': return { terminate: true };
        case 'unterminate': return { terminate: false };
        case 'usage': return { usage: USAGE };
        case 'nulls': return { content: null, details: null, isError: null, terminate: null, usage: null } as never;
        case 'all': return { content: [text('all replaced')], details: { all: true }, isError: false, terminate: false };
        case 'throw': throw new Error(`after ${ctx.toolCall.id} failed`);
        case 'throwString': throw `after ${ctx.toolCall.id} failed as a string`;
        case 'abort': this.env.abort.abort(); return undefined;
        case 'micro': await hop(2); return { details: { slow: true } };
      }
    };
  }

  responses(): FauxStep[] {
    const firstTool = (name: string) => this.plan.tools.find((tool) => tool.name === name);
    const steps: FauxStep[] = this.plan.turns.map((turn, t) => {
      const content: AssistantMessage['content'] = turn.blocks.map((block, b) => {
        if (block.kind !== 'call') {
          return block.kind === 'text'
            ? text(Array.from({ length: block.words }, (_, w) => `t${t}b${b}w${w}`).join(' '))
            : thinking(Array.from({ length: block.words }, (_, w) => `ponder${w}`).join(' '));
        }
        const call = block.call;
        return toolCall(call.name, argsFor(firstTool(call.name)?.schema ?? 'text', call.args), call.id);
      });
      const failed = turn.stopReason === 'error' || turn.stopReason === 'aborted';
      return assistant(content, { stopReason: turn.stopReason, ...(failed ? { errorMessage: `scripted ${turn.stopReason}` } : {}) });
    });
    steps.push(assistant('the end'));
    return steps;
  }

  history(): AgentMessage[] {
    const earlier = user('earlier');
    switch (this.plan.history) {
      case 'user': return [earlier];
      case 'assistant': return [earlier, assistant('answered before')];
      case 'empty': return [];
      case 'toolResult': {
        const result: ToolResultMessage = {
          role: 'toolResult', toolCallId: 'h0', toolName: 'alpha', content: [text('old result')], details: {}, isError: false, timestamp: TEST_TIMESTAMP,
        };
        return [earlier, assistant([toolCall('alpha', { text: 'old' }, 'h0')], { stopReason: 'toolUse' }), result];
      }
    }
  }

  config(): Partial<AgentLoopConfig> {
    const plan = this.plan;
    let steeringPolls = 0;
    let followUpPolls = 0;
    let turnsDone = 0;
    const config: Partial<AgentLoopConfig> = {
      ...(plan.toolExecution ? { toolExecution: plan.toolExecution } : {}),
      ...(plan.beforeHook ? { beforeToolCall: this.before() } : {}),
      ...(plan.afterHook ? { afterToolCall: this.after() } : {}),
    };
    if (plan.steering.length) {
      config.getSteeringMessages = async () => {
        const n = plan.steering[steeringPolls++] ?? 0;
        this.log(`steering poll ${steeringPolls} -> ${n}`);
        return Array.from({ length: n }, (_, i) => user(`steer ${steeringPolls}.${i}`));
      };
    }
    if (plan.followUps.length) {
      config.getFollowUpMessages = async () => {
        const n = plan.followUps[followUpPolls++] ?? 0;
        this.log(`follow-up poll ${followUpPolls} -> ${n}`);
        return Array.from({ length: n }, (_, i) => user(`follow ${followUpPolls}.${i}`));
      };
    }
    if (plan.stopAfterTurn !== undefined) {
      const limit = plan.stopAfterTurn;
      config.shouldStopAfterTurn = async (ctx) => {
        turnsDone++;
        this.log(`shouldStopAfterTurn ${turnsDone} results=${ctx.toolResults.length}`);
        return turnsDone >= limit;
      };
    }
    if (plan.prepareNextTurn) {
      const kind = plan.prepareNextTurn;
      config.prepareNextTurn = async () => {
        this.log(`prepareNextTurn ${kind}`);
        if (kind === 'undefined') return undefined;
        if (kind === 'model') return { model: this.env.faux.getModel()! };
        return { thinkingLevel: kind };
      };
    }
    return config;
  }
}

function emitFailure(plan: EmitFailurePlan): NonNullable<ScenarioSetup['failEmit']> {
  if (plan.target === 'index') return (_event, index) => (index === plan.at ? plan.how : undefined);
  const [role, type] = plan.target.startsWith('toolResult ') ? ['toolResult', plan.target.slice(11)] : [undefined, plan.target];
  let seen = 0;
  return (event) => {
    if (event.type !== type) return undefined;
    if (role && (event as { message?: { role?: string } }).message?.role !== role) return undefined;
    return ++seen === plan.nth ? plan.how : undefined;
  };
}

/** The harness scenario of a plan. */
export function toScenario(plan: FuzzPlan): Scenario {
  return {
    name: `fuzz ${plan.seed}#${plan.index}`,
    tokenSize: plan.tokenSize,
    setup(env): ScenarioSetup {
      const world = new FuzzWorld(env, plan);
      if (plan.abortAtMs !== undefined) void env.clock.sleep(plan.abortAtMs).then(() => { env.log(`abort @${env.clock.now()}`); env.abort.abort(); });
      let events = 0;
      const continued = plan.entry === 'continue' || plan.entry === 'streamContinue';
      const failEmit = plan.failEmit;
      return {
        tools: plan.noTools ? null : plan.tools.map((tool) => world.tool(tool)),
        responses: world.responses(),
        config: world.config(),
        ...(continued ? { continue: true, messages: world.history() } : {}),
        ...(plan.entry === 'stream' || plan.entry === 'streamContinue' ? { entry: 'stream' as const } : {}),
        onEvent: () => {
          if (++events === plan.abortAtEvent) {
            env.log(`abort at event ${events}`);
            env.abort.abort();
          }
        },
        ...(failEmit ? { failEmit: emitFailure(failEmit) } : {}),
      };
    },
  };
}
