// The agent loop, a drop-in for pi-agent-core 0.85.1's dist/agent-loop.js: same entry points, parameters, events in
// the same order on the same microtask ticks, same object identities. This file holds pi's functions in pi's order
// under pi's names, so the two read side by side; it runs past the usual 300 lines because pi's own file is one
// module of 559 lines. Where pi passes (signal, emit) ours passes the run (loop-run.ts), which adds the playground
// trace and clock: each moment the trace records is one call of a named probe (trace/probes.ts), and nothing else.
// Contracts (hooks, merge rules, ordering, steering) are stated on the types (types.ts); the microtask rules this
// file keeps are in docs/decisions/engine-microtask-shape.md.
import { createAgentEventStream, type EventStream } from './event-stream.ts';
import { createLoopRun, errorText, type AgentEventSink, type LoopInstrumentation, type LoopRun } from './loop-run.ts';
import { prepareToolCallArgumentsRemotely, remotePrepareOf, type PrepareArgumentsAsync } from './remote.ts';
import { getDefaultStreamFn } from './stream-fn.ts';
import * as probe from './trace/probes.ts';
import { validateToolArguments } from '../ai/validation/index.ts';
import type { PhaseOutcome, ToolPhase } from './trace/types.ts';
import type { AssistantMessage, Context, ToolCall, ToolResultMessage } from '../ai/index.ts';
import type {
  AgentContext, AgentEvent, AgentLoopConfig, AgentMessage, AgentTool, AgentToolResult, ShouldStopAfterTurnContext, StreamFn,
} from './types.ts';

/** A call that ends without running: not found, invalid, blocked, aborted, or a hook or prepareArguments threw. */
interface ImmediateOutcome { kind: 'immediate'; result: AgentToolResult<any>; isError: true; outcome: PhaseOutcome }
/** A call ready to execute; `argsSnapshot` (traced runs) is shared by the later phases' trace data. */
interface PreparedToolCall { kind: 'prepared'; toolCall: ToolCall; tool: AgentTool<any>; args: unknown; argsSnapshot?: unknown }
type Preparation = ImmediateOutcome | PreparedToolCall;
interface ExecutedToolCall { result: AgentToolResult<any>; isError: boolean; resultSnapshot?: unknown }
type FinalizedToolCall = probe.TracedOutcome; // its `outcome` and `resultSnapshot` serve only the trace
/** `terminate`: the batch produced at least one result and every result has `terminate === true`. */
interface ToolBatchResult { messages: ToolResultMessage[]; terminate: boolean }

/**
 * Starts a run with new prompt messages. Events are pushed without waiting for the consumer; the stream completes
 * on agent_end and result() resolves with this run's new messages. As in pi, a loop failure (a stream function or
 * hook that throws) leaves the stream open and rejects unhandled; the playground uses startPlaygroundRun instead.
 */
export function agentLoop(prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined,
  streamFn?: StreamFn, instrumentation?: LoopInstrumentation): EventStream<AgentEvent, AgentMessage[]> {
  const stream = createAgentEventStream();
  const run = createLoopRun((event) => { stream.push(event); }, signal, instrumentation);
  void runPrompted(run, prompts, context, config, streamFn).then((messages) => stream.end(messages));
  return stream;
}

/**
 * Continues from the current context without a new message (retries: it already ends with a user or toolResult
 * message). Throws synchronously, as pi does, when the context is empty or ends with an assistant message. The
 * context copy shares the caller's messages array (pi's behaviour).
 */
export function agentLoopContinue(context: AgentContext, config: AgentLoopConfig, signal: AbortSignal | undefined,
  streamFn?: StreamFn, instrumentation?: LoopInstrumentation): EventStream<AgentEvent, AgentMessage[]> {
  assertCanContinue(context);
  const stream = createAgentEventStream();
  const run = createLoopRun((event) => { stream.push(event); }, signal, instrumentation);
  void runContinued(run, context, config, streamFn).then((messages) => stream.end(messages));
  return stream;
}

