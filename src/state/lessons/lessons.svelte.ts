// The lessons: which one is open, its run recorded and handed to the run state for playback, the captions that
// follow the run's cursor (LessonCaptions), the learner's progress (remembered), and the lesson workspace — a
// lesson's tools, hooks and scenario in the editor while the learner's own workspace waits aside in storage.
import type { ResolvedCaption } from '../../content/lessons/index.ts';
import type { Lesson } from '../../content/lessons/index.ts';
import type { ScenarioFile } from '../../recording/scenario/index.ts';
import { LESSON_MARKER_KEY, SCENARIOS_KEY } from '../../storage/keys.ts';
import type { KeyValueStore } from '../../storage/kv-store.ts';
import { createLessonRecords, type LessonRecords, type WorkspaceStash } from '../../storage/lessons.ts';
import { parseScenarioDocument } from '../../storage/scenarios.ts';
import { failureDetail } from '../../storage/storage-error.ts';
import type { LessonFsHost, LessonSandbox } from './runner.ts';
import { LessonCaptions } from './captions.svelte.ts';
import {
  acceptsAnswer, emptyProgress, isComplete, withAnswer, type LessonProgress, type ProgressRecord,
} from './progress.ts';
import {
  createLessonWorkspace, lessonIdOf, lessonScenarioId,
} from './workspace.ts';
import { toolIdentities, type RunIdentity } from '../run/identity.ts';
import type { RunState } from '../run/run.svelte.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

export type LessonStatus = 'idle' | 'recording' | 'ready' | 'error';

/** A sandbox of the lessons' own, serving each lesson's files as `fs` (never the learner's files). */
export interface LessonSandboxKit {
  sandbox: LessonSandbox & { dispose(): void };
  fsHost: LessonFsHost;
}

export type LessonSandboxFactory = () => Promise<LessonSandboxKit>;

async function createDefaultKit(): Promise<LessonSandboxKit> {
  const [{ createSandbox }, { LessonFsHost }] = await Promise.all([import('../../sandbox/index.ts'), import('./runner.ts')]);
  const fsHost = new LessonFsHost();
  return { sandbox: createSandbox({ fs: fsHost }), fsHost };
}

export class LessonsState {
  /** The lessons, once loaded (their texts and sources are a chunk of their own, loaded with the panel). */
  #catalog = $state.raw<readonly Lesson[]>([]);
  #catalogLoading: Promise<void> | undefined;
  #progress = $state<ProgressRecord>({});
  #activeId = $state<string | null>(null);
  #status = $state<LessonStatus>('idle');
  #error = $state.raw<UiMessage | null>(null);
  #stash = $state.raw<WorkspaceStash | null>(null);
  #notice = $state.raw<UiMessage | null>(null);
  #storageError = $state.raw<UiMessage | null>(null);
  /** The open lesson's captions as its run plays: all, shown, missed, the one on show, pausing at each. */
  readonly captions: LessonCaptions;
  #kit: Promise<LessonSandboxKit> | undefined;
  #sequence = 0;
  readonly #createSandbox: LessonSandboxFactory;
  readonly #records: LessonRecords;

