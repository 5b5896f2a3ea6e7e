// The trace probes: one named function for every moment of the loop at which the playground trace records
// something. The loop (agent-loop.ts) calls exactly one probe at each such moment and nothing else of the trace,
// so it reads line by line against pi's agent-loop.js; what a moment records (phase data, snapshots) is decided
// here. Every probe is synchronous and never awaited (pi's events and microtasks stay untouched), and does
// nothing, not even build its arguments' snapshots, when the run has no tracer.
import { inspectToolArguments } from '../../ai/validation/index.ts';
import { errorText, safeErrorText } from '../loop-run.ts';
import { sameData, snapshot, snapshotResult } from './snapshot.ts';
import type { RunMode, Tracer } from './tracer.ts';
import { NO_ISSUES } from './trace-writer.ts';
import type { PhaseData, PhaseOutcome, ToolPhase } from './types.ts';
import type { AssistantMessageEvent, ToolCall, ToolResultMessage } from '../../ai/index.ts';
import type { AgentContext, AgentLoopConfig, AgentTool, AgentToolResult } from '../types.ts';

/** What a probe needs of a run: its tracer, present only when a trace sink was given. */
export interface Traced { readonly tracer: Tracer | undefined }

/** A finished call as the `result` phase reports it (the loop's finalized call). */
export interface TracedOutcome {
  toolCall: ToolCall;
  result: AgentToolResult<any>;
  isError: boolean;
  /** How the call ended when it is not plain ok/error: blocked, aborted. */
  outcome?: PhaseOutcome;
  resultSnapshot?: unknown;
}


// ---------------------------------------------------------------- run, turn, assistant message

/** agent_start: the run begins (its mode read only when traced). */
export function runStart(run: Traced, config: AgentLoopConfig | undefined, context: AgentContext | undefined): void {
  run.tracer?.runStart(runMode(config, context));
}

/** agent_end: the run ended normally. */
export function runEnd(run: Traced): void {
  run.tracer?.runEnd();
}

/** The loop threw (a failing emit, stream function or hook): every open span is closed and the error logged. */
export function runFailed(run: Traced, error: unknown): void {
  run.tracer?.runEnd(safeErrorText(error));
}

/** turn_start. */
export function turnStart(run: Traced): void {
  run.tracer?.turnStart();
}

/** turn_end. */
export function turnEnd(run: Traced): void {
  run.tracer?.turnEnd();
}

/** A streamed block event that became a message_update. */
export function messageUpdate(run: Traced, event: AssistantMessageEvent): void {
  run.tracer?.block(event);
}

/** The assistant message_end: blocks a stopped stream never finished end here. */
export function messageEnd(run: Traced): void {
  run.tracer?.messageEnd();
}

// ---------------------------------------------------------------- tool batch

/** The batch begins: `truncated` for a `length` stop; `sequentialBecause` names the tools that forced sequential. */
export function batchStart(
  run: Traced, mode: 'parallel' | 'sequential', toolCalls: ToolCall[], truncated?: boolean, sequentialBecause?: string[],
): void {
  run.tracer?.batchStart(mode, toolCalls, truncated, sequentialBecause);
}

/** The batch's results are out. */
export function batchEnd(run: Traced, terminate: boolean): void {
  run.tracer?.batchEnd(terminate);
}

/** tool_execution_start: the call's wait in the queue is over. */
export function toolExecutionStart(run: Traced, toolCall: ToolCall): void {
  run.tracer?.callStarted(toolCall);
}

// ---------------------------------------------------------------- preparation

/** prepareArguments is about to run: returns the snapshot of the arguments it receives (when traced). */
export function prepareStart(run: Traced, toolCall: ToolCall): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  const before = snapshot(toolCall.arguments);
  tracer.phaseStart(toolCall, 'prepare');
  return before;
}