/** Like agentLoop, with an awaited `emit` callback instead of a stream; resolves with the new messages. */
export function runAgentLoop(prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig, emit: AgentEventSink,
  signal: AbortSignal | undefined, streamFn?: StreamFn, instrumentation?: LoopInstrumentation): Promise<AgentMessage[]> {
  return runPrompted(createLoopRun(emit, signal, instrumentation), prompts, context, config, streamFn);
}

/** The body of pi's runAgentLoop on a run; shared by agentLoop, runAgentLoop and the playground entry point. */
export async function runPrompted(run: LoopRun, prompts: AgentMessage[], context: AgentContext, config: AgentLoopConfig,
  streamFn: StreamFn | undefined): Promise<AgentMessage[]> {
  const newMessages = [...prompts];
  run.newMessages = newMessages;
  // A copy: the caller's messages array is not mutated by a prompted run.
  const currentContext: AgentContext = { ...context, messages: [...context.messages, ...prompts] };
  try {
    probe.runStart(run, config, context);
    await run.emit({ type: 'agent_start' });
    probe.turnStart(run);
    await run.emit({ type: 'turn_start' });
    for (const prompt of prompts) {
      await run.emit({ type: 'message_start', message: prompt });
      await run.emit({ type: 'message_end', message: prompt });
    }
    await runLoop(currentContext, newMessages, config, run, streamFn ?? getDefaultStreamFn());
    return newMessages;
  } catch (error) {
    probe.runFailed(run, error);
    throw error;
  }
}

/** Like agentLoopContinue with an `emit` callback; the misuse errors reject instead of throwing. */
export function runAgentLoopContinue(context: AgentContext, config: AgentLoopConfig, emit: AgentEventSink,
  signal: AbortSignal | undefined, streamFn?: StreamFn, instrumentation?: LoopInstrumentation): Promise<AgentMessage[]> {
  try { assertCanContinue(context); } catch (error) { return Promise.reject(error); }
  return runContinued(createLoopRun(emit, signal, instrumentation), context, config, streamFn);
}

/** The body of pi's runAgentLoopContinue on a run (after its misuse checks). */
export async function runContinued(run: LoopRun, context: AgentContext, config: AgentLoopConfig,
  streamFn: StreamFn | undefined): Promise<AgentMessage[]> {
  const newMessages: AgentMessage[] = [];
  run.newMessages = newMessages;
  const currentContext: AgentContext = { ...context };
  try {
    probe.runStart(run, config, context);
    await run.emit({ type: 'agent_start' });
    probe.turnStart(run);
    await run.emit({ type: 'turn_start' });
    await runLoop(currentContext, newMessages, config, run, streamFn ?? getDefaultStreamFn());
    return newMessages;
  } catch (error) {
    probe.runFailed(run, error);
    throw error;
  }
}

/** pi's two misuse checks of the continue entry points. */
export function assertCanContinue(context: AgentContext): void {
  if (context.messages.length === 0) throw new Error('Cannot continue: no messages in context');
  if ((context.messages[context.messages.length - 1] as { role?: unknown }).role === 'assistant') {
    throw new Error('Cannot continue from message role: assistant');
  }
}

