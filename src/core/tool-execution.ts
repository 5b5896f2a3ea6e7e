// One tool call's pipeline, as pi 0.85.1 runs it: find -> prepareArguments -> validate -> beforeToolCall -> abort
// checks (prepareToolCall), execute with onUpdate (executePreparedToolCall), afterToolCall merge
// (finalizeExecutedToolCall). Every failure becomes an error result; nothing here throws for bad input.
// The await shape mirrors pi's so concurrent calls interleave exactly as they do in pi.
import { errorText, type LoopRun } from './loop-run.ts';
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from './remote.ts';
import { snapshot } from './trace/snapshot.ts';
import type { PhaseData, PhaseOutcome, ToolPhase, ValidationIssue } from './trace/types.ts';
import type { AgentContext, AgentLoopConfig, AgentTool, AgentToolResult, AssistantMessage, ToolCall } from './types.ts';
import { inspectToolArguments, validateToolArguments } from './validation.ts';

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

/** Shared by every successful validation's trace data (trace data is never mutated). */
const NO_ISSUES: ValidationIssue[] = Object.freeze([]) as unknown as ValidationIssue[];

function immediate(text: string, outcome: PhaseOutcome): ImmediateOutcome {
  return { kind: 'immediate', result: createErrorToolResult(text), isError: true, outcome };
}

/** Exact-name lookup; with duplicate names the first tool wins, as Array.find does in pi. */
export function findTool(context: AgentContext, name: string): AgentTool<any> | undefined {
  return context.tools?.find((tool) => tool.name === name);
}

/** Synchronous prepareArguments: the same object back keeps the original call, anything else a shallow copy. */
function prepareToolCallArguments(tool: AgentTool<any>, toolCall: ToolCall): ToolCall {
  if (!tool.prepareArguments) return toolCall;
  const prepared = tool.prepareArguments(toolCall.arguments);
  return prepared === toolCall.arguments ? toolCall : { ...toolCall, arguments: prepared as ToolCall['arguments'] };
}

/** A sandboxed tool's prepareArguments, awaited where pi calls the synchronous one (contract in remote.ts). */
async function prepareToolCallArgumentsRemotely(prepare: PrepareArgumentsAsync, toolCall: ToolCall): Promise<ToolCall> {
  const outcome = await prepare(toolCall.arguments);
  if ('returnedPromise' in outcome) {
    // pi does not await a returned Promise: validation then fails to clone it, with the engine's own message.
    return { ...toolCall, arguments: new Promise<never>(() => {}) as never };
  }
  if (outcome.sameObject) {
    const target = toolCall.arguments as unknown;
    const value = outcome.value;
    if (target !== null && typeof target === 'object' && value !== null && typeof value === 'object') {
      Object.assign(target, value);
    }
    return toolCall;
  }
  return { ...toolCall, arguments: outcome.value as ToolCall['arguments'] };
}

/** Resolves a call to an immediate result or a prepared call, in pi's order of checks. */
export async function prepareToolCall(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  toolCall: ToolCall,
  config: AgentLoopConfig,
): Promise<ImmediateOutcome | PreparedToolCall> {
  const tool = findTool(context, toolCall.name);
  if (!tool) return immediate(`Tool ${toolCall.name} not found`, 'error');
  const { signal, tracer } = run;
  let phase: ToolPhase | undefined;
  try {
    let preparedCall = toolCall;
    const remotePrepare = (tool as { [PREPARE_ARGUMENTS_ASYNC]?: PrepareArgumentsAsync })[PREPARE_ARGUMENTS_ASYNC];
    if (remotePrepare || tool.prepareArguments) {
      phase = 'prepare';
      const before = tracer ? snapshot(toolCall.arguments) : undefined;
      tracer?.phaseStart(toolCall, phase);
      preparedCall = remotePrepare
        ? await prepareToolCallArgumentsRemotely(remotePrepare, toolCall)
        : prepareToolCallArguments(tool, toolCall);
      tracer?.phaseEnd(toolCall, phase, 'ok', {
        phase, before, after: snapshot(preparedCall.arguments), changed: preparedCall !== toolCall,
      });
    }
    phase = 'validate';
    let args: unknown;
    let argsSnapshot: unknown;
    if (tracer) {
      tracer.phaseStart(toolCall, phase);
      const received = snapshot(preparedCall.arguments);
      // The fast validator first; only a failure is inspected again for its structured issues (same verdict and
      // text by validation.ts's contract). On success the checked value is what was converted.
      try {
        args = validateToolArguments(tool, preparedCall);
      } catch {
        const inspection = inspectToolArguments(tool, preparedCall);
        const error = inspection.message ?? 'Unknown validation error';
        tracer.phaseEnd(toolCall, phase, 'error', { phase, received, converted: inspection.converted, issues: inspection.issues, error });
        return immediate(error, 'error');
      }
      argsSnapshot = snapshot(args);
      tracer.phaseEnd(toolCall, phase, 'ok', { phase, received, converted: argsSnapshot, value: argsSnapshot, issues: NO_ISSUES });
      phase = undefined; // the validate span is closed; a failure below belongs to no open phase
    } else {
      args = validateToolArguments(tool, preparedCall);
    }
    if (config.beforeToolCall) {
      phase = 'beforeToolCall';
      tracer?.phaseStart(toolCall, phase);
      const decision = await config.beforeToolCall({ assistantMessage, toolCall, args, context }, signal);
      if (signal?.aborted) {
        tracer?.phaseEnd(toolCall, phase, 'aborted', { phase, args: argsSnapshot, decision: snapshot(decision) });
        return immediate('Operation aborted', 'aborted');
      }
      if (decision?.block) {
        tracer?.phaseEnd(toolCall, phase, 'blocked', { phase, args: argsSnapshot, decision: snapshot(decision) });
        const blocked = immediate(decision.reason || 'Tool execution was blocked', 'blocked');
        if (decision.terminate === true) blocked.result.terminate = true;
        return blocked;
      }
      tracer?.phaseEnd(toolCall, phase, 'ok', { phase, args: argsSnapshot, decision: snapshot(decision) });
      phase = undefined;
    }
    if (signal?.aborted) return immediate('Operation aborted', 'aborted');
    return { kind: 'prepared', toolCall, tool, args, argsSnapshot };
  } catch (error) {
    const text = errorText(error);
    if (tracer && phase) tracer.phaseEnd(toolCall, phase, 'error', failedPhaseData(phase, toolCall, text));
    return immediate(text, 'error');
  }
}

