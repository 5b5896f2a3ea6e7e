// Runs one scenario through a loop implementation (pi's or ours) and records everything a user could notice: each
// event at emission time (with object identities), the tools' and hooks' side log with virtual times, every
// request the stream function received, how the run settled (returned messages with identities, or the thrown
// error) and the unhandled rejections it left. The pi side is handed in by the test files, so this module never
// imports pi.
import { VirtualClock } from '../../clock.ts';
import type { LoopInstrumentation } from '../../loop-run.ts';
import type { CompactTrace } from '../../trace/compact-trace.ts';
import type { TraceEvent } from '../../trace/types.ts';
import { IdentityRecorder } from '../event-record.ts';
import { errorDescription, watchUnhandledRejections } from '../unhandled-rejections.ts';
import { keepLlmMessages, user } from '../messages.ts';
import { createToolKit, logJson, type ToolKit } from '../tool-kit.ts';
import type { AssistantMessage, Context, Model, SimpleStreamOptions } from '../../../ai/index.ts';
import type { AgentContext, AgentEvent, AgentLoopConfig, AgentMessage, AgentTool, StreamFn } from '../../types.ts';

type Emit = (event: AgentEvent) => Promise<void> | void;

/** The loop entry points a scenario needs; both pi's module and ours satisfy it. */
export interface LoopModule {
  /** The stream entry points, for scenarios with `entry: 'stream'`. */
  agentLoop?(prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined, streamFn?: StreamFn, instrumentation?: LoopInstrumentation): AgentStream;
  agentLoopContinue?(context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined, streamFn?: StreamFn, instrumentation?: LoopInstrumentation): AgentStream;
  runAgentLoop(prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, emit: Emit, signal: AbortSignal | undefined, streamFn: StreamFn, instrumentation?: LoopInstrumentation): Promise<AgentMessage[]>;
  runAgentLoopContinue(context: AgentContext, config: AgentLoopConfig, emit: Emit, signal: AbortSignal | undefined, streamFn: StreamFn, instrumentation?: LoopInstrumentation): Promise<AgentMessage[]>;
}

/** What agentLoop returns, as far as a scenario uses it. */
export interface AgentStream extends AsyncIterable<AgentEvent> {
  result(): Promise<AgentMessage[]>;
}

/** How the harness's emit callback fails for one event: a synchronous throw, or a rejected promise. */
export type EmitFailure = 'throw' | 'reject';

export interface RunOptions {
  /** Trace the run (ours only): instrumentation on the scenario's virtual clock, events collected here. */
  trace?: TraceEvent[];
  /** Trace the run (ours only) into this CompactTrace instead. */
  compactTrace?: CompactTrace;
}

export interface FauxRegistration {
  models: Model[];
  getModel(id?: string): Model | undefined;
  setResponses(responses: unknown[]): void;
  unregister(): void;
}

/** pi's faux provider as the tests pass it in (registerFauxProvider + compat streamSimple). */
export interface FauxHost {
  register(options: { api: string; tokenSize: { min: number; max: number }; models?: { id: string; reasoning?: boolean }[] }): FauxRegistration;
  streamSimple: StreamFn;
}

export type FauxStep = AssistantMessage | ((context: Context, options: SimpleStreamOptions | undefined) => AssistantMessage | Promise<AssistantMessage>);

export interface ScenarioEnv {
  clock: VirtualClock;
  log: (line: string) => void;
  kit: ToolKit;
  abort: AbortController;
  faux: FauxRegistration;
  /** Stream function used when the setup gives none: the faux provider, with each request logged. */
  fauxStream: StreamFn;
}

export interface ScenarioSetup {
  /** Tools for the context; default: the whole kit. `null` = no tools (context.tools undefined). */
  tools?: AgentTool<any>[] | null;
  systemPrompt?: string;
  /** Messages already in the context. */
  messages?: AgentMessage[];
  /** Prompts; default one user message "go". Ignored with `continue`. */
  prompts?: AgentMessage[];
  continue?: boolean;
  responses?: FauxStep[];
  streamFn?: StreamFn;
  config?: Partial<AgentLoopConfig>;
  /** Default: the env's abort signal. */
  signal?: AbortSignal | null;
  onEvent?: (event: AgentEvent) => void;
  /**
   * Makes the emit callback fail for the event it returns a failure for (index = events recorded before it; the
   * failing event itself is recorded). Without it emit is an async function that resolves, as before.
   */
  failEmit?: (event: AgentEvent, index: number) => EmitFailure | undefined;
  /** `stream`: run through agentLoop / agentLoopContinue and record events as the consumer receives them. */
  entry?: 'run' | 'stream';
  /** Extra text appended to the record after the run (e.g. the caller's context afterwards). */
  inspect?: () => string;
}

