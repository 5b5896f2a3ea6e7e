// The lesson workspace: a lesson's tools, hooks and settings as a workspace document the editor can show, marked
// with the lesson's id (the stash that keeps the learner's own workspace meanwhile is storage/lessons.ts).
import type { LabelledRecordings } from '../../content/lessons/index.ts';
import type { Lesson } from '../../content/lessons/index.ts';
import type { Recording } from '../../recording/index.ts';
import { CODING_TOOLS_KEY, LESSON_MARKER_KEY, SCENARIOS_KEY } from '../../storage/keys.ts';
import type { ScenarioDocument } from '../../storage/scenarios.ts';
import type { Workspace } from '../../storage/workspace.ts';

/** The id of the lesson's scenario in its workspace's scenario list. */
export function lessonScenarioId(lesson: Pick<Lesson, 'id'>): string {
  return `lesson-${lesson.id}`;
}

/** A fresh document for the lesson: its tools, hooks, settings and scenario, and nothing of the learner's. */
export function createLessonWorkspace(lesson: Lesson): Workspace {
  const workspace: Workspace = {
    tools: lesson.tools.map((t) => ({ id: t.id, name: t.name, kind: t.kind, source: t.source })),
    hooks: lesson.hooks,
    settings: { ...lesson.settings },
    [LESSON_MARKER_KEY]: { id: lesson.id },
    [SCENARIOS_KEY]: {
      version: 1,
      items: [{ id: lessonScenarioId(lesson), name: lesson.scenario.title ?? lesson.id, text: `${JSON.stringify(lesson.scenario, null, 2)}\n` }],
    } satisfies ScenarioDocument,
  };
  if (lesson.codingTools?.length) workspace[CODING_TOOLS_KEY] = { enabled: true, tools: [...lesson.codingTools] };
  return workspace;
}

/** The lesson id a workspace's marker names, or null for the learner's own workspace. */
export function lessonIdOf(marker: unknown): string | null {
  const id = (marker as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * Names the run state's recordings as the lesson's anchors do: in compare mode by execution mode ('parallel',
 * 'sequential'), otherwise the first one is 'main'.
 */
export function labelRecordings(recordings: readonly Recording[], lesson: Pick<Lesson, 'compare'>): LabelledRecordings {
  if (lesson.compare) return recordings.map((recording) => ({ label: recording.toolExecution, recording }));
  return recordings.slice(0, 1).map((recording) => ({ label: 'main', recording }));
}
