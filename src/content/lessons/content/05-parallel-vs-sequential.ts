// Lesson 5: the same two 2-second tool calls run in parallel (about 2 s) and in sequence (about 4 s), side by side.
import { SLOW_FETCH } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { FAST_PACE, LESSON_SYSTEM_PROMPT } from './shared.ts';

export const parallelVsSequential: Lesson = {
  id: 'parallel-vs-sequential',
  kind: 'lesson',
  badge: '5',
  minutes: 3,
  compare: true,
  concept: { en: 'toolExecution', 'zh-CN': 'toolExecution' },
  title: { en: 'Parallel versus sequential', 'zh-CN': '并行与串行' },
  intro: {
    en: 'The model asks for two pages in one turn. Each fetch takes two seconds. pi runs a batch in parallel unless '
      + 'told otherwise; with toolExecution: "sequential" it runs the calls one after the other. The same scenario is '
      + 'played both ways on one time scale, so you can compare the totals.',
    'zh-CN': '模型在一轮里请求两个网页，每次抓取要两秒。除非另有设置，pi 会并行执行一批调用；设置 toolExecution: "sequential" 后，'
      + '就会串行执行，一个接一个。同一个场景按两种方式各跑一遍，放在同一条时间轴上，方便比较总耗时。',
  },
  tools: [SLOW_FETCH],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Parallel versus sequential',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Get the titles of https://example.com and https://example.org.',
    timing: FAST_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.com' } },
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.org' } },
        ],
      },
      { content: 'Both pages answered: example.com and example.org each show their home page.' },
    ],
  },
  captions: [
    {
      id: 'parallel-start',
      at: { run: 'parallel', on: 'batch', turn: 1, edge: 'start' },
      text: {
        en: 'Top, parallel (pi\'s default): pi prepares both calls in source order, then starts both `execute` calls together.',
        'zh-CN': '上方是并行（pi 的默认方式）：pi 按出现顺序先准备好两个调用，再并行启动两个 `execute`。',
      },
    },
    {
      id: 'sequential-start',
      at: { run: 'sequential', on: 'batch', turn: 1, edge: 'start' },
      text: {
        en: 'Bottom, sequential: each call goes through its whole pipeline, from tool_execution_start to its '
          + 'toolResult, before the next one even starts.',
        'zh-CN': '下方是串行：每个调用都要走完整条流水线，从 tool_execution_start 到它的 toolResult，下一个调用才会开始。',
      },
    },
    {
      id: 'parallel-end',
      at: { run: 'parallel', on: 'batch', turn: 1, edge: 'end' },
      text: {
        en: 'The parallel batch is done after about 2 seconds: the two waits overlapped. tool_execution_end events come '
          + 'in completion order; the toolResult messages are still added in source order.',
        'zh-CN': '并行的这一批大约 2 秒就完成了：两次等待是重叠的。tool_execution_end 按完成先后发出，'
          + '而 toolResult 消息仍按调用出现的顺序加入。',
      },
    },
    {
      id: 'second-call',
      at: { run: 'sequential', on: 'tool_execution_start', toolCallId: 'call_1_2' },
      text: {
        en: 'Meanwhile the sequential run only now starts its second call, two seconds in.',
        'zh-CN': '与此同时，串行的那一次直到第 2 秒才开始第二个调用。',
      },
    },
    {
      id: 'sequential-end',
      at: { run: 'sequential', on: 'agent_end' },
      text: {
        en: 'Sequential takes about 4 seconds, the sum of both calls. Independent calls are faster in parallel; choose '
          + 'sequential (toolExecution: "sequential" in the loop config) when calls must not overlap.',
        'zh-CN': '串行大约用了 4 秒，正好是两个调用之和。互不依赖的调用并行更快；当调用不能相互重叠时，'
          + '再选择串行（在循环配置中设置 toolExecution: "sequential"）。',
      },
    },
  ],
  quiz: [
    {
      id: 'durations',
      prompt: {
        en: 'One batch holds two independent calls that take 2 s each. About how long does the batch take?',
        'zh-CN': '一批调用里有两个互不依赖的调用，每个耗时 2 秒。这一批大约要多久？',
      },
      choices: [
        { id: '2-2', text: { en: '2 s in parallel, 2 s in sequence', 'zh-CN': '并行 2 秒，串行 2 秒' } },
        { id: '2-4', text: { en: '2 s in parallel, 4 s in sequence', 'zh-CN': '并行 2 秒，串行 4 秒' } },
        { id: '4-4', text: { en: '4 s in parallel, 4 s in sequence', 'zh-CN': '并行 4 秒，串行 4 秒' } },
      ],
      answer: '2-4',
      explanation: {
        en: 'In parallel the two `execute` calls wait at the same time, so the batch lasts as long as its slowest call. In '
          + 'sequence the waits add up.',
        'zh-CN': '并行时两个 `execute` 一起等待，所以这一批的耗时取决于最慢的那个调用；串行时，等待时间会累加。',
      },
    },
  ],
};
