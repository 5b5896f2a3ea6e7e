// Lesson 11: a response cut off by the output-token limit (stopReason "length"): none of its tool calls run, not
// even the complete one; each gets pi's truncation message, and the model re-issues them with complete arguments.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const SAVE_NOTE: ExampleToolFile = {
  id: 'lesson-save-note',
  name: 'save_note',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  title: Type.String({ description: "Title of the note" }),
  body: Type.String({ description: "The full text of the note" }),
});

const saveNoteTool: AgentTool<typeof parameters> = {
  name: "save_note",
  label: "Save note",
  description: "Save a note with a title and a body.",
  parameters,
  async execute(_toolCallId, { title, body }) {
    const lines = body.split("\\n").length;
    return { content: [{ type: "text", text: \`Saved "\${title}" (\${lines} lines).\` }], details: { title, body } };
  },
};

export default saveNoteTool;
`,
};

export const TRUNCATION_MESSAGE = 'Tool call "save_note" was not executed: the response hit the output token limit, so its '
  + 'arguments may be truncated. Re-issue the tool call with complete arguments.';

const FULL_BODY = '1. Tag v1.4.2\n2. Deploy to staging\n3. Check the dashboard\n4. Deploy to production';
const SHOPPING_BODY = 'Milk\nEggs';

export const lengthCutOff: Lesson = {
  id: 'length-cut-off',
  kind: 'lesson',
  badge: '11',
  minutes: 3,
  concept: { en: 'stopReason "length"', 'zh-CN': 'stopReason "length"' },
  title: { en: 'A response cut off by the token limit', 'zh-CN': '被输出长度上限截断的回复' },
  intro: {
    en: 'A model stops writing when it reaches its output-token limit, even in the middle of a tool call\'s JSON. '
      + 'pi\'s streaming parser still salvages something that looks like arguments. Here the limit hits the second of '
      + 'two notes. See why pi runs neither call, and how the model recovers.',
    'zh-CN': '模型写到输出 token 上限时就会停下，哪怕正写到工具调用的 JSON 中间。pi 的流式解析器仍会从中抢救出看起来像参数的东西。'
      + '这里上限出现在两条笔记中的第二条。看看 pi 为什么两个调用都不执行，以及模型如何恢复。',
  },
  tools: [SAVE_NOTE],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Cut off by the token limit',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Save two notes: my shopping list (milk, eggs) and my release checklist: tag v1.4.2, deploy to staging, '
      + 'check the dashboard, deploy to production.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'text', text: 'Saving both notes.' },
          { type: 'toolCall', name: 'save_note', arguments: { title: 'Shopping list', body: SHOPPING_BODY } },
          { type: 'toolCall', name: 'save_note', rawArguments: '{"title":"Release checklist","body":"1. Tag v1.4.2\\n2. Deploy to sta' },
        ],
        stopReason: 'length',
      },
      {
        content: [
          { type: 'toolCall', name: 'save_note', arguments: { title: 'Shopping list', body: SHOPPING_BODY } },
          { type: 'toolCall', name: 'save_note', arguments: { title: 'Release checklist', body: FULL_BODY } },
        ],
      },
      { content: 'Both notes are saved: your shopping list, and the release checklist with all four steps.' },
    ],
  },
  captions: [
    {
      id: 'cut-off',
      at: { on: 'message', turn: 1, edge: 'end' },
      text: {
        en: 'The response stopped at the output-token limit: stopReason "length". The second call\'s JSON broke off '
          + 'mid-string, yet the streaming parser salvaged { title, body: "1. Tag v1.4.2\\n2. Deploy to sta" }, '
          + 'arguments that would pass validation.',
        'zh-CN': '回复在输出 token 上限处停止：stopReason "length"。第二个调用的 JSON 在字符串中间断掉了，但流式解析器仍抢救出了 '
          + '{ title, body: "1. Tag v1.4.2\\n2. Deploy to sta" }，这样的参数其实能通过校验。',
      },
    },
    {
      id: 'not-run',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_2' },
      text: {
        en: 'pi trusts none of the calls, not even the first, whose arguments are complete. After a "length" stop no call '
          + 'is prepared, validated, hooked or executed. Each ends with: `Tool call "save_note" was not executed: the '
          + 'response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete '
          + 'arguments.`',
        'zh-CN': 'pi 一个调用都不信任，连参数完整的第一个也不例外。遇到 "length" 停止时，任何调用都不会被预处理、校验、经过钩子或执行。'
          + '每个调用都以这段文字结束：`Tool call "save_note" was not executed: the response hit the output token limit, '
          + 'so its arguments may be truncated. Re-issue the tool call with complete arguments.`',
      },
    },
    {
      id: 'both',
      at: { on: 'turn_end', turn: 1 },
      text: {
        en: 'Two calls, two error results, nothing executed. The text tells the model what to do next.',
        'zh-CN': '两个调用，两个错误结果，什么都没有执行。这段文字告诉了模型下一步该怎么做。',
      },
    },
    {
      id: 'retry',
      at: { on: 'turn_start', turn: 2 },
      text: {
        en: 'The message is in the transcript, so the model re-issues both calls, this time with complete arguments.',
        'zh-CN': '这段信息已在对话记录里，于是模型重新发出两个调用，这次参数是完整的。',
      },
    },
    {
      id: 'saved',
      at: { on: 'phase', toolCallId: 'call_2_2', phase: 'execute', edge: 'end' },
      text: {
        en: 'Complete arguments, and both notes are saved; the checklist has all four lines.',
        'zh-CN': '参数完整了，两条笔记都已保存，清单的四行一行不少。',
      },
    },
  ],
  quiz: [
    {
      id: 'valid-but-cut',
      prompt: {
        en: 'A response ends with stopReason "length". Its tool call\'s salvaged arguments happen to be valid. What does pi do?',
        'zh-CN': '一条回复以 stopReason "length" 结束，其中工具调用抢救出的参数恰好是合法的。pi 会怎么做？',
      },
      choices: [
        { id: 'runs', text: { en: 'Runs the call: the arguments are valid', 'zh-CN': '执行这个调用：参数是合法的' } },
        { id: 'refuses', text: { en: 'Does not run it, and returns the truncation error', 'zh-CN': '不执行，返回截断错误' } },
        { id: 'stops', text: { en: 'Ends the run without a result', 'zh-CN': '不给结果，直接结束运行' } },
      ],
      answer: 'refuses',
      explanation: {
        en: 'Salvaged arguments can be silently incomplete ("Deploy to sta"), so pi never runs the calls of a "length" '
          + 'response. Each gets an error result, and the loop asks the model again.',
        'zh-CN': '抢救出的参数可能悄无声息地缺了一截（"Deploy to sta"），所以 pi 从不执行 "length" 回复里的调用。'
          + '每个调用都会得到一个错误结果，然后循环再次请求模型。',
      },
    },
  ],
};
