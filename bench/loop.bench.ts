// Benchmark: 1,000 tool calls (100 turns of 10 calls; instant tools, an instant stream) through pi-agent-core
// 0.85.1's agentLoop and through ours with tracing on, alternating in one process. Prints calls/s and ours/pi.
// Then the sizes 10 to 10,000 calls with the whole trace kept, in turns of 10 and in one batch, beside pi, in calls
// per CPU-second of this process, with the heap a 10,000-call run leaves referenced (its messages; ours, the trace).
// "Whole trace kept" keeps it as the app can: in a CompactTrace (instrumentation.compactTrace), read back on demand.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { agentLoop as piAgentLoop } from '@earendil-works/pi-agent-core';
import { createAssistantMessageEventStream as piCreateStream } from '@earendil-works/pi-ai';
import { Type } from 'typebox';
import { agentLoop, CompactTrace, createAssistantMessageEventStream } from '../src/engine/index.ts';
import type {
  AgentContext, AgentLoopConfig, AgentMessage, AgentTool, AssistantMessage, AssistantMessageEvent, Message, Model, StreamFn,
  ToolCall, TraceEvent,
} from '../src/engine/index.ts';

const TURNS = 100;
/** Goals, ours/pi with the whole trace kept: 1,000 calls; one batch of 10,000; every size; flat time per call; memory. */
const GOAL_1000 = 1.2;
const GOAL_BATCH_10K = 5;
const GOAL_ANY_SIZE = 1.0;
const GOAL_FLAT = 1.5;
const GOAL_TRACE_OVER_MESSAGES = 2;
const verdict = (met: boolean) => (met ? 'met' : 'missed');
const CALLS_PER_TURN = 10;
const CALLS = TURNS * CALLS_PER_TURN;
const WARMUP_ROUNDS = 5;
const ROUNDS = 15;

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const model: Model = {
  id: 'bench', name: 'Bench', api: 'bench', provider: 'bench', baseUrl: 'http://localhost:0', reasoning: false,
  input: ['text'], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 1_000_000, maxTokens: 1000,
};

type LoopFn = (prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined, streamFn: StreamFn, ...rest: unknown[]) => AsyncIterable<unknown> & { result(): Promise<AgentMessage[]> };
type StreamFactory = () => { push(event: AssistantMessageEvent): void };

/**
 * Answers turn after turn with `perTurn` tool calls, then a final text; every event is pushed before returning.
 * Each event carries a copy of the partial message, or, `inPlace`, the one partial that grows as pi-ai's providers
 * grow theirs: copies cost the stream itself O(calls²) in one wide batch (0.4 GB of arrays for 10,000 calls).
 */
function instantStream(createStream: StreamFactory, turns = TURNS, perTurn = CALLS_PER_TURN, inPlace = false): StreamFn {
  let turn = 0;
  return () => {
    const stream = createStream();
    const base: AssistantMessage = { role: 'assistant', content: [], api: 'bench', provider: 'bench', model: 'bench', usage, stopReason: 'pending', timestamp: 0 };
    const t = turn++;
    if (t >= turns) {
      const message: AssistantMessage = { ...base, content: [{ type: 'text', text: 'done' }], stopReason: 'stop' };
      stream.push({ type: 'start', partial: { ...base } });
      stream.push({ type: 'done', reason: 'stop', message });
      return stream as never;
    }
    const calls: ToolCall[] = [];
    for (let i = 0; i < perTurn; i++) calls.push({ type: 'toolCall', id: `t${t}c${i}`, name: 'noop', arguments: { index: i, label: 'x' } });
    const partial: AssistantMessage = { ...base, content: [] };
    stream.push({ type: 'start', partial: inPlace ? partial : { ...partial } });
    calls.forEach((call, index) => {
      if (inPlace) partial.content.push(call);
      else partial.content = [...partial.content, call];
      const current = () => (inPlace ? partial : { ...partial });
      stream.push({ type: 'toolcall_start', contentIndex: index, partial: current() });
      stream.push({ type: 'toolcall_delta', contentIndex: index, delta: JSON.stringify(call.arguments), partial: current() });
      stream.push({ type: 'toolcall_end', contentIndex: index, toolCall: call, partial: current() });
    });
    stream.push({ type: 'done', reason: 'toolUse', message: { ...base, content: calls, stopReason: 'toolUse' } });
    return stream as never;
  };
}

const noop: AgentTool<any> = {
  name: 'noop', label: 'No-op', description: 'Returns at once.',
  parameters: Type.Object({ index: Type.Integer({ minimum: 0 }), label: Type.String() }),
  async execute() { return { content: [{ type: 'text', text: 'ok' }], details: {} }; },
};