export interface Scenario {
  name: string;
  /** Faux chunk size in tokens (4 chars each); default 1000 (one delta per block). */
  tokenSize?: number;
  models?: { id: string; reasoning?: boolean }[];
  setup(env: ScenarioEnv): ScenarioSetup;
}

export interface RunRecord {
  events: string[];
  log: string[];
  settled: string;
  /** Unhandled rejections reported while the run was going on or finishing (Node only). */
  unhandled: string[];
}

const HANG_MS = 5_000;
const MAX_EVENTS = 2_000;

export async function runScenario(loop: LoopModule, host: FauxHost, scenario: Scenario, options: RunOptions = {}): Promise<RunRecord> {
  const clock = new VirtualClock();
  const lines: string[] = [];
  const events: string[] = [];
  // Each side-log line notes how many events were out by then, so tool and hook timing is compared too.
  const log = (line: string) => lines.push(`${line} [after ${events.length} events]`);
  const faux = host.register({
    api: 'faux-parity',
    tokenSize: { min: scenario.tokenSize ?? 1000, max: scenario.tokenSize ?? 1000 },
    ...(scenario.models ? { models: scenario.models } : {}),
  });
  let requestCount = 0;
  const fauxStream: StreamFn = (model, context, options) => {
    requestCount++;
    log(`request ${requestCount} ${describeRequest(model, context, options)} @${clock.now()}`);
    return host.streamSimple(model, context, options);
  };
  const env: ScenarioEnv = { clock, log, kit: createToolKit({ clock, log }), abort: new AbortController(), faux, fauxStream };
  const recorder = new IdentityRecorder();
  const unhandled = watchUnhandledRejections();
  try {
    const setup = scenario.setup(env);
    faux.setResponses(setup.responses ?? []);
    const record = (event: AgentEvent) => {
      // A scenario that loops forever on microtasks would starve every timer, the hang guard included.
      if (events.length >= MAX_EVENTS) throw new Error(`more than ${MAX_EVENTS} events`);
      events.push(`${recorder.text(event)} @${clock.now()}`);
      setup.onEvent?.(event);
    };
    const emit = makeEmit(record, setup.failEmit, events);
    const context: AgentContext = {
      systemPrompt: setup.systemPrompt ?? 'sys',
      messages: setup.messages ?? [],
      tools: setup.tools === null ? undefined : setup.tools ?? Object.values(env.kit),
    };
    const config: AgentLoopConfig = { model: faux.getModel()!, convertToLlm: keepLlmMessages, ...setup.config };
    const signal = setup.signal === null ? undefined : setup.signal ?? env.abort.signal;
    const streamFn = setup.streamFn ?? fauxStream;
    const trace = options.trace;
    const instrumentation: LoopInstrumentation | undefined = trace ? { trace: (event) => trace.push(event), clock }
      : options.compactTrace ? { compactTrace: options.compactTrace, clock } : undefined;
    let settled: string;
    if (setup.entry === 'stream') {
      settled = await runStream(loop, setup, context, config, signal, streamFn, instrumentation, record, recorder, clock, log);
    } else {
      const running = setup.continue
        ? loop.runAgentLoopContinue(context, config, emit, signal, streamFn, instrumentation)
        : loop.runAgentLoop(setup.prompts ?? [user('go')], context, config, emit, signal, streamFn, instrumentation);
      settled = await settle(running, recorder, log);
    }
    // Let work the run left behind (late onUpdate calls, timers) finish, so both sides record it.
    for (let spins = 0; clock.pendingTimers > 0 && spins < 10_000; spins++) await macrotask();
    // Node reports an unhandled rejection after the macrotask that left it: one more turn lets it arrive.
    await turn();
    if (setup.inspect) log(`inspect ${setup.inspect()}`);
    return { events: [...events], log: [...lines], settled, unhandled: [...unhandled.caught] };
  } finally {
    unhandled.stop();
    faux.unregister();
  }
}

/**
 * The emit callback: an async function that records the event (the shape every earlier scenario used), or, for
 * an event `failEmit` picks, one that throws synchronously or returns a rejected promise after recording it.
 */
function makeEmit(record: (event: AgentEvent) => void, failEmit: ScenarioSetup['failEmit'], events: string[]): Emit {
  const resolving = async (event: AgentEvent) => { record(event); };
  if (!failEmit) return resolving;
  const rejecting = async (event: AgentEvent) => { record(event); throw new Error(`emit rejected ${event.type}`); };
  return (event) => {
    const failure = failEmit(event, events.length);
    if (failure === 'throw') {
      record(event);
      throw new Error(`emit threw ${event.type}`);
    }
    return failure === 'reject' ? rejecting(event) : resolving(event);
  };
}