/** Turns until no tool calls and no queued messages remain (the rules: AgentLoopConfig's steering and stop hooks). */
async function runLoop(initialContext: AgentContext, newMessages: AgentMessage[], initialConfig: AgentLoopConfig, run: LoopRun,
  streamFn: StreamFn): Promise<void> {
  let currentContext = initialContext;
  let config = initialConfig;
  let lastCompletedTurn: ShouldStopAfterTurnContext | undefined;
  let pendingMessages: AgentMessage[] = (await config.getSteeringMessages?.()) || [];
  while (true) {
    let hasMoreToolCalls = true;
    while (hasMoreToolCalls || pendingMessages.length > 0) {
      if (lastCompletedTurn) {
        const nextTurnSnapshot = await config.prepareNextTurn?.(lastCompletedTurn);
        if (nextTurnSnapshot) {
          currentContext = nextTurnSnapshot.context ?? currentContext;
          config = {
            ...config,
            model: nextTurnSnapshot.model ?? config.model,
            reasoning: nextTurnSnapshot.thinkingLevel === undefined
              ? config.reasoning
              : nextTurnSnapshot.thinkingLevel === 'off' ? undefined : nextTurnSnapshot.thinkingLevel,
          };
        }
        // Steering queued while the turn was being prepared; polled only if the earlier poll was empty, so a
        // one-at-a-time queue never delivers two messages in one turn.
        if (pendingMessages.length === 0) pendingMessages = (await config.getSteeringMessages?.()) || [];
        probe.turnStart(run);
        await run.emit({ type: 'turn_start' });
      }
      if (pendingMessages.length > 0) {
        for (const message of pendingMessages) {
          await run.emit({ type: 'message_start', message });
          await run.emit({ type: 'message_end', message });
          currentContext.messages.push(message);
          newMessages.push(message);
        }
        pendingMessages = [];
      }
      const message = await streamAssistantResponse(currentContext, config, run, streamFn);
      newMessages.push(message);
      if (message.stopReason === 'error' || message.stopReason === 'aborted') {
        probe.turnEnd(run);
        await run.emit({ type: 'turn_end', message, toolResults: [] });
        probe.runEnd(run);
        await run.emit({ type: 'agent_end', messages: newMessages });
        return;
      }
      const toolCalls = message.content.filter((block): block is ToolCall => block.type === 'toolCall');
      const toolResults: ToolResultMessage[] = [];
      hasMoreToolCalls = false;
      if (toolCalls.length > 0) {
        // A `length` stop may have cut the arguments short: none of the calls is safe to run.
        const executedToolBatch = message.stopReason === 'length'
          ? await failToolCallsFromTruncatedMessage(toolCalls, run)
          : await executeToolCalls(currentContext, message, config, run);
        toolResults.push(...executedToolBatch.messages);
        hasMoreToolCalls = !executedToolBatch.terminate;
        for (const result of toolResults) {
          currentContext.messages.push(result);
          newMessages.push(result);
        }
      }
      probe.turnEnd(run);
      await run.emit({ type: 'turn_end', message, toolResults });
      lastCompletedTurn = { message, toolResults, context: currentContext, newMessages };
      if (await config.shouldStopAfterTurn?.(lastCompletedTurn)) {
        probe.runEnd(run);
        await run.emit({ type: 'agent_end', messages: newMessages });
        return;
      }
      pendingMessages = (await config.getSteeringMessages?.()) || [];
    }
    const followUpMessages = (await config.getFollowUpMessages?.()) || [];
    if (followUpMessages.length > 0) {
      pendingMessages = followUpMessages;
      continue;
    }
    break;
  }
  probe.runEnd(run);
  await run.emit({ type: 'agent_end', messages: newMessages });
}

/**
 * One request and the consumption of its event stream: transformContext then convertToLlm before every request,
 * the whole config spread into the options, the live partial kept as the last context message, pi's
 * object-identity rules for message_start/update/end.
 */
