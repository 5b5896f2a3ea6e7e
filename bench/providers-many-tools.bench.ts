// Benchmark of the providers panel's work for a big tool set, in Node: 100 tools, one of them replaced per edit by
// a fresh object (as each evaluation of the edited file delivers it), then what ProvidersState computes from them
// (the excluded-tools check, the 16 API bodies of the first request, the lint), p50/p95 per edit. Then one request
// built by our encoder and by pi-ai 0.85.1 itself (its real API module, stopped in onPayload) for the same tools,
// as a ratio: once with the tools unchanged since the last build, once with every tool a fresh object.
import { Type, type TSchema } from 'typebox';
import { API_VARIANTS, checkTool, encodeRequest, encodeVariants } from '../src/ai/providers/index.ts';
import { lintTools } from '../src/ai/lint/index.ts';
import { StringEnum } from '../src/ai/schema/index.ts';
import type { Context, KnownApi, Model, Tool } from '../src/ai/index.ts';
import { buildConversation, conversationOptions, ENGLISH_TEXTS, type ConversationInput } from '../src/state/providers/conversations.ts';
import { percentile } from './support/stats.ts';

const TOOLS = 100;
const WARMUP = 60;
const EDITS = 300;

/** Tool number `n`: 8 properties of the common kinds; every fifth prefers strict sampling. */
function makeTool(n: number, description = `Tool number ${n}: does one thing with its eight inputs.`): Tool {
  const props: Record<string, TSchema> = {};
  for (let i = 0; i < 8; i++) {
    const d = `Input ${i} of tool ${n}, described in a sentence.`;
    const kind = (i + n) % 6;
    props[`in_${i}`] = kind === 0 ? Type.String({ description: d, minLength: 1 })
      : kind === 1 ? Type.Optional(Type.Integer({ description: d, minimum: 0, maximum: 1000 }))
        : kind === 2 ? StringEnum(['alpha', 'beta', 'gamma'], { description: d })
          : kind === 3 ? Type.Array(Type.Object({ key: Type.String(), value: Type.Number() }), { description: d })
            : kind === 4 ? Type.Optional(Type.Union([Type.String(), Type.Null()], { description: d }))
              : Type.String({ description: d, pattern: '^[a-z]+$' });
  }
  return {
    name: `tool_${n}`, label: `Tool ${n}`, description, parameters: Type.Object(props),
    ...(n % 5 === 0 ? { constrainedSampling: { type: 'json_schema', strict: 'prefer' } } : {}),
  } as Tool;
}

const figures = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) });
const show = (f: { p50: number; p95: number; max: number }) => `p50 ${f.p50.toFixed(2)} ms   p95 ${f.p95.toFixed(2)} ms   max ${f.max.toFixed(2)} ms`;

/** What ProvidersState derives for one tools list: excluded tools, every variant's body, lint. */
function panelWork(tools: Tool[]): number {
  const bad = new Set<string>();
  tools.forEach((tool, i) => { if (checkTool(tool, i)) bad.add(tool.name); });
  const input: ConversationInput = { systemPrompt: 'You are a helpful assistant.', userPrompt: ENGLISH_TEXTS.userPrompt, tools: tools.filter((t) => !bad.has(t.name)), texts: ENGLISH_TEXTS };
  const results = encodeVariants((variant) => buildConversation('first-turn', variant, input), conversationOptions('first-turn'), API_VARIANTS);
  const findings = lintTools(tools, API_VARIANTS);
  if (results.some((r) => !r.result.ok) || findings.length === 0) throw new Error('benchmark input failed to encode');
  return results.length;
}

function measureEdits(): void {
  const tools = Array.from({ length: TOOLS }, (_, n) => makeTool(n));
  panelWork(tools);
  const times: number[] = [];
  let variants = 0;
  for (let i = 0; i < WARMUP + EDITS; i++) {
    const start = performance.now();
    const at = (i * 37) % TOOLS;
    tools[at] = makeTool(at, `Tool number ${at}, edited ${i} times.`);
    variants = panelWork(tools.slice());
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  console.log(`  ${TOOLS} tools, one edited per step: ${variants} API bodies + lint + excluded list   ${show(figures(times))}`);
}

type StreamSimple = (model: Model, context: Context, options: Record<string, unknown>) => { result(): Promise<unknown> };

/** Time from pi's streamSimple call to the body in onPayload (pi stops there: nothing is sent). */
async function piBuild(streamSimple: StreamSimple, model: Model, context: Context): Promise<number> {
  const start = performance.now();
  let took = NaN;
  await streamSimple(model, context, { apiKey: 'bench-key', sessionId: 'bench', transport: 'sse', onPayload: () => { took = performance.now() - start; throw new Error('captured'); } }).result();
  if (Number.isNaN(took)) throw new Error(`pi did not build a request for ${model.api}`);
  return took;
}

function ourBuild(model: Model, context: Context): number {
  const start = performance.now();
  const result = encodeRequest(model, context, { apiKey: 'bench-key', sessionId: 'bench' });
  const took = performance.now() - start;
  if (!result.ok) throw new Error(result.error);
  return took;
}

async function compareWithPi(api: KnownApi, fresh: boolean): Promise<string> {
  const { streamSimple } = (await import(`@earendil-works/pi-ai/api/${api}`)) as { streamSimple: StreamSimple };
  const model = API_VARIANTS.find((v) => v.key === api)!.model;
  const stable = Array.from({ length: TOOLS }, (_, n) => makeTool(n));
  const context = (): Context => ({
    systemPrompt: 'You are a helpful assistant.',
    messages: [{ role: 'user', content: ENGLISH_TEXTS.userPrompt, timestamp: 1 }],
    tools: fresh ? Array.from({ length: TOOLS }, (_, n) => makeTool(n)) : stable,
  });
  const ours: number[] = [];
  const pis: number[] = [];
  for (let i = 0; i < 20 + 150; i++) {
    const c1 = context();
    const c2 = context();
    const a = ourBuild(model, c1);
    const b = await piBuild(streamSimple, model, c2);
    if (i >= 20) { ours.push(a); pis.push(b); }
  }
  const o = figures(ours);
  const p = figures(pis);
  return `    ${api.padEnd(24)} ours p50 ${o.p50.toFixed(3)} ms   pi p50 ${p.p50.toFixed(3)} ms   ours/pi ${(o.p50 / p.p50).toFixed(2)}`;
}

export async function run(): Promise<void> {
  console.log(`providers, ${TOOLS} tools: replace one tool per edit, then the excluded list, 16 API bodies (first request) and lint`);
  measureEdits();
  for (const fresh of [false, true]) {
    console.log(`  one request, ${TOOLS} tools, ours vs pi-ai (to onPayload), p50 ratio; tools ${fresh ? 'all fresh objects each build' : 'unchanged between builds'}:`);
    for (const api of ['openai-completions', 'openai-responses', 'anthropic-messages', 'google-generative-ai'] as KnownApi[]) console.log(await compareWithPi(api, fresh));
  }
}