  readonly active = $derived(this.#activeId ? this.find(this.#activeId) ?? null : null);
  readonly completedCount = $derived(this.#catalog.filter((l) => this.#progress[l.id]?.completed).length);

  constructor(
    store: KeyValueStore,
    private readonly workspace: WorkspaceState,
    private readonly run: RunState,
    options: { createSandbox?: LessonSandboxFactory } = {},
  ) {
    this.#records = createLessonRecords(store);
    this.#createSandbox = options.createSandbox ?? createDefaultKit;
    this.captions = new LessonCaptions(run, () => this.active, (lesson) => this.#updateProgress(lesson.id, { watched: true }));
  }

  get lessons(): readonly Lesson[] { return this.#catalog; }
  get catalogReady(): boolean { return this.#catalog.length > 0; }
  get status(): LessonStatus { return this.#status; }
  get error(): UiMessage | null { return this.#error; }
  /** A remark about the workspace switch (the learner's workspace could not be set aside). */
  get notice(): UiMessage | null { return this.#notice; }
  /** Storage refused to read or keep the progress (or the stash): shown in the status area until it works again. */
  get storageError(): UiMessage | null { return this.#storageError; }
  dismissStorageError(): void { this.#storageError = null; }
  /** The learner's own workspace is waiting aside, so they can return to it. */
  get hasStash(): boolean { return this.#stash !== null; }
  /** The lesson whose tools are in the editor, if any. */
  get workspaceLessonId(): string | null { return lessonIdOf(this.workspace.extension(LESSON_MARKER_KEY)); }

  find(id: string): Lesson | undefined {
    return this.#catalog.find((lesson) => lesson.id === id);
  }

  /** Loads the lessons themselves; resolves at once when they are loaded. Never rejects. */
  loadCatalog(): Promise<void> {
    this.#catalogLoading ??= import('../../content/lessons/catalog/index.ts').then(
      (module) => { this.#catalog = module.LESSONS; },
      () => { this.#catalogLoading = undefined; },
    );
    return this.#catalogLoading;
  }

  progressOf(id: string): LessonProgress {
    return this.#progress[id] ?? emptyProgress();
  }

  /** Loads progress and the stash; never rejects (unreadable storage leaves the defaults, and says so). */
  async load(): Promise<void> {
    const unreadable: UiMessage[] = [];
    const failed = (key: string) => (error: unknown) => { unreadable.push(msg(key, { detail: failureDetail(error) })); return null; };
    const [progress, stash] = await Promise.all([
      this.#records.loadProgress().catch(failed('storage.error.progressLoad')),
      this.#records.loadStash().catch(failed('storage.error.stashLoad')),
    ]);
    this.#progress = progress ?? {};
    this.#stash = stash;
    // One status line: the progress first (what the gallery shows), the stash when only it failed.
    if (unreadable.length) this.#storageError = unreadable.find((m) => m.key === 'storage.error.progressLoad') ?? unreadable[0];
  }

  /** Opens a lesson: shows it, loads its workspace into the editor (the learner's is kept aside) and records it. */
  async open(id: string): Promise<void> {
    await this.loadCatalog();
    const lesson = this.find(id);
    if (!lesson) return;
    this.#activeId = id;
    this.#notice = null;
    this.captions.rewind();
    // The last lesson's recording goes before its workspace does: left in view while this one records, it would play
    // under this lesson's title, and the workspace swap would make it out of date, so the auto re-record would make
    // it again (as this lesson, shown at its end).
    this.run.pause();
    this.run.load([]);
    this.#updateProgress(id, { opened: true });
    await this.#loadWorkspace(lesson);
    await this.record();
  }

  /** Back to the gallery. The lesson's workspace stays in the editor until the learner returns to their own. */
  close(): void {
    this.#sequence++;
    this.run.pause();
    this.#activeId = null;
    this.#status = 'idle';
    this.#error = null;
    this.captions.rewind();
  }

  /**
   * Records the open lesson with its own files in the lessons' sandbox (with the tools, hooks and scenario as the
   * editor has them when it holds this lesson) and shows the recording in the run state, from the start.
   */
  async record(): Promise<void> {
    const lesson = this.active;
    if (!lesson) return;
    const sequence = ++this.#sequence;
    this.#status = 'recording';
    this.#error = null;
    // When the run state asked for this recording (Play on an out-of-date one), it plays the new one as Play asked.
    if (!this.run.rerecording) this.run.pause();
    const startedAt = performance.now();
    const identity = this.#identity(lesson);
    try {
      const kit = await (this.#kit ??= this.#createSandbox());
      // The engine that plays lessons (loop, recorder, coding tools) is its own chunk, loaded on first use.
      const { recordLessonWithSandbox } = await import('./runner.ts');
      const edited = this.#edited(lesson);
      const outcome = await recordLessonWithSandbox(edited.lesson, kit.sandbox, kit.fsHost, edited.sources);
      if (sequence !== this.#sequence) return;
      if (!outcome.ok) {
        const first = 'diagnostics' in outcome ? outcome.diagnostics[0]?.message : outcome.errors[0]?.message;
        this.#fail(msg('lessons.error.code', { detail: first ?? '' }));
        return;
      }
      // Compare mode is set while nothing is shown, so switching it does not record the workspace's scenario.
      this.run.load([]);
      this.run.setCompare(lesson.compare === true);
      // Out of date once the lesson's tools, hooks or scenario change in the editor; Play then records it anew.
      this.run.load(outcome.recordings.map((r) => r.recording), {
        identity, current: () => this.#identity(lesson), rerecord: () => this.record(), wallMs: performance.now() - startedAt,
      });
      this.captions.reset();
      this.#status = 'ready';
    } catch (error) {
      this.#kit = undefined;
      if (sequence === this.#sequence) this.#fail(msg('lessons.error.sandbox', { detail: error instanceof Error ? error.message : String(error) }));
    }
  }


  /**
   * Records the learner's answer. A wrong answer can be replaced by another try; a right one is final until the quiz
   * is reset. The lesson is completed once every question is answered right.
   */
  answer(questionId: string, choiceId: string): void {
    const lesson = this.active;
    const question = lesson?.quiz.find((q) => q.id === questionId);
    if (!lesson || !question || !question.choices.some((c) => c.id === choiceId)) return;
    const current = this.progressOf(lesson.id);
    if (!acceptsAnswer(current, question)) return;
    this.#updateProgress(lesson.id, withAnswer(current, question, choiceId));
  }

  /** Clears the quiz's answers to take it again; a lesson once completed stays completed. */
  resetQuiz(): void {
    const lesson = this.active;
    if (lesson) this.#updateProgress(lesson.id, { answers: {}, tries: {} });
  }

  /** Puts the learner's own workspace back in the editor (undoable like any workspace action). */
  async returnToWorkspace(): Promise<void> {
    const stash = this.#stash;
    if (!stash) return;
    this.workspace.replaceAll(stash.workspace, msg('lessons.action.return'));
    this.#stash = null;
    await this.#records.deleteStash().catch((error: unknown) => {
      this.#storageError = msg('storage.error.stashDelete', { detail: failureDetail(error) });
    });
  }

  dispose(): void {
    this.#sequence++;
    void this.#kit?.then((kit) => kit.sandbox.dispose(), () => undefined);
  }

  /** The lesson as the editor has it, when the editor holds this lesson; else the lesson itself. */
  #edited(lesson: Lesson): { lesson: Lesson; sources?: { tools: Lesson['tools']; hooks: string } } {
    if (this.workspaceLessonId !== lesson.id) return { lesson };
    const snapshot = this.workspace.snapshot();
    const item = parseScenarioDocument(snapshot[SCENARIOS_KEY])?.items.find((i) => i.id === lessonScenarioId(lesson));
    let scenario: ScenarioFile = lesson.scenario;
    try {
      if (item) scenario = JSON.parse(item.lastGoodText ?? item.text) as ScenarioFile;
    } catch {
      // The editor shows the scenario's errors; the lesson plays its own scenario meanwhile.
    }
    return { lesson: { ...lesson, scenario }, sources: { tools: snapshot.tools, hooks: snapshot.hooks } };
  }

  /** What the lesson's recording is made from (reactive): the editor's tools, hooks and scenario when it holds it. */
  #identity(lesson: Lesson): RunIdentity {
    if (this.workspaceLessonId !== lesson.id) return { scenario: `lesson:${lesson.id}` };
    const item = parseScenarioDocument(this.workspace.extension(SCENARIOS_KEY))?.items.find((i) => i.id === lessonScenarioId(lesson));
    return {
      scenario: `lesson:${lesson.id}\n${item?.lastGoodText ?? item?.text ?? ''}`,
      tools: toolIdentities(this.workspace.tools),
      hooks: this.workspace.hooks,
    };
  }

  async #loadWorkspace(lesson: Lesson): Promise<void> {
    if (this.workspaceLessonId === lesson.id && this.#stash) return;
    // The editor holds the learner's own work unless it is a lesson workspace put there while their work waits in
    // the stash. A workspace carrying a lesson marker without a stash (a link shared while a lesson was open) is
    // theirs too: put it aside durably before replacing it.
    if (this.workspaceLessonId === null || !this.#stash) {
      const stash: WorkspaceStash = { workspace: this.workspace.snapshot(), savedAt: Date.now() };
      try {
        await this.#records.saveStash(stash);
      } catch {
        this.#notice = msg('lessons.notice.notStashed');
        return;
      }
      this.#stash = stash;
    }
    this.workspace.replaceAll(createLessonWorkspace(lesson), msg('lessons.action.open', { badge: lesson.badge }));
  }

  #updateProgress(id: string, change: Partial<LessonProgress>): void {
    const lesson = this.find(id);
    const before = this.progressOf(id);
    const next = { ...before, ...change };
    if (lesson && isComplete(next, lesson.quiz)) next.completed = true;
    if (JSON.stringify(next) === JSON.stringify(before) && id in this.#progress) return;
    this.#progress = { ...this.#progress, [id]: next };
    void this.#records.saveProgress($state.snapshot(this.#progress)).then(
      () => { this.#storageError = null; },
      (error: unknown) => { this.#storageError = msg('storage.error.progress', { detail: failureDetail(error) }); },
    );
  }

  #fail(error: UiMessage): void {
    this.#status = 'error';
    this.#error = error;
  }
}
