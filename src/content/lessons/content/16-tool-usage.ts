// Lesson 16: a tool result's `usage` (what the tool itself spent, say on a model call of its own) is copied into the
// toolResult message, and afterToolCall's `usage` replaces it whole. No provider but pi-messages sends it on.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const SUMMARIZE: ExampleToolFile = {
  id: 'lesson-summarize',
  name: 'summarize',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  text: Type.String({ description: "The text to summarize" }),
});

const summarizeTool: AgentTool<typeof parameters> = {
  name: "summarize",
  label: "Summarize",
  description: "Summarize a long text in one sentence.",
  parameters,
  async execute(_toolCallId, { text }) {
    // A pretend call to a small model of its own: the tool reports the tokens that call spent.
    const input = Math.ceil(text.length / 4);
    return {
      content: [{ type: "text", text: "Summary: the quarter closed above plan, led by exports." }],
      details: { model: "small-summarizer" },
      usage: {
        input, output: 14, cacheRead: 0, cacheWrite: 0, totalTokens: input + 14,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
    };
  },
};

export default summarizeTool;
`,
};

export const USAGE_HOOKS = `import type { AfterToolCallContext } from "@earendil-works/pi-agent-core";

// Prices of the tool's own model, in dollars per million tokens.
const PRICE = { input: 0.5, output: 1.5 };

// The usage returned here replaces the result's usage as a whole (there is no deep merge), so copy what you keep.
export async function afterToolCall({ result }: AfterToolCallContext) {
  const usage = result.usage;
  if (!usage) return undefined;
  const input = (usage.input * PRICE.input) / 1e6;
  const output = (usage.output * PRICE.output) / 1e6;
  return { usage: { ...usage, cost: { input, output, cacheRead: 0, cacheWrite: 0, total: input + output } } };
}
`;

export const REPORT_TEXT = 'Revenue rose 12% in the third quarter. Exports grew fastest, while home sales were flat. '
  + 'Costs stayed within plan and the year\'s forecast was raised.';

export const toolUsage: Lesson = {
  id: 'tool-usage',
  kind: 'lesson',
  badge: '16',
  minutes: 3,
  concept: { en: '`usage` in tool results', 'zh-CN': '工具结果中的 `usage`' },
  title: { en: 'A tool\'s own usage, and afterToolCall replacing it', 'zh-CN': '工具自己的用量，以及 afterToolCall 如何替换它' },
  intro: {
    en: 'Some tools spend tokens themselves: they call a model of their own to summarize, classify or embed. An '
      + 'AgentToolResult may report that as `usage`, in the same shape as an assistant message\'s usage. pi copies it '
      + 'into the toolResult message, and an afterToolCall hook may replace it. Here the hook prices the tokens.',
    'zh-CN': '有些工具自己也会消耗 token：它们调用自己的模型来做摘要、分类或向量化。AgentToolResult 可以用 `usage` 报告这些消耗，'
      + '形状与助手消息的 usage 相同。pi 会把它复制到 toolResult 消息里，afterToolCall 钩子可以替换它。这里的钩子为这些 token 计算费用。',
  },
  tools: [SUMMARIZE],
  hooks: USAGE_HOOKS,
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Usage in a tool result',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Summarize this report for me.',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'summarize', arguments: { text: REPORT_TEXT } }] },
      { content: 'In one line: the quarter closed above plan, led by exports.' },
    ],
  },
  captions: [
    {
      id: 'reported',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'execute', edge: 'end' },
      text: {
        en: '`execute` returned `usage` beside `content` and `details`: the tokens its own model call spent, with no cost '
          + 'yet. It is the tool\'s usage, not the usage of the model running this agent.',
        'zh-CN': '`execute` 在 `content` 和 `details` 之外还返回了 `usage`：它自己那次模型调用消耗的 token，还没有费用。'
          + '这是工具的用量，而不是运行这个智能体的模型的用量。',
      },
    },
    {
      id: 'replaced',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'afterToolCall', edge: 'end' },
      text: {
        en: 'afterToolCall returned { usage }. It replaces the result\'s usage as a whole, with no deep merge, which is why '
          + 'the hook copies the token counts before filling in the cost.',
        'zh-CN': 'afterToolCall 返回了 { usage }。它会整体替换结果里的 usage，不会深度合并，所以钩子先复制了 token 数，再填入费用。',
      },
    },
    {
      id: 'in-message',
      at: { on: 'toolResult', toolCallId: 'call_1_1' },
      text: {
        en: 'The toolResult message carries the hook\'s usage. Like `details`, it stays on your side: no provider sends it to '
          + 'the model, except pi\'s own pi-messages API, which forwards whole messages.',
        'zh-CN': 'toolResult 消息带着钩子给出的 usage。和 `details` 一样，它留在你这一侧：没有哪家服务商会把它发给模型，'
          + '只有 pi 自己的 pi-messages API 会转发整条消息。',
      },
    },
    {
      id: 'accounting',
      at: { on: 'agent_end' },
      text: {
        en: 'To know what a run cost, add the `usage` of its assistant messages and of its toolResult messages.',
        'zh-CN': '要知道一次运行花了多少，就把其中助手消息的 `usage` 和 toolResult 消息的 `usage` 加起来。',
      },
    },
  ],
  quiz: [
    {
      id: 'usage-override',
      prompt: {
        en: 'afterToolCall returns { usage: … }. What happens to the usage the tool returned?',
        'zh-CN': 'afterToolCall 返回了 { usage: … }。工具原来返回的 usage 会怎样？',
      },
      choices: [
        { id: 'replaced', text: { en: 'It is replaced as a whole by the hook\'s usage', 'zh-CN': '被钩子的 usage 整体替换' } },
        { id: 'merged', text: { en: 'The two are merged field by field', 'zh-CN': '两者逐个字段合并' } },
        { id: 'added', text: { en: 'The token counts are added together', 'zh-CN': '两边的 token 数相加' } },
        { id: 'kept', text: { en: 'It is kept: usage cannot change after `execute`', 'zh-CN': '保持不变：`execute` 之后 usage 不能再改' } },
      ],
      answer: 'replaced',
      explanation: {
        en: 'pi spreads the executed result, then replaces `content`, `details`, `usage` and `terminate` with whatever the '
          + 'hook returned that is not null or undefined. There is no deep merge: return the whole usage you want kept.',
        'zh-CN': 'pi 先展开执行得到的结果，再用钩子返回的、不为 null 或 undefined 的 `content`、`details`、`usage` 和 `terminate` '
          + '替换对应字段。没有深度合并：要保留的 usage 必须完整地返回。',
      },
    },
  ],
};
