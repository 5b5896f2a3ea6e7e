// The playground's entry point to the loop: pi's events exactly as agentLoop emits them, except that a run which
// would break in pi (a stream function or hook that throws, malformed input) ends cleanly instead of hanging:
// every started tool call and message is closed and a visible error message ends the run with agent_end.
import { assertCanContinue, createErrorToolResult, runContinued, runPrompted } from './agent-loop.ts';
import { createAgentEventStream, type EventStream } from './event-stream.ts';
import { createLoopRun, safeErrorText, type LoopInstrumentation, type LoopRun } from './loop-run.ts';
import * as probe from './trace/probes.ts';
import type { AssistantMessage } from '../ai/index.ts';
import type { AgentContext, AgentEvent, AgentLoopConfig, AgentMessage, StreamFn } from './types.ts';

export interface PlaygroundRunRequest {
  /** Prompt messages, as for agentLoop; omit them to continue from the context, as agentLoopContinue does. */
  prompts?: AgentMessage[];
  context: AgentContext;
  config: AgentLoopConfig;
  signal?: AbortSignal;
  streamFn: StreamFn;
  instrumentation?: LoopInstrumentation;
}

/**
 * Starts a run whose stream always completes with agent_end. Without a failure the events are pi's. On a failure
 * the run is closed as pi's Agent class closes it (reference §2.7): open tool calls end as errors with the failure
 * text, an open assistant message ends with stopReason `error` (`aborted` if the signal fired) and that text as
 * errorMessage (or a synthetic empty assistant message carries it), then turn_end and agent_end follow.
 */
export function startPlaygroundRun(request: PlaygroundRunRequest): EventStream<AgentEvent, AgentMessage[]> {
  const stream = createAgentEventStream();
  const tracker = new OpenEventTracker(stream);
  const run = createLoopRun(tracker.emit, request.signal, request.instrumentation);
  run.singleMessageStart = true;
  runRequest(run, request).then(
    (messages) => stream.end(messages),
    (error: unknown) => closeFailedRun(run, tracker, request, safeErrorText(error)),
  );
  return stream;
}

async function runRequest(run: LoopRun, request: PlaygroundRunRequest): Promise<AgentMessage[]> {
  const { prompts, context, config, streamFn } = request;
  if (prompts) return runPrompted(run, prompts, context, config, streamFn);
  assertCanContinue(context);
  return runContinued(run, context, config, streamFn);
}

/** Remembers what is open (turn, message, tool calls) as events go by, so a failure can close it. */
class OpenEventTracker {
  started = false;
  turnOpen = false;
  messageOpen = false;
  openMessage: AgentMessage | undefined;
  readonly openCalls: { toolCallId: string; toolName: string }[] = [];

  constructor(private readonly stream: EventStream<AgentEvent, AgentMessage[]>) {}

  readonly emit = (event: AgentEvent): void => {
    switch (event.type) {
      case 'agent_start': this.started = true; break;
      case 'turn_start': this.turnOpen = true; break;
      case 'turn_end': this.turnOpen = false; break;
      case 'message_start':
      case 'message_update': this.messageOpen = true; this.openMessage = event.message; break;
      case 'message_end': this.messageOpen = false; this.openMessage = undefined; break;
      case 'tool_execution_start': this.openCalls.push({ toolCallId: event.toolCallId, toolName: event.toolName }); break;
      case 'tool_execution_end': {
        const index = this.openCalls.findIndex((call) => call.toolCallId === event.toolCallId);
        if (index >= 0) this.openCalls.splice(index, 1);
        break;
      }
    }
    this.stream.push(event);
  };
}

function closeFailedRun(run: LoopRun, tracker: OpenEventTracker, request: PlaygroundRunRequest, text: string): void {
  const emit = tracker.emit;
  const stopReason = request.signal?.aborted ? 'aborted' : 'error';
  if (!tracker.started) {
    // Refused before the loop began (continue misuse): the trace still shows a run that ended with the error.
    probe.runStart(run, request.config, request.context);
    probe.runFailed(run, text);
    emit({ type: 'agent_start' });
  }
  for (const call of tracker.openCalls.splice(0)) {
    emit({ type: 'tool_execution_end', ...call, result: createErrorToolResult(text), isError: true });
  }
  let failure: AssistantMessage;
  const open = tracker.openMessage as Partial<AssistantMessage> | null | undefined;
  if (tracker.messageOpen && open?.role === 'assistant') {
    failure = { ...(open as AssistantMessage), stopReason, errorMessage: text };
    emit({ type: 'message_end', message: failure });
  } else {
    if (tracker.messageOpen) emit({ type: 'message_end', message: open as AgentMessage });
    if (!tracker.turnOpen) emit({ type: 'turn_start' });
    failure = createFailureMessage(run, request.config, stopReason, text);
    emit({ type: 'message_start', message: failure });
    emit({ type: 'message_end', message: failure });
  }
  emit({ type: 'turn_end', message: failure, toolResults: [] });
  emit({ type: 'agent_end', messages: [...run.newMessages, failure] });
}

function createFailureMessage(run: LoopRun, config: AgentLoopConfig | undefined, stopReason: 'error' | 'aborted', text: string): AssistantMessage {
  const model = (config as { model?: Partial<AssistantMessage & { id: string }> } | undefined)?.model;
  return {
    role: 'assistant',
    content: [{ type: 'text', text: '' }],
    api: String(model?.api ?? 'unknown'),
    provider: String(model?.provider ?? 'unknown'),
    model: String(model?.id ?? 'unknown'),
    usage: {
      input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason,
    errorMessage: text,
    timestamp: run.timestamp(),
  };
}
