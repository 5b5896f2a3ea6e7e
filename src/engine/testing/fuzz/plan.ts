// The differential fuzzer's world: a whole scenario as plain data (tools and schemas, a multi-turn script, what
// each call's prepareArguments, hooks and execute do, aborts, queues, failing emits, the entry point), generated
// from (seed, index) and printable as a short description.
import { ODD_RESULT_KINDS, type OddResultKind } from '../odd-results.ts';
import { Prng } from './prng.ts';

export type SchemaKind = 'text' | 'count' | 'nested' | 'choice' | 'empty' | 'optional';
export type PrepareKind = 'none' | 'identity' | 'coerce' | 'copy' | 'throw' | 'throwString' | 'mutate';
export type ArgsKind = 'valid' | 'invalid' | 'coercible' | 'missing' | 'extra';

export interface ToolPlan {
  name: string;
  schema: SchemaKind;
  mode?: 'sequential' | 'parallel';
  prepare: PrepareKind;
  /** A plain (non-async) execute: returns or throws synchronously, or returns a thenable/rejected promise. */
  sync: boolean;
}

export type Outcome =
  | { kind: 'plain'; terminate?: boolean; addedToolNames?: boolean; usage?: boolean; noDetails?: boolean }
  | { kind: 'odd'; odd: OddResultKind }
  | { kind: 'throw'; value: ThrownKind }
  | { kind: 'thenable' };
export type ThrownKind = 'error' | 'typeError' | 'emptyError' | 'string' | 'number' | 'undefined' | 'null' | 'object';

export interface ExecutePlan {
  micro: number;
  ms: number;
  updates: number;
  /** onUpdate calls after execute settled: microtask hops, or virtual ms when `lateMs`. */
  late?: { hops: number; ms?: number };
  honoursAbort: boolean;
  outcome: Outcome;
}

export type BeforePlan = 'none' | 'undefined' | 'pass' | 'block' | 'blockNoReason' | 'blockTerminate' | 'throw' | 'throwString'
  | 'abort' | 'abortBlock' | 'micro';
export type AfterPlan = 'none' | 'undefined' | 'content' | 'details' | 'isError' | 'terminate' | 'unterminate' | 'usage'
  | 'nulls' | 'all' | 'throw' | 'throwString' | 'abort' | 'micro';

export interface CallPlan {
  id: string;
  /** A tool name of the plan, or an unknown one. */
  name: string;
  args: ArgsKind;
  execute: ExecutePlan;
  before: BeforePlan;
  after: AfterPlan;
}

export type StopReason = 'stop' | 'toolUse' | 'length' | 'error' | 'aborted';
export type Block = { kind: 'text' | 'thinking'; words: number } | { kind: 'call'; call: CallPlan };

export interface TurnPlan {
  blocks: Block[];
  stopReason: StopReason;
}

/** Where the emit callback fails: the nth event of a kind (toolResult = its message_start/end), or the event at `at`. */
export type EmitTarget = 'tool_execution_end' | 'tool_execution_update' | 'tool_execution_start' | 'toolResult message_start'
  | 'toolResult message_end' | 'message_update' | 'message_start' | 'message_end' | 'turn_start' | 'turn_end' | 'agent_start'
  | 'agent_end' | 'index';
export interface EmitFailurePlan { target: EmitTarget; nth: number; at: number; how: 'throw' | 'reject' }

export type Entry = 'run' | 'continue' | 'stream' | 'streamContinue';
export type History = 'user' | 'toolResult' | 'assistant' | 'empty';

export interface FuzzPlan {
  seed: number;
  index: number;
  entry: Entry;
  /** The context's messages for the continue entry points. */
  history: History;
  toolExecution?: 'parallel' | 'sequential';
  tools: ToolPlan[];
  noTools: boolean;
  turns: TurnPlan[];
  /** Faux chunk size: 1000 = one delta per block, small = many message_update events. */
  tokenSize: number;
  beforeHook: boolean;
  afterHook: boolean;
  abortAtEvent?: number;
  abortAtMs?: number;
  failEmit?: EmitFailurePlan;
  steering: number[];
  followUps: number[];
  stopAfterTurn?: number;
  prepareNextTurn?: 'undefined' | 'off' | 'high' | 'model';
}