export function prepareEnd(run: Traced, toolCall: ToolCall, before: unknown, preparedCall: ToolCall): void {
  run.tracer?.phaseEnd(toolCall, 'prepare', 'ok', {
    phase: 'prepare', before, after: snapshot(preparedCall.arguments), changed: preparedCall !== toolCall,
  });
}

/** A sandboxed prepareArguments rejected. */
export function prepareFailed(run: Traced, toolCall: ToolCall, before: unknown, error: string): void {
  run.tracer?.phaseEnd(toolCall, 'prepare', 'error', { phase: 'prepare', before, after: undefined, changed: false, error });
}

/** Validation begins: returns the snapshot of the arguments it receives (when traced). */
export function validateStart(run: Traced, toolCall: ToolCall, preparedCall: ToolCall): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  tracer.phaseStart(toolCall, 'validate');
  return snapshot(preparedCall.arguments);
}

/** Validation passed: returns the snapshot of the validated arguments (the received one when nothing changed). */
export function validateEnd(run: Traced, toolCall: ToolCall, args: unknown, received: unknown): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  const argsSnapshot = sameData(args, received) ? received : snapshot(args);
  tracer.phaseEnd(toolCall, 'validate', 'ok', { phase: 'validate', received, converted: argsSnapshot, value: argsSnapshot, issues: NO_ISSUES });
  return argsSnapshot;
}

/**
 * Validation failed (traced runs only): the call is inspected again for its structured issues, and the
 * inspector's text is the error (the same text by validation.ts's contract).
 */
export function validateFailed(run: Traced, tool: AgentTool<any>, toolCall: ToolCall, preparedCall: ToolCall, received: unknown): string {
  const inspection = inspectToolArguments(tool, preparedCall);
  const error = inspection.message ?? 'Unknown validation error';
  run.tracer?.phaseEnd(toolCall, 'validate', 'error', { phase: 'validate', received, converted: inspection.converted, issues: inspection.issues, error });
  return error;
}

/** prepareArguments or validation threw: the phase it was in ends with the error. */
export function preparationFailed(run: Traced, toolCall: ToolCall, phase: ToolPhase | undefined, error: string): void {
  const tracer = run.tracer;
  if (!tracer || !phase) return;
  tracer.phaseEnd(toolCall, phase, 'error', phase === 'prepare'
    ? { phase, before: snapshot(toolCall.arguments), after: undefined, changed: false, error }
    : { phase: 'validate', received: snapshot(toolCall.arguments), issues: [], error });
}

export function beforeToolCallStart(run: Traced, toolCall: ToolCall): void {
  run.tracer?.phaseStart(toolCall, 'beforeToolCall');
}

/** The hook answered: `ok`, `blocked`, or `aborted` (the signal fired while it ran). */
export function beforeToolCallEnd(run: Traced, toolCall: ToolCall, outcome: PhaseOutcome, args: unknown, decision: unknown): void {
  run.tracer?.phaseEnd(toolCall, 'beforeToolCall', outcome, { phase: 'beforeToolCall', args, decision: snapshot(decision) });
}

export function beforeToolCallFailed(run: Traced, toolCall: ToolCall, args: unknown, error: string): void {
  run.tracer?.phaseEnd(toolCall, 'beforeToolCall', 'error', { phase: 'beforeToolCall', args, decision: undefined, error });
}

// ---------------------------------------------------------------- execution

export function executeStart(run: Traced, toolCall: ToolCall): void {
  run.tracer?.phaseStart(toolCall, 'execute');
}

/** An onUpdate call; `accepted` is false once execute has settled (pi ignores it then). */
export function executeUpdate(run: Traced, toolCall: ToolCall, partialResult: AgentToolResult<any>, accepted: boolean): void {
  run.tracer?.update(toolCall, snapshotResult(partialResult), accepted);
}

/** execute resolved: returns the result's snapshot (when traced), reused by the later phases. */
export function executeEnd(run: Traced, toolCall: ToolCall, args: unknown, result: AgentToolResult<any>, updates: number): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  const resultSnapshot = snapshotResult(result);
  tracer.phaseEnd(toolCall, 'execute', 'ok', { phase: 'execute', args, result: resultSnapshot, updates });
  return resultSnapshot;
}

