// Runs a parsed scenario through our agent loop: the scripted stream as the model, the scenario's prompts, system
// prompt and execution mode, steering/follow-up released and the abort fired at their moments, all on one clock.
import { runAgentLoop } from '../../engine/index.ts';
import { RealClock, type Clock } from '../../engine/index.ts';
import { createAgentEventStream, type EventStream } from '../../engine/index.ts';
import type { TraceEvent, TraceSink } from '../../engine/index.ts';
import type { AssistantMessage, Message, Model, UserMessage } from '../../ai/index.ts';
import type { AgentEvent, AgentLoopConfig, AgentMessage, AgentTool, StreamFn } from '../../engine/index.ts';
import { scriptedResponsesOf, type CodeTurnRunner } from './code-turn.ts';
import { MomentScheduler } from './moments.ts';
import type { ToolCallArgumentsProgress } from './replay-turn.ts';
import type { DeliveryMode, Scenario } from './scenario.ts';
import { createFauxModel, createScriptedStreamFn } from './scripted-stream.ts';
import { zeroUsage } from './usage-estimate.ts';

export type ScenarioHooks = Pick<AgentLoopConfig, 'beforeToolCall' | 'afterToolCall' | 'shouldStopAfterTurn' | 'prepareNextTurn'>;

export interface RunScenarioOptions {
  tools?: AgentTool<any>[];
  hooks?: ScenarioHooks;
  /** Drives streaming pace, delays, moments and trace times. Default: a RealClock. */
  clock?: Clock;
  /** Receives every trace event as it happens (they are also collected in the run's `trace`). */
  trace?: TraceSink;
  /** Aborts the run from outside (a Stop button). */
  signal?: AbortSignal;
  /** Default: faux's default model (`faux-1`, api and provider `faux`), named as the scenario's `model` when it has one. */
  model?: Model;
  /**
   * The model's stream function in place of the scripted one (a live run: pi-ai's own stream for the model's API).
   * The scenario's turns are then not used; everything else (prompts, tools, hooks, moments) is as in a replay.
   */
  streamFn?: StreamFn;
  /** Resolved before every request, as pi's AgentLoopConfig.getApiKey (a live run's key; never recorded). */
  getApiKey?: AgentLoopConfig['getApiKey'];
  /** Message timestamps are epochMs + clock.now() (default 0), so virtual replays are byte-identical. */
  epochMs?: number;
  onToolCallArguments?: (progress: ToolCallArgumentsProgress) => void;
  /** Runs the scenario's code turns (the sandbox, in the app). Without it a code turn ends its turn with an error. */
  codeTurns?: CodeTurnRunner;
  /**
   * Receives every pi event synchronously, as it is emitted (before any moment it triggers fires), so a
   * recorder can snapshot partial messages that pi later mutates and keep its order with the trace events.
   */
  onEvent?: (event: AgentEvent) => void;
}

export interface ScenarioRunResult {
  /** agent_end's messages: what this run added. */
  messages: AgentMessage[];
  events: AgentEvent[];
  trace: TraceEvent[];
  toolCallArguments: ToolCallArgumentsProgress[];
  /** Clock time from start to agent_end. */
  durationMs: number;
  /** The loop itself failed (a hook threw where pi would not recover); the run was closed as pi's Agent does. */
  failure?: string;
}

export interface ScenarioRun {
  /** pi's events, as agentLoop would stream them; completes with agent_end. */
  events: EventStream<AgentEvent, AgentMessage[]>;
  /** Everything so far, appended as the run goes (the same arrays end up in the result). */
  eventLog: AgentEvent[];
  trace: TraceEvent[];
  toolCallArguments: ToolCallArgumentsProgress[];
  finished: Promise<ScenarioRunResult>;
}

const keepLlmMessages = (messages: AgentMessage[]): Message[] =>
  messages.filter((m): m is Message => ['user', 'assistant', 'toolResult'].includes((m as Message).role));

function take(queue: AgentMessage[], mode: DeliveryMode): AgentMessage[] {
  return mode === 'all' ? queue.splice(0) : queue.splice(0, 1);
}

function describeFailure(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'Unknown error';
  }
}