const TOOL_NAMES = ['alpha', 'beta', 'gamma', 'delta'];
const SCHEMAS: SchemaKind[] = ['text', 'count', 'nested', 'choice', 'empty', 'optional'];

function toolPlan(rng: Prng, name: string): ToolPlan {
  return {
    name,
    schema: rng.pick(SCHEMAS),
    ...(rng.chance(0.25) ? { mode: rng.chance(0.6) ? 'sequential' as const : 'parallel' as const } : {}),
    prepare: rng.weighted<PrepareKind>([['none', 6], ['identity', 1], ['coerce', 2], ['copy', 1], ['throw', 1], ['throwString', 0.5], ['mutate', 1]]),
    sync: rng.chance(0.15),
  };
}

function outcome(rng: Prng): Outcome {
  return rng.weighted<() => Outcome>([
    [() => ({
      kind: 'plain',
      ...(rng.chance(0.15) ? { terminate: true } : {}),
      ...(rng.chance(0.1) ? { addedToolNames: true } : {}),
      ...(rng.chance(0.1) ? { usage: true } : {}),
      ...(rng.chance(0.1) ? { noDetails: true } : {}),
    }), 10],
    [() => ({ kind: 'odd', odd: rng.pick(ODD_RESULT_KINDS) }), 3],
    [() => ({ kind: 'throw', value: rng.pick<ThrownKind>(['error', 'typeError', 'emptyError', 'string', 'number', 'undefined', 'null', 'object']) }), 3],
    [() => ({ kind: 'thenable' }), 1],
  ])();
}

function executePlan(rng: Prng): ExecutePlan {
  return {
    micro: rng.chance(0.6) ? rng.int(0, 10) : 0,
    ms: rng.chance(0.35) ? rng.pick([1, 5, 10, 20, 40]) : 0,
    updates: rng.chance(0.3) ? rng.int(1, 3) : 0,
    ...(rng.chance(0.2) ? { late: rng.chance(0.7) ? { hops: rng.int(0, 12) } : { hops: 0, ms: rng.pick([1, 15, 50]) } } : {}),
    honoursAbort: rng.chance(0.7),
    outcome: outcome(rng),
  };
}

function callPlan(rng: Prng, id: string, tools: ToolPlan[], hooks: { before: boolean; after: boolean }): CallPlan {
  const unknown = tools.length === 0 || rng.chance(0.08);
  return {
    id,
    name: unknown ? rng.pick(['missing', 'Alpha', '']) : rng.pick(tools).name,
    args: rng.weighted<ArgsKind>([['valid', 8], ['invalid', 2], ['coercible', 2], ['missing', 1], ['extra', 1]]),
    execute: executePlan(rng),
    before: hooks.before
      ? rng.weighted<BeforePlan>([['none', 5], ['undefined', 1], ['pass', 1], ['block', 1], ['blockNoReason', 0.5], ['blockTerminate', 0.5],
        ['throw', 0.5], ['throwString', 0.5], ['abort', 0.4], ['abortBlock', 0.3], ['micro', 1]])
      : 'none',
    after: hooks.after
      ? rng.weighted<AfterPlan>([['none', 5], ['undefined', 1], ['content', 1], ['details', 1], ['isError', 1], ['terminate', 0.7],
        ['unterminate', 0.5], ['usage', 0.5], ['nulls', 0.5], ['all', 0.5], ['throw', 0.5], ['throwString', 0.3], ['abort', 0.3], ['micro', 1]])
      : 'none',
  };
}

