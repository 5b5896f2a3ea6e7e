// Lesson 10: beforeToolCall blocks a dangerous call (its reason becomes the error result) and afterToolCall
// rewrites a result (secrets redacted before the model sees them).
import type { ExampleToolFile } from '../../examples/types.ts';
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const RUN_COMMAND: ExampleToolFile = {
  id: 'lesson-run-command',
  name: 'run_command',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

// A pretend shell with a few canned outputs: nothing here touches a real machine.
const OUTPUTS: Record<string, string> = {
  "ls": "build/  src/  .env  package.json",
  "cat .env": "DATABASE_URL=postgres://app@db:5432/app\\nAPI_KEY=sk-live-4f9a8b7c6d5e\\nLOG_LEVEL=info",
};

const parameters = Type.Object({
  command: Type.String({ description: "A shell command to run in the project folder" }),
});

const runCommandTool: AgentTool<typeof parameters> = {
  name: "run_command",
  label: "Run command",
  description: "Run a shell command in the project folder and return its output.",
  parameters,
  async execute(_toolCallId, { command }) {
    const output = OUTPUTS[command.trim()] ?? \`\${command.split(" ")[0]}: done\`;
    return { content: [{ type: "text", text: output }], details: { command } };
  },
};

export default runCommandTool;
`,
};

export const LESSON_HOOKS = `import type { AfterToolCallContext, BeforeToolCallContext } from "@earendil-works/pi-agent-core";

// Runs after validation, before execute. Returning { block: true, reason } stops the call;
// the reason becomes the error result the model reads.
export async function beforeToolCall({ toolCall, args }: BeforeToolCallContext) {
  const { command } = args as { command?: string };
  if (toolCall.name === "run_command" && command && /\\brm\\s+-rf?\\b/.test(command)) {
    return { block: true, reason: \`Blocked: "\${command}" deletes files. Ask the user before running destructive commands.\` };
  }
  return undefined;
}

// Runs after execute. Fields you return replace the result's; the rest stays as it was.
export async function afterToolCall({ toolCall, result, isError }: AfterToolCallContext) {
  if (toolCall.name !== "run_command" || isError) return undefined;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
  const redacted = text.replace(/^(\\w*(?:KEY|SECRET|TOKEN|PASSWORD)\\w*)=.*$/gm, "$1=[redacted]");
  if (redacted === text) return undefined;
  return { content: [{ type: "text", text: redacted }] };
}
`;

export const BLOCK_REASON = 'Blocked: "rm -rf build" deletes files. Ask the user before running destructive commands.';

export const hooksLesson: Lesson = {
  id: 'hooks',
  kind: 'lesson',
  badge: '10',
  minutes: 4,
  concept: { en: 'beforeToolCall · afterToolCall', 'zh-CN': 'beforeToolCall · afterToolCall' },
  title: { en: 'Hooks: blocking a call and rewriting a result', 'zh-CN': '钩子：拦截调用与改写结果' },
  intro: {
    en: 'Two hooks wrap every tool call. beforeToolCall sees the validated arguments and may block the call; '
      + 'afterToolCall sees the result and may replace parts of it. Here the model asks to delete a folder and to '
      + 'print a file full of secrets. The hooks file on the agent page holds both hooks.',
    'zh-CN': '每个工具调用都被两个钩子包围。beforeToolCall 能看到校验后的参数，可以拦截这次调用；afterToolCall 能看到结果，'
      + '可以替换其中的部分内容。这里模型要求删除一个文件夹，还要打印一个满是密钥的文件。两个钩子都写在智能体页面的钩子文件里。',
  },
  tools: [RUN_COMMAND],
  hooks: LESSON_HOOKS,
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Hooks: block and rewrite',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Clean up the build folder, and show me what is configured in .env.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'run_command', arguments: { command: 'rm -rf build' } },
          { type: 'toolCall', name: 'run_command', arguments: { command: 'cat .env' } },
        ],
      },
      {
        content: 'I did not delete build/: deleting files needs your go-ahead. .env sets DATABASE_URL, API_KEY (its value '
          + 'is hidden) and LOG_LEVEL=info.',
      },
    ],
  },
  captions: [
    {
      id: 'blocked',
      at: { on: 'phase', toolCallId: 'call_1_1', phase: 'beforeToolCall', edge: 'end' },
      text: {
        en: 'beforeToolCall runs after validation, before `execute`. It returned { block: true, reason }, so `execute` '
          + 'never runs for this call.',
        'zh-CN': 'beforeToolCall 在校验之后、`execute` 之前运行。它返回了 { block: true, reason }，所以这次调用的 `execute` 永远不会运行。',
      },
    },
    {
      id: 'reason',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'A blocked call ends as an error whose text is your `reason`. Without a reason, pi writes "Tool execution was blocked".',
        'zh-CN': '被拦截的调用以错误结束，错误文本就是你给的 `reason`。如果没有给 `reason`，pi 会写 "Tool execution was blocked"。',
      },
    },
    {
      id: 'raw',
      at: { on: 'phase', toolCallId: 'call_1_2', phase: 'execute', edge: 'end' },
      text: {
        en: 'The second call was not blocked. `execute` returned the file as it is, API key included.',
        'zh-CN': '第二个调用没有被拦截。`execute` 原样返回了文件内容，包括 API 密钥。',
      },
    },
    {
      id: 'rewritten',
      at: { on: 'phase', toolCallId: 'call_1_2', phase: 'afterToolCall', edge: 'end' },
      text: {
        en: 'afterToolCall returned new `content` with the key redacted. The fields a hook returns replace the result\'s '
          + '(`content`, `details`, isError, `terminate`); the ones it leaves out keep their values.',
        'zh-CN': 'afterToolCall 返回了新的 `content`，密钥已被遮盖。钩子返回的字段会替换结果中的对应字段'
          + '（`content`、`details`、isError、`terminate`），没有返回的字段保持原值。',
      },
    },
    {
      id: 'model-sees',
      at: { on: 'toolResult', toolCallId: 'call_1_2' },
      text: {
        en: 'The toolResult holds the redacted text, so the model never sees the secret.',
        'zh-CN': 'toolResult 里是遮盖后的文本，所以模型永远看不到这个密钥。',
      },
    },
  ],
  quiz: [
    {
      id: 'before-when',
      prompt: {
        en: 'When does beforeToolCall run?',
        'zh-CN': 'beforeToolCall 在什么时候运行？',
      },
      choices: [
        { id: 'after-validation', text: { en: 'After the arguments are validated, before `execute`', 'zh-CN': '参数校验通过之后、`execute` 之前' } },
        { id: 'before-validation', text: { en: 'Before validation, on the raw arguments', 'zh-CN': '校验之前，针对原始参数' } },
        { id: 'every-call', text: { en: 'For every call, even unknown tools', 'zh-CN': '每个调用都会运行，连未知工具也不例外' } },
      ],
      answer: 'after-validation',
      explanation: {
        en: 'beforeToolCall gets the validated, converted arguments. Calls to unknown tools and calls with invalid '
          + 'arguments end before it, so it never sees them.',
        'zh-CN': 'beforeToolCall 拿到的是校验并转换后的参数。调用未知工具或参数不合格的调用，在它之前就已经结束了，所以它看不到这些调用。',
      },
    },
  ],
};
