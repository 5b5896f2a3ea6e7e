// The agent settings page: system prompt, the loop's tool execution mode, and the hooks file.
import { defineMessages } from '../define.ts';

export const messages = defineMessages({
  en: {
    'agent.title': 'Hooks & loop settings',
    'agent.systemPrompt': 'System prompt',
    'agent.systemPromptHelp': 'Sent with every request, beside the messages (not as a message).',
    'agent.toolExecution': 'Tool execution',
    'agent.toolExecutionHelp': "The loop's {toolExecution}. A tool with {executionMode} makes its whole batch sequential either way.",
    'agent.mode.parallel': 'Parallel',
    'agent.mode.parallelHelp': 'Prepare every call in order, then execute them together. Results keep the call order.',
    'agent.mode.sequential': 'Sequential',
    'agent.mode.sequentialHelp': 'Prepare and execute one call at a time, in order.',
    'agent.hooks': 'Hooks',
    'agent.hooksHelp': 'Export {before} and/or {after}; they run in the sandbox.',
    'agent.hooksSource': 'Hooks source',
  },
  'zh-CN': {
    'agent.title': '钩子与循环设置',
    'agent.systemPrompt': '系统提示词',
    'agent.systemPromptHelp': '随每个请求发送，与消息并列（而不是作为一条消息）。',
    'agent.toolExecution': '工具执行方式',
    'agent.toolExecutionHelp': '即循环的 {toolExecution} 选项。只要批次中有工具设置了 {executionMode}，整批调用都会串行执行。',
    'agent.mode.parallel': '并行',
    'agent.mode.parallelHelp': '先按出现顺序准备每个调用，再并行执行。结果保持调用顺序。',
    'agent.mode.sequential': '串行',
    'agent.mode.sequentialHelp': '串行：逐个准备并执行调用，一个完成后才开始下一个。',
    'agent.hooks': '钩子',
    'agent.hooksHelp': '导出 {before} 和/或 {after}，它们在沙箱中运行。',
    'agent.hooksSource': '钩子源码',
  },
});
