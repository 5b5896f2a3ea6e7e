// The agent loop, a drop-in for pi-agent-core 0.85.1's agentLoop / agentLoopContinue / runAgentLoop /
// runAgentLoopContinue: same parameters, same events in the same order, same object identities. The optional
// trailing `instrumentation` argument adds the playground trace and an injected clock without touching pi's events.
import { streamAssistantResponse } from './assistant-stream.ts';
import { createAgentEventStream, type EventStream } from './event-stream.ts';
import { createLoopRun, errorText, type AgentEventSink, type LoopInstrumentation, type LoopRun } from './loop-run.ts';
import { executeToolCalls, failToolCallsFromTruncatedMessage } from './tool-batch.ts';
import type { RunMode } from './trace/tracer.ts';
import type { ToolCall, ToolResultMessage } from '../ai/index.ts';
import type { AgentContext, AgentEvent, AgentLoopConfig, AgentMessage, ShouldStopAfterTurnContext, StreamFn } from './types.ts';

let defaultStreamFn: StreamFn | undefined;

/** Installs the stream function used when a loop is started without one (pi's setDefaultStreamFn). */
export function setDefaultStreamFn(streamFn: StreamFn | undefined): void {
  defaultStreamFn = streamFn;
}

function getDefaultStreamFn(): StreamFn {
  if (!defaultStreamFn) {
    throw new Error('No default stream function configured. Pass streamFn explicitly or call setDefaultStreamFn().');
  }
  return defaultStreamFn;
}

/**
 * Starts a run with new prompt messages. Events are pushed without waiting for the consumer; the stream completes
 * on agent_end and result() resolves with this run's new messages. As in pi, a loop failure (a stream function or
 * hook that throws) leaves the stream open and rejects unhandled; the playground uses startPlaygroundRun instead.
 */
export function agentLoop(
  prompts: AgentMessage[],
  context: AgentContext,
  config: AgentLoopConfig,
  signal: AbortSignal | undefined,
  streamFn?: StreamFn,
  instrumentation?: LoopInstrumentation,
): EventStream<AgentEvent, AgentMessage[]> {
  const stream = createAgentEventStream();
  const run = createLoopRun((event) => { stream.push(event); }, signal, instrumentation);
  void runPrompted(run, prompts, context, config, streamFn).then((messages) => stream.end(messages));
  return stream;
}

/**
 * Continues from the current context without a new message. Throws synchronously, as pi does, when the context is
 * empty or ends with an assistant message. The context copy shares the caller's messages array (pi's behaviour).
 */
export function agentLoopContinue(
  context: AgentContext,
  config: AgentLoopConfig,
  signal: AbortSignal | undefined,
  streamFn?: StreamFn,
  instrumentation?: LoopInstrumentation,
): EventStream<AgentEvent, AgentMessage[]> {
  assertCanContinue(context);
  const stream = createAgentEventStream();
  const run = createLoopRun((event) => { stream.push(event); }, signal, instrumentation);
  void runContinued(run, context, config, streamFn).then((messages) => stream.end(messages));
  return stream;
}

/** Like agentLoop, with an awaited `emit` callback instead of a stream; resolves with the new messages. */
export function runAgentLoop(
  prompts: AgentMessage[],
  context: AgentContext,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal | undefined,
  streamFn?: StreamFn,
  instrumentation?: LoopInstrumentation,
): Promise<AgentMessage[]> {
  return runPrompted(createLoopRun(emit, signal, instrumentation), prompts, context, config, streamFn);
}

/** Like agentLoopContinue with an `emit` callback; the misuse errors reject instead of throwing. */
export function runAgentLoopContinue(
  context: AgentContext,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal | undefined,
  streamFn?: StreamFn,
  instrumentation?: LoopInstrumentation,
): Promise<AgentMessage[]> {
  try {
    assertCanContinue(context);
  } catch (error) {
    return Promise.reject(error);
  }
  return runContinued(createLoopRun(emit, signal, instrumentation), context, config, streamFn);
}

export function assertCanContinue(context: AgentContext): void {
  if (context.messages.length === 0) throw new Error('Cannot continue: no messages in context');
  if ((context.messages[context.messages.length - 1] as { role?: unknown }).role === 'assistant') {
    throw new Error('Cannot continue from message role: assistant');
  }
}

/** Shared by agentLoop and runAgentLoop; exported for the playground entry point. */
export async function runPrompted(
  run: LoopRun,
  prompts: AgentMessage[],
  context: AgentContext,
  config: AgentLoopConfig,
  streamFn: StreamFn | undefined,
): Promise<AgentMessage[]> {
  const newMessages = [...prompts];
  run.newMessages = newMessages;
  // A copy: the caller's messages array is not mutated by a prompted run.
  const currentContext: AgentContext = { ...context, messages: [...context.messages, ...prompts] };
  try {
    run.tracer?.runStart(runMode(config, context));
    await run.emit({ type: 'agent_start' });
    run.tracer?.turnStart();
    await run.emit({ type: 'turn_start' });
    for (const prompt of prompts) {
      await run.emit({ type: 'message_start', message: prompt });
      await run.emit({ type: 'message_end', message: prompt });
    }
    await runLoop(run, currentContext, newMessages, config, streamFn ?? getDefaultStreamFn());
    return newMessages;
  } catch (error) {
    run.tracer?.runEnd(safeErrorText(error));
    throw error;
  }
}

