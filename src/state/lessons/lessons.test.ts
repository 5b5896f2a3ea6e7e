// The lessons state with the real sandbox: a lesson opens into its own workspace and the learner's comes back intact,
// playback stops at each caption, edited tools are what gets recorded, and progress is remembered.
import { afterEach, describe, expect, it } from 'vitest';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { findLesson } from '../../content/lessons/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFaultyStore } from '../../storage/testing/faulty-store.ts';
import { LESSON_PROGRESS_KEY as PROGRESS_KEY, LESSON_STASH_KEY as STASH_KEY } from '../../storage/keys.ts';
import type { KeyValueStore } from '../../storage/kv-store.ts';
import { LessonFsHost } from './runner.ts';
import { LessonsState, type LessonSandboxKit } from './lessons.svelte.ts';
import { autoRecordable } from '../run/auto.svelte.ts';
import { manualFrames } from '../run/frames.ts';
import { RunState } from '../run/run.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

const open: LessonsState[] = [];
afterEach(() => { for (const lessons of open.splice(0)) lessons.dispose(); });

function setup(store: KeyValueStore = createMemoryStore()) {
  const workspace = new WorkspaceState();
  workspace.load({ ...createStarterWorkspace() });
  const frames = manualFrames();
  const run = new RunState({ scenario: () => ({ ok: false, reason: { key: 'run.error.noScenario' } }), prepare: async () => { throw new Error('unused'); } }, frames);
  const createSandboxKit = async (): Promise<LessonSandboxKit> => {
    const fsHost = new LessonFsHost();
    return { sandbox: createSandbox({ fs: fsHost }), fsHost };
  };
  const lessons = new LessonsState(store, workspace, run, { createSandbox: createSandboxKit });
  open.push(lessons);
  return { workspace, run, frames, lessons, store };
}

/** Plays frame by frame (the lesson page syncs the captions after every frame) until playback stops. */
function playUntilPaused(env: ReturnType<typeof setup>, frameMs = 50): void {
  env.run.play();
  for (let i = 0; i < 2000 && env.run.playing; i++) {
    env.frames.tick(frameMs);
    env.lessons.captions.sync();
  }
}

