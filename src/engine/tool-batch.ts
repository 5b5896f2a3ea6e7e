// The tool calls of one assistant message, run as pi 0.85.1 runs them: all failed for a `length` stop, else
// sequentially (config or any sequential tool) or in parallel (preflight in source order, prepared calls
// started together, tool_execution_end in completion order, toolResult messages in source order).
import type { LoopRun } from './loop-run.ts';
import {
  createErrorToolResult, executePreparedToolCall, finalizeExecutedToolCall, findTool, type FinalizedToolCall,
} from './tool-execution.ts';
import { prepareToolCall } from './tool-prepare.ts';
import { snapshot } from './trace/snapshot.ts';
import type { AssistantMessage, ToolCall, ToolResultMessage } from '../ai/index.ts';
import type { AgentContext, AgentLoopConfig } from './types.ts';

export interface ToolBatchResult {
  messages: ToolResultMessage[];
  /** True when the batch produced at least one result and every result has `terminate === true`. */
  terminate: boolean;
}

/** Fails every call of a message cut off by the output-token limit: its arguments may be truncated. */
export async function failToolCallsFromTruncatedMessage(run: LoopRun, toolCalls: ToolCall[]): Promise<ToolBatchResult> {
  const messages: ToolResultMessage[] = [];
  run.tracer?.batchStart('sequential', toolCalls, true);
  for (const toolCall of toolCalls) {
    run.tracer?.callStarted(toolCall);
    await run.emit({ type: 'tool_execution_start', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });
    const finalized: FinalizedToolCall = {
      toolCall,
      result: createErrorToolResult(`Tool call "${toolCall.name}" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.`),
      isError: true,
      outcome: 'error',
    };
    try { await emitToolExecutionEnd(run, finalized); } finally { await RETURN_TICK; }
    const message = createToolResultMessage(run, finalized);
    try {
      await run.emit({ type: 'message_start', message });
      await emitToolResultEnd(run, message, finalized);
    } finally {
      await RETURN_TICK;
    }
    messages.push(message);
  }
  run.tracer?.batchEnd(false);
  return { messages, terminate: false };
}

export async function executeToolCalls(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  config: AgentLoopConfig,
): Promise<ToolBatchResult> {
  const toolCalls = assistantMessage.content.filter((block): block is ToolCall => block.type === 'toolCall');
  // pi: one tool with executionMode "sequential" makes the whole batch sequential. The trace names those tools
  // when the loop setting alone would have run the batch in parallel.
  const sequentialTools = [...new Set(toolCalls.filter((call) => findTool(context, call.name)?.executionMode === 'sequential').map((call) => call.name))];
  if (config.toolExecution === 'sequential' || sequentialTools.length > 0) {
    const because = config.toolExecution === 'sequential' ? undefined : sequentialTools;
    return executeToolCallsSequential(run, context, assistantMessage, toolCalls, config, because);
  }
  return executeToolCallsParallel(run, context, assistantMessage, toolCalls, config);
}

async function executeToolCallsSequential(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  toolCalls: ToolCall[],
  config: AgentLoopConfig,
  sequentialBecause?: string[],
): Promise<ToolBatchResult> {
  const finalizedCalls: FinalizedToolCall[] = [];
  const messages: ToolResultMessage[] = [];
  run.tracer?.batchStart('sequential', toolCalls, false, sequentialBecause);
  for (const toolCall of toolCalls) {
    run.tracer?.callStarted(toolCall);
    await run.emit({ type: 'tool_execution_start', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });
    const preparation = await prepareToolCall(run, context, assistantMessage, toolCall, config);
    let finalized: FinalizedToolCall;
    if (preparation.kind === 'immediate') {
      finalized = { toolCall, result: preparation.result, isError: preparation.isError, outcome: preparation.outcome };
    } else {
      const executed = await executePreparedToolCall(run, preparation);
      finalized = await finalizeExecutedToolCall(run, context, assistantMessage, preparation, executed, config);
    }
    try { await emitToolExecutionEnd(run, finalized); } finally { await RETURN_TICK; }
    const message = createToolResultMessage(run, finalized);
    try {
      await run.emit({ type: 'message_start', message });
      await emitToolResultEnd(run, message, finalized);
    } finally {
      await RETURN_TICK;
    }
    finalizedCalls.push(finalized);
    messages.push(message);
    // pi stops the batch after the current call once aborted: later calls get no events at all.
    if (run.signal?.aborted) break;
  }
  const terminate = shouldTerminateToolBatch(finalizedCalls);
  run.tracer?.batchEnd(terminate);
  return { messages, terminate };
}

