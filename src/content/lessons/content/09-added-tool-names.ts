// Lesson 9: addedToolNames on a result is copied into the toolResult message; pi 0.85.1's loop does nothing else
// with it (adding the tools is up to whoever runs the loop).
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const ENABLE_TOOLS: ExampleToolFile = {
  id: 'lesson-enable-tools',
  name: 'enable_tools',
  kind: 'typescript',
  source: `import { StringEnum, Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const TOOLSETS: Record<string, string[]> = {
  currency: ["convert_currency"],
  calendar: ["list_events", "create_event"],
};

const parameters = Type.Object({
  topic: StringEnum(["currency", "calendar"], { description: "Which set of tools to load" }),
});

const enableToolsTool: AgentTool<typeof parameters> = {
  name: "enable_tools",
  label: "Enable tools",
  description: "Load an extra set of tools for a topic. Call it before using tools of that topic.",
  parameters,
  async execute(_toolCallId, { topic }) {
    const names = TOOLSETS[topic];
    return {
      content: [{ type: "text", text: \`Loaded \${names.join(", ")}.\` }],
      details: { topic },
      // Tells whoever runs the loop which tools this result introduced.
      addedToolNames: names,
    };
  },
};

export default enableToolsTool;
`,
};

export const addedToolNames: Lesson = {
  id: 'added-tool-names',
  kind: 'lesson',
  badge: '9',
  minutes: 2,
  concept: { en: 'addedToolNames', 'zh-CN': 'addedToolNames' },
  title: { en: 'addedToolNames: a result that introduces tools', 'zh-CN': 'addedToolNames：会引入新工具的结果' },
  intro: {
    en: 'Some tools unlock others: a “load the currency tools” call, say. A result can name the tools it introduced '
      + 'in addedToolNames. Watch what pi 0.85.1\'s loop does with that list, and what it leaves to you.',
    'zh-CN': '有些工具会解锁别的工具，比如“加载货币相关工具”这样的调用。结果可以在 addedToolNames 中列出它引入的工具。'
      + '看看 pi 0.85.1 的循环会怎样处理这个列表，又把哪些事留给了你。',
  },
  tools: [ENABLE_TOOLS],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'addedToolNames',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'I need to convert some prices from euros to yen.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'text', text: 'Let me load the currency tools first.' },
          { type: 'toolCall', name: 'enable_tools', arguments: { topic: 'currency' } },
        ],
      },
      { content: 'The currency converter is loaded. Which prices should I convert?' },
    ],
  },
  captions: [
    {
      id: 'copied',
      at: { on: 'toolResult', toolCallId: 'call_1_2' },
      text: {
        en: 'The result lists addedToolNames: ["convert_currency"], and pi copies the list into the toolResult message. '
          + 'That is all the loop does with it. (An empty list is not copied.)',
        'zh-CN': '结果中列出了 addedToolNames: ["convert_currency"]，pi 把这个列表复制到 toolResult 消息里。'
          + '循环对它做的就只有这些。（空列表不会被复制。）',
      },
    },
    {
      id: 'unchanged',
      at: { on: 'turn_start', turn: 2 },
      text: {
        en: 'The next request\'s tools are unchanged. Adding convert_currency to Context.tools is up to the code that '
          + 'runs the loop, for instance in prepareNextTurn; the list tells that code, and your UI, what appeared.',
        'zh-CN': '下一次请求的工具列表没有变化。把 convert_currency 加进 Context.tools，是运行循环的代码该做的事，'
          + '比如在 prepareNextTurn 中处理；这个列表只是告诉那段代码和你的界面：出现了哪些新工具。',
      },
    },
    {
      id: 'not-sent',
      at: { on: 'agent_end' },
      text: {
        en: 'Providers never send addedToolNames to the model; only pi\'s own pi-messages API forwards whole messages. '
          + 'If the model should know, say it in `content`, as "Loaded convert_currency." does here.',
        'zh-CN': '模型服务从不把 addedToolNames 发给模型，只有 pi 自己的 pi-messages API 会转发完整消息。'
          + '如果需要让模型知道，就写进 `content`，像这里的 "Loaded convert_currency." 一样。',
      },
    },
  ],
  quiz: [
    {
      id: 'loop-does',
      prompt: {
        en: 'What does pi 0.85.1\'s agent loop do with addedToolNames from a tool result?',
        'zh-CN': 'pi 0.85.1 的智能体循环会如何处理工具结果中的 addedToolNames？',
      },
      choices: [
        { id: 'copies', text: { en: 'Copies it into the toolResult message, nothing more', 'zh-CN': '把它复制进 toolResult 消息，仅此而已' } },
        { id: 'adds', text: { en: 'Adds those tools to Context.tools for the next request', 'zh-CN': '把这些工具加入下一次请求的 Context.tools' } },
        { id: 'sends', text: { en: 'Sends the names to the model', 'zh-CN': '把这些名字发给模型' } },
      ],
      answer: 'copies',
      explanation: {
        en: 'The loop copies a non-empty addedToolNames into the toolResult message. Changing the tools is the job of '
          + 'the code around the loop, e.g. a prepareNextTurn hook that returns a new `context`.',
        'zh-CN': '循环只会把非空的 addedToolNames 复制进 toolResult 消息。修改工具列表是循环外部代码的职责，'
          + '例如在 prepareNextTurn 钩子中返回一个新的 `context`。',
      },
    },
  ],
};