describe('the lesson workspace', () => {
  it('loads the lesson\'s tools, hooks and scenario into the editor and gives the learner\'s workspace back', async () => {
    const env = setup();
    const mine = env.workspace.snapshot();
    await env.lessons.open('hooks');
    expect(env.workspace.tools.map((t) => t.name)).toEqual(['run_command']);
    expect(env.workspace.hooks).toContain('beforeToolCall');
    expect(env.lessons.workspaceLessonId).toBe('hooks');
    expect(await env.store.get(STASH_KEY)).toMatchObject({ workspace: { tools: mine.tools } });
    // Another lesson replaces the lesson workspace but keeps the learner's stash as it was.
    await env.lessons.open('terminate');
    expect(env.workspace.tools.map((t) => t.name)).toEqual(['save_report', 'notify_team']);
    await env.lessons.returnToWorkspace();
    expect(env.workspace.snapshot()).toEqual(mine);
    expect(await env.store.get(STASH_KEY)).toBeUndefined();
    expect(env.lessons.hasStash).toBe(false);
  });

  it('leaves the learner\'s workspace in place when it cannot be set aside, and still plays the lesson', async () => {
    const store = createFaultyStore(createMemoryStore());
    const env = setup(store);
    const mine = env.workspace.snapshot();
    store.fail('quota');
    await env.lessons.open('tools-in-the-loop');
    expect(env.lessons.notice).toEqual({ key: 'lessons.notice.notStashed' });
    expect(env.workspace.snapshot()).toEqual(mine);
    expect(env.lessons.status).toBe('ready');
    expect(env.run.recordings).toHaveLength(1);
  });

  it('stashes a workspace that carries a lesson marker (a shared link) and gives it back with its edits', async () => {
    const env = setup();
    const shared = { ...createStarterWorkspace(), lesson: { id: 'hooks' } };
    env.workspace.load(shared);
    env.workspace.setSource(env.workspace.tools[0].id, '// edited after the link');
    const mine = env.workspace.snapshot();
    await env.lessons.open('tools-in-the-loop');
    expect(env.lessons.hasStash).toBe(true);
    expect(env.lessons.workspaceLessonId).toBe('tools-in-the-loop');
    // A second lesson opened from the first lesson's workspace keeps the stash as it was.
    await env.lessons.open('hooks');
    await env.lessons.returnToWorkspace();
    expect(env.workspace.snapshot()).toEqual(mine);
  });

  it('shows progress that storage cannot read instead of quietly showing every lesson as new', async () => {
    const store = createFaultyStore(createMemoryStore());
    const env = setup(store);
    store.fail('unavailable', { only: ['get'] });
    await env.lessons.load();
    expect(env.lessons.storageError?.key).toBe('storage.error.progressLoad');
    expect(env.lessons.storageError?.params?.detail).toContain('backing store');
    expect(env.lessons.hasStash).toBe(false);
  });

  it('shows a lesson-progress save that storage refuses, and clears it once a save lands', async () => {
    const store = createFaultyStore(createMemoryStore());
    const env = setup(store);
    await env.lessons.load();
    store.fail('quota', { writesOnly: true });
    await env.lessons.open('tools-in-the-loop');
    await expect.poll(() => env.lessons.storageError?.key).toBe('storage.error.progress');
    expect(env.lessons.storageError?.params?.detail).toContain('quota');
    store.fail(null);
    const question = findLesson('tools-in-the-loop')!.quiz[0];
    env.lessons.answer(question.id, question.choices[0].id);
    await expect.poll(() => env.lessons.storageError).toBeNull();
  });

  it('records the tools and hooks as edited in the editor; captions that no longer happen are counted', async () => {
    const env = setup();
    await env.lessons.open('throw-or-return');
    const file = env.workspace.tools.find((t) => t.name === 'lookup_throws')!;
    env.workspace.setSource(file.id, file.source.replace('throw new Error(`No user with id ${userId}`);', 'return { content: [{ type: "text", text: "nobody" }], details: {} };'));
    await env.lessons.record();
    const ends = env.run.recordings[0].events.flatMap((e) => (e.source === 'pi' && e.event.type === 'tool_execution_end' ? [e.event] : []));
    expect(ends.map((e) => [e.toolCallId, e.isError])).toEqual([['call_1_1', false], ['call_1_2', false]]);

    await env.lessons.open('hooks');
    expect(env.lessons.captions.missed).toBe(0);
    env.workspace.setHooks('');
    await env.lessons.record();
    // Without the hooks nothing is blocked or rewritten: the captions at their decisions have no moment in this run.
    expect(env.lessons.captions.missed).toBe(2);
    expect(env.lessons.captions.all.filter((c) => !c.position).map((c) => c.caption.id)).toEqual(['blocked', 'rewritten']);
  });
});

