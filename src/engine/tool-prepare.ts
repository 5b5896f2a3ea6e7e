// Preparing one tool call, as pi 0.85.1's prepareToolCall does: exact-name lookup, prepareArguments, validation,
// beforeToolCall (block / terminate), then the abort checks. The outcome is an immediate error result or a
// prepared call; nothing here throws for bad input. Sandboxed tools' async prepareArguments is awaited where pi
// calls the synchronous one (remote.ts).
import { errorText, type LoopRun } from './loop-run.ts';
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from './remote.ts';
import { findTool, immediate, type ImmediateOutcome, type PreparedToolCall } from './tool-execution.ts';
import { sameData, snapshot } from './trace/snapshot.ts';
import type { ValidationIssue } from '../ai/validation/index.ts';
import type { PhaseData, ToolPhase } from './trace/types.ts';
import type { AssistantMessage, ToolCall } from '../ai/index.ts';
import type { AgentContext, AgentLoopConfig, AgentTool } from './types.ts';
import { inspectToolArguments, validateToolArguments } from '../ai/validation/index.ts';

export type Preparation = ImmediateOutcome | PreparedToolCall;

interface Validated { kind: 'validated'; args: unknown; argsSnapshot: unknown }

/** Shared by every successful validation's trace data (trace data is never mutated). */
const NO_ISSUES: ValidationIssue[] = Object.freeze([]) as unknown as ValidationIssue[];

function remotePrepareOf(tool: AgentTool<any>): PrepareArgumentsAsync | undefined {
  return (tool as { [PREPARE_ARGUMENTS_ASYNC]?: PrepareArgumentsAsync })[PREPARE_ARGUMENTS_ASYNC];
}

/**
 * Resolves a call to an immediate result or a prepared call, in pi's order of checks. When nothing needs awaiting
 * (no beforeToolCall, no sandboxed prepareArguments) the outcome is returned directly: the caller's `await` then
 * costs the single tick pi's async prepareToolCall costs, without allocating its promise.
 */
export function prepareToolCall(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  toolCall: ToolCall,
  config: AgentLoopConfig,
): Preparation | Promise<Preparation> {
  const tool = findTool(context, toolCall.name);
  if (!tool) return immediate(`Tool ${toolCall.name} not found`, 'error');
  const remote = remotePrepareOf(tool);
  if (remote || config.beforeToolCall) return prepareWithAwaits(run, context, assistantMessage, toolCall, config, tool, remote);
  const checked = validateCall(run, tool, toolCall, undefined);
  if (checked.kind === 'immediate') return checked;
  if (run.signal?.aborted) return immediate('Operation aborted', 'aborted');
  return { kind: 'prepared', toolCall, tool, args: checked.args, argsSnapshot: checked.argsSnapshot };
}