async function streamAssistantResponse(context: AgentContext, config: AgentLoopConfig, run: LoopRun,
  streamFn: StreamFn): Promise<AssistantMessage> {
  const { emit, signal } = run;
  let messages = context.messages;
  if (config.transformContext) messages = await config.transformContext(messages, signal);
  const llmMessages = await config.convertToLlm(messages);
  // Keys always present, tools included when undefined; the tools are the AgentTool objects themselves.
  const llmContext: Context = { systemPrompt: context.systemPrompt, messages: llmMessages, tools: context.tools };
  // Resolved before every request because keys may expire; a falsy result falls back to the static key.
  const resolvedApiKey = (config.getApiKey ? await config.getApiKey(config.model.provider) : undefined) || config.apiKey;
  const response = await streamFn(config.model, llmContext, { ...config, apiKey: resolvedApiKey, signal });
  let partialMessage: AssistantMessage | null = null;
  let addedPartial = false;
  for await (const event of response) {
    switch (event.type) {
      case 'start':
        // Playground runs: a malformed stream's second `start` replaces the partial (pi opens another message).
        if (addedPartial && run.singleMessageStart) {
          partialMessage = event.partial;
          context.messages[context.messages.length - 1] = partialMessage;
          break;
        }
        partialMessage = event.partial;
        context.messages.push(partialMessage);
        addedPartial = true;
        await emit({ type: 'message_start', message: { ...partialMessage } });
        break;
      case 'text_start': case 'text_delta': case 'text_end':
      case 'thinking_start': case 'thinking_delta': case 'thinking_end':
      case 'toolcall_start': case 'toolcall_delta': case 'toolcall_end':
        // Block events before any `start` are dropped, as in pi.
        if (partialMessage) {
          partialMessage = event.partial;
          context.messages[context.messages.length - 1] = partialMessage;
          probe.messageUpdate(run, event);
          await emit({ type: 'message_update', assistantMessageEvent: event, message: { ...partialMessage } });
        }
        break;
      case 'done':
      case 'error': {
        const finalMessage = await response.result();
        if (addedPartial) context.messages[context.messages.length - 1] = finalMessage;
        else context.messages.push(finalMessage);
        if (!addedPartial) await emit({ type: 'message_start', message: { ...finalMessage } });
        probe.messageEnd(run);
        await emit({ type: 'message_end', message: finalMessage });
        return finalMessage;
      }
    }
  }
  // A stream that ends without a terminal event still settles through result(), as in pi.
  const finalMessage = await response.result();
  if (addedPartial) {
    context.messages[context.messages.length - 1] = finalMessage;
  } else {
    context.messages.push(finalMessage);
    await emit({ type: 'message_start', message: { ...finalMessage } });
  }
  probe.messageEnd(run);
  await emit({ type: 'message_end', message: finalMessage });
  return finalMessage;
}

/** Fails every call of a message cut off by the output-token limit: its arguments may be truncated. */
async function failToolCallsFromTruncatedMessage(toolCalls: ToolCall[], run: LoopRun): Promise<ToolBatchResult> {
  const messages: ToolResultMessage[] = [];
  probe.batchStart(run, 'sequential', toolCalls, true);
  for (const toolCall of toolCalls) {
    probe.toolExecutionStart(run, toolCall);
    await run.emit({ type: 'tool_execution_start', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });
    const finalized: FinalizedToolCall = {
      toolCall,
      result: createErrorToolResult(`Tool call "${toolCall.name}" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.`),
      isError: true,
      outcome: 'error',
    };
    try { await emitToolExecutionEnd(finalized, run); } finally { await RETURN_TICK; }
    const toolResultMessage = createToolResultMessage(finalized, run);
    try { await emitToolResultStart(toolResultMessage, run); await emitToolResultEnd(toolResultMessage, finalized, run); } finally { await RETURN_TICK; }
    messages.push(toolResultMessage);
  }
  probe.batchEnd(run, false);
  return { messages, terminate: false };
}

/** One sequential tool makes the whole batch sequential (the trace names those tools when config alone would not). */
async function executeToolCalls(currentContext: AgentContext, assistantMessage: AssistantMessage, config: AgentLoopConfig,
  run: LoopRun): Promise<ToolBatchResult> {
  const toolCalls = assistantMessage.content.filter((block): block is ToolCall => block.type === 'toolCall');
  const sequentialTools = [...new Set(toolCalls.filter((call) => findTool(currentContext, call.name)?.executionMode === 'sequential').map((call) => call.name))];
  if (config.toolExecution === 'sequential' || sequentialTools.length > 0) {
    const because = config.toolExecution === 'sequential' ? undefined : sequentialTools;
    return executeToolCallsSequential(currentContext, assistantMessage, toolCalls, config, run, because);
  }
  return executeToolCallsParallel(currentContext, assistantMessage, toolCalls, config, run);
}