describe('a lesson\'s recording and the editor', () => {
  it('is out of date once the lesson\'s tool changes in the editor; play again records the lesson anew with it', async () => {
    const env = setup();
    await env.lessons.open('exercise-timing');
    const durations = () => env.run.recordings.map((r) => r.durationMs);
    const [parallel, sequential] = durations();
    expect(parallel).toBeLessThan(sequential - 1500);
    expect(env.run.stale).toBe(false);
    // Exercise C: give slow_compute executionMode "sequential" and play again.
    const file = env.workspace.tools.find((t) => t.name === 'slow_compute')!;
    env.workspace.setSource(file.id, file.source.replace('name: "slow_compute",', 'name: "slow_compute",\n  executionMode: "sequential",'));
    expect(env.run.staleReasons).toEqual([{ input: 'tool', name: 'slow_compute', change: 'changed' }]);
    const before = env.run.recordings[0].id;
    env.run.play();
    for (let i = 0; i < 500 && (env.run.recordings[0]?.id === before || env.lessons.status !== 'ready'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(env.run.stale).toBe(false);
    expect(env.run.playing).toBe(true);
    // Both timelines now look the same: the batch is sequential in the parallel run too.
    const [nowParallel, nowSequential] = durations();
    expect(Math.abs(nowParallel - nowSequential)).toBeLessThan(200);
    expect(nowParallel).toBeGreaterThan(parallel + 1500);
  });
});

describe('moving to the next lesson', () => {
  it('takes the last lesson\'s recording out of view at once, so nothing replays or re-records it as the new one', async () => {
    const env = setup();
    await env.lessons.open('tools-in-the-loop');
    playUntilPaused(env);
    for (let i = 0; i < 50 && env.run.state !== 'ended'; i++) env.lessons.captions.next();
    expect(env.run.state).toBe('ended');
    const opening = env.lessons.open('what-the-model-sees');
    for (let i = 0; i < 100 && env.lessons.status !== 'recording'; i++) await Promise.resolve();
    expect(env.lessons.status).toBe('recording');
    // While the new lesson records: no old recording to play, and none out of date for the auto re-record.
    expect(env.run.recordings).toEqual([]);
    expect(autoRecordable(env.run)).toBe(false);
    // What the auto re-record does once the editor has been quiet for a while: nothing to make again.
    await env.run.rerecord();
    await opening;
    expect(env.lessons.status).toBe('ready');
    expect(env.run.recordings.length).toBeGreaterThan(0);
    expect(env.run.state).not.toBe('ended');
    expect(env.run.cursorMs).toBe(0);
    env.lessons.captions.sync();
    expect(env.lessons.captions.index).toBe(-1);
  });
});

describe('captions on the run', () => {
  it('stop playback at each caption\'s event, one at a time, and go back and forth', async () => {
    const env = setup();
    await env.lessons.open('validation-and-retry');
    expect(env.lessons.captions.index).toBe(-1);
    playUntilPaused(env);
    expect(env.lessons.captions.index).toBe(0);
    const first = env.lessons.captions.shown[0].position!;
    expect(env.run.shownCount(first.recordingId)).toBe(first.seq + 1);
    // The second caption is at the same clock time: Continue shows it without moving the clock.
    const t0 = env.run.cursorMs;
    playUntilPaused(env);
    expect(env.lessons.captions.index).toBe(1);
    expect(env.run.cursorMs).toBe(t0);
    expect(env.run.selection).toMatchObject({ toolCallId: 'call_1_1' });
    env.lessons.captions.next();
    expect(env.lessons.captions.index).toBe(2);
    env.lessons.captions.previous();
    expect(env.lessons.captions.index).toBe(1);
    env.lessons.captions.sync();
    expect(env.lessons.captions.index).toBe(1);
    env.lessons.captions.setPauseAt(false);
    playUntilPaused(env);
    expect(env.run.state).toBe('ended');
    expect(env.lessons.captions.index).toBe(env.lessons.captions.shown.length - 1);
    expect(env.lessons.progressOf('validation-and-retry').watched).toBe(true);
  });

  it('stop at every caption when the frame that reaches the end of the run passes several of them', async () => {
    const env = setup();
    await env.lessons.open('abort');
    const total = env.lessons.captions.shown.length;
    expect(total).toBeGreaterThan(3);
    const seen: number[] = [];
    // Frames long enough that the last one jumps from before the first caption to the end of the run.
    for (let i = 0; i < total + 2 && env.run.state !== 'ended'; i++) {
      playUntilPaused(env, 10_000);
      seen.push(env.lessons.captions.index);
    }
    // The last caption is at agent_end: showing it is the end of the run.
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(env.run.state).toBe('ended');
    env.lessons.captions.sync(); // as the lesson page does after every cursor move
    expect(env.lessons.progressOf('abort').watched).toBe(true);
  });

  it('step to the end, and follow a seek back to the start', async () => {
    const env = setup();
    await env.lessons.open('parallel-vs-sequential');
    expect(env.run.recordings.map((r) => r.toolExecution)).toEqual(['parallel', 'sequential']);
    expect(env.run.compare).toBe(true);
    for (let i = 0; i < env.lessons.captions.shown.length; i++) env.lessons.captions.next();
    expect(env.lessons.captions.index).toBe(env.lessons.captions.shown.length - 1);
    env.lessons.captions.next();
    expect(env.run.state).toBe('ended');
    env.run.seek(0);
    env.lessons.captions.sync();
    expect(env.lessons.captions.index).toBe(-1);
  });
});

describe('progress', () => {
  it('counts a run as watched when its last caption is the end of the run', async () => {
    const env = setup();
    await env.lessons.open('tools-in-the-loop');
    for (let i = 0; i < env.lessons.captions.shown.length; i++) env.lessons.captions.next();
    env.lessons.captions.sync();
    expect(env.run.state).toBe('ended');
    expect(env.lessons.progressOf('tools-in-the-loop').watched).toBe(true);
  });

  it('completes a lesson only when its quiz is answered right: a wrong answer is counted and may be retried', async () => {
    const env = setup();
    await env.lessons.open('terminate');
    for (let i = 0; i <= env.lessons.captions.shown.length; i++) env.lessons.captions.next();
    expect(env.lessons.progressOf('terminate')).toMatchObject({ opened: true, watched: true, completed: false });
    env.lessons.answer('one-of-two', 'ends');
    expect(env.lessons.progressOf('terminate')).toMatchObject({ answers: { 'one-of-two': 'ends' }, tries: { 'one-of-two': 1 }, completed: false });
    env.lessons.answer('one-of-two', 'nonsense'); // not a choice of this question
    expect(env.lessons.progressOf('terminate').answers).toEqual({ 'one-of-two': 'ends' });
    env.lessons.answer('one-of-two', 'continues');
    expect(env.lessons.progressOf('terminate')).toMatchObject({ answers: { 'one-of-two': 'continues' }, tries: { 'one-of-two': 1 }, completed: true });
    expect(env.lessons.completedCount).toBe(1);
    env.lessons.answer('one-of-two', 'ends'); // a right answer is final
    expect(env.lessons.progressOf('terminate').answers).toEqual({ 'one-of-two': 'continues' });
    await new Promise((r) => setTimeout(r, 10));
    const again = setup(env.store);
    await again.lessons.load();
    expect(again.lessons.progressOf('terminate')).toMatchObject({ completed: true, answers: { 'one-of-two': 'continues' } });
    expect(await env.store.get(PROGRESS_KEY)).toHaveProperty('terminate');
  });

  it('does not complete a lesson whose questions are answered but not all right, and keeps completion through a reset', async () => {
    const env = setup();
    await env.lessons.open('one-sequential-tool');
    for (let i = 0; i <= env.lessons.captions.shown.length; i++) env.lessons.captions.next();
    env.lessons.answer('sequential-batch', 'whole');
    env.lessons.answer('on-update', 'model');
    expect(env.lessons.progressOf('one-sequential-tool').completed).toBe(false);
    env.lessons.answer('on-update', 'partial');
    expect(env.lessons.progressOf('one-sequential-tool').completed).toBe(true);
    env.lessons.resetQuiz();
    expect(env.lessons.progressOf('one-sequential-tool')).toMatchObject({ answers: {}, tries: {}, completed: true });
  });

  it('reads progress stored before quizzes decided completion: completed stays completed, a wrong final answer can be retried', async () => {
    const store = createMemoryStore();
    await store.set(PROGRESS_KEY, {
      terminate: { opened: true, watched: true, answers: { 'one-of-two': 'ends' }, completed: true },
      hooks: { opened: true, watched: true, answers: { 'before-when': 'before-validation' }, completed: true },
      abort: { opened: true, watched: false, answers: {}, completed: false },
      'validation-and-retry': { opened: true, watched: true, answers: { broken: 42 }, completed: 'yes' },
    });
    const env = setup(store);
    await env.lessons.load();
    await env.lessons.loadCatalog();
    expect(env.lessons.progressOf('terminate')).toEqual({ opened: true, watched: true, answers: { 'one-of-two': 'ends' }, tries: {}, completed: true });
    expect(env.lessons.progressOf('abort')).toMatchObject({ opened: true, watched: false, completed: false });
    expect(env.lessons.progressOf('validation-and-retry')).toMatchObject({ answers: {}, completed: false });
    expect(env.lessons.completedCount).toBe(2);
    // The old first answer was final and wrong; now the learner may answer again.
    await env.lessons.open('terminate');
    env.lessons.answer('one-of-two', 'continues');
    expect(env.lessons.progressOf('terminate')).toMatchObject({ answers: { 'one-of-two': 'continues' }, completed: true });
  });
});
