// Messages between the host (the app) and the worker that runs user code, over one MessagePort. Every host
// message carries a `seq` and the host clock's `now`; the worker answers `quiet` once it has handled a message and
// run out of work, which is how the host knows when user code is only waiting (on timers) and a virtual clock may
// move. The quiet report names the next timer's due time; the host sends `tick` when its clock gets there.
import type { EncodedSchema } from '../ai/schema/index.ts';

/** `turn`: a scenario's code turn, its default export called with pi's faux factory arguments. */
export type CallKind = 'execute' | 'prepareArguments' | 'beforeToolCall' | 'afterToolCall' | 'turn';

/** What a module is: tools, hooks, or a scenario's code turn (a faux response factory as its default export). */
export type ModuleRole = 'tool' | 'hooks' | 'turn';

export type HostMessage = { seq: number } & (
  | { type: 'configure'; maxResultBytes: number }
  | { type: 'evaluate'; id: number; fileId: string; role: ModuleRole; code: string }
  | { type: 'drop'; fileId: string }
  | {
      type: 'call';
      id: number;
      kind: CallKind;
      fileId: string;
      toolName?: string;
      toolCallId?: string;
      /** execute: validated params; prepareArguments: raw arguments; hooks: the cloneable context; turn: { context, options, state, model }. */
      payload: unknown;
      aborted: boolean;
      wantsUpdates: boolean;
    }
  /** Aborts a call's signal, or cancels an evaluation that the host gave up on. */
  | { type: 'abort'; id: number }
  /** The host clock reached the worker's next timer. */
  | { type: 'tick' }
  /** The host clock was replaced: `virtual` time stands still while code computes; `real` is wall time (Try it). */
  | {
      type: 'clock'; mode: 'virtual' | 'real'; epoch: number; previousNow: number;
      /** performance.timeOrigin + performance.now() at the clock's 0, for real time read in the worker itself. */
      origin: number;
    }
  | { type: 'fs-reply'; requestId: number; ok: true; value: unknown }
  | { type: 'fs-reply'; requestId: number; ok: false; message: string; code?: string }
  | { type: 'ping'; id: number }
);

/** A position in the evaluated (transpiled) code: 1-based line and column. */
export interface CodeFrame {
  fileId: string;
  line: number;
  column: number;
}

export type CallOutcome =
  | { ok: true; value: unknown; sameObject?: boolean; returnedPromise?: boolean }
  | { ok: false; message: string; frame?: CodeFrame };

/** A field of a tool object as the worker saw it: its kind, and its value when that is a primitive. */
export interface FieldReport {
  kind: 'missing' | 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'function' | 'other';
  value?: string | number | boolean;
}

export interface ToolReport {
  /** How the module exposed it: `export default`, `export myTool`, `export tools[1]`, `registerTool #1`. */
  origin: string;
  /** The export's name, when the tool came from a named or default export. */
  exportName?: string;
  name: FieldReport;
  label: FieldReport;
  description: FieldReport;
  parametersField: FieldReport;
  parameters?: EncodedSchema;
  execute: FieldReport;
  prepareArguments: FieldReport;
  executionMode: FieldReport;
  constrainedSampling: FieldReport & { json?: unknown };
}

export interface ModuleReport {
  /** A syntax error carries the engine's position; an evaluation error the first frame in this file. */
  error?: { kind: 'syntax' | 'evaluation'; message: string; frame?: { line: number; column: number } };
  tools: ToolReport[];
  hooks: { beforeToolCall: FieldReport; afterToolCall: FieldReport };
  /** A code turn's default export (turn modules only). */
  turn?: FieldReport;
  /** Things worth telling about the module's shape (no tools found, a factory that registered nothing). */
  notes: { severity: 'error' | 'warning'; message: string; code?: 'exports.factory-registered-none' | 'exports.none' | 'hooks.none' | 'turn.no-factory'; exportName?: string }[];
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'evaluated'; id: number; report: ModuleReport }
  | { type: 'update'; id: number; partial: unknown }
  | { type: 'settled'; id: number; outcome: CallOutcome }
  | { type: 'fs'; callId?: number; requestId: number; op: string; args: unknown[] }
  /** `toolCallId` too, for a log from a timer whose call has ended. */
  | { type: 'log'; callId?: number; toolCallId?: string; level: 'log' | 'warn' | 'error'; text: string }
  /** `userCodeMs`: wall time the worker has spent running user code since it started (it only grows). */
  | ({ type: 'quiet'; seq: number; userCodeMs?: number } & TimerReport)
  | { type: 'pong'; id: number };

/** A host message as posted: stamped with the host clock's time (in recordings, the time user code sees). */
export type StampedHostMessage = HostMessage & { now: number };

/** The worker's timers as the host needs them: when to wake it, and which calls wait on a timer until when. */
export interface TimerReport {
  nextTimer?: number;
  waits: { callId: number; due: number }[];
  /** Who set the next timer (named if its callback never finishes). */
  nextLabel?: string;
}

/** Modules tool code may import, besides the globals Type, StringEnum, sleep and fs. */
export const PROVIDED_MODULES = [
  'typebox', '@sinclair/typebox', '@earendil-works/pi-ai', '@earendil-works/pi-ai/compat', '@earendil-works/pi-agent-core',
  '@earendil-works/pi-coding-agent', 'playground',
] as const;