/** execute threw: `result` is the error result built from `error`; returns its snapshot (when traced). */
export function executeFailed(
  run: Traced, toolCall: ToolCall, args: unknown, result: AgentToolResult<any>, error: unknown, updates: number,
): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  const resultSnapshot = snapshot(result);
  tracer.phaseEnd(toolCall, 'execute', 'error', { phase: 'execute', args, result: resultSnapshot, error: errorText(error), updates });
  return resultSnapshot;
}

export function afterToolCallStart(run: Traced, toolCall: ToolCall): void {
  run.tracer?.phaseStart(toolCall, 'afterToolCall');
}

/** The hook answered; `result` is the merged result. Returns the snapshot of what the call now reports. */
export function afterToolCallEnd(run: Traced, toolCall: ToolCall, before: unknown, override: unknown, result: AgentToolResult<any>): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  const after = override ? snapshot(result) : before;
  tracer.phaseEnd(toolCall, 'afterToolCall', 'ok', { phase: 'afterToolCall', before, override: snapshot(override), after });
  return after;
}

/** The hook threw: `result` is the error result built from `error`. Returns its snapshot (when traced). */
export function afterToolCallFailed(run: Traced, toolCall: ToolCall, before: unknown, result: AgentToolResult<any>, error: unknown): unknown {
  const tracer = run.tracer;
  if (!tracer) return undefined;
  const after = snapshot(result);
  tracer.phaseEnd(toolCall, 'afterToolCall', 'error', { phase: 'afterToolCall', before, override: undefined, after, error: errorText(error) });
  return after;
}

// ---------------------------------------------------------------- result

/** tool_execution_end is about to go out. */
export function resultStart(run: Traced, toolCall: ToolCall): void {
  run.tracer?.phaseStart(toolCall, 'result');
}

/** The toolResult message_end went out: the call's trace ends, its outcome saying how the call ended. */
export function resultEnd(run: Traced, finalized: TracedOutcome, message: ToolResultMessage): void {
  const tracer = run.tracer;
  if (!tracer) return;
  const outcome = finalized.outcome ?? (finalized.isError ? 'error' : 'ok');
  const result = (finalized.resultSnapshot !== undefined ? finalized.resultSnapshot : snapshot(finalized.result)) as ResultSnapshot;
  tracer.phaseEnd(finalized.toolCall, 'result', outcome, {
    phase: 'result', result, isError: finalized.isError, message: snapshotMessage(message, result),
  } satisfies PhaseData);
}

/** The run's execution mode for the trace; never throws, whatever the input. */
export function runMode(config: AgentLoopConfig | undefined, context: AgentContext | undefined): RunMode {
  if (config?.toolExecution === 'sequential') return 'sequential';
  const tools = context?.tools;
  return Array.isArray(tools) && tools.some((tool) => tool?.executionMode === 'sequential') ? 'mixed' : 'parallel';
}

const GETTER = '[Getter]';

type ResultSnapshot = { content?: unknown; details?: unknown; usage?: unknown; addedToolNames?: unknown } | null;

/**
 * The message's fields that come from the result reuse the result's snapshot; the rest are primitives. A result
 * snapshot that is not a plain record of those fields (an array, getters shown as `[Getter]`) is not reused.
 */
function snapshotMessage(message: ToolResultMessage, result: ResultSnapshot): unknown {
  if (result === null || typeof result !== 'object' || Array.isArray(result) || result.content === GETTER
    || result.details === GETTER || result.usage === GETTER || result.addedToolNames === GETTER) return snapshot(message);
  const copy = { ...message, content: result.content ?? [], details: result.details, usage: result.usage };
  if ('addedToolNames' in message) copy.addedToolNames = result.addedToolNames as string[];
  return copy;
}
