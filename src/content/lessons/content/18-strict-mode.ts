// Lesson 18: constrainedSampling asks the provider to sample arguments that match the schema. Where strict tools are
// supported pi rewrites the schema (every property required, optional ones nullable, no extra properties) and marks
// the tool strict; elsewhere "prefer" sends it unchanged. pi's validation drops the nulls. The lint says so.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const CREATE_TICKET: ExampleToolFile = {
  id: 'lesson-create-ticket',
  name: 'create_ticket',
  kind: 'typescript',
  source: `import { StringEnum, Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  title: Type.String({ description: "One line saying what is wrong" }),
  priority: StringEnum(["low", "normal", "urgent"], { description: "How soon it must be looked at" }),
  assignee: Type.Optional(Type.String({ description: "Who should handle it; the on-call person if left out" })),
});

const createTicketTool: AgentTool<typeof parameters> = {
  name: "create_ticket",
  label: "New ticket",
  description: "Open a ticket in the team's issue tracker.",
  parameters,
  // Ask the provider to sample only arguments that match the schema, where it can ("prefer");
  // "require" would make pi refuse the request on a provider without strict tools.
  constrainedSampling: { type: "json_schema", strict: "prefer" },
  async execute(_toolCallId, { title, priority, assignee }) {
    const who = assignee ?? "on-call";
    return { content: [{ type: "text", text: \`Ticket T-311 opened (\${priority}) for \${who}: \${title}\` }], details: { id: "T-311" } };
  },
};

export default createTicketTool;
`,
};

export const strictMode: Lesson = {
  id: 'strict-mode',
  kind: 'lesson',
  badge: '18',
  minutes: 4,
  exhibit: { kind: 'providers', variants: ['openai-completions', 'anthropic-messages', 'google-generative-ai'] },
  concept: { en: 'constrainedSampling', 'zh-CN': 'constrainedSampling' },
  title: { en: 'Strict mode: constrainedSampling and what it changes in the request', 'zh-CN': '严格模式：constrainedSampling 以及它对请求的改变' },
  intro: {
    en: 'A tool may ask the provider to sample only arguments its schema allows: constrainedSampling: { type: '
      + '"json_schema", strict: "prefer" }. Not every provider can. Below the run, the same tool as OpenAI Chat '
      + 'Completions and Anthropic Messages (both with strict tools) and the Google Gemini API (without) receive it, '
      + 'with the lint\'s findings. Then watch the call the model makes under strict sampling.',
    'zh-CN': '工具可以要求服务商只采样其 schema 允许的参数：constrainedSampling: { type: "json_schema", strict: "prefer" }。'
      + '并不是每家服务商都能做到。运行下方并排列出了同一个工具在 OpenAI Chat Completions 和 Anthropic Messages（都支持严格工具）'
      + '以及 Google Gemini API（不支持）请求里的样子，以及检查结果。然后看看模型在严格采样下发出的调用。',
  },
  tools: [CREATE_TICKET],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Strict tool schemas',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'The login page is down. Open an urgent ticket.',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'create_ticket', arguments: { title: 'Login page is down', priority: 'urgent', assignee: null } }] },
      { content: 'Ticket T-311 is open as urgent, with the on-call person.' },
    ],
  },
  captions: [
    {
      id: 'rewritten',
      at: { on: 'message', turn: 1, edge: 'start' },
      text: {
        en: 'For OpenAI and Anthropic, pi made the schema strict and sent strict: true: every property in `required`, the '
          + 'optional `assignee` as anyOf [string, null], additionalProperties: false. The Gemini API has no strict tools, '
          + 'so "prefer" sends it unchanged.',
        'zh-CN': '对 OpenAI 和 Anthropic，pi 把 schema 改成严格形式并发送 strict: true：每个属性都进入 `required`，可选的 `assignee` '
          + '变成 anyOf [string, null]，并加上 additionalProperties: false。Gemini API 没有严格工具，所以 "prefer" 原样发送。',
      },
    },
    {
      id: 'null-sent',
      at: { on: 'tool_execution_start', toolCallId: 'call_1_1' },
      text: {
        en: 'Under strict sampling the model must send every property, so it sends "assignee": null to mean "left out". '
          + 'The toolCall keeps that null.',
        'zh-CN': '在严格采样下，模型必须发送每一个属性，所以它用 "assignee": null 表示“省略”。toolCall 里保留着这个 null。',
      },
    },
    {
      id: 'null-dropped',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'validate', edge: 'end' },
      text: {
        en: 'pi\'s validation drops a null given for an optional property whose schema does not allow null, so `execute` '
          + 'sees no `assignee` at all and picks the on-call person.',
        'zh-CN': '对于 schema 不允许 null 的可选属性，pi 的校验会丢掉传给它的 null，所以 `execute` 根本看不到 `assignee`，于是选了值班的人。',
      },
    },
    {
      id: 'lint',
      at: { on: 'agent_end' },
      text: {
        en: 'The lint below the requests says the same: `assignee` goes as required and nullable, and the Gemini API has '
          + 'no strict sampling. With strict: "require" that becomes an error: pi refuses such a request before sending it.',
        'zh-CN': '请求下方的检查结果也说明了这些：`assignee` 以必填且可为 null 的形式发送；Gemini API 没有严格采样。'
          + '改成 strict: "require" 后这会变成错误：pi 会在发送之前拒绝这样的请求。',
      },
    },
  ],
  quiz: [
    {
      id: 'require-unsupported',
      prompt: {
        en: 'A tool sets constrainedSampling: { type: "json_schema", strict: "require" } and the model runs on a provider '
          + 'without strict tools. What happens?',
        'zh-CN': '某个工具设置了 constrainedSampling: { type: "json_schema", strict: "require" }，而模型运行在不支持严格工具的服务商上。会发生什么？',
      },
      choices: [
        { id: 'refused', text: { en: 'pi refuses the request before sending it', 'zh-CN': 'pi 在发送之前就拒绝这个请求' } },
        { id: 'fallback', text: { en: 'The tool is sent without strict, as with "prefer"', 'zh-CN': '工具以非严格方式发送，和 "prefer" 一样' } },
        { id: 'dropped', text: { en: 'The tool is left out of the request', 'zh-CN': '这个工具被排除在请求之外' } },
        { id: 'validation-off', text: { en: 'pi stops validating the arguments', 'zh-CN': 'pi 不再校验参数' } },
      ],
      answer: 'refused',
      explanation: {
        en: '"prefer" falls back to normal sampling where strict tools are unsupported; "require" does not: the request '
          + 'fails before it is sent, with "Tool \"create_ticket\" requires JSON-schema constrained sampling, but strict '
          + 'tools are unsupported." Validation runs in every case.',
        'zh-CN': '在不支持严格工具的地方，"prefer" 会退回普通采样；"require" 不会：请求在发送之前就失败，错误是 '
          + '"Tool \"create_ticket\" requires JSON-schema constrained sampling, but strict tools are unsupported."。任何情况下都会校验参数。',
      },
    },
  ],
};
