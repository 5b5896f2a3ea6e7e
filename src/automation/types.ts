// The public types of the automation contract (window.piPlayground, version 1): what getState() returns, the
// conditions waitFor() knows, and the shape of every answer. Scripts may import them (tests/demos does);
// docs/automation.md describes each field. Adding a field is compatible; renaming or removing one is a new version.
import type { CallPhase } from '../state/run/cursor.ts';
import type { TransportState } from '../state/run/run.svelte.ts';

export const AUTOMATION_VERSION = 1;

export type { CallPhase };

/**
 * Which recording: `main` (one run), or `parallel` / `sequential` in compare mode; comparing two runs, each is
 * named by its model (`gpt-4o-mini`, `scripted`; `… (1)` / `… (2)` when both are the same).
 */
export type RecordingLabel = string;

export interface RecordingState {
  id: string;
  label: RecordingLabel;
  toolExecution: 'parallel' | 'sequential';
  durationMs: number;
  status: 'recording' | 'done' | 'failed';
  events: number;
  shownEvents: number;
}

export interface SelectionState {
  recording: RecordingLabel;
  callId?: string;
  phase?: string;
  seq?: number;
}

export interface CaptionState {
  /** 0-based position among the captions that happened in this run. */
  index: number;
  total: number;
  id: string;
  /** The caption in the current language, as plain text. */
  text: string;
}

export interface LessonState {
  id: string;
  /** `recording` while the lesson's run is made, `ready` once it can play, `error` if it could not be recorded. */
  status: 'idle' | 'recording' | 'ready' | 'error';
  captions: number;
  /** The learner watched the run to the end (the quiz is then shown). */
  watched: boolean;
  completed: boolean;
}

/** The live run (against a real model): how the last one went, where a request is going now. Never a key. */
export interface LiveState {
  status: 'idle' | 'starting' | 'running' | 'done' | 'error' | 'aborted';
  /** `provider/model` of the last run started, or null. */
  model: string | null;
  /** The host the request under way goes to, or null between requests. */
  inFlightHost: string | null;
  /** pi's error text of a failed run (the key scrubbed out), or null. */
  error: string | null;
  /** What to try next after a failed run: key, rate-limit, server, network, stream, load. */
  hint: string | null;
  /** The scenario the run was saved as (it replays offline), or null. */
  scenarioId: string | null;
}

export interface PlaygroundState {
  version: typeof AUTOMATION_VERSION;
  /** The workspace is loaded and the sandbox has evaluated it (or is known to be unavailable). */
  ready: boolean;
  /** The transport: `recording` also while a lesson's run is being made. */
  status: TransportState;
  /** Virtual milliseconds: the same calls always give the same numbers. */
  cursorMs: number;
  durationMs: number;
  speed: number;
  compare: boolean;
  /** In compare mode, the scenario shown beside the selected one; null: parallel and sequential. */
  compareWith: string | null;
  /** Events of the primary recording shown at the cursor, and how many it has. */
  shownEvents: number;
  totalEvents: number;
  recordings: RecordingState[];
  selection: SelectionState | null;
  /** The selected call's phase at the cursor, or null. */
  phase: CallPhase | null;
  /** Every call of the primary recording and its phase at the cursor (`pending` before it starts, `done` after). */
  phaseByCall: Record<string, CallPhase>;
  panel: string;
  theme: 'light' | 'dark';
  language: string;
  /** `sidebar:20,editor:30,views:50`, `focus:<panel>`, or null for the user's own layout. */
  layout: string | null;
  scenario: { id: string; name: string } | null;
  lesson: LessonState | null;
  caption: CaptionState | null;
  /** Why the last recording could not be made (a message key), or null. */
  error: string | null;
  /** What changed since the shown recording was made (`tool:get_weather`, `hooks`, `files`…); empty when up to date. */
  outOfDate: string[];
  /** URL parameters that were not understood, as `param=value: reason`. */
  problems: string[];
  /** The live run, or null before one was used. */
  live: LiveState | null;
}

export type WaitCondition = 'ready' | 'recorded' | 'playing' | 'paused' | 'ended' | 'caption' | 'idle';

export type WaitResult = { ok: true; state: PlaygroundState } | { ok: false; reason: 'timeout' | 'stopped'; state: PlaygroundState };

/** What an action answers: the state afterwards, or why nothing was done (bad input never throws). */
export type ActionResult = { ok: true; state: PlaygroundState } | { ok: false; error: string; state: PlaygroundState };