async function executeToolCallsSequential(currentContext: AgentContext, assistantMessage: AssistantMessage, toolCalls: ToolCall[],
  config: AgentLoopConfig, run: LoopRun, sequentialBecause?: string[]): Promise<ToolBatchResult> {
  const finalizedCalls: FinalizedToolCall[] = [];
  const messages: ToolResultMessage[] = [];
  probe.batchStart(run, 'sequential', toolCalls, false, sequentialBecause);
  for (const toolCall of toolCalls) {
    probe.toolExecutionStart(run, toolCall);
    await run.emit({ type: 'tool_execution_start', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });
    const preparation = await prepareToolCall(currentContext, assistantMessage, toolCall, config, run);
    let finalized: FinalizedToolCall;
    if (preparation.kind === 'immediate') {
      finalized = { toolCall, result: preparation.result, isError: preparation.isError, outcome: preparation.outcome };
    } else {
      const executed = await executePreparedToolCall(preparation, run);
      finalized = await finalizeExecutedToolCall(currentContext, assistantMessage, preparation, executed, config, run);
    }
    try { await emitToolExecutionEnd(finalized, run); } finally { await RETURN_TICK; }
    const toolResultMessage = createToolResultMessage(finalized, run);
    try { await emitToolResultStart(toolResultMessage, run); await emitToolResultEnd(toolResultMessage, finalized, run); } finally { await RETURN_TICK; }
    finalizedCalls.push(finalized);
    messages.push(toolResultMessage);
    // Once aborted, the batch stops after the current call: later calls get no events at all.
    if (run.signal?.aborted) break;
  }
  const terminate = shouldTerminateToolBatch(finalizedCalls);
  probe.batchEnd(run, terminate);
  return { messages, terminate };
}

async function executeToolCallsParallel(currentContext: AgentContext, assistantMessage: AssistantMessage, toolCalls: ToolCall[],
  config: AgentLoopConfig, run: LoopRun): Promise<ToolBatchResult> {
  const { signal } = run;
  // Immediate outcomes are final during preflight; prepared calls wait as deferred jobs until preflight is over.
  const finalizedCalls: (FinalizedToolCall | (() => Promise<FinalizedToolCall>))[] = [];
  probe.batchStart(run, 'parallel', toolCalls);
  for (const toolCall of toolCalls) {
    probe.toolExecutionStart(run, toolCall);
    await run.emit({ type: 'tool_execution_start', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments });
    const preparation = await prepareToolCall(currentContext, assistantMessage, toolCall, config, run);
    if (preparation.kind === 'immediate') {
      const finalized: FinalizedToolCall = { toolCall, result: preparation.result, isError: preparation.isError, outcome: preparation.outcome };
      try { await emitToolExecutionEnd(finalized, run); } finally { await RETURN_TICK; }
      finalizedCalls.push(finalized);
      if (signal?.aborted) break;
      continue;
    }
    finalizedCalls.push(async () => {
      if (signal?.aborted) {
        const finalized: FinalizedToolCall = { toolCall, result: createErrorToolResult('Operation aborted'), isError: true, outcome: 'aborted' };
        try { await emitToolExecutionEnd(finalized, run); } finally { await RETURN_TICK; }
        return finalized;
      }
      const executed = await executePreparedToolCall(preparation, run);
      const finalized = await finalizeExecutedToolCall(currentContext, assistantMessage, preparation, executed, config, run);
      try { await emitToolExecutionEnd(finalized, run); } finally { await RETURN_TICK; }
      return finalized;
    });
    if (signal?.aborted) break;
  }
  const orderedFinalizedCalls = await Promise.all(finalizedCalls.map((entry) => (typeof entry === 'function' ? entry() : Promise.resolve(entry))));
  const messages: ToolResultMessage[] = [];
  for (const finalized of orderedFinalizedCalls) {
    const toolResultMessage = createToolResultMessage(finalized, run);
    try { await emitToolResultStart(toolResultMessage, run); await emitToolResultEnd(toolResultMessage, finalized, run); } finally { await RETURN_TICK; }
    messages.push(toolResultMessage);
  }
  const terminate = shouldTerminateToolBatch(orderedFinalizedCalls);
  probe.batchEnd(run, terminate);
  return { messages, terminate };
}

function shouldTerminateToolBatch(finalizedCalls: FinalizedToolCall[]): boolean {
  return finalizedCalls.length > 0 && finalizedCalls.every((finalized) => finalized.result.terminate === true);
}

