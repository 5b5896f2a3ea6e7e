// The tool chapter's three hands-on exercises: a list_dir tool whose description demands relative paths, a tool that
// throws on a missing path and the model's retry (both with a model of code turns that reacts to what the learner
// changes), and timing two slow tools in both execution modes.
import { LIST_DIR, SLOW_COMPUTE, SLOW_FETCH, STARTER_FILES } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { EXERCISE_LIST_DIR, EXERCISE_READ_FILE, FOLLOWS_ERROR, OBEYS_DESCRIPTION, READS_OR_ANSWERS, RETRIES_RELATIVE } from './exercise-code.ts';
import { FAST_PACE, LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const ABSOLUTE_PATH_ERROR = 'Absolute paths are not allowed: "/notes". Use a path relative to the workspace root, e.g. "src".';
export const MISSING_FILE_ERROR = 'File not found: notes/todo.txt';

export const listDirExercise: Lesson = {
  id: 'exercise-list-dir',
  kind: 'exercise',
  badge: 'A',
  minutes: 6,
  concept: { en: 'Descriptions as rules', 'zh-CN': '把描述写成规则' },
  title: { en: 'Exercise: a list_dir tool that wants relative paths', 'zh-CN': '练习：只接受相对路径的 list_dir 工具' },
  intro: {
    en: 'list_dir lists a folder of the workspace, and its `execute` refuses absolute paths. Its `description` does not '
      + 'say so yet. The model here is a code turn: a faux factory that reads list_dir\'s description in the request '
      + '(`context.tools`) and sends a relative path only when the description asks for one. Play the run, then add '
      + '"Relative paths only." to the description in the editor and play again.',
    'zh-CN': 'list_dir 用来列出工作区里某个文件夹的内容，它的 `execute` 会拒绝绝对路径，但它的描述还没有写明这一点。'
      + '这里的模型是一个代码轮次：一个 faux 工厂函数，它从请求（`context.tools`）中读取 list_dir 的描述，只有描述要求时才发送相对路径。'
      + '先播放这次运行，然后在编辑器里给描述加上 "Relative paths only."，再播放一次。',
  },
  tools: [EXERCISE_LIST_DIR],
  files: { ...STARTER_FILES },
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'list_dir with relative paths',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Which files are in the notes folder?',
    timing: READABLE_PACE,
    turns: [
      { code: OBEYS_DESCRIPTION },
      { code: RETRIES_RELATIVE },
      { content: 'The notes folder holds two files: cities.md and todo.md.' },
    ],
  },
  captions: [
    {
      id: 'slip',
      at: { on: 'block', turn: 1, kind: 'toolCall', edge: 'end' },
      text: {
        en: 'The model read list_dir\'s `description` in the request and found no rule about paths, so it wrote the '
          + 'absolute path "/notes". Validation lets it through: the schema says only "a string".',
        'zh-CN': '模型在请求中读了 list_dir 的描述，没有找到关于路径的规则，于是写了绝对路径 "/notes"。校验放行了它：'
          + 'schema 只说这是“一个字符串”。',
      },
    },
    {
      id: 'thrown',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: '`execute` checks the path itself and throws an error that says how to fix the call: `Absolute paths are not '
          + 'allowed: "/notes". Use a path relative to the workspace root, e.g. "src".` A schema could refuse it too: '
          + '`Type.String({ pattern: \'^(?!/)\' })` makes validation fail before `execute`, with an error the model reads. '
          + 'But the model learns a pattern only from a failed call (and some providers drop `pattern` in strict modes); '
          + 'a description it reads before calling.',
        'zh-CN': '`execute` 自己检查路径，并抛出一个说明如何改正的错误：`Absolute paths are not allowed: "/notes". '
          + 'Use a path relative to the workspace root, e.g. "src".` schema 也能拒绝它：`Type.String({ pattern: \'^(?!/)\' })` '
          + '会让校验在 `execute` 之前就失败，并给出模型能读懂的错误。但模型只有在调用失败后才会知道这个 pattern'
          + '（而且有些提供方在严格模式下会丢弃 `pattern`）；描述则是它在调用之前就能读到的。',
      },
    },
    {
      id: 'fixed',
      at: { on: 'toolResult', toolCallId: 'call_2_2' },
      text: {
        en: 'The retry with "notes" lists cities.md and todo.md. An error that names the fix is the cheapest retry, but '
          + 'a rule in the `description` saves the failed call altogether.',
        'zh-CN': '用 "notes" 重试后列出了 cities.md 和 todo.md。点明改法的错误信息换来的是代价最小的重试，'
          + '而写在描述里的规则能把这次失败的调用整个省掉。',
      },
    },
    {
      id: 'your-turn',
      at: { on: 'agent_end' },
      text: {
        en: 'Your turn: add "Relative paths only." to list_dir\'s `description` and play again. The model\'s first call '
          + 'is now "notes", and the run is one turn shorter. Turn 1 of the scenario shows how this model decides.',
        'zh-CN': '轮到你了：在 list_dir 的描述里加上 "Relative paths only."，再播放一次。模型的第一次调用就变成了 "notes"，'
          + '运行也少了一轮。场景的第 1 轮展示了这个模型是如何做决定的。',
      },
    },
  ],
  quiz: [
    {
      id: 'where-rule',
      prompt: {
        en: 'Where should a rule like “paths must be relative” go?',
        'zh-CN': '“路径必须是相对路径”这样的规则应该写在哪里？',
      },
      choices: [
        { id: 'both', text: { en: 'In the `description` for the model, and as a check in `execute`', 'zh-CN': '写进描述给模型看，同时在 `execute` 里做检查' } },
        { id: 'prompt', text: { en: 'Only in the system prompt', 'zh-CN': '只写在系统提示词里' } },
        { id: 'check', text: { en: 'Only as a check in `execute`', 'zh-CN': '只在 `execute` 里做检查' } },
      ],
      answer: 'both',
      explanation: {
        en: 'The `description` prevents most mistakes, since the model reads it before calling; the check (or a schema '
          + '`pattern`, which pi\'s validation enforces) catches the rest with an error the model can act on.',
        'zh-CN': '描述能避免大多数错误，因为模型在调用之前就会读到它；检查（或者由 pi 的校验执行的 schema `pattern`）'
          + '则兜住剩下的情况，并给出模型能据此改正的错误信息。',
      },
    },
  ],
};

