// Structural checks of a finished trace: every span that opens also closes, in a sensible order. Used by the engine's
// tests on every differential scenario, and usable by anything that produces or transforms traces.
import type { ToolPhase, TraceEvent } from '../engine/index.ts';

const PHASE_ORDER: readonly ToolPhase[] = ['queued', 'prepare', 'validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result'];

/**
 * Problems found in `events` (empty when the trace is well formed): unbalanced run/turn/batch/block spans, a phase
 * ending without starting or never ending, phases of one call out of pipeline order, times going backwards.
 */
export function checkTrace(events: readonly TraceEvent[]): string[] {
  const problems: string[] = [];
  let runs = 0;
  let turn: number | undefined;
  let batch = false;
  let lastT = -Infinity;
  const openBlocks = new Set<string>();
  // Per call id (a call's phases restart only if the id repeats across batches): open phase, last phase reached.
  const calls = new Map<string, { open?: ToolPhase; last: number }>();
  // Ids that occur twice in one batch (malformed calls): their spans cannot be told apart, so only counted.
  const shared = new Map<string, number>();

  for (const [index, event] of events.entries()) {
    const where = `#${index} ${event.type}`;
    if (event.t < lastT) problems.push(`${where}: time went back from ${lastT} to ${event.t}`);
    lastT = event.t;
    switch (event.type) {
      case 'trace_run_start': if (runs++ > 0) problems.push(`${where}: second run start`); break;
      case 'trace_run_end': if (runs !== 1) problems.push(`${where}: run end without start`); runs = 2; break;
      case 'trace_turn_start':
        if (turn !== undefined) problems.push(`${where}: turn ${event.turn} starts inside turn ${turn}`);
        turn = event.turn;
        break;
      case 'trace_turn_end':
        if (turn !== event.turn) problems.push(`${where}: turn ${event.turn} ends but ${String(turn)} is open`);
        if (openBlocks.size > 0) problems.push(`${where}: blocks still open: ${[...openBlocks].join(',')}`);
        turn = undefined;
        break;
      case 'trace_batch_start': {
        if (batch) problems.push(`${where}: nested batch`);
        batch = true;
        calls.clear();
        shared.clear();
        const ids = event.toolCallIds.map(String);
        for (const id of ids) if (ids.indexOf(id) !== ids.lastIndexOf(id)) shared.set(id, 0);
        break;
      }
      case 'trace_batch_end': {
        if (!batch) problems.push(`${where}: batch end without start`);
        batch = false;
        for (const [id, call] of calls) if (call.open) problems.push(`${where}: ${id} still in ${call.open}`);
        for (const [id, open] of shared) if (open !== 0) problems.push(`${where}: ${id} has ${open} spans open`);
        break;
      }
      case 'trace_block_start': openBlocks.add(`${event.turn}:${event.contentIndex}`); break;
      case 'trace_block_end':
        if (!openBlocks.delete(`${event.turn}:${event.contentIndex}`)) problems.push(`${where}: block ${event.contentIndex} was not open`);
        break;
      case 'trace_phase_start': {
        if (shared.has(String(event.toolCallId))) { shared.set(String(event.toolCallId), shared.get(String(event.toolCallId))! + 1); break; }
        const call = calls.get(event.toolCallId) ?? { last: -1 };
        const rank = PHASE_ORDER.indexOf(event.phase);
        if (call.open) problems.push(`${where}: ${event.toolCallId} ${event.phase} starts while ${call.open} is open`);
        if (rank <= call.last) problems.push(`${where}: ${event.toolCallId} ${event.phase} after ${PHASE_ORDER[call.last]}`);
        calls.set(event.toolCallId, { open: event.phase, last: rank });
        break;
      }
      case 'trace_phase_end': {
        const sharedOpen = shared.get(String(event.toolCallId));
        if (sharedOpen !== undefined) {
          if (sharedOpen === 0) problems.push(`${where}: ${event.toolCallId} ${event.phase} ends but nothing is open`);
          shared.set(String(event.toolCallId), sharedOpen - 1);
          break;
        }
        const call = calls.get(event.toolCallId);
        if (!call || call.open !== event.phase) problems.push(`${where}: ${event.toolCallId} ${event.phase} ends but ${call?.open ?? 'nothing'} is open`);
        if (call) call.open = undefined;
        break;
      }
      default: break;
    }
  }
  if (runs === 1) problems.push('run never ended');
  if (turn !== undefined) problems.push(`turn ${turn} never ended`);
  if (batch) problems.push('batch never ended');
  return problems;
}