/** agentLoop / agentLoopContinue: events as the consumer takes them; the stream may stay open (pi on a failure). */
async function runStream(
  loop: LoopModule, setup: ScenarioSetup, context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined,
  streamFn: StreamFn, instrumentation: LoopInstrumentation | undefined, record: (event: AgentEvent) => void,
  recorder: IdentityRecorder, clock: VirtualClock, log: (line: string) => void,
): Promise<string> {
  let stream: AgentStream;
  try {
    stream = setup.continue
      ? loop.agentLoopContinue!(context, config, signal, streamFn, instrumentation)
      : loop.agentLoop!(setup.prompts ?? [user('go')], context, config, signal, streamFn, instrumentation);
  } catch (error) {
    return `threw ${errorDescription(error)}`;
  }
  let drained = false;
  let failure: string | undefined;
  void (async () => {
    try {
      for await (const event of stream) record(event);
      log('stream ended');
    } catch (error) {
      failure = errorDescription(error);
    }
    drained = true;
  })();
  // Everything the loop does runs on microtasks and virtual-clock timers: once no timer is left and a few
  // macrotasks went by without the stream ending, it stays open.
  let idle = 0;
  for (let spins = 0; !drained && idle < 3 && spins < 100_000; spins++) {
    await turn();
    idle = clock.pendingTimers > 0 ? 0 : idle + 1;
  }
  if (failure !== undefined) return `consumer failed ${failure}`;
  if (!drained) return 'stream left open';
  return `stream ended, result ${recorder.text(await stream.result())}`;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** One turn of the event loop, without setTimeout's 1 ms floor where setImmediate exists (Node). */
const turn = typeof setImmediate === 'function'
  ? () => new Promise<void>((resolve) => setImmediate(resolve))
  : macrotask;

/** How the run's promise settled; the moment it did is logged, so a run that ends a tick early shows. */
async function settle(running: Promise<AgentMessage[]>, recorder: IdentityRecorder, log: (line: string) => void): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<string>((resolve) => { timer = setTimeout(() => resolve('hung'), HANG_MS); });
  try {
    return await Promise.race([
      running.then(
        (messages) => { log('run resolved'); return `resolved ${recorder.text(messages)}`; },
        (error: unknown) => { log('run rejected'); return `rejected ${errorDescription(error)}`; },
      ),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function describeRequest(model: Model, context: Context, options: SimpleStreamOptions | undefined): string {
  const roles = context.messages.map((m) => m.role).join(',');
  const tools = context.tools === undefined ? 'undefined' : context.tools.map((t) => t.name).join(',');
  const keys = options ? Object.keys(options).sort().join(',') : 'none';
  return `model=${model.id} sys=${logJson(context.systemPrompt)} roles=${roles} tools=${tools} ` +
    `reasoning=${String(options?.reasoning)} apiKey=${String(options?.apiKey)} signal=${options?.signal ? 'yes' : 'no'} options=${keys}`;
}

/**
 * The record without the Proxy introspection traps (ownKeys, getOwnPropertyDescriptor, getPrototypeOf) the odd
 * results log. A traced run snapshots each execute result without running its getters, but a Proxy cannot be
 * told from a plain object, so its introspection traps run once more there (docs/decisions/engine-loop-failures.md).
 */
export function withoutProxyIntrospection(record: RunRecord): RunRecord {
  const introspection = /^proxy \S+ (ownKeys|descriptor \S+|getPrototypeOf) \[after \d+ events\]$/;
  return { ...record, log: record.log.filter((line) => !introspection.test(line)) };
}

/**
 * Where two records first differ, as a short readable text (undefined when equal). Vitest's own string diff is far
 * too slow for lines of several kilobytes, so tests assert on this instead.
 */
export function describeDifference(expected: RunRecord, actual: RunRecord): string | undefined {
  return firstDifference('log', expected.log, actual.log)
    ?? firstDifference('event', expected.events, actual.events)
    ?? firstDifference('settled', [expected.settled], [actual.settled])
    ?? firstDifference('unhandled rejection', expected.unhandled, actual.unhandled);
}

function firstDifference(what: string, expected: string[], actual: string[]): string | undefined {
  const length = Math.max(expected.length, actual.length);
  for (let i = 0; i < length; i++) {
    if (expected[i] === actual[i]) continue;
    const a = expected[i] ?? '(none)';
    const b = actual[i] ?? '(none)';
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    const from = Math.max(0, at - 120);
    return `${what} ${i} differs at char ${at}\n  pi:   …${a.slice(from, at + 200)}\n  ours: …${b.slice(from, at + 200)}`;
  }
  return undefined;
}
