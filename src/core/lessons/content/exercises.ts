// The tool chapter's three hands-on exercises: a list_dir tool whose description demands relative paths, a tool that
// throws on a missing path and the model's retry, and timing two slow tools in both execution modes.
import { LIST_DIR, READ_FILE, SLOW_COMPUTE, SLOW_FETCH, STARTER_FILES } from '../../examples/index.ts';
import type { Lesson } from '../types.ts';
import { FAST_PACE, LESSON_SYSTEM_PROMPT, READABLE_PACE } from './shared.ts';

export const ABSOLUTE_PATH_ERROR = 'Absolute paths are not allowed: "/notes". Use a path relative to the workspace root, e.g. "src".';
export const MISSING_FILE_ERROR = "ENOENT: no such file or directory, open '/workspace/notes/todo.txt'";

export const listDirExercise: Lesson = {
  id: 'exercise-list-dir',
  kind: 'exercise',
  badge: 'A',
  minutes: 5,
  concept: { en: 'Descriptions as rules', 'zh-CN': '把描述写成规则' },
  title: { en: 'Exercise: a list_dir tool that wants relative paths', 'zh-CN': '练习：只接受相对路径的 list_dir 工具' },
  intro: {
    en: 'list_dir lists a folder of the workspace. Its `description` and its path parameter both say: relative paths '
      + 'only. The tool also checks, because models slip. Play the run, then open list_dir in the editor and make the '
      + 'rule even clearer, or remove the check and see what the model would get instead.',
    'zh-CN': 'list_dir 用来列出工作区里某个文件夹的内容。它的描述和 path 参数都写明：只接受相对路径。工具本身也做了检查，'
      + '因为模型难免出错。先播放这次运行，然后在编辑器中打开 list_dir，把规则写得更清楚，或者去掉这个检查，看看模型会得到什么。',
  },
  tools: [LIST_DIR],
  files: { ...STARTER_FILES },
  hooks: '',
  settings: { toolExecution: 'parallel', systemPrompt: LESSON_SYSTEM_PROMPT },
  scenario: {
    title: 'list_dir with relative paths',
    systemPrompt: LESSON_SYSTEM_PROMPT,
    prompt: 'Which files are in the notes folder?',
    timing: READABLE_PACE,
    turns: [
      { content: [{ type: 'toolCall', name: 'list_dir', arguments: { path: '/notes' } }] },
      {
        content: [
          { type: 'text', text: 'Right, the path has to be relative.' },
          { type: 'toolCall', name: 'list_dir', arguments: { path: 'notes' } },
        ],
      },
      { content: 'The notes folder holds two files: cities.md and todo.md.' },
    ],
  },
  captions: [
    {
      id: 'slip',
      at: { on: 'block', turn: 1, kind: 'toolCall', edge: 'end' },
      text: {
        en: 'Despite the `description`, the model wrote an absolute path: "/notes". The schema cannot express “relative '
          + 'path”, so validation lets it through.',
        'zh-CN': '尽管描述里写得很清楚，模型还是写了绝对路径 "/notes"。schema 无法表达“相对路径”这种要求，所以校验放行了。',
      },
    },
    {
      id: 'thrown',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: '`execute` checks the path itself and throws an error that says how to fix the call: `Absolute paths are not '
          + 'allowed: "/notes". Use a path relative to the workspace root, e.g. "src".`',
        'zh-CN': '`execute` 自己检查路径，并抛出一个说明如何改正的错误：`Absolute paths are not allowed: "/notes". '
          + 'Use a path relative to the workspace root, e.g. "src".`',
      },
    },
    {
      id: 'fixed',
      at: { on: 'toolResult', toolCallId: 'call_2_2' },
      text: {
        en: 'One retry was enough: "notes" lists cities.md and todo.md. An error that names the fix is the cheapest retry.',
        'zh-CN': '重试一次就够了："notes" 列出了 cities.md 和 todo.md。点明改法的错误信息，换来的是代价最小的重试。',
      },
    },
    {
      id: 'your-turn',
      at: { on: 'agent_end' },
      text: {
        en: 'Your turn: edit list_dir\'s `description` or its check, then play again. This lesson runs on its own copy of '
          + 'the starter files.',
        'zh-CN': '轮到你了：修改 list_dir 的描述或检查逻辑，然后重新播放。本课使用的是一份独立的示例文件副本。',
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
        en: 'The `description` prevents most mistakes; the check catches the rest with an error the model can act on.',
        'zh-CN': '描述能避免大多数错误；检查则兜住剩下的情况，并给出模型能据此改正的错误信息。',
      },
    },
  ],
};