/** Synchronous prepareArguments: the same object back keeps the original call, anything else a shallow copy. */
function prepareToolCallArguments(tool: AgentTool<any>, toolCall: ToolCall): ToolCall {
  if (!tool.prepareArguments) return toolCall;
  const preparedArguments = tool.prepareArguments(toolCall.arguments);
  return preparedArguments === toolCall.arguments ? toolCall : { ...toolCall, arguments: preparedArguments as ToolCall['arguments'] };
}

/**
 * Exact-name lookup, prepareArguments, validation, beforeToolCall (block / terminate), then the abort checks;
 * nothing here throws. When nothing needs awaiting (no beforeToolCall, no sandboxed prepareArguments) the outcome
 * is returned directly: the caller's `await` costs the single tick pi's async function costs, without its promise.
 */
function prepareToolCall(currentContext: AgentContext, assistantMessage: AssistantMessage, toolCall: ToolCall, config: AgentLoopConfig,
  run: LoopRun): Preparation | Promise<Preparation> {
  const tool = findTool(currentContext, toolCall.name);
  if (!tool) return immediate(`Tool ${toolCall.name} not found`, 'error');
  const remote = remotePrepareOf(tool);
  if (remote || config.beforeToolCall) return prepareToolCallWithAwaits(currentContext, assistantMessage, toolCall, config, run, tool, remote);
  const checked = validateToolCall(tool, toolCall, undefined, run);
  if (checked.kind === 'immediate') return checked;
  if (run.signal?.aborted) return immediate('Operation aborted', 'aborted');
  return { kind: 'prepared', toolCall, tool, args: checked.args, argsSnapshot: checked.argsSnapshot };
}

/** prepareToolCall with a sandboxed prepareArguments (awaited where pi calls it) or a beforeToolCall hook. */
async function prepareToolCallWithAwaits(currentContext: AgentContext, assistantMessage: AssistantMessage, toolCall: ToolCall,
  config: AgentLoopConfig, run: LoopRun, tool: AgentTool<any>, remote: PrepareArgumentsAsync | undefined): Promise<Preparation> {
  const { signal } = run;
  let preparedCall: ToolCall | undefined;
  if (remote) {
    const before = probe.prepareStart(run, toolCall);
    try {
      preparedCall = await prepareToolCallArgumentsRemotely(remote, toolCall);
    } catch (error) {
      const text = errorText(error);
      probe.prepareFailed(run, toolCall, before, text);
      return immediate(text, 'error');
    }
    probe.prepareEnd(run, toolCall, before, preparedCall);
  }
  const checked = validateToolCall(tool, toolCall, preparedCall, run);
  if (checked.kind === 'immediate') return checked;
  const { args, argsSnapshot } = checked;
  if (config.beforeToolCall) {
    probe.beforeToolCallStart(run, toolCall);
    // One try around the hook and the reading of its decision, as in pi: any throw becomes an error result.
    try {
      const beforeResult = await config.beforeToolCall({ assistantMessage, toolCall, args, context: currentContext }, signal);
      // The signal is checked before the decision: a hook that aborts and blocks yields `Operation aborted`.
      if (signal?.aborted) {
        probe.beforeToolCallEnd(run, toolCall, 'aborted', argsSnapshot, beforeResult);
        return immediate('Operation aborted', 'aborted');
      }
      if (beforeResult?.block) {
        const blocked = immediate(beforeResult.reason || 'Tool execution was blocked', 'blocked');
        if (beforeResult.terminate === true) blocked.result.terminate = true;
        probe.beforeToolCallEnd(run, toolCall, 'blocked', argsSnapshot, beforeResult);
        return blocked;
      }
      probe.beforeToolCallEnd(run, toolCall, 'ok', argsSnapshot, beforeResult);
    } catch (error) {
      const text = errorText(error);
      probe.beforeToolCallFailed(run, toolCall, argsSnapshot, text);
      return immediate(text, 'error');
    }
  }
  if (signal?.aborted) return immediate('Operation aborted', 'aborted');
  return { kind: 'prepared', toolCall, tool, args, argsSnapshot };
}

