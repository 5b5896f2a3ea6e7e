// Lesson 7: a data dependency across turns — pi's built-in read, then edit with text copied from what read returned.
// Works on the lesson's own virtual files.
import type { Lesson } from '../types.ts';
import { LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const CONFIG_BEFORE = `export const config = {
  retries: 3,
  timeoutMs: 5000,
};
`;

export const readThenEdit: Lesson = {
  id: 'read-then-edit',
  kind: 'lesson',
  badge: '7',
  minutes: 3,
  concept: { en: 'Dependent calls', 'zh-CN': '相互依赖的调用' },
  title: { en: 'Read first, then edit with what was read', 'zh-CN': '先读取，再用读到的内容去编辑' },
  intro: {
    en: 'pi\'s built-in `edit` tool replaces exact text: every edits[].oldText must match the file. The model cannot '
      + 'know that text before it has read the file, so it needs two turns: `read`, then `edit`. This lesson uses pi\'s '
      + 'own `read` and `edit` tools on a small virtual file of its own; your files are never touched.',
    'zh-CN': 'pi 内置的 `edit` 工具按精确文本替换：每个 edits[].oldText 都必须与文件内容一致。模型在读取文件之前不可能知道这段文本，'
      + '所以需要两轮：先 `read`，再 `edit`。本课使用 pi 自带的 `read` 和 `edit` 工具，操作的是本课自带的一个小虚拟文件，不会碰你的文件。',
  },
  tools: [],
  codingTools: ['read', 'edit'],
  files: { 'src/config.ts': CONFIG_BEFORE },
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Read, then edit',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Raise the retry count in src/config.ts to 5.',
    timing: READABLE_PACE,
    turns: [
      {
        content: [
          { type: 'text', text: "I'll read the file first." },
          { type: 'toolCall', name: 'read', arguments: { path: 'src/config.ts' } },
        ],
      },
      {
        content: [
          { type: 'toolCall', name: 'edit', arguments: { path: 'src/config.ts', edits: [{ oldText: '  retries: 3,', newText: '  retries: 5,' }] } },
        ],
      },
      { content: 'Done: src/config.ts now sets retries to 5.' },
    ],
  },
  captions: [
    {
      id: 'read-only',
      at: { on: 'block', turn: 1, kind: 'toolCall', edge: 'start' },
      text: {
        en: 'The model cannot edit yet: `edit` needs the exact text to replace (oldText), and the model has not seen the '
          + 'file. So this turn calls `read` only.',
        'zh-CN': '模型现在还不能编辑：`edit` 需要被替换的精确文本（oldText），而模型还没看过这个文件。所以这一轮只调用 `read`。',
      },
    },
    {
      id: 'read-result',
      at: { on: 'toolResult', toolCallId: 'call_1_2' },
      text: {
        en: '`read` returned the file\'s text. It is in the transcript now, where the next request will show it to the model.',
        'zh-CN': '`read` 返回了文件的文本。它现在已在对话记录里，下一次请求会把它带给模型。',
      },
    },
    {
      id: 'second-turn',
      at: { on: 'turn_start', turn: 2 },
      text: {
        en: 'Turn 2. The `edit` depends on what `read` returned, so it could not share `read`\'s batch: the calls of one '
          + 'batch are all written before any of them runs.',
        'zh-CN': '第 2 轮。`edit` 依赖于 `read` 的返回结果，所以不能和 `read` 放在同一批：同一批的调用都是在任何一个执行之前就写好的。',
      },
    },
    {
      id: 'edited',
      at: { on: 'phase', toolCallId: 'call_2_1', phase: 'execute', edge: 'end' },
      text: {
        en: '`edit` found oldText exactly once and replaced it: "Successfully replaced 1 block(s) in src/config.ts." The '
          + 'change happened in this lesson\'s virtual files.',
        'zh-CN': '`edit` 恰好找到一处 oldText 并完成替换："Successfully replaced 1 block(s) in src/config.ts."。'
          + '改动发生在本课自带的虚拟文件里。',
      },
    },
    {
      id: 'rule',
      at: { on: 'agent_end' },
      text: {
        en: 'Independent calls belong in one turn, where they can run in parallel. A call that needs another call\'s '
          + 'result needs a turn of its own.',
        'zh-CN': '互不依赖的调用应放在同一轮，这样可以并行执行。需要用到另一个调用结果的调用，则必须单独占一轮。',
      },
    },
  ],
  quiz: [
    {
      id: 'turns',
      prompt: {
        en: 'The model must read a file and then change a line in it with `edit`. How many turns with tool calls does it need, at least?',
        'zh-CN': '模型要先读一个文件，再用 `edit` 修改其中一行。它至少需要几轮带工具调用的回复？',
      },
      choices: [
        { id: 'one', text: { en: 'One: `read` and `edit` in the same batch', 'zh-CN': '一轮：`read` 和 `edit` 放在同一批' } },
        { id: 'two', text: { en: 'Two: `read`, then `edit`', 'zh-CN': '两轮：先 `read`，再 `edit`' } },
        { id: 'three', text: { en: 'Three: `read`, check, `edit`', 'zh-CN': '三轮：`read`、检查、`edit`' } },
      ],
      answer: 'two',
      explanation: {
        en: 'The arguments of every call in a batch are written before any of them runs. `edit`\'s oldText comes from '
          + '`read`\'s result, so `edit` can only be written in the turn after `read`.',
        'zh-CN': '同一批里所有调用的参数，都是在任何一个调用执行之前写好的。`edit` 的 oldText 来自 `read` 的结果，'
          + '所以 `edit` 只能在 `read` 之后的那一轮写出来。',
      },
    },
  ],
};