function turnPlan(rng: Prng, turn: number, tools: ToolPlan[], hooks: { before: boolean; after: boolean }): TurnPlan {
  const blocks: Block[] = [];
  if (rng.chance(0.25)) blocks.push({ kind: 'thinking', words: rng.int(1, 6) });
  if (rng.chance(0.5)) blocks.push({ kind: 'text', words: rng.int(1, 8) });
  // Now and then a wide batch whose calls finish one microtask apart: whatever tick a broken run ends on, some
  // call emits right beside it, so a run that ends a tick early or late shows.
  const staggered = tools.length > 0 && rng.chance(0.08);
  const calls = staggered ? rng.int(8, 20) : rng.weighted([[0, 2], [1, 4], [2, 3], [3, 2], [4, 1], [6, 0.5], [9, 0.3]]);
  const offset = rng.int(0, 3);
  for (let c = 0; c < calls; c++) {
    const call = callPlan(rng, `t${turn}c${c}`, tools, hooks);
    if (staggered) call.execute = { ...call.execute, micro: offset + c, ms: 0 };
    blocks.push({ kind: 'call', call });
  }
  if (rng.chance(0.1)) blocks.push({ kind: 'text', words: rng.int(1, 3) });
  const stopReason = rng.weighted<StopReason>([['toolUse', 10], ['stop', 3], ['length', 1], ['error', 1], ['aborted', 0.5]]);
  return { blocks, stopReason };
}

function emitFailure(rng: Prng): EmitFailurePlan {
  const target = rng.weighted<EmitTarget>([
    ['tool_execution_end', 5], ['tool_execution_update', 2], ['tool_execution_start', 1], ['toolResult message_start', 1],
    ['toolResult message_end', 1], ['message_update', 1], ['message_start', 1], ['message_end', 1], ['turn_start', 0.5],
    ['turn_end', 1], ['agent_start', 0.3], ['agent_end', 0.5], ['index', 1],
  ]);
  return { target, nth: rng.int(1, 3), at: rng.int(0, 70), how: rng.chance(0.5) ? 'throw' : 'reject' };
}

/** Scenario `index` of the run seeded `seed`; the same pair always gives the same plan. */
export function generatePlan(seed: number, index: number): FuzzPlan {
  const rng = Prng.forScenario(seed, index);
  const toolCount = rng.weighted([[0, 0.5], [1, 3], [2, 4], [3, 3], [4, 1]]);
  const tools: ToolPlan[] = [];
  for (let i = 0; i < toolCount; i++) {
    // Now and then two tools share a name: the first one wins, as in pi.
    const name = i > 0 && rng.chance(0.08) ? tools[0].name : TOOL_NAMES[i];
    tools.push(toolPlan(rng, name));
  }
  const hooks = { before: rng.chance(0.4), after: rng.chance(0.4) };
  const turns = Array.from({ length: rng.weighted([[1, 4], [2, 4], [3, 2], [4, 1]]) }, (_, t) => turnPlan(rng, t, tools, hooks));
  const entry = rng.weighted<Entry>([['run', 14], ['continue', 3], ['stream', 3], ['streamContinue', 1]]);
  const streamed = entry === 'stream' || entry === 'streamContinue';
  return {
    seed,
    index,
    entry,
    history: rng.weighted<History>([['user', 6], ['toolResult', 3], ['assistant', 1], ['empty', 1]]),
    ...(rng.chance(0.4) ? { toolExecution: rng.chance(0.5) ? 'sequential' as const : 'parallel' as const } : {}),
    tools,
    noTools: tools.length === 0 && rng.chance(0.5),
    turns,
    tokenSize: rng.chance(0.3) ? rng.int(1, 3) : 1000,
    beforeHook: hooks.before,
    afterHook: hooks.after,
    ...(rng.chance(0.15) ? { abortAtEvent: rng.int(1, 60) } : {}),
    ...(rng.chance(0.1) ? { abortAtMs: rng.pick([0, 1, 3, 7, 15, 30]) } : {}),
    ...(!streamed && rng.chance(0.2) ? { failEmit: emitFailure(rng) } : {}),
    steering: rng.chance(0.3) ? Array.from({ length: rng.int(1, 4) }, () => rng.weighted([[0, 3], [1, 2], [2, 1]])) : [],
    followUps: rng.chance(0.25) ? Array.from({ length: rng.int(1, 2) }, () => rng.int(0, 2)) : [],
    ...(rng.chance(0.1) ? { stopAfterTurn: rng.int(1, 3) } : {}),
    ...(rng.chance(0.1) ? { prepareNextTurn: rng.pick(['undefined', 'off', 'high', 'model'] as const) } : {}),
  };
}

