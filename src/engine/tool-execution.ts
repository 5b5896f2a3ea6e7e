// Running one prepared tool call, as pi 0.85.1 does: execute with onUpdate (executePreparedToolCall) and the
// afterToolCall merge (finalizeExecutedToolCall); plus the outcome types shared with tool-prepare.ts.
// Every failure becomes an error result. The await shape mirrors pi's so concurrent calls interleave as in pi.
import { errorText, type LoopRun } from './loop-run.ts';
import { snapshot, snapshotResult } from './trace/snapshot.ts';
import type { PhaseOutcome } from './trace/types.ts';
import type { AssistantMessage, ToolCall } from '../ai/index.ts';
import type { AgentContext, AgentLoopConfig, AgentTool, AgentToolResult } from './types.ts';

export interface ImmediateOutcome {
  kind: 'immediate';
  result: AgentToolResult<any>;
  isError: true;
  /** How the call ended, for the trace: not found / invalid / threw -> error, blocked, aborted. */
  outcome: PhaseOutcome;
}

export interface PreparedToolCall {
  kind: 'prepared';
  toolCall: ToolCall;
  tool: AgentTool<any>;
  args: unknown;
  /** Snapshot of `args` taken when tracing (shared by the beforeToolCall, execute and afterToolCall data). */
  argsSnapshot?: unknown;
}

export interface ExecutedToolCall {
  result: AgentToolResult<any>;
  isError: boolean;
  resultSnapshot?: unknown;
}

export interface FinalizedToolCall {
  toolCall: ToolCall;
  result: AgentToolResult<any>;
  isError: boolean;
  outcome?: PhaseOutcome;
  resultSnapshot?: unknown;
}

export function createErrorToolResult(message: string): AgentToolResult<any> {
  return { content: [{ type: 'text', text: message }], details: {} };
}

export function immediate(text: string, outcome: PhaseOutcome): ImmediateOutcome {
  return { kind: 'immediate', result: createErrorToolResult(text), isError: true, outcome };
}

/** Exact-name lookup; with duplicate names the first tool wins, as Array.find does in pi. */
export function findTool(context: AgentContext, name: string): AgentTool<any> | undefined {
  return context.tools?.find((tool) => tool.name === name);
}

/** Runs execute; onUpdate emits tool_execution_update only until execute settles (later calls are ignored). */
export async function executePreparedToolCall(run: LoopRun, prepared: PreparedToolCall): Promise<ExecutedToolCall> {
  const { emit, tracer } = run;
  const { toolCall } = prepared;
  // Allocated on the first update; awaiting `undefined` costs the same single tick as pi's Promise.all([]).
  let pendingUpdates: Promise<void>[] | undefined;
  let accepting = true;
  tracer?.phaseStart(toolCall, 'execute');
  const onUpdate = (partialResult: AgentToolResult<any>): void => {
    if (!accepting) {
      tracer?.update(toolCall, snapshotResult(partialResult), false);
      return;
    }
    tracer?.update(toolCall, snapshotResult(partialResult), true);
    (pendingUpdates ??= []).push(Promise.resolve(emit({
      type: 'tool_execution_update', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments, partialResult,
    })));
  };
  try {
    const result = await prepared.tool.execute(toolCall.id, prepared.args, run.signal, onUpdate);
    accepting = false;
    await (pendingUpdates && Promise.all(pendingUpdates));
    if (!tracer) return { result, isError: false };
    const resultSnapshot = snapshotResult(result);
    tracer.phaseEnd(toolCall, 'execute', 'ok', {
      phase: 'execute', args: prepared.argsSnapshot, result: resultSnapshot, updates: pendingUpdates?.length ?? 0,
    });
    return { result, isError: false, resultSnapshot };
  } catch (error) {
    accepting = false;
    await (pendingUpdates && Promise.all(pendingUpdates));
    const result = createErrorToolResult(errorText(error));
    if (!tracer) return { result, isError: true };
    const resultSnapshot = snapshot(result);
    tracer.phaseEnd(toolCall, 'execute', 'error', {
      phase: 'execute', args: prepared.argsSnapshot, result: resultSnapshot, error: errorText(error), updates: pendingUpdates?.length ?? 0,
    });
    return { result, isError: true, resultSnapshot };
  } finally {
    accepting = false;
  }
}

/**
 * afterToolCall merge, as pi does: the executed result is spread, then content/details/usage/terminate and
 * isError are replaced where the hook's value is not null/undefined; a throwing hook yields an error result.
 * Without the hook the outcome is returned directly: awaiting it costs the caller the one tick pi's async
 * function costs, without its promise.
 */
export function finalizeExecutedToolCall(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  prepared: PreparedToolCall,
  executed: ExecutedToolCall,
  config: AgentLoopConfig,
): FinalizedToolCall | Promise<FinalizedToolCall> {
  if (!config.afterToolCall) {
    return { toolCall: prepared.toolCall, result: executed.result, isError: executed.isError, resultSnapshot: executed.resultSnapshot };
  }
  return finalizeWithAfterToolCall(run, context, assistantMessage, prepared, executed, config);
}

async function finalizeWithAfterToolCall(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  prepared: PreparedToolCall,
  executed: ExecutedToolCall,
  config: AgentLoopConfig,
): Promise<FinalizedToolCall> {
  let { result, isError } = executed;
  let resultSnapshot = executed.resultSnapshot;
  const tracer = run.tracer;
  tracer?.phaseStart(prepared.toolCall, 'afterToolCall');
  try {
    const override = await config.afterToolCall!({
      assistantMessage, toolCall: prepared.toolCall, args: prepared.args, result, isError, context,
    }, run.signal);
    if (override) {
      result = {
        ...result,
        content: override.content ?? result.content,
        details: override.details ?? result.details,
        usage: override.usage ?? result.usage,
        terminate: override.terminate ?? result.terminate,
      };
      isError = override.isError ?? isError;
    }
    if (tracer) {
      const after = override ? snapshot(result) : resultSnapshot;
      tracer.phaseEnd(prepared.toolCall, 'afterToolCall', 'ok', {
        phase: 'afterToolCall', before: resultSnapshot, override: snapshot(override), after,
      });
      resultSnapshot = after;
    }
  } catch (error) {
    result = createErrorToolResult(errorText(error));
    isError = true;
    if (tracer) {
      const after = snapshot(result);
      tracer.phaseEnd(prepared.toolCall, 'afterToolCall', 'error', {
        phase: 'afterToolCall', before: resultSnapshot, override: undefined, after, error: errorText(error),
      });
      resultSnapshot = after;
    }
  }
  return { toolCall: prepared.toolCall, result, isError, resultSnapshot };
}
