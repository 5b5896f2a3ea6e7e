// Lesson 12: aborting while pi prepares a parallel batch — prepared calls end as "Operation aborted", later calls
// get nothing, and the next request comes back aborted ("Request was aborted").
import { SLOW_FETCH } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const abortLesson: Lesson = {
  id: 'abort',
  kind: 'lesson',
  badge: '12',
  minutes: 3,
  concept: { en: 'AbortSignal', 'zh-CN': 'AbortSignal' },
  title: { en: 'Abort: stopping a run mid-batch', 'zh-CN': '中止：在一批调用中途停止运行' },
  intro: {
    en: 'The model asks for three pages at once. Just as pi starts preparing the second call, the user presses Stop: '
      + 'the run\'s AbortSignal fires. Follow what happens to each of the three calls, and to the request after them.',
    'zh-CN': '模型一次请求三个网页。就在 pi 开始准备第二个调用时，用户按下了停止：本次运行的 AbortSignal 触发了。'
      + '看看三个调用各自的结局，以及它们之后的那次请求会怎样。',
  },
  tools: [SLOW_FETCH],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Abort during a batch',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Get the titles of example.com, example.org and example.net.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.com' } },
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.org' } },
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.net' } },
        ],
      },
      { content: 'All three pages answered.' },
    ],
    abort: { toolCallStart: 'call_1_2' },
  },
  captions: [
    {
      id: 'stop',
      at: { on: 'log', includes: 'abort' },
      text: {
        en: 'Stop is pressed: the AbortSignal fires while pi is preparing the batch. The first call is already prepared '
          + 'and waits to run; the second is being prepared; the third has not been touched.',
        'zh-CN': '停止键被按下：pi 正在准备这一批时，AbortSignal 触发了。第一个调用已准备好、等待运行；第二个正在准备；第三个还没被处理。',
      },
    },
    {
      id: 'second',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_2' },
      text: {
        en: 'pi checks the signal after preparing a call, so the second call ends at once with "Operation aborted". The '
          + 'preparation loop stops here.',
        'zh-CN': 'pi 在准备完一个调用后会检查信号，所以第二个调用立刻以 "Operation aborted" 结束。准备工作也到此为止。',
      },
    },
    {
      id: 'first',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'The first call was prepared but had not started. Before running a prepared call pi checks the signal '
          + 'again, so `execute` never runs: "Operation aborted" too.',
        'zh-CN': '第一个调用已经准备好但还没开始运行。运行前 pi 会再次检查信号，于是 `execute` 根本没有运行：结果同样是 "Operation aborted"。',
      },
    },
    {
      id: 'third',
      at: { on: 'turn_end', turn: 1 },
      text: {
        en: 'Two toolResults, both errors. The third call gets no events and no result at all.',
        'zh-CN': '两条 toolResult，都是错误。第三个调用则没有任何事件，也没有任何结果。',
      },
    },
    {
      id: 'request',
      at: { on: 'message', turn: 2, edge: 'end' },
      text: {
        en: 'pi still sends the next request, but the provider sees the aborted signal and returns stopReason '
          + '"aborted" with "Request was aborted". The run ends there.',
        'zh-CN': 'pi 仍然会发出下一次请求，但模型服务看到信号已中止，返回 stopReason "aborted" 和 "Request was aborted"。运行到此结束。',
      },
    },
    {
      id: 'tools',
      at: { on: 'agent_end' },
      text: {
        en: 'A tool that is already running gets the same signal as its third argument: pass it on (to `fetch`, to '
          + '`sleep`) and throw when it fires, so Stop is quick.',
        'zh-CN': '已经在运行的工具会通过第三个参数拿到同一个信号：把它继续传下去（传给 `fetch`、`sleep`），并在信号触发时抛出异常，'
          + '这样停止才会迅速生效。',
      },
    },
  ],
  quiz: [
    {
      id: 'unstarted',
      prompt: {
        en: 'A run is aborted while pi prepares a parallel batch of three calls. What does the third, untouched call get?',
        'zh-CN': 'pi 正在准备一批三个并行调用时，运行被中止了。第三个尚未处理的调用会得到什么？',
      },
      choices: [
        { id: 'aborted', text: { en: 'A toolResult "Operation aborted"', 'zh-CN': '一条 "Operation aborted" 的 toolResult' } },
        { id: 'nothing', text: { en: 'Nothing: no events and no result', 'zh-CN': '什么都没有：没有事件，也没有结果' } },
        { id: 'runs', text: { en: 'It still runs', 'zh-CN': '它照样会运行' } },
      ],
      answer: 'nothing',
      explanation: {
        en: 'pi 0.85.1 stops preparing the batch as soon as the signal has fired. Calls it never reached produce no '
          + 'events and no toolResult.',
        'zh-CN': '一旦信号触发，pi 0.85.1 就停止准备这一批调用。还没轮到的调用不会产生任何事件，也没有 toolResult。',
      },
    },
  ],
};