// pi's Agent default convertToLlm.
const keep = (messages: AgentMessage[]) => messages.filter((m): m is Message => {
  const role = (m as Message).role;
  return role === 'user' || role === 'assistant' || role === 'toolResult';
});

type Variant = 'pi' | 'traced' | 'tracedKept' | 'plain';

async function once(variant: Variant, turns = TURNS, perTurn = CALLS_PER_TURN): Promise<{ rate: number; cpuRate: number }> {
  const { rate, cpuRate } = await measured(variant, turns, perTurn);
  return { rate, cpuRate };
}

/**
 * One run: calls per second of wall time (`rate`) and of the process's CPU time (`cpuRate`: on a shared machine the
 * wall clock also counts the neighbours' work); `retained` holds what the run leaves referenced for a heap reading.
 */
async function measured(variant: Variant, turns: number, perTurn: number, inPlace = false): Promise<{ rate: number; cpuRate: number; retained: unknown }> {
  const calls = turns * perTurn;
  const pi = variant === 'pi';
  const loop = (pi ? piAgentLoop : agentLoop) as unknown as LoopFn;
  const streamFn = instantStream((pi ? piCreateStream : createAssistantMessageEventStream) as unknown as StreamFactory, turns, perTurn, inPlace);
  const context: AgentContext = { systemPrompt: 'bench', messages: [], tools: [noop] };
  const config: AgentLoopConfig = { model, convertToLlm: keep };
  const kept = new CompactTrace();
  let traced = 0;
  const instrumentation = variant === 'traced' ? { trace: (_event: TraceEvent) => { traced++; } }
    : variant === 'tracedKept' ? { compactTrace: kept }
      : undefined;
  const prompt = { role: 'user' as const, content: 'go', timestamp: 0 };
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const stream = loop([prompt], context, config, undefined, streamFn, instrumentation);
  // A consumer reads every event as it comes, as the playground's run state does.
  let events = 0;
  for await (const _event of stream) events++;
  const messages = await stream.result();
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  if (messages.length !== 1 + turns * (1 + perTurn) + 1) throw new Error(`unexpected run: ${messages.length} messages`);
  if (events < calls * 4) throw new Error(`only ${events} events`);
  if ((variant === 'traced' && traced < calls * 8) || (variant === 'tracedKept' && kept.length < calls * 8)) throw new Error('trace missing');
  return { rate: calls / (elapsed / 1000), cpuRate: calls / ((cpu.user + cpu.system) / 1e6), retained: { context, messages, kept } };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(8);

export async function run(): Promise<void> {
  const variants: Variant[] = ['pi', 'traced', 'tracedKept', 'plain'];
  const rates = new Map<Variant, number[]>(variants.map((v) => [v, []]));
  const cpuRates = new Map<Variant, number[]>(variants.map((v) => [v, []]));
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    // Rotate the order every round so machine load, JIT and GC timing hit every variant alike.
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(round + i) % variants.length];
      const { rate, cpuRate } = await once(variant);
      if (round >= WARMUP_ROUNDS) {
        rates.get(variant)!.push(rate);
        cpuRates.get(variant)!.push(cpuRate);
      }
    }
  }
  const pi = median(rates.get('pi')!);
  // The ratio is the median of per-round ratios: each round's runs are close in time, so load drift cancels out.
  const line = (label: string, variant: Variant, goal?: number) => {
    const ours = rates.get(variant)!;
    const ratios = ours.map((rate, round) => rate / rates.get('pi')![round]);
    const cpuRatios = cpuRates.get(variant)!.map((rate, round) => rate / cpuRates.get('pi')![round]);
    const goalText = goal === undefined ? '' : `   (goal ≥ ${goal}x: ${verdict(median(ratios) >= goal)})`;
    console.log(`  ${label.padEnd(44)} ${fmt(median(ours))} calls/s   ours/pi ${median(ratios).toFixed(2)}x   per CPU-second ${median(cpuRatios).toFixed(2)}x${goalText}`);
  };
  console.log(`loop: ${CALLS} tool calls (${TURNS} turns x ${CALLS_PER_TURN}; instant tools and stream; events consumed as they come)`);
  console.log(`  median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds, variants rotated each round; wall time, and per CPU-second of this process (steadier on a shared machine)`);
  console.log(`  ${'pi-agent-core 0.85.1'.padEnd(44)} ${fmt(pi)} calls/s`);
  line('ours, tracing on (trace consumed as it comes)', 'traced');
  line('ours, tracing on (whole trace kept in memory)', 'tracedKept', GOAL_1000);
  line('ours, tracing off', 'plain');
  await runSizes();
}