/** A short, readable description of a plan: what to look at when a scenario diverges. */
export function describePlan(plan: FuzzPlan): string {
  const tools = plan.noTools ? 'none (undefined)' : plan.tools.map((t) =>
    `${t.name}(${t.schema}${t.mode ? `,${t.mode}` : ''}${t.prepare !== 'none' ? `,prepare=${t.prepare}` : ''}${t.sync ? ',sync' : ''})`).join(' ') || '[]';
  const turns = plan.turns.map((turn, t) => {
    const blocks = turn.blocks.map((b) => (b.kind === 'call' ? describeCall(b.call) : `${b.kind}(${b.words})`)).join(', ');
    return `  turn ${t} [${turn.stopReason}]: ${blocks || '(empty)'}`;
  });
  const extras = [
    `entry=${plan.entry}${plan.entry.toLowerCase().includes('continue') ? ` history=${plan.history}` : ''}`,
    plan.toolExecution ? `toolExecution=${plan.toolExecution}` : '',
    plan.tokenSize !== 1000 ? `tokenSize=${plan.tokenSize}` : '',
    plan.beforeHook ? 'beforeToolCall' : '', plan.afterHook ? 'afterToolCall' : '',
    plan.abortAtEvent !== undefined ? `abort at event ${plan.abortAtEvent}` : '',
    plan.abortAtMs !== undefined ? `abort at ${plan.abortAtMs} ms` : '',
    plan.failEmit ? `emit ${plan.failEmit.how}s at ${plan.failEmit.target === 'index' ? `event ${plan.failEmit.at}` : `${plan.failEmit.target} #${plan.failEmit.nth}`}` : '',
    plan.steering.length ? `steering ${plan.steering.join('/')}` : '', plan.followUps.length ? `follow-ups ${plan.followUps.join('/')}` : '',
    plan.stopAfterTurn ? `stop after turn ${plan.stopAfterTurn}` : '', plan.prepareNextTurn ? `prepareNextTurn=${plan.prepareNextTurn}` : '',
  ].filter(Boolean).join('; ');
  return [`scenario ${plan.index} (seed ${plan.seed}): ${extras}`, `  tools: ${tools}`, ...turns].join('\n');
}

function describeCall(call: CallPlan): string {
  const e = call.execute;
  const o = e.outcome;
  const result = o.kind === 'plain'
    ? `ok${o.terminate ? '+terminate' : ''}${o.addedToolNames ? '+addedToolNames' : ''}${o.usage ? '+usage' : ''}${o.noDetails ? '-details' : ''}`
    : o.kind === 'odd' ? `odd:${o.odd}` : o.kind === 'throw' ? `throws:${o.value}` : 'thenable';
  const timing = [e.micro ? `${e.micro}µ` : '', e.ms ? `${e.ms}ms` : '', e.updates ? `${e.updates}upd` : '',
    e.late ? `late@${e.late.ms !== undefined ? `${e.late.ms}ms` : `${e.late.hops}µ`}` : '', e.honoursAbort ? '' : 'stubborn'].filter(Boolean).join(' ');
  const hooks = [call.before !== 'none' ? `before=${call.before}` : '', call.after !== 'none' ? `after=${call.after}` : ''].filter(Boolean).join(' ');
  return `${call.id}:${call.name || '""'}(${call.args}) -> ${result}${timing ? ` [${timing}]` : ''}${hooks ? ` {${hooks}}` : ''}`;
}
