// Lesson 6: a single call to a tool with executionMode "sequential" makes its whole batch sequential, even when the
// loop is set to parallel; deploy also shows onUpdate progress as tool_execution_update events.
import { DEPLOY, SLOW_FETCH } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const oneSequentialTool: Lesson = {
  id: 'one-sequential-tool',
  kind: 'lesson',
  badge: '6',
  minutes: 3,
  concept: { en: 'executionMode', 'zh-CN': 'executionMode' },
  title: { en: 'One sequential tool makes the whole batch sequential', 'zh-CN': '一个串行工具让整批调用串行执行' },
  intro: {
    en: 'The loop is set to run tools in parallel. But `deploy` declares executionMode: "sequential", because deploys '
      + 'must never overlap. The model asks for a deploy and an unrelated page fetch in the same turn. Watch what '
      + 'that one declaration does to the fetch, and how `deploy` reports progress while it works.',
    'zh-CN': '循环设置为并行执行工具。但 `deploy` 声明了 executionMode: "sequential"，因为部署绝不能相互重叠。'
      + '模型在同一轮里既请求了一次部署，又请求抓取一个无关的网页。看看这一个声明对网页抓取有什么影响，'
      + '以及 `deploy` 在执行过程中如何报告进度。',
  },
  tools: [DEPLOY, SLOW_FETCH],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'One sequential tool',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Deploy v1.4.2 to staging, and fetch the title of https://example.com while you are at it.',
    toolExecution: 'parallel',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'deploy', arguments: { environment: 'staging', version: 'v1.4.2' } },
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.com' } },
        ],
      },
      { content: 'v1.4.2 is live on staging, and example.com answered with its home page.' },
    ],
  },
  captions: [
    {
      id: 'batch-mode',
      at: { on: 'batch', turn: 1, edge: 'start' },
      text: {
        en: 'The loop is set to parallel, yet this batch runs sequentially: one of its calls targets `deploy`, whose '
          + 'executionMode is "sequential". A single such call makes the whole batch sequential.',
        'zh-CN': '循环设置的是并行，但这一批却串行执行：其中一个调用的目标是 `deploy`，它的 executionMode 是 "sequential"。'
          + '只要有一个这样的调用，整批都会串行执行。',
      },
    },
    {
      id: 'update',
      at: { on: 'tool_execution_update', toolCallId: 'call_1_1', nth: 1 },
      text: {
        en: '`deploy` reports progress through onUpdate. Each call to it becomes a tool_execution_update event with a '
          + 'partial result, for your UI. The model only ever sees the final result.',
        'zh-CN': '`deploy` 通过 onUpdate 报告进度。每调用一次，就产生一个带部分结果的 tool_execution_update 事件，供你的界面使用。'
          + '模型永远只看到最终结果。',
      },
    },
    {
      id: 'fetch-waits',
      at: { on: 'tool_execution_start', toolCallId: 'call_1_2' },
      text: {
        en: 'Only now does the fetch start. It waited for the whole deploy, although the two calls do not depend on '
          + 'each other.',
        'zh-CN': '直到现在，网页抓取才开始。尽管两个调用互不依赖，它还是等完了整个部署。',
      },
    },
    {
      id: 'when',
      at: { on: 'agent_end' },
      text: {
        en: 'Mark a tool sequential when it must never overlap with other calls (deploys, migrations, writes to shared '
          + 'state). Every batch that contains it pays the price, so keep everything else parallel.',
        'zh-CN': '当某个工具绝不能与其他调用重叠时（部署、数据迁移、写共享状态），就把它标记为串行执行。'
          + '凡是包含它的批次都要为此付出时间代价，所以其他工具都应保持并行。',
      },
    },
  ],
  quiz: [
    {
      id: 'sequential-batch',
      prompt: {
        en: 'The loop runs tools in parallel. A batch of three calls includes one call to a tool with executionMode: '
          + '"sequential". What happens?',
        'zh-CN': '循环设置为并行执行工具。一批三个调用中，有一个调用的工具设置了 executionMode: "sequential"。会发生什么？',
      },
      choices: [
        { id: 'whole', text: { en: 'The whole batch runs sequentially', 'zh-CN': '整批调用都串行执行' } },
        { id: 'that-one', text: { en: 'That call runs alone, after the other two ran in parallel', 'zh-CN': '另外两个先并行执行，这一个随后单独执行' } },
        { id: 'ignored', text: { en: 'Nothing: the loop setting wins', 'zh-CN': '没有影响：以循环的设置为准' } },
      ],
      answer: 'whole',
      explanation: {
        en: 'pi checks the batch before running it: if any call targets a sequential tool, or the loop is set to '
          + 'sequential, every call of the batch runs one after another, in source order.',
        'zh-CN': 'pi 会在执行前检查整批调用：只要有一个调用指向串行工具，或者循环本身设置为串行执行，'
          + '这一批的所有调用都会按出现顺序串行执行。',
      },
    },
    {
      id: 'on-update',
      prompt: {
        en: 'What is onUpdate, the fourth argument of `execute`, for?',
        'zh-CN': '`execute` 的第四个参数 onUpdate 是做什么用的？',
      },
      choices: [
        { id: 'partial', text: { en: 'Streaming partial results while the tool runs (tool_execution_update)', 'zh-CN': '在工具运行期间流式报告部分结果（tool_execution_update）' } },
        { id: 'model', text: { en: 'Sending progress messages to the model', 'zh-CN': '把进度消息发给模型' } },
        { id: 'arguments', text: { en: 'Updating the arguments before validation', 'zh-CN': '在校验之前修改参数' } },
      ],
      answer: 'partial',
      explanation: {
        en: 'Each onUpdate(partialResult) emits a tool_execution_update event for the app to show. Calls made '
          + 'after `execute` has settled are ignored, and no update ever reaches the model.',
        'zh-CN': '每次调用 onUpdate(partialResult) 都会发出一个 tool_execution_update 事件，供应用展示。`execute` 结束之后的调用会被忽略，'
          + '而且这些更新都不会发给模型。',
      },
    },
  ],
};
