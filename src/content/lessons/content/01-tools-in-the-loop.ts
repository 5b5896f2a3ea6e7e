// Lesson 1: where a tool appears in the loop — declared in Context.tools, requested by a toolCall block,
// answered by a toolResult message that the next request carries back to the model.
import { GET_WEATHER } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const toolsInTheLoop: Lesson = {
  id: 'tools-in-the-loop',
  kind: 'lesson',
  badge: '1',
  minutes: 3,
  concept: { en: 'The tool round trip', 'zh-CN': '工具调用的一个来回' },
  title: { en: 'Where tools appear in the loop', 'zh-CN': '工具在循环中的位置' },
  intro: {
    en: 'A tool takes three steps through pi\'s agent loop. It is declared to the model in Context.tools with every '
      + 'request; the model asks for it with a toolCall block in its response; the loop runs it and answers with a '
      + 'toolResult message, which the next request carries back. Watch one weather lookup make that round trip.',
    'zh-CN': '工具在 pi 的智能体循环里要走三步：每次请求都会通过 Context.tools 把它声明给模型；模型在回复中用一个 toolCall '
      + '块请求调用它；循环执行工具，并以一条 toolResult 消息作答，下一次请求再把这条消息带回给模型。'
      + '下面就来看一次查询天气的完整来回。',
  },
  tools: [GET_WEATHER],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Where tools appear in the loop',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: "What's the weather in Paris right now?",
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'text', text: 'Let me check the current weather in Paris.' },
          { type: 'toolCall', name: 'get_weather', arguments: { city: 'Paris' } },
        ],
      },
      { content: "It's 1°C with light rain in Paris right now, so take an umbrella and a warm coat." },
    ],
  },
  captions: [
    {
      id: 'request',
      at: { on: 'message', turn: 1, edge: 'start' },
      text: {
        en: 'The run starts with a request to the model. Every request carries Context.tools, here get_weather with '
          + 'its `name`, `description` and `parameters`. That is where tools are introduced: not in the system prompt, not in '
          + 'the messages.',
        'zh-CN': '运行从一次模型请求开始。每次请求都带着 Context.tools，这里是 get_weather 的 `name`、`description` 和 '
          + '`parameters`。工具就是在这里介绍给模型的，既不在系统提示词里，也不在消息里。',
      },
    },
    {
      id: 'tool-call-block',
      at: { on: 'block', turn: 1, kind: 'toolCall', edge: 'start' },
      text: {
        en: 'The model answers with a toolCall block: a tool name, an id (call_1_2) and JSON arguments, streamed '
          + 'piece by piece. Nothing has run yet. The model only asks.',
        'zh-CN': '模型用一个 toolCall 块作答：工具名、一个 id（call_1_2）和 JSON 参数，一段一段地流式输出。'
          + '此时什么都还没执行，模型只是提出请求。',
      },
    },
    {
      id: 'tool-use',
      at: { on: 'message', turn: 1, edge: 'end' },
      text: {
        en: 'The response ends with stopReason "toolUse". Because it holds a toolCall, the loop now runs the tool batch.',
        'zh-CN': '这条回复以 stopReason "toolUse" 结束。因为其中有 toolCall，循环接下来就会执行这一批工具调用。',
      },
    },
    {
      id: 'execute',
      at: { on: 'phase', toolCallId: 'call_1_2', phase: 'execute', edge: 'start' },
      text: {
        en: 'tool_execution_start went out, then pi found the tool by its exact name and validated the arguments '
          + 'against `parameters`. Only now does `execute` run, with the validated arguments.',
        'zh-CN': 'tool_execution_start 已经发出；随后 pi 按名称精确匹配找到工具，并用 `parameters` 校验参数。'
          + '直到这时 `execute` 才会运行，拿到的是校验后的参数。',
      },
    },
    {
      id: 'tool-result',
      at: { on: 'toolResult', toolCallId: 'call_1_2' },
      text: {
        en: 'The answer is a toolResult message with the same toolCallId. It is appended to the transcript, so the model '
          + 'reads it on the next request.',
        'zh-CN': '答复是一条 toolResult 消息，带着同一个 toolCallId。它被追加到对话记录中，模型会在下一次请求里读到它。',
      },
    },
    {
      id: 'second-request',
      at: { on: 'turn_start', turn: 2 },
      text: {
        en: 'Turn 2: the loop asks the model again. This request holds the prompt, the assistant\'s toolCall and the '
          + 'toolResult, and Context.tools once more.',
        'zh-CN': '第 2 轮：循环再次请求模型。这次请求包含用户提示、助手的 toolCall 和 toolResult，Context.tools 也会再带一次。',
      },
    },
    {
      id: 'end',
      at: { on: 'agent_end' },
      text: {
        en: 'The second response has no tool call, so the loop stops. agent_end carries the four messages this run added: '
          + 'user, assistant, toolResult, assistant.',
        'zh-CN': '第二条回复没有工具调用，循环就此结束。agent_end 带着本次运行新增的四条消息：user、assistant、toolResult、assistant。',
      },
    },
  ],
  quiz: [
    {
      id: 'parameters-library',
      prompt: {
        en: 'Which library defines the `parameters` of a pi tool?',
        'zh-CN': 'pi 工具的 `parameters` 是用哪个库定义的？',
      },
      choices: [
        { id: 'zod', text: { en: 'Zod', 'zh-CN': 'Zod' } },
        { id: 'typebox', text: { en: 'TypeBox', 'zh-CN': 'TypeBox' } },
        { id: 'openapi', text: { en: 'An OpenAPI document', 'zh-CN': 'OpenAPI 文档' } },
      ],
      answer: 'typebox',
      explanation: {
        en: 'pi-ai re-exports `Type` from TypeBox (1.3.7 in pi 0.85.1). A TypeBox schema is plain JSON Schema at run time, '
          + 'so pi can send it to every provider and validate the model\'s arguments against it.',
        'zh-CN': 'pi-ai 重新导出了 TypeBox 的 `Type`（pi 0.85.1 使用 1.3.7 版）。TypeBox 定义的 schema 在运行时就是普通的 '
          + 'JSON Schema，所以 pi 既能把它发给各家模型服务，也能用它校验模型给出的参数。',
      },
    },
    {
      id: 'where-declared',
      prompt: {
        en: 'How does the model learn which tools it may call?',
        'zh-CN': '模型是怎么知道自己可以调用哪些工具的？',
      },
      choices: [
        { id: 'context-tools', text: { en: 'From Context.tools, sent with every request', 'zh-CN': '来自每次请求都会带上的 Context.tools' } },
        { id: 'first-request', text: { en: 'From the first request only; it remembers them', 'zh-CN': '只来自第一次请求，之后模型会记住' } },
        { id: 'tool-result', text: { en: 'From the toolResult messages', 'zh-CN': '来自 toolResult 消息' } },
      ],
      answer: 'context-tools',
      explanation: {
        en: 'The model keeps no state between requests. pi sends Context.tools with every request, so changing the tools '
          + 'between turns changes what the model can call next.',
        'zh-CN': '模型在两次请求之间不保留任何状态。pi 每次请求都会发送 Context.tools，所以在两轮之间改动工具，就会改变模型下一步能调用什么。',
      },
    },
  ],
};
