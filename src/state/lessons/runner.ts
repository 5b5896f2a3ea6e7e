// Records a lesson with its real tool code: the lesson's (or the learner's edited) tool and hooks files are
// evaluated in a sandbox of their own whose `fs` serves the lesson's virtual files, never the learner's.
import { planLessonRuns, recordLesson, type RecordLessonResult } from '../../content/lessons/index.ts';
import type { Lesson } from '../../content/lessons/index.ts';
import { createFsCapability, type FsCapability } from '../../vfs/index.ts';
import type { FileSystem } from '../../vfs/index.ts';
import { RealClock, type Clock } from '../../engine/index.ts';
import type { TraceSink } from '../../engine/index.ts';
import { createCanvasImageCodec } from '../files/canvas-image-codec.ts';
import type { Diagnostic, FsCapabilityHost, FsEntry, Sandbox, SourceFile } from '../../sandbox/types.ts';
import { codeTurnSourceFiles, createCodeTurnRunner, turnOfFileId } from '../run/code-turns.ts';

/** What the runner needs of a sandbox. */
export type LessonSandbox = Pick<Sandbox, 'evaluate' | 'agentTools' | 'hooks' | 'setClock'> & Partial<Pick<Sandbox, 'runTurn'>>;

/** The lesson's code as the learner currently has it (defaults to the lesson's own files). */
export interface LessonSources {
  tools: { id: string; kind: 'typescript' | 'json-schema'; name: string; source: string }[];
  hooks: string;
}

export type LessonRecordOutcome = RecordLessonResult | { ok: false; diagnostics: Diagnostic[] };

export const LESSON_HOOKS_FILE_ID = 'lesson-hooks';

/**
 * The `fs` a lesson sandbox is created with. Each run points it at that run's fresh copy of the lesson files and
 * trace, so fs work from user code shows on the timeline and one run's edits never leak into the next.
 */
export class LessonFsHost implements FsCapabilityHost {
  #current: FsCapability | undefined;

  use(files: FileSystem, trace: TraceSink, clock: Clock): void {
    this.#current = createFsCapability(files, { trace, clock });
  }

  #fs(op: string): FsCapability {
    if (!this.#current) throw new Error(`fs.${op}: no lesson is running`);
    return this.#current;
  }

  readFile = async (path: string) => this.#fs('readFile').readFile(path);
  writeFile = async (path: string, content: string) => this.#fs('writeFile').writeFile(path, content);
  list = async (path: string): Promise<FsEntry[]> => this.#fs('list').list(path);
  stat = async (path: string) => this.#fs('stat').stat(path);
  remove = async (path: string) => this.#fs('remove').remove(path);
}

export function lessonSourceFiles(sources: LessonSources): SourceFile[] {
  const files: SourceFile[] = sources.tools.map((t) => ({ id: t.id, kind: t.kind, source: t.source, name: t.name, role: 'tool' }));
  if (sources.hooks.trim() !== '') {
    files.push({ id: LESSON_HOOKS_FILE_ID, kind: 'typescript', source: sources.hooks, name: 'hooks.ts', role: 'hooks' });
  }
  return files;
}

export function defaultLessonSources(lesson: Lesson): LessonSources {
  return { tools: lesson.tools.map((t) => ({ ...t })), hooks: lesson.hooks };
}

/**
 * Evaluates the sources, then records every run of the lesson. Errors in the code come back as diagnostics and
 * nothing is recorded; the sandbox's clock is set to each run's virtual clock, and to real time afterwards.
 */
export async function recordLessonWithSandbox(
  lesson: Lesson,
  sandbox: LessonSandbox,
  fsHost: LessonFsHost,
  sources: LessonSources = defaultLessonSources(lesson),
  options: { idPrefix?: string } = {},
): Promise<LessonRecordOutcome> {
  const plan = planLessonRuns(lesson);
  const turnFiles = codeTurnSourceFiles(plan.ok ? plan.runs[0]?.scenario.turns : undefined);
  const evaluation = await sandbox.evaluate([...lessonSourceFiles(sources), ...turnFiles]);
  // A code turn's errors end its recording at that turn (with the error at its line); the tools' stop it here.
  const errors = evaluation.diagnostics.filter((d) => d.severity === 'error' && turnOfFileId(d.fileId) === undefined);
  if (errors.length > 0) return { ok: false, diagnostics: errors };
  const tools = sandbox.agentTools(evaluation);
  const hooks = sandbox.hooks(evaluation);
  const codeTurns = sandbox.runTurn ? createCodeTurnRunner(sandbox as Pick<Sandbox, 'runTurn'>, evaluation) : undefined;
  return recordLesson(lesson, {
    idPrefix: options.idPrefix,
    images: createCanvasImageCodec(),
    prepare: ({ clock, trace, files }) => {
      sandbox.setClock(clock);
      fsHost.use(files, trace, clock);
      return { tools, hooks, ...(codeTurns ? { codeTurns } : {}) };
    },
  }).finally(() => sandbox.setClock(new RealClock())); // real time between recordings; leftover timers end
}
