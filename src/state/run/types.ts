// The run's vocabulary: transport states and speeds, the selection, and what a run asks of its environment. Plain
// TypeScript, so the recorder, the automation contract and URL parsing can share it without loading the run state.
import type { Clock } from '../../engine/index.ts';
import type { CodeTurnRunner } from '../../recording/scenario/index.ts';
import type { ScenarioHooks } from '../../recording/scenario/index.ts';
import type { Scenario } from '../../recording/scenario/index.ts';
import type { ToolPhase, TraceSink } from '../../engine/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import type { RunIdentity } from './identity.ts';

export type { RunIdentity, StaleReason } from './identity.ts';

export type TransportState = 'idle' | 'recording' | 'playing' | 'paused' | 'ended' | 'error';
export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;

/** A message for the UI to word: a catalog key and its values (state does not import the catalog). */
export interface RunMessage { key: string; params?: Record<string, string | number> }

/** What is selected on the timeline or in the log: a recording, optionally a call, one of its phases, an event. */
export interface RunSelection { recordingId: string; toolCallId?: string; phase?: ToolPhase; seq?: number }

export type ScenarioSource = { ok: true; scenario: Scenario; key: string } | { ok: false; reason: RunMessage };

/** Where a run gets its scenario, tools and hooks (the app wires the sandbox in; tests hand in plain tools). */
export interface RunEnvironment {
  /** The scenario to record now; `key` changes whenever what would be recorded changes. Reactive. */
  scenario(): ScenarioSource;
  /**
   * What `scenario()` still waits for (the scenario checker is a chunk of its own, loaded on first use), or
   * undefined when it has all it needs: a recording asked for before that awaits it, then starts.
   */
  pending?(): Promise<void> | undefined;
  /** Another scenario by id, as a run would use it (compare mode shows it beside the selected one). Reactive. */
  scenarioById?(id: string): ScenarioSource;
  /**
   * Every input a recording made now would use (tools, hooks, settings, files…). Reactive. Without it, only the
   * scenario's `key` says whether a recording is out of date.
   */
  identity?(): RunIdentity;
  /**
   * Tools and hooks whose waits run on `clock`, and what runs the scenario's code turns; `release` is called when
   * the recording has ended.
   */
  prepare(clock: Clock): Promise<{ tools: AgentTool<any>[]; hooks: ScenarioHooks; codeTurns?: CodeTurnRunner; release(): void }>;
}

/**
 * Where shown recordings came from when the run state did not make them (a lesson): what they were made from, what
 * that is now (reactive), and how to make them again (the transport's Play does when they are out of date).
 */
export interface RecordingOrigin {
  identity: RunIdentity;
  current(): RunIdentity;
  /** Records anew and shows the result through `load`; resolves once shown (or failed). */
  rerecord(): Promise<unknown>;
  /** Wall-clock milliseconds the recording took to make (auto re-record only repeats short ones). */
  wallMs: number;
}

export type RecordHook = () => void | Promise<void>;
/** Attaches to a recording's trace sink (and its clock, for `t`); returns the detach function. */
export type TraceSource = (sink: TraceSink, clock: Pick<Clock, 'now'>) => () => void;