async function executeToolCallsParallel(
  run: LoopRun,
  context: AgentContext,
  assistantMessage: AssistantMessage,
  toolCalls: ToolCall[],
  config: AgentLoopConfig,
): Promise<ToolBatchResult> {
  const { signal } = run;
  // Immediate outcomes are final during preflight; prepared calls wait as deferred jobs until preflight is over.
  const entries: (FinalizedToolCall | (() => Promise<FinalizedToolCall>))[] = [];
  run.tracer?.batchStart('parallel', toolCalls);
  for (const toolCall of toolCalls) {
    run.tracer?.callStarted(toolCall);
    await run.emit({ type: 'tool_execution_start', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });
    const preparation = await prepareToolCall(run, context, assistantMessage, toolCall, config);
    if (preparation.kind === 'immediate') {
      const finalized: FinalizedToolCall = { toolCall, result: preparation.result, isError: preparation.isError, outcome: preparation.outcome };
      try { await emitToolExecutionEnd(run, finalized); } finally { await RETURN_TICK; }
      entries.push(finalized);
      if (signal?.aborted) break;
      continue;
    }
    entries.push(async () => {
      if (signal?.aborted) {
        const finalized: FinalizedToolCall = { toolCall, result: createErrorToolResult('Operation aborted'), isError: true, outcome: 'aborted' };
        try { await emitToolExecutionEnd(run, finalized); } finally { await RETURN_TICK; }
        return finalized;
      }
      const executed = await executePreparedToolCall(run, preparation);
      const finalized = await finalizeExecutedToolCall(run, context, assistantMessage, preparation, executed, config);
      try { await emitToolExecutionEnd(run, finalized); } finally { await RETURN_TICK; }
      return finalized;
    });
    if (signal?.aborted) break;
  }
  const finalizedCalls = await Promise.all(entries.map((entry) => (typeof entry === 'function' ? entry() : Promise.resolve(entry))));
  const messages: ToolResultMessage[] = [];
  for (const finalized of finalizedCalls) {
    const message = createToolResultMessage(run, finalized);
    try {
      await run.emit({ type: 'message_start', message });
      await emitToolResultEnd(run, message, finalized);
    } finally {
      await RETURN_TICK;
    }
    messages.push(message);
  }
  const terminate = shouldTerminateToolBatch(finalizedCalls);
  run.tracer?.batchEnd(terminate);
  return { messages, terminate };
}

function shouldTerminateToolBatch(finalizedCalls: FinalizedToolCall[]): boolean {
  return finalizedCalls.length > 0 && finalizedCalls.every((finalized) => finalized.result.terminate === true);
}

/**
 * pi emits through small async helpers (emitToolExecutionEnd, emitToolResultMessage) and awaits them; leaving such
 * a helper costs one microtask tick. We call plain functions and await this value after them instead: the same
 * ticks, so concurrent calls interleave exactly as in pi, without a promise per helper call. The await sits in a
 * `finally`: when an emit throws or rejects, pi's helper rejects and awaiting it costs that tick too, so a broken
 * run ends on the same tick as pi's while parallel calls are still emitting.
 */
const RETURN_TICK = undefined;

function emitToolExecutionEnd(run: LoopRun, finalized: FinalizedToolCall): Promise<void> | void {
  run.tracer?.phaseStart(finalized.toolCall, 'result');
  return run.emit({
    type: 'tool_execution_end',
    toolCallId: finalized.toolCall.id,
    toolName: finalized.toolCall.name,
    result: finalized.result,
    isError: finalized.isError,
  });
}

/**
 * pi's toolResult message: own keys in pi's order; `usage` is an own key even when undefined. The result's fields
 * are read in pi's order too (content, details, usage, then addedToolNames twice), which shows when the result is
 * not a plain object: `undefined` fails on `content`, getters and Proxy traps run in that order.
 */
function createToolResultMessage(run: LoopRun, finalized: FinalizedToolCall): ToolResultMessage {
  const { toolCall, result } = finalized;
  // Untyped tools may omit content; pi normalizes it so null never reaches history or payloads.
  const content = result.content ?? [];
  const details = result.details;
  const usage = result.usage;
  const message: ToolResultMessage = result.addedToolNames?.length
    ? {
        role: 'toolResult', toolCallId: toolCall.id, toolName: toolCall.name, content, details, usage,
        addedToolNames: result.addedToolNames, isError: finalized.isError, timestamp: run.timestamp(),
      }
    : { role: 'toolResult', toolCallId: toolCall.id, toolName: toolCall.name, content, details, usage, isError: finalized.isError, timestamp: run.timestamp() };
  return message;
}

/** The second half of pi's emitToolResultMessage (message_end); the call's trace ends with it. */
function emitToolResultEnd(run: LoopRun, message: ToolResultMessage, finalized: FinalizedToolCall): Promise<void> | void {
  const emitted = run.emit({ type: 'message_end', message });
  const tracer = run.tracer;
  if (tracer) {
    const outcome = finalized.outcome ?? (finalized.isError ? 'error' : 'ok');
    const result = (finalized.resultSnapshot !== undefined ? finalized.resultSnapshot : snapshot(finalized.result)) as ResultSnapshot;
    tracer.phaseEnd(finalized.toolCall, 'result', outcome, {
      phase: 'result', result, isError: finalized.isError, message: snapshotMessage(message, result),
    });
  }
  return emitted;
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
