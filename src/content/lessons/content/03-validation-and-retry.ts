// Lesson 3: arguments that fail schema validation come back to the model as pi's exact validation message, and
// the model corrects itself on the next turn.
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const GET_FORECAST: ExampleToolFile = {
  id: 'lesson-get-forecast',
  name: 'get_forecast',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  city: Type.String({ description: "City name, e.g. Lisbon" }),
  days: Type.Integer({ minimum: 1, maximum: 7, description: "How many days to forecast, 1 to 7" }),
});

const forecastTool: AgentTool<typeof parameters> = {
  name: "get_forecast",
  label: "Forecast",
  description: "Get the daily weather forecast for a city, for the next 1 to 7 days.",
  parameters,
  async execute(_toolCallId, { city, days }) {
    // days is a number here: execute only ever sees arguments that passed validation.
    const pattern = ["sunny", "sunny", "light rain", "cloudy", "sunny", "windy", "sunny"];
    const forecast = pattern.slice(0, days);
    return {
      content: [{ type: "text", text: \`\${days}-day forecast for \${city}: \${forecast.join(", ")}\` }],
      details: { city, days, forecast },
    };
  },
};

export default forecastTool;
`,
};

export const VALIDATION_MESSAGE = 'Validation failed for tool "get_forecast":\n  - days: must be integer\n\n'
  + 'Received arguments:\n{\n  "city": "Lisbon",\n  "days": "three"\n}';

export const validationAndRetry: Lesson = {
  id: 'validation-and-retry',
  kind: 'lesson',
  badge: '3',
  minutes: 3,
  concept: { en: 'Validation errors', 'zh-CN': '参数校验错误' },
  title: { en: 'Schema validation fails, the model corrects itself', 'zh-CN': '参数校验失败，模型自行纠正' },
  intro: {
    en: 'Before `execute` runs, pi validates the model\'s arguments against the tool\'s `parameters`. When they do not fit, '
      + 'the tool never runs: the call ends with an error result holding pi\'s validation message, and the model '
      + 'reads it on the next turn. Here the model writes the number of days as a word, then fixes it.',
    'zh-CN': '在 `execute` 运行之前，pi 会用工具的 `parameters` 校验模型给出的参数。参数不合格时，工具根本不会运行：'
      + '这次调用以一个错误结果结束，里面是 pi 的校验信息，模型会在下一轮读到它。这里模型先把天数写成了英文单词，随后自行改正。',
  },
  tools: [GET_FORECAST],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Validation fails, the model retries',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'What will the weather be like in Lisbon for the next three days?',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'get_forecast', arguments: { city: 'Lisbon', days: 'three' } }] },
      {
        content: [
          { type: 'text', text: 'The number of days has to be an integer. Trying again.' },
          { type: 'toolCall', name: 'get_forecast', arguments: { city: 'Lisbon', days: 3 } },
        ],
      },
      { content: 'Lisbon looks good: sunny for the next two days, then light rain on the third.' },
    ],
  },
  captions: [
    {
      id: 'invalid',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'validate', edge: 'end' },
      text: {
        en: 'Validation failed. pi clones the arguments, converts what it safely can (the string "3" would have become '
          + 'the number 3), then checks them against the schema. "three" cannot be converted, so `execute` never runs.',
        'zh-CN': '校验失败。pi 先复制一份参数，把能安全转换的值转换掉（字符串 "3" 会变成数字 3），再用 schema 检查。'
          + '"three" 无法转换，所以 `execute` 根本不会运行。',
      },
    },
    {
      id: 'message',
      at: { on: 'toolResult', toolCallId: 'call_1_1' },
      text: {
        en: 'The error goes back as a toolResult with isError: true and pi\'s exact text: `Validation failed for tool '
          + '"get_forecast":`, one line per problem (`- days: must be integer`), then the arguments it received.',
        'zh-CN': '错误以 isError: true 的 toolResult 返回，内容是 pi 的原文：`Validation failed for tool "get_forecast":`，'
          + '每个问题一行（`- days: must be integer`），最后附上收到的参数。',
      },
    },
    {
      id: 'ask-again',
      at: { on: 'turn_start', turn: 2 },
      text: {
        en: 'Nothing crashed. The loop simply asks the model again, with the error in the transcript for it to read.',
        'zh-CN': '没有任何崩溃。循环只是再次请求模型，错误信息就在对话记录里，供模型阅读。',
      },
    },
    {
      id: 'corrected',
      at: { on: 'phase', toolCallId: 'call_2_2', phase: 'validate', edge: 'end' },
      text: {
        en: 'The model corrected itself: days: 3 passes validation, and this time the tool runs.',
        'zh-CN': '模型自己改正了：days: 3 通过了校验，这一次工具真正运行了。',
      },
    },
    {
      id: 'teach',
      at: { on: 'agent_end' },
      text: {
        en: 'Good schemas teach the model. Types, constraints (`minimum`, `maximum`, `enum`, `pattern`) and descriptions make '
          + 'the error precise enough to fix in one retry.',
        'zh-CN': '好的 schema 会教模型。类型、约束（`minimum`、`maximum`、`enum`、`pattern`）和描述能让错误信息足够具体，模型重试一次就能改对。',
      },
    },
  ],
  quiz: [
    {
      id: 'string-number',
      prompt: {
        en: 'The model sends days: "3" (a string) for a Type.Integer parameter. What happens in pi 0.85.1?',
        'zh-CN': '对于 Type.Integer 类型的参数，模型传来了 days: "3"（字符串）。在 pi 0.85.1 中会发生什么？',
      },
      choices: [
        { id: 'fails', text: { en: 'Validation fails: must be integer', 'zh-CN': '校验失败：must be integer' } },
        { id: 'converted', text: { en: 'It is converted to 3 and the tool runs', 'zh-CN': '它被转换成 3，工具照常运行' } },
        { id: 'provider', text: { en: 'The provider rejects the response', 'zh-CN': '模型服务会拒绝这条回复' } },
      ],
      answer: 'converted',
      explanation: {
        en: 'pi converts values where the conversion is safe (TypeBox\'s Value.Convert plus pi\'s own coercion): "3" '
          + 'becomes 3, "true" becomes true. Only values that cannot be converted, like "three", fail.',
        'zh-CN': 'pi 会在转换安全时自动转换取值（TypeBox 的 Value.Convert 加上 pi 自己的类型转换）："3" 变成 3，"true" 变成 true。'
          + '只有像 "three" 这样无法转换的值才会校验失败。',
      },
    },
  ],
};