function failedPhaseData(phase: ToolPhase, toolCall: ToolCall, error: string): PhaseData {
  switch (phase) {
    case 'prepare': return { phase, before: snapshot(toolCall.arguments), after: undefined, changed: false, error };
    case 'validate': return { phase, received: snapshot(toolCall.arguments), issues: [], error };
    default: return { phase: 'beforeToolCall', args: undefined, decision: undefined, error };
  }
}

/** Runs execute; onUpdate emits tool_execution_update only until execute settles (later calls are ignored). */
export async function executePreparedToolCall(run: LoopRun, prepared: PreparedToolCall): Promise<ExecutedToolCall> {
  const { emit, tracer } = run;
  const { toolCall } = prepared;
  const pendingUpdates: Promise<void>[] = [];
  let accepting = true;
  tracer?.phaseStart(toolCall, 'execute');
  const onUpdate = (partialResult: AgentToolResult<any>): void => {
    if (!accepting) {
      tracer?.update(toolCall, snapshot(partialResult), false);
      return;
    }
    tracer?.update(toolCall, snapshot(partialResult), true);
    pendingUpdates.push(Promise.resolve(emit({
      type: 'tool_execution_update', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments, partialResult,
    })));
  };
  try {
    const result = await prepared.tool.execute(toolCall.id, prepared.args, run.signal, onUpdate);
    accepting = false;
    await Promise.all(pendingUpdates);
    if (!tracer) return { result, isError: false };
    const resultSnapshot = snapshot(result);
    tracer.phaseEnd(toolCall, 'execute', 'ok', {
      phase: 'execute', args: prepared.argsSnapshot, result: resultSnapshot, updates: pendingUpdates.length,
    });
    return { result, isError: false, resultSnapshot };
  } catch (error) {
    accepting = false;
    await Promise.all(pendingUpdates);
    const result = createErrorToolResult(errorText(error));
    if (!tracer) return { result, isError: true };
    const resultSnapshot = snapshot(result);
    tracer.phaseEnd(toolCall, 'execute', 'error', {
      phase: 'execute', args: prepared.argsSnapshot, result: resultSnapshot, error: errorText(error), updates: pendingUpdates.length,
    });
    return { result, isError: true, resultSnapshot };
  } finally {
    accepting = false;
  }
}

/**
 * afterToolCall merge, as pi does: the executed result is spread, then content/details/usage/terminate and
 * isError are replaced where the hook's value is not null/undefined; a throwing hook yields an error result.
 */
export async function finalizeExecutedToolCall(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  prepared: PreparedToolCall,
  executed: ExecutedToolCall,
  config: AgentLoopConfig,
): Promise<FinalizedToolCall> {
  let { result, isError } = executed;
  let resultSnapshot = executed.resultSnapshot;
  if (config.afterToolCall) {
    const tracer = run.tracer;
    tracer?.phaseStart(prepared.toolCall, 'afterToolCall');
    try {
      const override = await config.afterToolCall({
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
  }
  return { toolCall: prepared.toolCall, result, isError, resultSnapshot };
}
