// Plays a lesson into recordings: its scenario once (or twice, parallel and sequential, in compare mode), each run
// on a fresh virtual clock in a fresh world the caller prepares (sandboxed tools, hooks, the lesson's own files).
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario, type ScenarioError } from '../../recording/scenario/parse/index.ts';
import type { CodeTurnRunner } from '../../recording/scenario/index.ts';
import type { ScenarioHooks } from '../../recording/scenario/index.ts';
import type { Scenario } from '../../recording/scenario/index.ts';
import type { ImageCodec } from '../../coding-tools/images/index.ts';
import { createCodingTools } from '../../coding-tools/index.ts';
import { createMemoryFileSystem } from '../../vfs/index.ts';
import type { TreeFileSystem } from '../../vfs/index.ts';
import { recordScenario } from '../../recording/recorder/index.ts';
import type { Recording } from '../../recording/index.ts';
import type { TraceSink } from '../../engine/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import type { LabelledRecordings } from './anchors.ts';
import type { Lesson, LessonRunLabel } from './types.ts';

export interface LessonRunPlan {
  label: LessonRunLabel;
  scenario: Scenario;
}

export type LessonPlanResult = { ok: true; runs: LessonRunPlan[] } | { ok: false; errors: ScenarioError[] };

/** The runs a lesson plays: its scenario as written, or the same scenario parallel then sequential. */
export function planLessonRuns(lesson: Pick<Lesson, 'scenario' | 'compare'>): LessonPlanResult {
  const parsed = parseScenario(JSON.stringify(lesson.scenario));
  if (!parsed.ok) return parsed;
  if (!lesson.compare) return { ok: true, runs: [{ label: 'main', scenario: parsed.scenario }] };
  return {
    ok: true,
    runs: (['parallel', 'sequential'] as const).map((mode) => ({ label: mode, scenario: { ...parsed.scenario, toolExecution: mode } })),
  };
}

/** What one run needs from outside core: a clock-bound world with the lesson's tools and hooks. */
export interface LessonWorld {
  tools: AgentTool[];
  hooks: ScenarioHooks;
  /** Runs the scenario's code turns (the lesson's sandbox). */
  codeTurns?: CodeTurnRunner;
}

export interface LessonRunContext {
  label: LessonRunLabel;
  clock: VirtualClock;
  /** The run's trace sink: filesystem tools report their reads and writes here. */
  trace: TraceSink;
  /** A fresh copy of the lesson's files for this run (the sandbox's `fs` and the coding tools share it). */
  files: TreeFileSystem;
}

export interface RecordLessonOptions {
  /** Builds the run's world: typically the sandbox set to `clock` and serving `files`, plus its hooks. */
  prepare(context: LessonRunContext): Promise<LessonWorld> | LessonWorld;
  /** Recording ids are `<idPrefix>:<label>`. Default: the lesson id. */
  idPrefix?: string;
  /** Called after each appended event of a run (a live view can follow the recording as it grows). */
  onAppend?: (label: LessonRunLabel, recording: Recording) => void;
  /** The codec the lesson's read tool resizes images with (the browser's canvas); without it, as createCodingTools. */
  images?: ImageCodec;
}

export type RecordLessonResult = { ok: true; recordings: LabelledRecordings } | { ok: false; errors: ScenarioError[] };

/** The lesson's virtual files in a new memory filesystem (mtimes at 0, so runs are identical). */
export function createLessonFiles(lesson: Pick<Lesson, 'files'>): TreeFileSystem {
  return createMemoryFileSystem(lesson.files ?? {}, { now: () => 0 });
}

/**
 * Records every run of the lesson, one after another. The coding tools the lesson names are added after the
 * prepared tools, working on the run's files and reporting to its trace. Never rejects on a bad lesson: a scenario
 * that does not parse comes back as its errors; a run that breaks is recorded with status `failed`.
 */
export async function recordLesson(lesson: Lesson, options: RecordLessonOptions): Promise<RecordLessonResult> {
  const plan = planLessonRuns(lesson);
  if (!plan.ok) return plan;
  const recordings: LabelledRecordings = [];
  for (const { label, scenario } of plan.runs) {
    const clock = new VirtualClock();
    let recordingSink: TraceSink | undefined;
    const trace: TraceSink = (event) => recordingSink?.(event);
    const files = createLessonFiles(lesson);
    const world = await options.prepare({ label, clock, trace, files });
    const codingTools = lesson.codingTools?.length
      ? createCodingTools(files, { trace, clock, images: options.images }).filter((tool) => lesson.codingTools!.includes(tool.name as never))
      : [];
    const { finished } = recordScenario(scenario, {
      id: `${options.idPrefix ?? lesson.id}:${label}`,
      // Shown above its timeline: a single run is named by its execution mode, as the run state names its own.
      label: label === 'main' ? scenario.toolExecution : label,
      clock,
      tools: [...world.tools, ...codingTools],
      hooks: world.hooks,
      ...(world.codeTurns ? { codeTurns: world.codeTurns } : {}),
      onAppend: options.onAppend ? (recording) => options.onAppend!(label, recording) : undefined,
      traceSources: [(sink) => {
        recordingSink = sink;
        return () => { recordingSink = undefined; };
      }],
    });
    const recording = await finished;
    recordings.push({ label, recording });
  }
  return { ok: true, recordings };
}
