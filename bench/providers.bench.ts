// Benchmark of the "what the model sees" panel's hot path: a user edits one property description of a
// 20-property tool, and every API variant is re-encoded and the tools re-linted. Prints p50/p95 per edit.
import { Type, type TSchema } from 'typebox';
import { encodeVariants } from '../src/ai/providers/index.ts';
import { lintTools } from '../src/ai/lint/index.ts';
import { StringEnum } from '../src/ai/schema/index.ts';
import type { Context, Message, Tool } from '../src/ai/index.ts';

const WARMUP = 100;
const EDITS = 600;

/** 20 properties of every common kind, a few of them nested, optional or constrained. */
function twentyProperties(): Record<string, TSchema> {
  const props: Record<string, TSchema> = {};
  for (let i = 0; i < 20; i++) {
    const description = `Property number ${i}, described at some length so the JSON is realistic.`;
    const kind = i % 5;
    props[`field_${i}`] = kind === 0 ? Type.String({ description, minLength: 1 })
      : kind === 1 ? Type.Optional(Type.Integer({ description, minimum: 0, maximum: 1000 }))
        : kind === 2 ? StringEnum(['alpha', 'beta', 'gamma'], { description })
          : kind === 3 ? Type.Array(Type.Object({ key: Type.String(), value: Type.Number() }), { description })
            : Type.Optional(Type.Union([Type.String(), Type.Null()], { description }));
  }
  return props;
}

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const history: Message[] = [
  { role: 'user', content: 'Fill in the form for order 42.', timestamp: 1 },
  { role: 'assistant', content: [{ type: 'text', text: 'Filling it in.' }, { type: 'toolCall', id: 'call_1', name: 'fill_form', arguments: { field_0: 'x', field_2: 'beta' } }], api: 'openai-responses', provider: 'openai', model: 'gpt-5', usage, stopReason: 'toolUse', timestamp: 2 },
  { role: 'toolResult', toolCallId: 'call_1', toolName: 'fill_form', content: [{ type: 'text', text: 'saved' }], isError: false, timestamp: 3 },
];

/** An immutable edit, as the editor makes it: a new tool, new root and new edited node, the rest shared. */
function editDescription(tool: Tool, index: number, text: string): Tool {
  const params = tool.parameters as unknown as { properties: Record<string, Record<string, unknown>> };
  const key = `field_${index % 20}`;
  const properties = { ...params.properties, [key]: { ...params.properties[key], description: text } };
  return { ...tool, parameters: { ...(tool.parameters as object), properties } as unknown as TSchema };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function measure(label: string, extraTools: Tool[]): void {
  let tool: Tool = { name: 'fill_form', description: 'Fill in an order form.', parameters: Type.Object(twentyProperties()) };
  const times: number[] = [];
  let variants = 0;
  for (let i = 0; i < WARMUP + EDITS; i++) {
    const start = performance.now();
    tool = editDescription(tool, i, `Edited description ${i}`);
    const context: Context = { systemPrompt: 'You fill in forms.', messages: history, tools: [tool, ...extraTools] };
    const results = encodeVariants(context, { apiKey: 'bench-key', sessionId: 'bench' });
    const findings = lintTools(context.tools!);
    const elapsed = performance.now() - start;
    if (results.some((r) => !r.result.ok) || !Array.isArray(findings)) throw new Error('benchmark input failed to encode');
    variants = results.length;
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(44)} ${variants} variants + lint   p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms   max ${times[times.length - 1].toFixed(2)} ms`);
}

export async function run(): Promise<void> {
  console.log('providers: edit one description of a 20-property tool, re-encode every API variant, re-lint');
  measure('one 20-property tool', []);
  const ping: Tool = { name: 'ping', description: 'Ping.', parameters: Type.Object({}) };
  const search: Tool = { name: 'search', description: 'Search notes.', parameters: Type.Object({ query: Type.String({ pattern: '^.+$' }), limit: Type.Optional(Type.Integer({ minimum: 1 })) }) };
  measure('the same with 10 more small tools', Array.from({ length: 5 }, (_, i) => [{ ...ping, name: `ping_${i}` }, { ...search, name: `search_${i}` }]).flat());
}
