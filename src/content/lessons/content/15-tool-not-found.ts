// Lesson 15: a call to a name that is not among the tools. pi answers it at once with the error result
// "Tool <name> not found" (no validation, no hooks, no execute) and the rest of the batch runs as usual.
import { GET_WEATHER } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

/** pi 0.85.1's text for a call to a tool it does not have (agent-loop.js), word for word. */
export const NOT_FOUND_MESSAGE = 'Tool search_web not found';

export const toolNotFound: Lesson = {
  id: 'tool-not-found',
  kind: 'lesson',
  badge: '15',
  minutes: 2,
  concept: { en: 'Unknown tool names', 'zh-CN': '未知的工具名' },
  title: { en: '"Tool not found": a call to a tool that does not exist', 'zh-CN': '“Tool not found”：调用一个不存在的工具' },
  intro: {
    en: 'Models sometimes ask for a tool they were never given: one from their training, an old name, a typo. pi '
      + 'looks each call\'s name up exactly among the tools of the context. Here the model asks for `search_web`, which '
      + 'this agent does not have, and for `get_weather`, which it has. Watch what each call gets back.',
    'zh-CN': '模型有时会请求一个从未提供给它的工具：训练时见过的工具、旧名字，或者拼写错误。pi 会在上下文的工具中按名字精确查找每个调用。'
      + '这里模型请求了这个智能体没有的 `search_web`，以及它有的 `get_weather`。看看每个调用分别得到什么。',
  },
  tools: [GET_WEATHER],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'A tool that does not exist',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Search the web for the weather in Oslo.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'search_web', arguments: { query: 'weather Oslo' } },
          { type: 'toolCall', name: 'get_weather', arguments: { city: 'Oslo' } },
        ],
      },
      { content: 'I cannot search the web here, but get_weather has the weather in Oslo for you.' },
    ],
  },
  captions: [
    {
      id: 'asked',
      at: { on: 'tool_execution_start', toolCallId: 'call_1_1' },
      text: {
        en: 'The model asks for `search_web`. No tool in Context.tools has that name; pi compares names exactly, so '
          + '`Search_Web` or `search-web` would not match either.',
        'zh-CN': '模型请求了 `search_web`。Context.tools 里没有叫这个名字的工具；pi 按名字精确比较，所以 `Search_Web` 或 `search-web` 也都不会匹配。',
      },
    },
    {
      id: 'not-found',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'pi answers at once with an error result whose text is exactly "Tool search_web not found". There is no '
          + 'validation, no beforeToolCall, no `execute` and no afterToolCall for this call.',
        'zh-CN': 'pi 立即返回一个错误结果，文本正是 "Tool search_web not found"。这个调用不会经过校验，也不会运行 beforeToolCall、'
          + '`execute` 和 afterToolCall。',
      },
    },
    {
      id: 'others-run',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_2' },
      text: {
        en: 'The other call of the batch is not affected: `get_weather` is validated and runs as usual.',
        'zh-CN': '同一批里的另一个调用不受影响：`get_weather` 照常通过校验并运行。',
      },
    },
    {
      id: 'model-reads',
      at: { on: 'message', turn: 2, edge: 'start' },
      text: {
        en: 'Both toolResult messages go back to the model, the first with isError: true. The model reads the error like '
          + 'any other result and answers without the search.',
        'zh-CN': '两条 toolResult 消息都会发回给模型，第一条带有 isError: true。模型像读其他结果一样读到这个错误，然后不再搜索，直接作答。',
      },
    },
  ],
  quiz: [
    {
      id: 'unknown-name',
      prompt: {
        en: 'What does pi do with a call to a tool name it does not have?',
        'zh-CN': '对于调用了不存在的工具名的调用，pi 会怎么做？',
      },
      choices: [
        { id: 'error-result', text: { en: 'Answers it with the error result "Tool <name> not found" and goes on', 'zh-CN': '用错误结果 "Tool <name> not found" 回复它，然后继续' } },
        { id: 'throws', text: { en: 'Throws, and the run ends with an error', 'zh-CN': '抛出异常，运行以错误结束' } },
        { id: 'skips', text: { en: 'Skips the call without a result', 'zh-CN': '跳过这个调用，不给结果' } },
        { id: 'closest', text: { en: 'Runs the tool with the closest name', 'zh-CN': '运行名字最接近的工具' } },
      ],
      answer: 'error-result',
      explanation: {
        en: 'An unknown name is an expected failure, not a crash: pi gives the call an error result, "Tool <name> not '
          + 'found", runs the rest of the batch, and the model reads the error in its next request.',
        'zh-CN': '未知的工具名是一种预期中的失败，而不是崩溃：pi 给这个调用一个错误结果 "Tool <name> not found"，'
          + '继续运行同一批的其他调用，模型会在下一次请求中读到这个错误。',
      },
    },
  ],
};
