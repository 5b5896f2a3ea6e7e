// Lesson 4: in pi 0.85.1 a tool reports failure by throwing; a returned { isError: true } is ignored and the
// call counts as a success.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

const lookupTool = (name: string, label: string, missing: string) => `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const USERS: Record<string, string> = { "7": "Ada Lovelace", "12": "Grace Hopper" };

const parameters = Type.Object({
  userId: Type.String({ description: 'The user\\'s id, e.g. "7"' }),
});

const tool: AgentTool<typeof parameters> = {
  name: "${name}",
  label: "${label}",
  description: "Look up a user's full name by id.",
  parameters,
  async execute(_toolCallId, { userId }) {
    const name = USERS[userId];
    if (name === undefined) {
${missing}
    }
    return { content: [{ type: "text", text: name }], details: { userId } };
  },
};

export default tool;
`;

export const LOOKUP_RETURNS: ExampleToolFile = {
  id: 'lesson-lookup-returns',
  name: 'lookup_returns',
  kind: 'typescript',
  source: lookupTool('lookup_returns', 'Lookup (returns an error object)', `      // Looks like an error, but AgentToolResult has no isError field in pi 0.85.1:
      // the loop ignores it and treats this result as a success.
      const result = { content: [{ type: "text" as const, text: \`No user with id \${userId}\` }], details: {}, isError: true };
      return result;`),
};

export const LOOKUP_THROWS: ExampleToolFile = {
  id: 'lesson-lookup-throws',
  name: 'lookup_throws',
  kind: 'typescript',
  source: lookupTool('lookup_throws', 'Lookup (throws)', `      // The way to fail: throw. pi catches it and sends the message back with isError: true.
      throw new Error(\`No user with id \${userId}\`);`),
};

export const throwOrReturn: Lesson = {
  id: 'throw-or-return',
  kind: 'lesson',
  badge: '4',
  minutes: 3,
  concept: { en: 'Reporting failure', 'zh-CN': '如何报告失败' },
  title: { en: 'Throwing versus returning an error', 'zh-CN': '抛出异常与返回错误的区别' },
  intro: {
    en: 'Two tools look up a user who does not exist. One returns an object with isError: true; the other throws an '
      + 'Error. Both produce the same text, but in pi 0.85.1 only one of them is an error. Watch tool_execution_end '
      + 'and the toolResult messages.',
    'zh-CN': '两个工具都去查一个不存在的用户。一个返回带 isError: true 的对象，另一个抛出 Error。两者给出的文字一模一样，'
      + '但在 pi 0.85.1 中只有其中一个算作错误。请留意 tool_execution_end 和 toolResult 消息。',
  },
  tools: [LOOKUP_RETURNS, LOOKUP_THROWS],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Throwing versus returning an error',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Who is user 42?',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'lookup_returns', arguments: { userId: '42' } },
          { type: 'toolCall', name: 'lookup_throws', arguments: { userId: '42' } },
        ],
      },
      { content: 'There is no user with id 42. Could you check the id?' },
    ],
  },
  captions: [
    {
      id: 'returned',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'lookup_returns returned { isError: true, … }. Results have no isError field in pi 0.85.1, so the loop '
          + 'ignores it: tool_execution_end says isError: false. To pi, this call succeeded.',
        'zh-CN': 'lookup_returns 返回了 { isError: true, … }。在 pi 0.85.1 中结果对象没有 isError 字段，循环会忽略它：'
          + 'tool_execution_end 显示 isError: false。对 pi 来说，这次调用是成功的。',
      },
    },
    {
      id: 'thrown',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_2' },
      text: {
        en: 'lookup_throws threw new Error("No user with id 42"). The loop caught it: isError: true, and the '
          + 'error\'s message became the result text.',
        'zh-CN': 'lookup_throws 抛出了 new Error("No user with id 42")。循环捕获了它：isError: true，错误的 `message` 成了结果文本。',
      },
    },
    {
      id: 'flag',
      at: { on: 'toolResult', toolCallId: 'call_1_2' },
      text: {
        en: 'Same text, different flag. Several providers pass the flag on (Anthropic\'s is_error, Google\'s error '
          + 'response, Bedrock\'s `status: "error"`); OpenAI\'s APIs do not, so the text itself should say what went wrong.',
        'zh-CN': '文字相同，标记不同。不少模型服务会把这个标记传给模型（Anthropic 的 is_error、Google 的 `error` 响应、'
          + 'Bedrock 的 `status: "error"`）；OpenAI 的 API 不传，所以文字本身也要说清楚出了什么问题。',
      },
    },
    {
      id: 'rule',
      at: { on: 'agent_end' },
      text: {
        en: 'The rule for pi 0.85.1: to report a failure, throw. A returned isError only gained a meaning in later '
          + 'versions of pi.',
        'zh-CN': 'pi 0.85.1 的规则：要报告失败，就抛出异常。返回的 isError 要到 pi 之后的版本才有意义。',
      },
    },
  ],
  quiz: [
    {
      id: 'report-failure',
      prompt: {
        en: 'How should a pi 0.85.1 tool report that it failed?',
        'zh-CN': '在 pi 0.85.1 中，工具应该怎样报告自己执行失败？',
      },
      choices: [
        { id: 'throw', text: { en: 'Throw an Error with a helpful message', 'zh-CN': '抛出一个带有清晰说明的 Error' } },
        { id: 'is-error', text: { en: 'Return { content, details, isError: true }', 'zh-CN': '返回 { content, details, isError: true }' } },
        { id: 'empty', text: { en: 'Return an empty `content` list', 'zh-CN': '返回空的 `content` 列表' } },
        { id: 'update', text: { en: 'Call onUpdate with the error', 'zh-CN': '用 onUpdate 报告错误' } },
      ],
      answer: 'throw',
      explanation: {
        en: 'The loop catches whatever `execute` throws and turns it into a toolResult with isError: true and the '
          + 'error\'s message as its text. A returned value is always a success in 0.85.1.',
        'zh-CN': '循环会捕获 `execute` 抛出的任何异常，把它变成 isError: true 的 toolResult，文本就是错误的 `message`。'
          + '在 0.85.1 中，只要是返回的值，就一律算作成功。',
      },
    },
  ],
};
