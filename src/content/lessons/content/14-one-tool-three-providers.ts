// Lesson 14: one tool, written once in TypeBox, as OpenAI Chat Completions, Anthropic Messages and the Google Gemini
// API receive it (shown side by side); each provider's tool call comes back as the same toolCall block.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const STOCK_QUOTE: ExampleToolFile = {
  id: 'lesson-stock-quote',
  name: 'get_stock_quote',
  kind: 'typescript',
  source: `import { StringEnum, Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  symbol: Type.String({ pattern: "^[A-Z]{1,5}$", description: 'Ticker symbol, e.g. "ACME"' }),
  currency: Type.Optional(StringEnum(["USD", "EUR"], { description: "Currency of the price; USD if left out" })),
});

const stockQuoteTool: AgentTool<typeof parameters> = {
  name: "get_stock_quote",
  label: "Stock quote",
  description: "Get the latest trading price of one stock by its ticker symbol.",
  parameters,
  async execute(_toolCallId, { symbol, currency = "USD" }) {
    // Made-up but stable prices: the same symbol always costs the same.
    const cents = [...symbol].reduce((sum, ch) => sum * 7 + ch.charCodeAt(0), 0) % 50000;
    const price = (cents / 100 + 10).toFixed(2);
    return { content: [{ type: "text", text: \`\${symbol}: \${price} \${currency}\` }], details: { symbol, currency } };
  },
};

export default stockQuoteTool;
`,
};

export const oneToolThreeProviders: Lesson = {
  id: 'one-tool-three-providers',
  kind: 'lesson',
  badge: '14',
  minutes: 3,
  exhibit: { kind: 'providers', variants: ['openai-completions', 'anthropic-messages', 'google-generative-ai'] },
  concept: { en: 'One tool, three APIs', 'zh-CN': '一个工具，三种 API' },
  title: { en: 'The same tool as OpenAI, Anthropic and Google receive it', 'zh-CN': '同一个工具在 OpenAI、Anthropic 和 Google 那里的样子' },
  intro: {
    en: 'You write a tool once. pi-ai encodes it for whichever provider the model runs on, and every provider wants it '
      + 'in a different shape. Below the run, the tools part of the request for OpenAI Chat Completions, Anthropic '
      + 'Messages and the Google Gemini API, side by side: find the same `name`, `description` and schema in each.',
    'zh-CN': '工具只需写一次。pi-ai 会按模型所在的服务商对它编码，而每家服务商要求的形状都不一样。运行下方并排列出了 OpenAI Chat '
      + 'Completions、Anthropic Messages 和 Google Gemini API 请求里的工具部分：在每一份里找到同样的 `name`、`description` 和 schema。',
  },
  tools: [STOCK_QUOTE],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'One tool, three providers',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'What does ACME trade at, in euros?',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'get_stock_quote', arguments: { symbol: 'ACME', currency: 'EUR' } }] },
      { content: 'ACME trades at 271.86 EUR.' },
    ],
  },
  captions: [
    {
      id: 'three-shapes',
      at: { on: 'message', turn: 1, edge: 'start' },
      text: {
        en: 'This turn\'s request declares the tool. OpenAI wraps it as { type: "function", function: { name, description, '
          + 'parameters } }, Anthropic as { name, description, input_schema }, Google in functionDeclarations with '
          + 'parametersJsonSchema.',
        'zh-CN': '这一轮的请求声明了这个工具。OpenAI 把它包成 { type: "function", function: { name, description, parameters } }；'
          + 'Anthropic 发送 { name, description, input_schema }；Google 把它放在 functionDeclarations 里，用 parametersJsonSchema。',
      },
    },
    {
      id: 'one-block',
      at: { on: 'block', turn: 1, kind: 'toolCall', edge: 'end' },
      text: {
        en: 'Each provider answers with its own shape too: tool_calls for OpenAI, a tool_use block for Anthropic, a '
          + 'functionCall part for Google. pi turns every one of them into the same toolCall block, so the loop never '
          + 'depends on the provider.',
        'zh-CN': '每家服务商的回复形状也各不相同：OpenAI 是 tool_calls，Anthropic 是 tool_use 块，Google 是 functionCall 部分。'
          + 'pi 把它们都转换成同样的 toolCall 块，所以循环从不依赖具体的服务商。',
      },
    },
    {
      id: 'result-back',
      at: { on: 'toolResult', toolCallId: 'call_1_1' },
      text: {
        en: 'The toolResult goes back in the provider\'s shape as well: a "tool" message for OpenAI, a tool_result block '
          + 'for Anthropic, a functionResponse part for Google. Only its `content` and error flag cross.',
        'zh-CN': 'toolResult 也会按服务商的形状发回去：OpenAI 是 "tool" 消息，Anthropic 是 tool_result 块，Google 是 functionResponse 部分。'
          + '只有它的 `content` 和错误标记会被发送。',
      },
    },
    {
      id: 'write-once',
      at: { on: 'agent_end' },
      text: {
        en: 'You wrote the tool once, in TypeBox. The Providers tab shows it for every other API pi-ai speaks, with the '
          + 'lint\'s remarks where a provider would treat the schema differently.',
        'zh-CN': '你只用 TypeBox 写了一次工具。“服务商”标签页会显示它在 pi-ai 支持的其他所有 API 中的样子，'
          + '并在某个服务商会以不同方式处理 schema 时给出检查提示。',
      },
    },
  ],
  quiz: [
    {
      id: 'anthropic-schema',
      prompt: {
        en: 'Under which key does the Anthropic Messages request carry the tool\'s JSON Schema?',
        'zh-CN': 'Anthropic Messages 请求用哪个键携带工具的 JSON Schema？',
      },
      choices: [
        { id: 'input-schema', text: { en: '`input_schema`', 'zh-CN': '`input_schema`' } },
        { id: 'parameters', text: { en: '`function.parameters`', 'zh-CN': '`function.parameters`' } },
        { id: 'json-schema', text: { en: '`parametersJsonSchema`', 'zh-CN': '`parametersJsonSchema`' } },
        { id: 'none', text: { en: 'None: Anthropic gets only the name and description', 'zh-CN': '都不是：Anthropic 只收到名称和描述' } },
      ],
      answer: 'input-schema',
      explanation: {
        en: 'Anthropic reads the schema from `input_schema` (pi rebuilds its root from `properties` and `required`). '
          + 'OpenAI Chat Completions takes it as `function.parameters`, and the Gemini API as `parametersJsonSchema` '
          + 'inside functionDeclarations.',
        'zh-CN': 'Anthropic 从 `input_schema` 读取 schema（pi 会用 `properties` 和 `required` 重建它的根对象）。'
          + 'OpenAI Chat Completions 用 `function.parameters`，Gemini API 则用 functionDeclarations 里的 `parametersJsonSchema`。',
      },
    },
  ],
};