export const missingPathExercise: Lesson = {
  id: 'exercise-missing-path',
  kind: 'exercise',
  badge: 'B',
  minutes: 6,
  concept: { en: 'Errors the model can use', 'zh-CN': '模型用得上的错误' },
  title: { en: 'Exercise: a missing file and the model\'s retry', 'zh-CN': '练习：文件不存在，模型重试' },
  intro: {
    en: 'read_file catches a failed read and throws its own error: `throw new Error(`File not found: ${path}`)`. The '
      + 'model guesses a wrong file name. It is a code turn that decides its next call from the error text alone: a '
      + 'file the error names is read next, otherwise it lists the folder first. Play it, then make the error name the '
      + 'files that are there and play again.',
    'zh-CN': 'read_file 捕获读取失败，并抛出自己的错误：`throw new Error(`File not found: ${path}`)`。模型猜错了文件名。'
      + '它是一个代码轮次，只根据错误文本决定下一次调用：错误里提到了哪个文件，就接着读那个文件；否则先列出文件夹。'
      + '先播放，然后让错误信息写出那里实际有哪些文件，再播放一次。',
  },
  tools: [EXERCISE_READ_FILE, LIST_DIR],
  files: { ...STARTER_FILES },
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'A missing file and a retry',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'What is on my to-do list? It is in the notes folder.',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'read_file', arguments: { path: 'notes/todo.txt' } }] },
      { code: FOLLOWS_ERROR },
      { code: READS_OR_ANSWERS },
      { content: 'Your to-do list has three items: deploy v1.4.2 to staging, check the staging dashboard, then deploy to production once it is approved.' },
    ],
  },
  captions: [
    {
      id: 'thrown',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'fs.readFile failed; read_file caught it and threw its own error. The call ends with isError: true and '
          + 'the text `File not found: notes/todo.txt`: that text is all the model learns.',
        'zh-CN': 'fs.readFile 失败了；read_file 捕获了它并抛出自己的错误。调用以 isError: true 结束，文本是 '
          + '`File not found: notes/todo.txt`：模型能知道的只有这段文本。',
      },
    },
    {
      id: 'look',
      at: { on: 'toolResult', toolCallId: 'call_2_1' },
      text: {
        en: 'The error names no other file, so the model (turn 2 reads the last tool result) looked around instead of '
          + 'guessing again: the file is todo.md, not todo.txt.',
        'zh-CN': '错误里没有提到别的文件，所以模型（第 2 轮读取了上一个工具结果）没有再瞎猜，而是先看了看：文件名是 todo.md，不是 todo.txt。',
      },
    },
    {
      id: 'read',
      at: { on: 'toolResult', toolCallId: 'call_3_1' },
      text: {
        en: 'Third turn, right file. An error like `File not found: notes/todo.txt. The notes folder has cities.md, '
          + 'todo.md` would have saved a turn: this model reads a file the error names.',
        'zh-CN': '第三轮，找对了文件。如果错误信息写成 `File not found: notes/todo.txt. The notes folder has cities.md, todo.md`，'
          + '就能省下一轮：这个模型会去读错误里提到的文件。',
      },
    },
    {
      id: 'your-turn',
      at: { on: 'agent_end' },
      text: {
        en: 'Your turn: change the `throw new Error(...)` in read_file so that it names the files of the folder (fs.list '
          + 'gives them), then play again. The model\'s second call becomes read_file "notes/todo.md". Keep throwing: in '
          + 'pi 0.85.1 that is how a tool fails.',
        'zh-CN': '轮到你了：修改 read_file 里的 `throw new Error(...)`，让它写出该文件夹里的文件（fs.list 能给出它们），'
          + '然后重新播放。模型的第二次调用会变成 read_file "notes/todo.md"。记得仍然要抛出异常：在 pi 0.85.1 中，工具就是这样报告失败的。',
      },
    },
  ],
  quiz: [],
};

