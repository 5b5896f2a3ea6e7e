// Lesson 2: what of a tool reaches the model (name, description, parameters; a result's content and isError) and
// what stays on the caller's side (label, execute, prepareArguments, executionMode, details).
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const LOOKUP_ORDER: ExampleToolFile = {
  id: 'lesson-lookup-order',
  name: 'lookup_order',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

// Sent to the model: name, description and parameters (as JSON Schema).
const parameters = Type.Object({
  orderId: Type.String({ pattern: "^[A-Z]-\\\\d{4}$", description: 'Order number, e.g. "A-1042"' }),
});

const lookupOrderTool: AgentTool<typeof parameters> = {
  name: "lookup_order",
  description: "Look up the delivery status of one customer order by its order number.",
  parameters,
  // Never sent: a label for your UI, the execution mode for the loop, and the two functions.
  label: "Order lookup",
  executionMode: "parallel",
  // Runs on your side before validation: models often write "#a-1042".
  prepareArguments(args) {
    const raw = args as { orderId?: unknown };
    if (raw && typeof raw.orderId === "string") {
      return { orderId: raw.orderId.replace(/^#/, "").toUpperCase() };
    }
    return args as { orderId: string };
  },
  async execute(_toolCallId, { orderId }) {
    return {
      // content goes back to the model...
      content: [{ type: "text", text: \`Order \${orderId}: shipped on 3 March, arriving on Friday.\` }],
      // ...details stays with you, for logs and UI.
      details: { orderId, warehouse: "LIS-2", carrierRef: "PT-99812", internalNote: "customer called twice" },
    };
  },
};

export default lookupOrderTool;
`,
};

export const whatTheModelSees: Lesson = {
  id: 'what-the-model-sees',
  kind: 'lesson',
  badge: '2',
  minutes: 3,
  concept: { en: 'Sent vs kept', 'zh-CN': '发送与保留' },
  title: { en: 'What is sent to the model, and what is not', 'zh-CN': '哪些内容会发给模型，哪些不会' },
  intro: {
    en: 'An AgentTool has more fields than the model ever sees. `name`, `description` and `parameters` are the tool\'s letter '
      + 'of introduction; `label`, `execute`, prepareArguments and executionMode work on your side. A result likewise '
      + 'splits into `content` for the model and `details` for you. Follow one order lookup and notice where each part goes.',
    'zh-CN': 'AgentTool 上的字段比模型能看到的多。`name`、`description` 和 `parameters` 是工具的“自我介绍”；`label`、`execute`、'
      + 'prepareArguments 和 executionMode 只在你这一侧起作用。工具结果也一样分成两部分：`content` 给模型，`details` 留给你。'
      + '跟着一次订单查询，看看每一部分分别去了哪里。',
  },
  tools: [LOOKUP_ORDER],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'What is sent to the model',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Where is my order #a-1042?',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'lookup_order', arguments: { orderId: '#a-1042' } }] },
      { content: 'Your order A-1042 shipped on 3 March and should arrive on Friday.' },
    ],
  },
  captions: [
    {
      id: 'declared',
      at: { on: 'message', turn: 1, edge: 'start' },
      text: {
        en: 'From each tool, every provider API takes only `name`, `description` and `parameters` (as JSON Schema). `label`, '
          + 'executionMode, prepareArguments and `execute` stay here. The one exception is pi\'s own pi-messages API, '
          + 'which forwards the whole objects, minus the functions.',
        'zh-CN': '对每个工具，各家模型服务的 API 只取 `name`、`description` 和 `parameters`（以 JSON Schema 形式）。`label`、'
          + 'executionMode、prepareArguments 和 `execute` 都留在本地。唯一的例外是 pi 自己的 pi-messages API，它会转发整个对象，只去掉函数。',
      },
    },
    {
      id: 'prepared',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'prepare', edge: 'end' },
      text: {
        en: 'prepareArguments ran before validation and turned "#a-1042" into "A-1042". It runs on your side: the '
          + 'toolCall in the transcript keeps the arguments exactly as the model wrote them.',
        'zh-CN': 'prepareArguments 在校验之前运行，把 "#a-1042" 变成了 "A-1042"。它在你这一侧运行：对话记录里的 toolCall '
          + '仍保留模型原样写出的参数。',
      },
    },
    {
      id: 'validated',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'validate', edge: 'end' },
      text: {
        en: 'Validation checks the prepared arguments against `parameters`: "A-1042" matches the pattern ^[A-Z]-\\d{4}$.',
        'zh-CN': '校验用 `parameters` 检查处理后的参数："A-1042" 符合模式 ^[A-Z]-\\d{4}$。',
      },
    },
    {
      id: 'result',
      at: { on: 'toolResult', toolCallId: 'call_1_1' },
      text: {
        en: 'The toolResult message keeps both `content` and `details`. Requests carry only the `content` (plus an error flag '
          + 'where the API has one); `details`, with its warehouse, carrier reference and internal note, stays in your app.',
        'zh-CN': 'toolResult 消息同时保存 `content` 和 `details`。请求里只带 `content`（API 支持时再加上错误标记）；`details` 里的仓库、'
          + '承运单号和内部备注都留在你的应用里。',
      },
    },
    {
      id: 'rule',
      at: { on: 'agent_end' },
      text: {
        en: 'Rule of thumb: write `description` and `parameters` for the model, `label` and `details` for people. Whatever '
          + 'the model must know belongs in `content`.',
        'zh-CN': '经验法则：`description` 和 `parameters` 写给模型看，`label` 和 `details` 写给人看。模型必须知道的信息，都要放进 `content`。',
      },
    },
  ],
  quiz: [
    {
      id: 'reaches-model',
      prompt: {
        en: 'Which of these fields reaches the model through an Anthropic or OpenAI request?',
        'zh-CN': '下面哪个字段会通过 Anthropic 或 OpenAI 的请求发给模型？',
      },
      choices: [
        { id: 'label', text: { en: 'The tool\'s `label`', 'zh-CN': '工具的 `label`' } },
        { id: 'description', text: { en: 'The tool\'s `description`', 'zh-CN': '工具的 `description`' } },
        { id: 'details', text: { en: 'A result\'s `details`', 'zh-CN': '结果里的 `details`' } },
        { id: 'execution-mode', text: { en: 'The tool\'s executionMode', 'zh-CN': '工具的 executionMode' } },
      ],
      answer: 'description',
      explanation: {
        en: 'Providers send the `name`, `description` and `parameters` of each tool, and the `content` of each result (with an '
          + 'error flag where the API has one). `label` and executionMode are for your UI and the loop; `details` is for your logs.',
        'zh-CN': '模型服务会发送每个工具的 `name`、`description` 和 `parameters`，以及每个结果的 `content`（API 支持时附带错误标记）。'
          + '`label` 和 executionMode 服务于你的界面和循环，`details` 则用于你的日志。',
      },
    },
  ],
};