export const missingPathExercise: Lesson = {
  id: 'exercise-missing-path',
  kind: 'exercise',
  badge: 'B',
  minutes: 5,
  concept: { en: 'Errors the model can use', 'zh-CN': '模型用得上的错误' },
  title: { en: 'Exercise: a missing file and the model\'s retry', 'zh-CN': '练习：文件不存在，模型重试' },
  intro: {
    en: 'read_file reads a file with fs.readFile and does not check anything itself: a missing file makes it throw. '
      + 'The model guesses a wrong file name, reads the error, looks around with list_dir and tries again. Play it, '
      + 'then try a clearer error message in read_file.',
    'zh-CN': 'read_file 用 fs.readFile 读取文件，自己不做任何检查：文件不存在时它就会抛出异常。模型猜错了文件名，读到错误后用 '
      + 'list_dir 看了看，再试一次。先播放，然后试着在 read_file 中写一条更清楚的错误信息。',
  },
  tools: [READ_FILE, LIST_DIR],
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
      { content: [{ type: 'toolCall', name: 'list_dir', arguments: { path: 'notes' } }] },
      { content: [{ type: 'toolCall', name: 'read_file', arguments: { path: 'notes/todo.md' } }] },
      { content: 'Your to-do list has three items: deploy v1.4.2 to staging, check the staging dashboard, then deploy to production once it is approved.' },
    ],
  },
  captions: [
    {
      id: 'thrown',
      at: { on: 'tool_execution_end', toolCallId: 'call_1_1' },
      text: {
        en: 'fs.readFile threw, and so did `execute`: the call ends with isError: true and Node\'s message, '
          + '`ENOENT: no such file or directory, open \'/workspace/notes/todo.txt\'`.',
        'zh-CN': 'fs.readFile 抛出了异常，`execute` 也随之抛出：调用以 isError: true 结束，文本是 Node 的错误信息 '
          + '`ENOENT: no such file or directory, open \'/workspace/notes/todo.txt\'`。',
      },
    },
    {
      id: 'look',
      at: { on: 'toolResult', toolCallId: 'call_2_1' },
      text: {
        en: 'The model read the error and looked around instead of guessing again: the file is todo.md, not todo.txt.',
        'zh-CN': '模型读了错误信息，没有再瞎猜，而是先看了看：文件名是 todo.md，不是 todo.txt。',
      },
    },
    {
      id: 'read',
      at: { on: 'toolResult', toolCallId: 'call_3_1' },
      text: {
        en: 'Third turn, right file. Three turns where one would have done: a message like "No file notes/todo.txt; '
          + 'the notes folder has cities.md, todo.md" would have saved a turn.',
        'zh-CN': '第三轮，找对了文件。本来一轮就能完成的事用了三轮：如果错误信息写成 "No file notes/todo.txt; the notes folder '
          + 'has cities.md, todo.md"，就能省下一轮。',
      },
    },
    {
      id: 'your-turn',
      at: { on: 'agent_end' },
      text: {
        en: 'Your turn: catch the error in read_file and throw a message that lists the folder\'s files, then play again. '
          + 'Keep throwing: in pi 0.85.1 that is how a tool fails.',
        'zh-CN': '轮到你了：在 read_file 中捕获这个错误，抛出一条列出该文件夹文件的信息，然后重新播放。'
          + '记得仍然要抛出异常：在 pi 0.85.1 中，工具就是这样报告失败的。',
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