const SIZES = [10, 100, 1_000, 10_000];

/** Garbage collection on demand, for the heap reading (the flag set at run time, so bench.mjs needs no option). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Lets a finished run's last promise jobs and timers go (they still hold its objects), then collects twice. */
async function settleAndCollect(gc: () => void): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
  gc();
}

/** Each size in turns of 10 calls and in one batch: pi and ours with the whole trace kept, rotated every round. */
async function runSizes(): Promise<void> {
  const variants: Variant[] = ['pi', 'tracedKept'];
  console.log('\nloop by size: ours with the whole trace kept in memory vs pi-agent-core 0.85.1 (partials grown in place; calls per CPU-second of this process, medians, variants rotated)');
  for (const shape of ['turns of 10', 'one batch'] as const) {
    const perCall: number[] = [];
    for (const size of SIZES) {
      const [turns, perTurn] = shape === 'one batch' ? [1, size] : [Math.max(1, size / 10), Math.min(10, size)];
      const [warmup, rounds] = size >= 10_000 ? [2, 5] : size >= 1_000 ? [3, 9] : [10, 31];
      const rates = new Map<Variant, number[]>(variants.map((v) => [v, []]));
      for (let round = 0; round < warmup + rounds; round++) {
        for (let i = 0; i < variants.length; i++) {
          const variant = variants[(round + i) % variants.length];
          const { cpuRate } = await measured(variant, turns, perTurn, true);
          if (round >= warmup) rates.get(variant)!.push(cpuRate);
        }
      }
      const ratios = rates.get('tracedKept')!.map((rate, round) => rate / rates.get('pi')![round]);
      const ratio = median(ratios);
      const goal = shape === 'one batch' && size === 10_000 ? GOAL_BATCH_10K : GOAL_ANY_SIZE;
      perCall.push(median(rates.get('tracedKept')!));
      console.log(`  ${shape.padEnd(11)} ${size.toLocaleString('en-US').padStart(6)} calls   pi ${fmt(median(rates.get('pi')!))} calls/s   `
        + `ours ${fmt(median(rates.get('tracedKept')!))} calls/s   ours/pi ${ratio.toFixed(2)}x (goal ≥ ${goal}x: ${verdict(ratio >= goal)})   (${rounds} rounds)`);
    }
    // Flat: our calls per second at the slowest size is within 1.5x of the fastest.
    const spread = Math.max(...perCall) / Math.min(...perCall);
    console.log(`  ${shape.padEnd(11)} time per call, slowest size over fastest: ${spread.toFixed(2)}x (goal ≤ ${GOAL_FLAT}x: ${verdict(spread <= GOAL_FLAT)})`);
  }
  const gc = collector();
  const settled = () => settleAndCollect(gc);
  for (const shape of ['turns of 10', 'one batch'] as const) {
    const [turns, perTurn] = shape === 'one batch' ? [1, 10_000] : [1_000, 10];
    const heap: string[] = [];
    // Held outside the loop and dropped before each baseline reading, so one run's objects never count for the next.
    let retained: unknown;
    let piUsed = 0;
    let oursUsed = 0;
    for (const variant of variants) {
      retained = undefined;
      await settled();
      const before = process.memoryUsage().heapUsed;
      retained = (await measured(variant, turns, perTurn, true)).retained;
      await settled();
      const used = process.memoryUsage().heapUsed - before;
      heap.push(`${variant === 'pi' ? 'pi' : 'ours (trace kept)'} ${(used / 1024 / 1024).toFixed(1)} MB${
        variant === 'pi' ? '' : ` (trace ≈ ${((used - piUsed) / 1024 / 1024).toFixed(1)} MB over pi's, which holds the same messages)`}`);
      if (variant === 'pi') piUsed = used;
      else oursUsed = used;
    }
    if (!retained) throw new Error('nothing retained');
    console.log(`  heap left referenced by one 10,000-call run (${shape}): ${heap.join(', ')}`);
    const traceOverMessages = (oursUsed - piUsed) / piUsed;
    console.log(`  ${shape.padEnd(11)} trace memory over the messages' own: ${traceOverMessages.toFixed(2)}x (goal ≤ ${GOAL_TRACE_OVER_MESSAGES}x: ${verdict(traceOverMessages <= GOAL_TRACE_OVER_MESSAGES)})`);
  }
}
