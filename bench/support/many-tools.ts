// The providers panel's work for a big tool set, shared by the Node run and the Chromium harness
// (bench/providers-harness): 100 tools, one of them replaced per edit by a fresh object (as each evaluation of the
// edited file delivers it), then what ProvidersState computes from them: the excluded-tools check, the 16 API
// bodies of the first request, the lint.
import { Type, type TSchema } from 'typebox';
import { API_VARIANTS, checkTool, encodeVariants } from '../../src/ai/providers/index.ts';
import { lintTools } from '../../src/ai/lint/index.ts';
import { StringEnum } from '../../src/ai/schema/index.ts';
import type { Tool } from '../../src/ai/index.ts';
import { buildConversation, conversationOptions, ENGLISH_TEXTS, type ConversationInput } from '../../src/state/providers/conversations.ts';

export const TOOLS = 100;

/** Tool number `n`: 8 properties of the common kinds; every fifth prefers strict sampling. */
export function makeTool(n: number, description = `Tool number ${n}: does one thing with its eight inputs.`): Tool {
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

/** Milliseconds per edit (after `warmup` unmeasured ones), and how many API bodies each edit built. */
export function measureEdits(warmup: number, edits: number): { times: number[]; variants: number } {
  const tools = Array.from({ length: TOOLS }, (_, n) => makeTool(n));
  panelWork(tools);
  const times: number[] = [];
  let variants = 0;
  for (let i = 0; i < warmup + edits; i++) {
    const start = performance.now();
    const at = (i * 37) % TOOLS;
    tools[at] = makeTool(at, `Tool number ${at}, edited ${i} times.`);
    variants = panelWork(tools.slice());
    if (i >= warmup) times.push(performance.now() - start);
  }
  return { times, variants };
}