async function prepareWithAwaits(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  toolCall: ToolCall,
  config: AgentLoopConfig,
  tool: AgentTool<any>,
  remote: PrepareArgumentsAsync | undefined,
): Promise<Preparation> {
  const { signal, tracer } = run;
  let preparedCall: ToolCall | undefined;
  if (remote) {
    const before = tracer ? snapshot(toolCall.arguments) : undefined;
    tracer?.phaseStart(toolCall, 'prepare');
    try {
      preparedCall = await prepareToolCallArgumentsRemotely(remote, toolCall);
    } catch (error) {
      const text = errorText(error);
      tracer?.phaseEnd(toolCall, 'prepare', 'error', { phase: 'prepare', before, after: undefined, changed: false, error: text });
      return immediate(text, 'error');
    }
    tracer?.phaseEnd(toolCall, 'prepare', 'ok', {
      phase: 'prepare', before, after: snapshot(preparedCall.arguments), changed: preparedCall !== toolCall,
    });
  }
  const checked = validateCall(run, tool, toolCall, preparedCall);
  if (checked.kind === 'immediate') return checked;
  const { args, argsSnapshot } = checked;
  if (config.beforeToolCall) {
    const phase = 'beforeToolCall';
    tracer?.phaseStart(toolCall, phase);
    // One try around the hook and the reading of its decision, as in pi: any throw becomes an error result.
    try {
      const decision = await config.beforeToolCall({ assistantMessage, toolCall, args, context }, signal);
      // pi checks the signal before the decision: a hook that aborts and blocks yields `Operation aborted`.
      if (signal?.aborted) {
        tracer?.phaseEnd(toolCall, phase, 'aborted', { phase, args: argsSnapshot, decision: snapshot(decision) });
        return immediate('Operation aborted', 'aborted');
      }
      if (decision?.block) {
        const blocked = immediate(decision.reason || 'Tool execution was blocked', 'blocked');
        if (decision.terminate === true) blocked.result.terminate = true;
        tracer?.phaseEnd(toolCall, phase, 'blocked', { phase, args: argsSnapshot, decision: snapshot(decision) });
        return blocked;
      }
      tracer?.phaseEnd(toolCall, phase, 'ok', { phase, args: argsSnapshot, decision: snapshot(decision) });
    } catch (error) {
      const text = errorText(error);
      tracer?.phaseEnd(toolCall, phase, 'error', { phase, args: argsSnapshot, decision: undefined, error: text });
      return immediate(text, 'error');
    }
  }
  if (signal?.aborted) return immediate('Operation aborted', 'aborted');
  return { kind: 'prepared', toolCall, tool, args, argsSnapshot };
}

/**
 * The synchronous part: prepareArguments (unless a sandboxed one already ran and gave `remotePrepared`) and
 * validation. A throw anywhere becomes an error result carrying its message, as in pi.
 */
function validateCall(run: LoopRun, tool: AgentTool<any>, toolCall: ToolCall, remotePrepared: ToolCall | undefined): Validated | ImmediateOutcome {
  const tracer = run.tracer;
  let phase: ToolPhase | undefined;
  try {
    let preparedCall = remotePrepared ?? toolCall;
    if (!remotePrepared && tool.prepareArguments) {
      phase = 'prepare';
      const before = tracer ? snapshot(toolCall.arguments) : undefined;
      tracer?.phaseStart(toolCall, phase);
      preparedCall = prepareToolCallArguments(tool, toolCall);
      tracer?.phaseEnd(toolCall, phase, 'ok', { phase, before, after: snapshot(preparedCall.arguments), changed: preparedCall !== toolCall });
    }
    phase = 'validate';
    if (!tracer) return { kind: 'validated', args: validateToolArguments(tool, preparedCall), argsSnapshot: undefined };
    tracer.phaseStart(toolCall, phase);
    const received = snapshot(preparedCall.arguments);
    let args: unknown;
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
    // Usually validation changed nothing: then the received snapshot serves for the value too.
    const argsSnapshot = sameData(args, received) ? received : snapshot(args);
    tracer.phaseEnd(toolCall, phase, 'ok', { phase, received, converted: argsSnapshot, value: argsSnapshot, issues: NO_ISSUES });
    return { kind: 'validated', args, argsSnapshot };
  } catch (error) {
    const text = errorText(error);
    if (tracer && phase) tracer.phaseEnd(toolCall, phase, 'error', failedPhaseData(phase, toolCall, text));
    return immediate(text, 'error');
  }
}

function failedPhaseData(phase: ToolPhase, toolCall: ToolCall, error: string): PhaseData {
  return phase === 'prepare'
    ? { phase, before: snapshot(toolCall.arguments), after: undefined, changed: false, error }
    : { phase: 'validate', received: snapshot(toolCall.arguments), issues: [], error };
}

/** Synchronous prepareArguments: the same object back keeps the original call, anything else a shallow copy. */
function prepareToolCallArguments(tool: AgentTool<any>, toolCall: ToolCall): ToolCall {
  if (!tool.prepareArguments) return toolCall;
  const prepared = tool.prepareArguments(toolCall.arguments);
  return prepared === toolCall.arguments ? toolCall : { ...toolCall, arguments: prepared as ToolCall['arguments'] };
}

/** A sandboxed tool's prepareArguments, mapped onto pi's semantics (contract in remote.ts). */
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