/**
 * The synchronous part of preparation: prepareArguments (unless a sandboxed one already gave `remotePrepared`) and
 * validation. A throw anywhere becomes an error result carrying its message, as in pi. Traced runs inspect a
 * failed validation again for its structured issues (probe.validateFailed), whose text is the same.
 */
function validateToolCall(tool: AgentTool<any>, toolCall: ToolCall, remotePrepared: ToolCall | undefined,
  run: LoopRun): { kind: 'validated'; args: unknown; argsSnapshot: unknown } | ImmediateOutcome {
  let phase: ToolPhase | undefined;
  try {
    let preparedCall = remotePrepared ?? toolCall;
    if (!remotePrepared && tool.prepareArguments) {
      phase = 'prepare';
      const before = probe.prepareStart(run, toolCall);
      preparedCall = prepareToolCallArguments(tool, toolCall);
      probe.prepareEnd(run, toolCall, before, preparedCall);
    }
    phase = 'validate';
    const received = probe.validateStart(run, toolCall, preparedCall);
    let args: unknown;
    try {
      args = validateToolArguments(tool, preparedCall);
    } catch (error) {
      if (!run.tracer) throw error;
      return immediate(probe.validateFailed(run, tool, toolCall, preparedCall, received), 'error');
    }
    return { kind: 'validated', args, argsSnapshot: probe.validateEnd(run, toolCall, args, received) };
  } catch (error) {
    const text = errorText(error);
    probe.preparationFailed(run, toolCall, phase, text);
    return immediate(text, 'error');
  }
}

/** Runs execute; onUpdate emits tool_execution_update only until execute settles (later calls are ignored). */
async function executePreparedToolCall(prepared: PreparedToolCall, run: LoopRun): Promise<ExecutedToolCall> {
  const { toolCall } = prepared;
  // Allocated on the first update; awaiting `undefined` costs the same single tick as pi's Promise.all([]).
  let updateEvents: Promise<void>[] | undefined;
  let acceptingUpdates = true;
  probe.executeStart(run, toolCall);
  const onUpdate = (partialResult: AgentToolResult<any>): void => {
    probe.executeUpdate(run, toolCall, partialResult, acceptingUpdates);
    if (!acceptingUpdates) return;
    (updateEvents ??= []).push(Promise.resolve(run.emit({
      type: 'tool_execution_update', toolCallId: toolCall.id, toolName: toolCall.name, args: toolCall.arguments, partialResult,
    })));
  };
  try {
    const result = await prepared.tool.execute(toolCall.id, prepared.args, run.signal, onUpdate);
    acceptingUpdates = false;
    await (updateEvents && Promise.all(updateEvents));
    return { result, isError: false, resultSnapshot: probe.executeEnd(run, toolCall, prepared.argsSnapshot, result, updateEvents?.length ?? 0) };
  } catch (error) {
    acceptingUpdates = false;
    await (updateEvents && Promise.all(updateEvents));
    const result = createErrorToolResult(errorText(error));
    return { result, isError: true, resultSnapshot: probe.executeFailed(run, toolCall, prepared.argsSnapshot, result, error, updateEvents?.length ?? 0) };
  } finally {
    acceptingUpdates = false;
  }
}

/**
 * The afterToolCall merge (rules on AfterToolCallResult); a throwing hook yields an error result. Without the hook
 * the outcome is returned directly: awaiting it costs the caller the one tick pi's async function costs.
 */
function finalizeExecutedToolCall(currentContext: AgentContext, assistantMessage: AssistantMessage, prepared: PreparedToolCall,
  executed: ExecutedToolCall, config: AgentLoopConfig, run: LoopRun): FinalizedToolCall | Promise<FinalizedToolCall> {
  if (!config.afterToolCall) return { toolCall: prepared.toolCall, result: executed.result, isError: executed.isError, resultSnapshot: executed.resultSnapshot };
  return finalizeWithAfterToolCall(currentContext, assistantMessage, prepared, executed, config, run);
}