/** Shared by agentLoopContinue and runAgentLoopContinue; exported for the playground entry point. */
export async function runContinued(
  run: LoopRun,
  context: AgentContext,
  config: AgentLoopConfig,
  streamFn: StreamFn | undefined,
): Promise<AgentMessage[]> {
  const newMessages: AgentMessage[] = [];
  run.newMessages = newMessages;
  const currentContext: AgentContext = { ...context };
  try {
    run.tracer?.runStart(runMode(config, context));
    await run.emit({ type: 'agent_start' });
    run.tracer?.turnStart();
    await run.emit({ type: 'turn_start' });
    await runLoop(run, currentContext, newMessages, config, streamFn ?? getDefaultStreamFn());
    return newMessages;
  } catch (error) {
    run.tracer?.runEnd(safeErrorText(error));
    throw error;
  }
}

/**
 * pi's runLoop: turns until no tool calls and no queued messages remain; steering polled at start and after
 * every completed turn, follow-up only when the inner loop would exit; error/aborted assistant messages end the
 * run; shouldStopAfterTurn ends it before any queue is polled; prepareNextTurn may swap context, model, reasoning.
 */
async function runLoop(
  run: LoopRun,
  initialContext: AgentContext,
  newMessages: AgentMessage[],
  initialConfig: AgentLoopConfig,
  streamFn: StreamFn,
): Promise<void> {
  const { tracer } = run;
  let context = initialContext;
  let config = initialConfig;
  let lastTurn: ShouldStopAfterTurnContext | undefined;
  let pending: AgentMessage[] = (await config.getSteeringMessages?.()) || [];
  while (true) {
    let moreToolCalls = true;
    while (moreToolCalls || pending.length > 0) {
      if (lastTurn) {
        const update = await config.prepareNextTurn?.(lastTurn);
        if (update) {
          context = update.context ?? context;
          config = {
            ...config,
            model: update.model ?? config.model,
            reasoning: update.thinkingLevel === undefined
              ? config.reasoning
              : update.thinkingLevel === 'off' ? undefined : update.thinkingLevel,
          };
        }
        // Steering queued while the turn was being prepared; polled only if the earlier poll was empty, so a
        // one-at-a-time queue never delivers two messages in one turn.
        if (pending.length === 0) pending = (await config.getSteeringMessages?.()) || [];
        tracer?.turnStart();
        await run.emit({ type: 'turn_start' });
      }
      if (pending.length > 0) {
        for (const message of pending) {
          await run.emit({ type: 'message_start', message });
          await run.emit({ type: 'message_end', message });
          context.messages.push(message);
          newMessages.push(message);
        }
        pending = [];
      }
      const message = await streamAssistantResponse(run, context, config, streamFn);
      newMessages.push(message);
      if (message.stopReason === 'error' || message.stopReason === 'aborted') {
        tracer?.turnEnd();
        await run.emit({ type: 'turn_end', message, toolResults: [] });
        tracer?.runEnd();
        await run.emit({ type: 'agent_end', messages: newMessages });
        return;
      }
      const toolCalls = message.content.filter((block): block is ToolCall => block.type === 'toolCall');
      const toolResults: ToolResultMessage[] = [];
      moreToolCalls = false;
      if (toolCalls.length > 0) {
        // A `length` stop may have cut the arguments short: none of the calls is safe to run.
        const batch = message.stopReason === 'length'
          ? await failToolCallsFromTruncatedMessage(run, toolCalls)
          : await executeToolCalls(run, context, message, config);
        toolResults.push(...batch.messages);
        moreToolCalls = !batch.terminate;
        for (const result of toolResults) {
          context.messages.push(result);
          newMessages.push(result);
        }
      }
      tracer?.turnEnd();
      await run.emit({ type: 'turn_end', message, toolResults });
      lastTurn = { message, toolResults, context, newMessages };
      if (await config.shouldStopAfterTurn?.(lastTurn)) {
        tracer?.runEnd();
        await run.emit({ type: 'agent_end', messages: newMessages });
        return;
      }
      pending = (await config.getSteeringMessages?.()) || [];
    }
    const followUps = (await config.getFollowUpMessages?.()) || [];
    if (followUps.length > 0) {
      pending = followUps;
      continue;
    }
    break;
  }
  tracer?.runEnd();
  await run.emit({ type: 'agent_end', messages: newMessages });
}

/** The run's execution mode for the trace; never throws, whatever the input. */
export function runMode(config: AgentLoopConfig | undefined, context: AgentContext | undefined): RunMode {
  if (config?.toolExecution === 'sequential') return 'sequential';
  const tools = context?.tools;
  return Array.isArray(tools) && tools.some((tool) => tool?.executionMode === 'sequential') ? 'mixed' : 'parallel';
}

/** errorText for any thrown value, even one whose String() conversion throws. */
export function safeErrorText(error: unknown): string {
  try {
    return errorText(error);
  } catch {
    return 'Unknown error';
  }
}
