// Benchmark: 1,000 tool calls (100 turns of 10 calls; instant tools, an instant stream) through pi-agent-core
// 0.85.1's agentLoop and through ours with tracing on, alternating in one process. Prints calls/s and ours/pi.
import { agentLoop as piAgentLoop } from '@earendil-works/pi-agent-core';
import { createAssistantMessageEventStream as piCreateStream } from '@earendil-works/pi-ai';
import { Type } from 'typebox';
import { agentLoop, createAssistantMessageEventStream } from '../src/engine/index.ts';
import type {
  AgentContext, AgentLoopConfig, AgentMessage, AgentTool, AssistantMessage, AssistantMessageEvent, Message, Model, StreamFn,
  ToolCall, TraceEvent,
} from '../src/engine/index.ts';

const TURNS = 100;
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

/** Answers turn after turn with 10 tool calls, then a final text; every event is pushed before returning. */
function instantStream(createStream: StreamFactory): StreamFn {
  let turn = 0;
  return () => {
    const stream = createStream();
    const base: AssistantMessage = { role: 'assistant', content: [], api: 'bench', provider: 'bench', model: 'bench', usage, stopReason: 'pending', timestamp: 0 };
    const t = turn++;
    if (t >= TURNS) {
      const message: AssistantMessage = { ...base, content: [{ type: 'text', text: 'done' }], stopReason: 'stop' };
      stream.push({ type: 'start', partial: { ...base } });
      stream.push({ type: 'done', reason: 'stop', message });
      return stream as never;
    }
    const calls: ToolCall[] = [];
    for (let i = 0; i < CALLS_PER_TURN; i++) calls.push({ type: 'toolCall', id: `t${t}c${i}`, name: 'noop', arguments: { index: i, label: 'x' } });
    const partial: AssistantMessage = { ...base, content: [] };
    stream.push({ type: 'start', partial: { ...partial } });
    calls.forEach((call, index) => {
      partial.content = [...partial.content, call];
      stream.push({ type: 'toolcall_start', contentIndex: index, partial: { ...partial } });
      stream.push({ type: 'toolcall_delta', contentIndex: index, delta: JSON.stringify(call.arguments), partial: { ...partial } });
      stream.push({ type: 'toolcall_end', contentIndex: index, toolCall: call, partial: { ...partial } });
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

async function once(variant: Variant): Promise<number> {
  const pi = variant === 'pi';
  const loop = (pi ? piAgentLoop : agentLoop) as unknown as LoopFn;
  const streamFn = instantStream((pi ? piCreateStream : createAssistantMessageEventStream) as unknown as StreamFactory);
  const context: AgentContext = { systemPrompt: 'bench', messages: [], tools: [noop] };
  const config: AgentLoopConfig = { model, convertToLlm: keep };
  const kept: TraceEvent[] = [];
  let traced = 0;
  const instrumentation = variant === 'traced' ? { trace: () => { traced++; } }
    : variant === 'tracedKept' ? { trace: (event: TraceEvent) => { kept.push(event); } }
      : undefined;
  const prompt = { role: 'user' as const, content: 'go', timestamp: 0 };
  const start = performance.now();
  const stream = loop([prompt], context, config, undefined, streamFn, instrumentation);
  // A consumer reads every event as it comes, as the playground's run state does.
  let events = 0;
  for await (const _event of stream) events++;
  const messages = await stream.result();
  const elapsed = performance.now() - start;
  if (messages.length !== 1 + TURNS * (1 + CALLS_PER_TURN) + 1) throw new Error(`unexpected run: ${messages.length} messages`);
  if (events < CALLS * 4) throw new Error(`only ${events} events`);
  if ((variant === 'traced' && traced < CALLS * 8) || (variant === 'tracedKept' && kept.length < CALLS * 8)) throw new Error('trace missing');
  return CALLS / (elapsed / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(8);

export async function run(): Promise<void> {
  const variants: Variant[] = ['pi', 'traced', 'tracedKept', 'plain'];
  const rates = new Map<Variant, number[]>(variants.map((v) => [v, []]));
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    // Rotate the order every round so machine load, JIT and GC timing hit every variant alike.
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(round + i) % variants.length];
      const rate = await once(variant);
      if (round >= WARMUP_ROUNDS) rates.get(variant)!.push(rate);
    }
  }
  const pi = median(rates.get('pi')!);
  // The ratio is the median of per-round ratios: each round's runs are close in time, so load drift cancels out.
  const line = (label: string, variant: Variant) => {
    const ours = rates.get(variant)!;
    const ratios = ours.map((rate, round) => rate / rates.get('pi')![round]);
    console.log(`  ${label.padEnd(44)} ${fmt(median(ours))} calls/s   ours/pi ${median(ratios).toFixed(2)}x`);
  };
  console.log(`loop: ${CALLS} tool calls (${TURNS} turns x ${CALLS_PER_TURN}; instant tools and stream; events consumed as they come)`);
  console.log(`  median of ${ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up rounds, variants rotated each round`);
  console.log(`  ${'pi-agent-core 0.85.1'.padEnd(44)} ${fmt(pi)} calls/s`);
  line('ours, tracing on (trace consumed as it comes)', 'traced');
  line('ours, tracing on (whole trace kept in memory)', 'tracedKept');
  line('ours, tracing off', 'plain');
}