async function finalizeWithAfterToolCall(currentContext: AgentContext, assistantMessage: AssistantMessage, prepared: PreparedToolCall,
  executed: ExecutedToolCall, config: AgentLoopConfig, run: LoopRun): Promise<FinalizedToolCall> {
  let { result, isError, resultSnapshot } = executed;
  probe.afterToolCallStart(run, prepared.toolCall);
  try {
    const afterResult = await config.afterToolCall!({
      assistantMessage, toolCall: prepared.toolCall, args: prepared.args, result, isError, context: currentContext,
    }, run.signal);
    if (afterResult) {
      result = {
        ...result,
        content: afterResult.content ?? result.content,
        details: afterResult.details ?? result.details,
        usage: afterResult.usage ?? result.usage,
        terminate: afterResult.terminate ?? result.terminate,
      };
      isError = afterResult.isError ?? isError;
    }
    resultSnapshot = probe.afterToolCallEnd(run, prepared.toolCall, resultSnapshot, afterResult, result);
  } catch (error) {
    result = createErrorToolResult(errorText(error));
    isError = true;
    resultSnapshot = probe.afterToolCallFailed(run, prepared.toolCall, resultSnapshot, result, error);
  }
  return { toolCall: prepared.toolCall, result, isError, resultSnapshot };
}

export function createErrorToolResult(message: string): AgentToolResult<any> {
  return { content: [{ type: 'text', text: message }], details: {} };
}

const immediate = (text: string, outcome: PhaseOutcome): ImmediateOutcome => ({ kind: 'immediate', result: createErrorToolResult(text), isError: true, outcome });

/** Exact-name lookup; with duplicate names the first tool wins, as Array.find does in pi. */
const findTool = (context: AgentContext, name: string): AgentTool<any> | undefined => context.tools?.find((tool) => tool.name === name);

/**
 * pi emits through small async helpers (emitToolExecutionEnd, emitToolResultMessage) and awaits them; leaving such
 * a helper costs one microtask tick. We call plain functions and await this value after them instead: the same
 * ticks, so concurrent calls interleave exactly as in pi, without a promise per helper call. The await sits in a
 * `finally`: when an emit throws or rejects, pi's helper rejects and awaiting it costs that tick too, so a broken
 * run ends on the same tick as pi's while parallel calls are still emitting.
 */
const RETURN_TICK = undefined;

function emitToolExecutionEnd(finalized: FinalizedToolCall, run: LoopRun): Promise<void> | void {
  probe.resultStart(run, finalized.toolCall);
  const { toolCall, result, isError } = finalized;
  return run.emit({ type: 'tool_execution_end', toolCallId: toolCall.id, toolName: toolCall.name, result, isError });
}

/**
 * pi's toolResult message: own keys in pi's order; `usage` is an own key even when undefined. The result's fields
 * are read in pi's order too (content, details, usage, then addedToolNames twice), which shows when the result is
 * not a plain object: `undefined` fails on `content`, getters and Proxy traps run in that order.
 */
function createToolResultMessage(finalized: FinalizedToolCall, run: LoopRun): ToolResultMessage {
  const { toolCall, result } = finalized;
  // Untyped tools may omit content; pi normalizes it so null never reaches history or payloads.
  const content = result.content ?? [];
  const details = result.details;
  const usage = result.usage;
  return result.addedToolNames?.length
    ? { role: 'toolResult', toolCallId: toolCall.id, toolName: toolCall.name, content, details, usage, addedToolNames: result.addedToolNames, isError: finalized.isError, timestamp: run.timestamp() }
    : { role: 'toolResult', toolCallId: toolCall.id, toolName: toolCall.name, content, details, usage, isError: finalized.isError, timestamp: run.timestamp() };
}

/** pi's emitToolResultMessage in two halves, each awaited inline (see RETURN_TICK): message_start, then message_end. */
function emitToolResultStart(toolResultMessage: ToolResultMessage, run: LoopRun): Promise<void> | void {
  return run.emit({ type: 'message_start', message: toolResultMessage });
}

function emitToolResultEnd(toolResultMessage: ToolResultMessage, finalized: FinalizedToolCall, run: LoopRun): Promise<void> | void {
  const emitted = run.emit({ type: 'message_end', message: toolResultMessage });
  probe.resultEnd(run, finalized, toolResultMessage);
  return emitted;
}
