// Lesson 17: Agent.prompt() and agentLoop() run the same loop, so a tool call goes through the same events in the
// same order; Agent adds state around it (the transcript, pending calls) and awaits its listeners.
import { GET_WEATHER } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const PASS_THROUGH_HOOKS = `import type { AfterToolCallContext, BeforeToolCallContext } from "@earendil-works/pi-agent-core";

// With agentLoop() these go in the loop config; an Agent takes the same two functions as options
// (new Agent({ beforeToolCall, afterToolCall, ... })). Both let every call through unchanged here.
export async function beforeToolCall({ toolCall }: BeforeToolCallContext) {
  console.log(\`before \${toolCall.name}\`);
  return undefined;
}

export async function afterToolCall({ toolCall }: AfterToolCallContext) {
  console.log(\`after \${toolCall.name}\`);
  return undefined;
}
`;

export const promptOrAgentLoop: Lesson = {
  id: 'prompt-or-agent-loop',
  kind: 'lesson',
  badge: '17',
  minutes: 3,
  concept: { en: 'Agent.prompt() · agentLoop()', 'zh-CN': 'Agent.prompt() · agentLoop()' },
  title: { en: 'Agent.prompt() and agentLoop(): one tool lifecycle', 'zh-CN': 'Agent.prompt() 与 agentLoop()：同一套工具生命周期' },
  intro: {
    en: 'pi gives you two ways in. agentLoop(prompts, context, config, signal, streamFn) is the loop itself: you hand '
      + 'it a context and read a stream of events. An Agent keeps that context for you: agent.prompt("…") runs the '
      + 'same loop on the agent\'s state and delivers the same events to agent.subscribe() listeners. Watch one tool '
      + 'call and notice what either way would see.',
    'zh-CN': 'pi 提供两个入口。agentLoop(prompts, context, config, signal, streamFn) 就是循环本身：你交给它一个上下文，然后读取事件流。'
      + 'Agent 则替你保管这个上下文：agent.prompt("…") 在 Agent 的状态上运行同一个循环，并把同样的事件交给 agent.subscribe() 的监听器。'
      + '看一次工具调用，留意两种方式分别会看到什么。',
  },
  tools: [GET_WEATHER],
  hooks: PASS_THROUGH_HOOKS,
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Agent.prompt() or agentLoop()',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'What is the weather in Lisbon?',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'get_weather', arguments: { city: 'Lisbon' } }] },
      { content: 'Here is the weather in Lisbon, as get_weather reported it.' },
    ],
  },
  captions: [
    {
      id: 'same-loop',
      at: { on: 'message', turn: 1, edge: 'start' },
      text: {
        en: 'This run was recorded the way agentLoop() runs it. agent.prompt("…") calls runAgentLoop, the same loop, '
          + 'with the agent\'s messages, tools and system prompt as the context, so it starts with the same agent_start and '
          + 'turn_start.',
        'zh-CN': '这次运行是按 agentLoop() 的方式录制的。agent.prompt("…") 调用的 runAgentLoop 是同一个循环，只是用 Agent 的消息、'
          + '工具和系统提示词作为上下文，所以它同样以 agent_start 和 turn_start 开始。',
      },
    },
    {
      id: 'transcript',
      at: { on: 'message', turn: 1, edge: 'end' },
      text: {
        en: 'At every message_end (the prompt, this assistant message, each toolResult), an Agent appends the message to '
          + 'agent.state.messages. With agentLoop() the transcript is yours to keep: result() gives the run\'s new messages.',
        'zh-CN': '每到 message_end（提示词、这条助手消息、每条 toolResult），Agent 都会把消息追加到 agent.state.messages。'
          + '用 agentLoop() 时，对话记录由你自己保存：result() 会给出这次运行新增的消息。',
      },
    },
    {
      id: 'same-lifecycle',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'Either way the call went through one lifecycle: tool_execution_start, validate, beforeToolCall, `execute`, '
          + 'afterToolCall, tool_execution_end, its toolResult. An Agent hands the loop its own hooks and toolExecution, and '
          + 'lists the call in agent.state.pendingToolCalls meanwhile.',
        'zh-CN': '无论哪种方式，这个调用都走同一套生命周期：tool_execution_start、validate、beforeToolCall、`execute`、afterToolCall、'
          + 'tool_execution_end，然后是它的 toolResult。Agent 会把自己的钩子和 toolExecution 交给循环，并在调用期间把它记在 '
          + 'agent.state.pendingToolCalls 里。',
      },
    },
    {
      id: 'awaited',
      at: { on: 'agent_end' },
      text: {
        en: 'One difference is timing: an Agent awaits each subscribe() listener before the loop goes on, while agentLoop()\'s '
          + 'stream does not wait for its reader. prompt() resolves once the listeners of agent_end have settled.',
        'zh-CN': '一个区别在于时机：Agent 会等每个 subscribe() 监听器处理完，循环才继续；而 agentLoop() 的事件流不会等待读取方。'
          + 'prompt() 会在 agent_end 的监听器都处理完之后才完成。',
      },
    },
  ],
  quiz: [
    {
      id: 'prompt-events',
      prompt: {
        en: 'You switch from agentLoop() to agent.prompt(). What changes in the events a tool call produces?',
        'zh-CN': '你从 agentLoop() 换成 agent.prompt()。一次工具调用产生的事件会有什么变化？',
      },
      choices: [
        { id: 'nothing', text: { en: 'Nothing: the same events, in the same order', 'zh-CN': '没有变化：同样的事件，同样的顺序' } },
        { id: 'no-tool-events', text: { en: 'There are no tool_execution events: Agent runs tools quietly', 'zh-CN': '没有 tool_execution 事件：Agent 会悄悄运行工具' } },
        { id: 'sequential', text: { en: 'Tools always run sequentially', 'zh-CN': '工具总是串行执行' } },
        { id: 'no-hooks', text: { en: 'beforeToolCall and afterToolCall are not called', 'zh-CN': '不会调用 beforeToolCall 和 afterToolCall' } },
      ],
      answer: 'nothing',
      explanation: {
        en: 'Agent.prompt() runs runAgentLoop, the same loop as agentLoop(), with the agent\'s toolExecution and hooks. What '
          + 'the Agent adds is around the loop: it keeps agent.state (messages, pending tool calls) and awaits its listeners.',
        'zh-CN': 'Agent.prompt() 运行的 runAgentLoop 与 agentLoop() 是同一个循环，并使用 Agent 的 toolExecution 和钩子。'
          + 'Agent 增加的东西都在循环之外：它维护 agent.state（消息、进行中的工具调用），并等待它的监听器。',
      },
    },
  ],
};
