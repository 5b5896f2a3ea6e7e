// What a script's select() and stepPhase() requests point at in a recording — a recording, a call, a phase — checked
// before the run state is touched, with the problem in the words the contract answers (English, for script authors).
import type { Recording, RecordedEvent } from '../recording/index.ts';
import type { ToolPhase } from '../engine/index.ts';
import { callsAtCursor } from './calls.ts';
import { TOOL_PHASES } from '../state/run/cursor.ts';
import type { RunSelection } from '../state/run/types.ts';

export interface SelectRequest { callId?: string; phase?: string; recording?: string }

/** Why `callId` names no call of `events`, or null (also when no call is named). */
export function unknownCall(events: readonly RecordedEvent[], callId: string | undefined): string | null {
  if (callId === undefined || callsAtCursor(events, 0).some((c) => c.id === callId)) return null;
  return `no call "${callId}" in this run`;
}

/** Why `phase` is not one of `phases`, or null (also when no phase is named). */
export function unknownPhase(phase: string | undefined, phases: readonly string[]): string | null {
  if (phase === undefined || phases.includes(phase)) return null;
  return `unknown phase "${phase}" (phases: ${phases.join(', ')})`;
}

/**
 * Why `target` is not a stepPhase target — nothing, or `{ callId }` or `{ callId, phase }` with strings — or null.
 * Checked before anything moves: a string such as 'nope' must not read as "no target" and step the transport.
 */
export function stepTargetProblem(target: unknown, phases: readonly string[]): string | null {
  const refuse = (got: string) => `stepPhase's target was ${got}; it must be left out, or be { callId } or { callId, phase } (phases: ${phases.join(', ')})`;
  if (target === undefined) return null;
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return refuse(describe(target));
  const { callId, phase } = target as { callId?: unknown; phase?: unknown };
  if (callId !== undefined && typeof callId !== 'string') return refuse(`given a callId of ${describe(callId)}`);
  if (phase !== undefined && typeof phase !== 'string') return refuse(`given a phase of ${describe(phase)}`);
  if (phase !== undefined && callId === undefined) return refuse('given a phase without a callId');
  const problem = unknownPhase(phase as string | undefined, phases);
  return problem ? `stepPhase: ${problem}` : null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (value === null || Array.isArray(value)) return value === null ? 'null' : 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** The selection `request` names: in the recording with that label or id, else in `primary`. */
export function selectionFor(
  request: SelectRequest, recordings: readonly Recording[], primary: Recording | null,
): { ok: true; selection: RunSelection } | { ok: false; error: string } {
  const recording = request.recording === undefined ? primary : recordings.find((r) => r.label === request.recording || r.id === request.recording);
  if (!recording) return { ok: false, error: request.recording === undefined ? 'nothing is recorded yet' : `no recording "${request.recording}"` };
  const problem = unknownCall(recording.events, request.callId) ?? unknownPhase(request.phase, TOOL_PHASES);
  if (problem) return { ok: false, error: problem };
  const phase = request.phase as ToolPhase | undefined;
  return {
    ok: true,
    selection: { recordingId: recording.id, ...(request.callId !== undefined ? { toolCallId: request.callId } : {}), ...(phase ? { phase } : {}) },
  };
}
