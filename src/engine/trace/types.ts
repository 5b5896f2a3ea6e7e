import type { ValidationIssue } from '../../ai/validation/index.ts';
export type { ValidationIssue } from '../../ai/validation/index.ts';

// Playground trace events: what the timeline draws. Kept apart from pi's AgentEvent stream so that stream stays
// identical to pi's; every trace event carries the clock time `t` (ms) at which it happened.

/** The phases of one tool call, in pipeline order. */
export type ToolPhase =
  | 'queued' // from the batch start until the call's own tool_execution_start (waiting behind earlier calls)
  | 'prepare' // prepareArguments
  | 'validate' // validateToolArguments: clone, optional-null removal, conversion, check
  | 'beforeToolCall'
  | 'execute'
  | 'afterToolCall'
  | 'result'; // tool_execution_end through the toolResult message

export type BlockKind = 'text' | 'thinking' | 'toolCall';

/** What each phase saw and did; shown in the details pane. Values are snapshots (structured-cloneable). */
export type PhaseData =
  | { phase: 'queued' }
  | { phase: 'prepare'; before: unknown; after: unknown; changed: boolean; error?: string }
  | {
      phase: 'validate';
      received: unknown;
      converted?: unknown;
      value?: unknown;
      issues: ValidationIssue[];
      error?: string;
    }
  | { phase: 'beforeToolCall'; args: unknown; decision: unknown; error?: string }
  | { phase: 'execute'; args: unknown; result?: unknown; error?: string; updates: number }
  | { phase: 'afterToolCall'; before: unknown; override: unknown; after: unknown; error?: string }
  | { phase: 'result'; result: unknown; isError: boolean; message?: unknown };

export type PhaseOutcome = 'ok' | 'error' | 'blocked' | 'aborted' | 'skipped';

export type TraceEvent =
  | { type: 'trace_run_start'; t: number; mode: 'parallel' | 'sequential' | 'mixed' }
  | { type: 'trace_run_end'; t: number }
  | { type: 'trace_turn_start'; t: number; turn: number }
  | { type: 'trace_turn_end'; t: number; turn: number }
  // `truncated`: the message stopped at the output-token limit, so every call fails without running (pi's rule).
  // `sequentialBecause`: the loop setting is parallel, but these tools (by name, once each, in call order) have
  // `executionMode: "sequential"`, which makes the whole batch sequential (pi's rule).
  | {
      type: 'trace_batch_start'; t: number; turn: number; mode: 'parallel' | 'sequential'; toolCallIds: string[];
      truncated?: boolean; sequentialBecause?: string[];
    }
  | { type: 'trace_batch_end'; t: number; turn: number; terminate: boolean }
  | { type: 'trace_block_start'; t: number; turn: number; contentIndex: number; kind: BlockKind; toolCallId?: string }
  | { type: 'trace_block_delta'; t: number; turn: number; contentIndex: number; chars: number }
  | { type: 'trace_block_end'; t: number; turn: number; contentIndex: number; kind: BlockKind; toolCallId?: string }
  | { type: 'trace_phase_start'; t: number; turn: number; toolCallId: string; toolName: string; phase: ToolPhase }
  | {
      type: 'trace_phase_end';
      t: number;
      turn: number;
      toolCallId: string;
      toolName: string;
      phase: ToolPhase;
      outcome: PhaseOutcome;
      data?: PhaseData;
    }
  | { type: 'trace_update'; t: number; turn: number; toolCallId: string; toolName: string; partialResult: unknown; accepted: boolean }
  | { type: 'trace_fs'; t: number; toolCallId?: string; op: 'read' | 'write' | 'list' | 'stat' | 'remove' | 'mkdir'; path: string; bytes?: number }
  | { type: 'trace_log'; t: number; toolCallId?: string; level: 'log' | 'warn' | 'error'; text: string };

export type TraceEventType = TraceEvent['type'];

/** Receives trace events synchronously, in the order they happen. Must not throw. */
export type TraceSink = (event: TraceEvent) => void;