export const timingExercise: Lesson = {
  id: 'exercise-timing',
  kind: 'exercise',
  badge: 'C',
  minutes: 4,
  compare: true,
  concept: { en: 'Measuring a batch', 'zh-CN': '测量一批调用' },
  title: { en: 'Exercise: timing two slow tools in both modes', 'zh-CN': '练习：在两种模式下给两个慢工具计时' },
  intro: {
    en: 'slow_fetch and slow_compute each wait two seconds with `await new Promise((r) => setTimeout(r, 2000))`, '
      + 'the way pi\'s tool chapter writes a delay; timers run on the run\'s clock, so the timeline shows the two '
      + 'seconds. (The playground\'s `sleep(2000, signal)` waits the same and also ends early on Stop.) The model '
      + 'calls both in one turn. Predict both totals before you play, then compare them on the two timelines.',
    'zh-CN': 'slow_fetch 和 slow_compute 各用 `await new Promise((r) => setTimeout(r, 2000))` 等待两秒，这正是 pi 工具章节里'
      + '写延时的方式；定时器按本次运行的时钟计时，所以时间轴上显示的就是这两秒。（playground 的 `sleep(2000, signal)` '
      + '等待同样长，并且在停止时会提前结束。）模型在一轮中同时调用它们。播放之前先预测两种模式的总耗时，再在两条时间轴上对照。',
  },
  tools: [SLOW_FETCH, SLOW_COMPUTE],
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'Timing two slow tools',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Fetch https://example.com and compute the 40th Fibonacci number.',
    timing: FAST_PACE,
    turns: [
      {
        content: [
          { type: 'toolCall', name: 'slow_fetch', arguments: { url: 'https://example.com' } },
          { type: 'toolCall', name: 'slow_compute', arguments: { n: 40 } },
        ],
      },
      { content: 'example.com answered with its home page, and fib(40) = 102334155.' },
    ],
  },
  captions: [
    {
      id: 'predict',
      at: { run: 'parallel', on: 'batch', turn: 1, edge: 'start' },
      text: {
        en: 'Two different tools, two seconds each. Parallel on top, sequential below. Predict both totals now.',
        'zh-CN': '两个不同的工具，各要两秒。上面是并行，下面是串行。现在先预测两者的总耗时。',
      },
    },
    {
      id: 'parallel',
      at: { run: 'parallel', on: 'agent_end' },
      text: {
        en: 'Parallel: about 2 seconds of tool time, as long as the slower of the two.',
        'zh-CN': '并行：工具耗时约 2 秒，也就是两者中较慢的那个。',
      },
    },
    {
      id: 'sequential',
      at: { run: 'sequential', on: 'agent_end' },
      text: {
        en: 'Sequential: about 4 seconds, the sum. Your turn: give slow_compute executionMode: "sequential" and play '
          + 'again. Now both timelines look the same.',
        'zh-CN': '串行：约 4 秒，是两者之和。轮到你了：给 slow_compute 加上 executionMode: "sequential"，再播放一次。'
          + '这下两条时间轴看起来一样了。',
      },
    },
  ],
  quiz: [],
};
