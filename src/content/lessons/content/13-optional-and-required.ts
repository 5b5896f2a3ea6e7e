// Lesson 13: Type.Optional is what takes a property out of the JSON Schema's `required` list; a call that leaves out
// an optional field validates, one that leaves out a required field fails before execute. The schema is shown beside.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const BOOK_TABLE: ExampleToolFile = {
  id: 'lesson-book-table',
  name: 'book_table',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  // Plain properties are listed in the JSON Schema's "required".
  restaurant: Type.String({ description: "Name of the restaurant" }),
  time: Type.String({ pattern: "^\\\\d{2}:\\\\d{2}$", description: "Time of the booking, HH:MM (24-hour)" }),
  // Type.Optional is the only thing that leaves a property out of "required".
  guests: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: "How many people; 2 if left out" })),
  note: Type.Optional(Type.String({ description: "A remark for the restaurant" })),
});

const bookTableTool: AgentTool<typeof parameters> = {
  name: "book_table",
  label: "Book a table",
  description: "Book a table at a restaurant for today.",
  parameters,
  async execute(_toolCallId, { restaurant, time, guests = 2 }) {
    return {
      content: [{ type: "text", text: \`Booked \${restaurant} at \${time} for \${guests}.\` }],
      details: { restaurant, time, guests },
    };
  },
};

export default bookTableTool;
`,
};

export const optionalAndRequired: Lesson = {
  id: 'optional-and-required',
  kind: 'lesson',
  badge: '13',
  minutes: 3,
  exhibit: { kind: 'schema' },
  concept: { en: 'Type.Optional and required', 'zh-CN': 'Type.Optional 与 required' },
  title: { en: 'Type.Optional decides what is required', 'zh-CN': 'Type.Optional 决定哪些字段必填' },
  intro: {
    en: 'The model never sees your TypeBox code, only the JSON Schema it becomes. Which fields the model must send is '
      + 'the schema\'s `required` list, and TypeBox fills it from one thing: every property not wrapped in Type.Optional '
      + 'is required. Compare the tool\'s code in the editor with its JSON Schema below the run, then watch two bookings: '
      + 'one leaves out an optional field, the other a required one.',
    'zh-CN': '模型看不到你的 TypeBox 代码，只能看到它生成的 JSON Schema。模型必须发送哪些字段，取决于 schema 里的 `required` 列表，'
      + '而 TypeBox 只按一条规则填写它：没有用 Type.Optional 包起来的属性都是必填的。对照编辑器里的工具代码和运行下方的 JSON Schema，'
      + '再看两次订座：一次省略了可选字段，另一次省略了必填字段。',
  },
  tools: [BOOK_TABLE],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Optional and required fields',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Book Tasca do Chico at 20:00, and Cervejaria Ramiro for four of us.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'book_table', arguments: { restaurant: 'Tasca do Chico', time: '20:00' } },
          { type: 'toolCall', name: 'book_table', arguments: { restaurant: 'Cervejaria Ramiro', guests: 4 } },
        ],
      },
      { content: [{ type: 'toolCall', name: 'book_table', arguments: { restaurant: 'Cervejaria Ramiro', time: '21:30', guests: 4 } }] },
      { content: 'Booked: Tasca do Chico at 20:00 for two, and Cervejaria Ramiro at 21:30 for four.' },
    ],
  },
  captions: [
    {
      id: 'schema',
      at: { on: 'message', turn: 1, edge: 'start' },
      text: {
        en: 'The request declares `book_table` with the JSON Schema shown below the run. The plain `restaurant` and `time` '
          + 'are in `required`; `guests` and `note`, wrapped in Type.Optional, are not. That list tells the model what it must send.',
        'zh-CN': '请求里声明的 `book_table` 使用运行下方显示的 JSON Schema。`restaurant` 和 `time` 是普通属性，所以在 `required` 里；'
          + '`guests` 和 `note` 用 Type.Optional 包了起来，所以不在。模型只能从这个列表得知哪些字段必须发送。',
      },
    },
    {
      id: 'optional-left-out',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'validate', edge: 'end' },
      text: {
        en: 'The first call leaves out `guests`. It is not in `required`, so validation passes, and `execute` uses its own '
          + 'default of 2.',
        'zh-CN': '第一个调用省略了 `guests`。它不在 `required` 里，所以校验通过，`execute` 使用自己的默认值 2。',
      },
    },
    {
      id: 'required-left-out',
      at: { on: 'toolResult', toolCallId: 'call_1_2' },
      text: {
        en: 'The second call leaves out `time`, which is in `required`. Validation fails before `execute` runs, and the error '
          + 'result names the missing property for the model to read.',
        'zh-CN': '第二个调用省略了 `time`，而它在 `required` 里。校验在 `execute` 运行之前就失败了，错误结果会指出缺少的属性，供模型阅读。',
      },
    },
    {
      id: 'retry',
      at: { on: 'phase', toolCallId: 'call_2_1', phase: 'validate', edge: 'end' },
      text: {
        en: 'The model sends the booking again with a `time`, and this time validation passes.',
        'zh-CN': '模型带上 `time` 重新发送这次订座，这一次校验通过了。',
      },
    },
    {
      id: 'rule',
      at: { on: 'agent_end' },
      text: {
        en: 'Rule: only Type.Optional takes a property out of `required`. A `default`, or a description saying "optional", '
          + 'leaves it required, and the model must send it.',
        'zh-CN': '规则：只有 Type.Optional 能把属性移出 `required`。给属性设 `default`，或在描述里写“可选”，它仍然是必填的，模型必须发送。',
      },
    },
  ],
  quiz: [
    {
      id: 'leaves-required',
      prompt: {
        en: 'How do you make a TypeBox property one the model may leave out?',
        'zh-CN': '怎样让一个 TypeBox 属性成为模型可以省略的字段？',
      },
      choices: [
        { id: 'optional', text: { en: 'Wrap it in Type.Optional', 'zh-CN': '用 Type.Optional 包起来' } },
        { id: 'default', text: { en: 'Give it a `default` value', 'zh-CN': '给它设一个 `default` 值' } },
        { id: 'description', text: { en: 'Say "optional" in its `description`', 'zh-CN': '在 `description` 里写上“可选”' } },
        { id: 'nothing', text: { en: 'Nothing: every property may be left out', 'zh-CN': '什么都不用做：每个属性都可以省略' } },
      ],
      answer: 'optional',
      explanation: {
        en: 'TypeBox lists in `required` every property of Type.Object that is not wrapped in Type.Optional. A `default` '
          + 'is only an annotation, and a description is only text: neither changes `required`, and validation rejects a '
          + 'call that leaves such a field out.',
        'zh-CN': 'TypeBox 会把 Type.Object 中所有没有用 Type.Optional 包起来的属性列入 `required`。`default` 只是一个注解，描述只是文字：'
          + '两者都不会改变 `required`，省略这种字段的调用会被校验拒绝。',
      },
    },
  ],
};