/** Starts the run at once; never throws. Every injected message and the abort leave a trace_log line. */
export function runScenario(scenario: Scenario, options: RunScenarioOptions = {}): ScenarioRun {
  const clock = options.clock ?? new RealClock();
  const epochMs = options.epochMs ?? 0;
  const now = () => epochMs + clock.now();
  const startMs = clock.now();
  // A recorded model only renames faux's: the scripted stream stamps its api, provider and id on every message.
  const recorded = scenario.model;
  const model = options.model ?? createFauxModel(recorded ? { id: recorded.id, name: recorded.id, api: recorded.api, provider: recorded.provider } : {});
  const controller = new AbortController();
  const external = options.signal;
  if (external?.aborted) controller.abort();
  else external?.addEventListener('abort', () => controller.abort(), { once: true });

  const moments = new MomentScheduler(clock, startMs);
  const trace: TraceEvent[] = [];
  const toolCallArguments: ToolCallArgumentsProgress[] = [];
  const eventLog: AgentEvent[] = [];
  const events = createAgentEventStream();
  const traceSink: TraceSink = (event) => {
    trace.push(event);
    options.trace?.(event);
    moments.onTraceEvent(event);
  };
  const log = (text: string) => traceSink({ type: 'trace_log', t: clock.now(), level: 'log', text });
  const emit = (event: AgentEvent) => {
    eventLog.push(event);
    options.onEvent?.(event);
    events.push(event);
    moments.onAgentEvent(event);
  };
  const userMessage = (text: string): UserMessage => ({ role: 'user', content: [{ type: 'text', text }], timestamp: now() });

  const steering: AgentMessage[] = [];
  const followUps: AgentMessage[] = [];
  scenario.steering.forEach((m, i) => moments.at(m.at, () => {
    steering.push(userMessage(m.text));
    log(`steering message ${i + 1} queued: ${m.text}`);
  }));
  scenario.followUp.forEach((m, i) => moments.at(m.at, () => {
    followUps.push(userMessage(m.text));
    log(`follow-up message ${i + 1} queued: ${m.text}`);
  }));
  if (scenario.abort) {
    moments.at(scenario.abort, () => {
      log('scenario abort: the signal fires');
      controller.abort();
    });
  }

  const streamFn = options.streamFn ?? createScriptedStreamFn(scriptedResponsesOf(scenario.turns, options.codeTurns), {
    clock,
    now,
    tokenSize: scenario.timing.tokenSize,
    tokensPerSecond: scenario.timing.tokensPerSecond,
    delayMs: scenario.timing.delayMs,
    seed: scenario.timing.seed,
    onToolCallArguments: (progress) => {
      toolCallArguments.push(progress);
      options.onToolCallArguments?.(progress);
    },
  });
  const config: AgentLoopConfig = {
    model,
    convertToLlm: keepLlmMessages,
    toolExecution: scenario.toolExecution,
    getSteeringMessages: async () => take(steering, scenario.steeringMode),
    getFollowUpMessages: async () => take(followUps, scenario.followUpMode),
    ...(options.getApiKey ? { getApiKey: options.getApiKey } : {}),
    ...options.hooks,
  };
  const context = { systemPrompt: scenario.systemPrompt, messages: [], tools: options.tools ?? [] };
  const prompts = scenario.prompts.map(userMessage);

  const finish = (messages: AgentMessage[], failure?: string): ScenarioRunResult => {
    moments.dispose();
    events.end(messages);
    const result: ScenarioRunResult = { messages, events: eventLog, trace, toolCallArguments, durationMs: clock.now() - startMs };
    if (failure !== undefined) result.failure = failure;
    return result;
  };
  const finished = runAgentLoop(prompts, context, config, emit, controller.signal, streamFn, { trace: traceSink, clock, epochMs })
    .then(
      (messages) => finish(messages),
      (error: unknown) => {
        // As pi's Agent closes a failed loop: one empty assistant message carrying the error, then turn and run end.
        const text = describeFailure(error);
        const failed: AssistantMessage = {
          role: 'assistant', content: [{ type: 'text', text: '' }], api: model.api, provider: model.provider, model: model.id,
          usage: zeroUsage(), stopReason: controller.signal.aborted ? 'aborted' : 'error', errorMessage: text, timestamp: now(),
        };
        emit({ type: 'message_start', message: failed });
        emit({ type: 'message_end', message: failed });
        emit({ type: 'turn_end', message: failed, toolResults: [] });
        emit({ type: 'agent_end', messages: [failed] });
        return finish([failed], text);
      },
    );
  return { events, eventLog, trace, toolCallArguments, finished };
}
