// Lesson 8: when every result of a batch says terminate: true, the run ends after that batch, without asking the
// model again.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const SAVE_REPORT: ExampleToolFile = {
  id: 'lesson-save-report',
  name: 'save_report',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  title: Type.String({ description: "Report title" }),
  summary: Type.String({ description: "The finished report, in a few sentences" }),
});

const saveReportTool: AgentTool<typeof parameters> = {
  name: "save_report",
  label: "Save report",
  description: "Save the finished report. Call it once, when the report is complete.",
  parameters,
  async execute(_toolCallId, { title, summary }) {
    return {
      content: [{ type: "text", text: \`Saved "\${title}" (\${summary.length} characters).\` }],
      details: { title },
      // Nothing more for the model to do after this: a hint that the run may end here.
      terminate: true,
    };
  },
};

export default saveReportTool;
`,
};

export const NOTIFY_TEAM: ExampleToolFile = {
  id: 'lesson-notify-team',
  name: 'notify_team',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  message: Type.String({ description: "A one-line message for the team channel" }),
});

const notifyTeamTool: AgentTool<typeof parameters> = {
  name: "notify_team",
  label: "Notify team",
  description: "Post a one-line message to the team channel.",
  parameters,
  async execute(_toolCallId, { message }) {
    return { content: [{ type: "text", text: \`Posted: \${message}\` }], details: {}, terminate: true };
  },
};

export default notifyTeamTool;
`,
};

export const terminateBatch: Lesson = {
  id: 'terminate',
  kind: 'lesson',
  badge: '8',
  minutes: 2,
  concept: { en: '`terminate`', 'zh-CN': '`terminate`' },
  title: { en: '`terminate`: ending the run after a batch', 'zh-CN': '`terminate`：在一批调用后结束运行' },
  intro: {
    en: 'Usually the loop asks the model again after every batch of tool calls. A tool can hint that there is '
      + 'nothing left to do by returning `terminate: true`. Here the model saves its report and tells the team in one '
      + 'turn, and both results say `terminate`. Count the requests.',
    'zh-CN': '通常，每执行完一批工具调用，循环都会再次请求模型。工具可以返回 `terminate: true`，提示已经没有别的事要做了。'
      + '这里模型在一轮中保存报告并通知团队，两个结果都带着 `terminate`。数一数一共发了几次请求。',
  },
  tools: [SAVE_REPORT, NOTIFY_TEAM],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'terminate',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Write up the outage report, save it and let the team know.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          {
            type: 'toolCall',
            name: 'save_report',
            arguments: { title: 'Outage on 3 March', summary: 'The API was down for 12 minutes after a bad config push. Rolled back at 10:42.' },
          },
          { type: 'toolCall', name: 'notify_team', arguments: { message: 'Outage report for 3 March is saved.' } },
        ],
      },
    ],
  },
  captions: [
    {
      id: 'hint',
      at: { on: 'toolResult', toolCallId: 'call_1_1' },
      text: {
        en: 'save_report returned `terminate: true`, a hint that the run can end after this batch.',
        'zh-CN': 'save_report 返回了 `terminate: true`，提示这一批之后运行可以结束。',
      },
    },
    {
      id: 'every',
      at: { on: 'batch', turn: 1, edge: 'end' },
      text: {
        en: 'Every result in the batch says `terminate: true` (exactly true, not just truthy), so the batch ends the '
          + 'run. Had a single result lacked it, pi would have asked the model again.',
        'zh-CN': '这一批的每个结果都是 `terminate: true`（必须严格等于 true，仅仅是真值不算），所以这一批结束后运行就结束了。'
          + '只要有一个结果没有它，pi 就会再次请求模型。',
      },
    },
    {
      id: 'one-request',
      at: { on: 'agent_end' },
      text: {
        en: 'One request only: agent_end follows the first turn. Handy when a tool\'s result is the final answer '
          + '(submitting a form, handing over to a person). Queued steering or follow-up messages would still start '
          + 'another turn.',
        'zh-CN': '只有一次请求：agent_end 紧跟在第一轮之后。当工具结果就是最终答案时（提交表单、转交给人工），这很方便。'
          + '不过，如果有排队的 steering 或 follow-up 消息，仍然会开始新的一轮。',
      },
    },
  ],
  quiz: [
    {
      id: 'one-of-two',
      prompt: {
        en: 'A batch has two calls, and only one of the results has `terminate: true`. What does the loop do?',
        'zh-CN': '一批有两个调用，只有其中一个结果带 `terminate: true`。循环会怎么做？',
      },
      choices: [
        { id: 'ends', text: { en: 'Ends the run', 'zh-CN': '结束运行' } },
        { id: 'continues', text: { en: 'Asks the model again', 'zh-CN': '再次请求模型' } },
        { id: 'drops', text: { en: 'Drops the other result and ends', 'zh-CN': '丢弃另一个结果，然后结束' } },
      ],
      answer: 'continues',
      explanation: {
        en: 'A batch stops the run only when it produced at least one result and every result has `terminate === true`.',
        'zh-CN': '只有当一批至少产生了一个结果，并且每个结果都满足 `terminate === true` 时，这一批才会让运行结束。',
      },
    },
  ],
};
