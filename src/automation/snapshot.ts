// Reads the app's state objects into the plain, JSON-safe PlaygroundState of the automation contract, and says
// when each named wait condition holds. Reads reactive state, so it can be called inside an effect (waitFor does).
import type { AppState } from '../state/shell/context.ts';
import { phaseByCall } from './calls.ts';
import type { PresentationState } from '../state/shell/presentation.svelte.ts';
import { AUTOMATION_VERSION, type CaptionState, type PlaygroundState, type WaitCondition } from './types.ts';
import { reasonCode } from '../state/run/identity.ts';
import type { StoredScenario } from '../state/workspace/scenario.svelte.ts';

/** What the snapshot needs beyond the state objects: the language and how the UI names a scenario. */
export interface SnapshotContext {
  app: AppState;
  presentation: PresentationState;
  ready: boolean;
  locale: string;
  scenarioName: (item: StoredScenario) => string;
  problems: readonly string[];
}

function captionOf(app: AppState, locale: string): CaptionState | null {
  const { lessons } = app;
  const shown = lessons.captions.shown[lessons.captions.index];
  if (!lessons.active || !shown) return null;
  const texts = shown.caption.text as unknown as Record<string, string>;
  // Lesson texts mark code with backticks; the state gives the words a reader sees.
  const text = (texts[locale] ?? shown.caption.text.en).replace(/`/g, '');
  return { index: lessons.captions.index, total: lessons.captions.shown.length, id: shown.caption.id, text };
}

/** The transport's state, except that a lesson's run being made counts as recording too. */
export function statusOf(app: AppState): PlaygroundState['status'] {
  return app.lessons.status === 'recording' ? 'recording' : app.run.state;
}

export function snapshot(context: SnapshotContext): PlaygroundState {
  const { app, presentation } = context;
  const { run, lessons } = app;
  const primary = run.primary;
  const shown = primary ? run.shownCount(primary.id) : 0;
  const selection = run.selection;
  const selected = selection ? run.recordings.find((r) => r.id === selection.recordingId) : undefined;
  const lesson = lessons.active;
  const scenario = app.scenarios.selected;
  const progress = lesson ? lessons.progressOf(lesson.id) : null;
  return {
    version: AUTOMATION_VERSION,
    ready: context.ready,
    status: statusOf(app),
    cursorMs: run.cursorMs,
    durationMs: run.durationMs,
    speed: run.speed,
    compare: run.compare,
    compareWith: run.compareWith,
    shownEvents: shown,
    totalEvents: primary?.events.length ?? 0,
    recordings: run.recordings.map((r) => ({
      id: r.id, label: r.label, toolExecution: r.toolExecution, durationMs: r.durationMs, status: r.status,
      events: r.events.length, shownEvents: run.shownCount(r.id),
    })),
    selection: selection && selected
      ? {
          recording: selected.label,
          ...(selection.toolCallId !== undefined ? { callId: selection.toolCallId } : {}),
          ...(selection.phase !== undefined ? { phase: selection.phase } : {}),
          ...(selection.seq !== undefined ? { seq: selection.seq } : {}),
        }
      : null,
    phase: run.phase,
    phaseByCall: primary ? phaseByCall(primary.events, shown) : {},
    panel: presentation.focus ?? app.views.active,
    theme: app.preferences.resolvedTheme,
    language: context.locale,
    layout: presentation.description,
    scenario: scenario ? { id: scenario.id, name: context.scenarioName(scenario) } : null,
    lesson: lesson && progress
      ? { id: lesson.id, status: lessons.status, captions: lessons.captions.shown.length, watched: progress.watched, completed: progress.completed }
      : null,
    caption: captionOf(app, context.locale),
    error: run.error?.key ?? (lessons.status === 'error' ? lessons.error?.key ?? null : null),
    outOfDate: run.staleReasons.map(reasonCode),
    problems: [...context.problems],
    live: liveOf(app),
  };
}

function liveOf(app: AppState): PlaygroundState['live'] {
  const live = app.live?.current;
  if (!live) return null;
  const model = live.model;
  return {
    status: live.status,
    model: model ? `${model.provider}/${model.id}` : null,
    inFlightHost: live.inFlight?.host ?? null,
    error: live.error,
    hint: live.hint,
    scenarioId: live.savedScenarioId,
  };
}

/** Nothing is being loaded, recorded or played. */
export function isIdle(app: AppState, ready: boolean): boolean {
  return ready && !app.live?.current?.busy && !app.run.recordingNow && !app.run.playing && app.lessons.status !== 'recording' && app.evaluation.status !== 'evaluating';
}

/** The open lesson is paused exactly at a caption's event (where pause-at-captions stops, or Next puts it). */
function pausedAtCaption(app: AppState): boolean {
  const { lessons, run } = app;
  const position = lessons.captions.shown[lessons.captions.index]?.position;
  return !!position && !run.playing && run.shownCount(position.recordingId) === position.seq + 1;
}

/**
 * Whether `condition` holds now: true, false (not yet), or 'stopped' when it cannot happen without another action
 * (the run is paused, so it will not end by itself).
 */
export function conditionHolds(app: AppState, ready: boolean, condition: WaitCondition): boolean | 'stopped' {
  const status = statusOf(app);
  const moving = app.run.playing || status === 'recording';
  switch (condition) {
    case 'ready': return ready;
    case 'idle': return isIdle(app, ready);
    case 'recorded':
      if (status === 'error') return 'stopped';
      return ready && status !== 'recording' && app.run.recordings.length > 0;
    case 'playing': return status === 'playing';
    case 'paused': return status === 'paused';
    case 'ended':
      if (status === 'ended') return true;
      return moving ? false : 'stopped';
    case 'caption':
      if (moving) return false;
      return app.lessons.active && pausedAtCaption(app) ? true : 'stopped';
  }
}
