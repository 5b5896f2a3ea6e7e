// pi's vocabulary (pi-ai + pi-agent-core 0.85.1): content blocks, messages, models, tools, events.
// Shapes and field names mirror pi exactly so the same objects can be handed to the real pi and to ours.
import type { Static, TSchema } from 'typebox';
import type { ThinkingLevel, Model, SimpleStreamOptions, TextContent, ImageContent, ToolCall, Usage, AssistantMessage, ToolResultMessage, Message, Tool, Context, AssistantMessageEvent, AssistantMessageEventStreamLike } from '../ai/index.ts';
export type { KnownApi, Api, ProviderId, ToolChoice, ThinkingLevel, ModelThinkingLevel, CacheRetention, ModelCost, Model, StreamOptions, SimpleStreamOptions, TextContent, ThinkingContent, ImageContent, ToolCall, Usage, StopReason, UserMessage, AssistantMessage, ToolResultMessage, Message, ConstrainedSamplingConfig, Tool, Context, AssistantMessageEvent, AssistantMessageEventStreamLike } from '../ai/index.ts';

// ---------------------------------------------------------------- pi-agent-core

/**
 * How the tool calls of one assistant message run.
 * - `sequential`: each call is prepared, executed and finalized, and its toolResult message emitted, before the
 *   next call's tool_execution_start.
 * - `parallel`: calls are prepared one after another in source order (tool_execution_start, prepareArguments,
 *   validation, beforeToolCall); the calls that may run then execute concurrently. Each call's tool_execution_end
 *   goes out as soon as it is finalized (completion order); the toolResult messages follow after all of them, in
 *   source order.
 * One call of a tool whose `executionMode` is `sequential` makes the whole batch sequential.
 */
export type ToolExecutionMode = 'sequential' | 'parallel';

/** What a tool returns, finally or as a partial update. */
export interface AgentToolResult<T = any> {
  /** Text or images sent back to the model. A missing content becomes `[]` in the toolResult message. */
  content: (TextContent | ImageContent)[];
  /** Structured data for logs and UI; not sent to the model. */
  details: T;
  /** Usage of the tool's own execution, if any; not counted in the model's context accounting. */
  usage?: Usage;
  /** Tools this result makes available from this point of the transcript on (copied to the message when non-empty). */
  addedToolNames?: string[];
  /**
   * Asks the loop to stop after this batch: it does so only when the batch produced at least one result and every
   * finalized result sets `terminate: true`. Then no further model request follows for these results, though
   * steering or follow-up messages can still start another turn.
   */
  terminate?: boolean;
}

/**
 * Streams a partial result as tool_execution_update. Valid only while the current `execute()` runs: calls made
 * after its promise settled are ignored. The loop waits for the consumer of every accepted update before it
 * finalizes the call.
 */
export type AgentToolUpdateCallback<T = any> = (partialResult: AgentToolResult<T>) => void;

/** A tool the loop can run. `label`, `execute`, `prepareArguments`, `executionMode` stay on our side of the wire. */
export interface AgentTool<TParameters extends TSchema = TSchema, TDetails = any> extends Tool<TParameters> {
  /** Human-readable name for the UI. */
  label: string;
  /**
   * Optional shim run on the raw arguments before validation; must return arguments matching the schema. Returning
   * the same object keeps the original tool call; anything else replaces its arguments in a shallow copy. A throw
   * becomes an error result with its message.
   */
  prepareArguments?: (args: unknown) => Static<TParameters>;
  /**
   * Runs the call with the validated arguments. Throw to fail (the message becomes an error result) rather than
   * encoding an error in `content`. The signal is the run's; honouring it is up to the tool.
   */
  execute: (
    toolCallId: string,
    params: Static<TParameters>,
    signal?: AbortSignal,
    onUpdate?: AgentToolUpdateCallback<TDetails>,
  ) => Promise<AgentToolResult<TDetails>>;
  /** What recovery may do with an effect whose intent was recorded but whose outcome is unknown. */
  replay?: 'never' | 'safe';
  /** Per-tool override of the loop's mode; `sequential` makes every batch that calls this tool sequential. */
  executionMode?: ToolExecutionMode;
}

/** Apps may add message kinds by declaration merging, as in pi. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CustomAgentMessages {}
export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

/** What the loop starts from. Tools are looked up by exact name; with duplicate names the first one wins. */
export interface AgentContext {
  /** Sent with every request. */
  systemPrompt: string;
  /** The transcript the model sees (after transformContext and convertToLlm). */
  messages: AgentMessage[];
  /** The tools of this run; a call naming no tool here fails with `Tool <name> not found`. */
  tools?: AgentTool<any>[];
}

/**
 * beforeToolCall's answer. `block: true` keeps the tool from running: the call ends with an error result whose text
 * is `reason` (default `Tool execution was blocked`). `terminate: true` on a blocked call counts for the batch's
 * early stop (AgentToolResult.terminate); without `block` it is ignored.
 */
export interface BeforeToolCallResult { block?: boolean; reason?: string; terminate?: boolean }

/**
 * afterToolCall's partial override, merged field by field into the executed result: a field that is given (neither
 * undefined nor null) replaces the original value whole, with no deep merge of `content`, `details` or `usage`;
 * a field left out keeps the executed value. `isError` replaces the error flag, `terminate` the early-stop hint.
 */
export interface AfterToolCallResult {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
  usage?: Usage;
  terminate?: boolean;
}

/** What beforeToolCall sees. */
export interface BeforeToolCallContext {
  /** The assistant message that asked for the call. */
  assistantMessage: AssistantMessage;
  /** The raw tool-call block of that message (before prepareArguments). */
  toolCall: ToolCall;
  /** The arguments as validated against the tool's schema. */
  args: unknown;
  /** The loop's context at this moment. */
  context: AgentContext;
}

/** What afterToolCall sees: beforeToolCall's context plus the executed result, before any override. */
export interface AfterToolCallContext extends BeforeToolCallContext {
  result: AgentToolResult<any>;
  /** Whether that result counts as an error so far (execute threw). */
  isError: boolean;
}

/** What shouldStopAfterTurn and prepareNextTurn see of the turn that just ended. */
export interface ShouldStopAfterTurnContext {
  /** The assistant message that completed the turn. */
  message: AssistantMessage;
  /** The toolResult messages of the turn's turn_end event. */
  toolResults: ToolResultMessage[];
  /** The context with the turn's assistant message and tool results appended. */
  context: AgentContext;
  /** What the run would return if it ended now: prompt runs include their prompts, continued runs no earlier messages. */
  newMessages: AgentMessage[];
}
export type PrepareNextTurnContext = ShouldStopAfterTurnContext;

export type AgentThinkingLevel = 'off' | ThinkingLevel;

/** State that prepareNextTurn swaps in for the next request; a field left out keeps the current value. */
export interface AgentLoopTurnUpdate {
  /** The context the next request is built from (and later turns append to). */
  context?: AgentContext;
  model?: Model<any>;
  /** Becomes the `reasoning` option; `off` removes it. */
  thinkingLevel?: AgentThinkingLevel;
}

/**
 * A pi-style stream function (pi-ai's streamSimple fits). Contract: it does not throw or reject for request, model
 * or runtime failures; it returns an event stream and encodes a failure in it, as an `error` event and a final
 * message with stopReason `error` or `aborted` and an errorMessage. (One that throws breaks the run as in pi;
 * startPlaygroundRun closes such a run instead.)
 */
export type StreamFn = (
  model: Model<any>,
  context: Context,
  options?: SimpleStreamOptions,
) => AssistantMessageEventStreamLike | Promise<AssistantMessageEventStreamLike>;

/**
 * pi's AgentLoopConfig. The whole object is spread into the stream options, as pi does (so the playground's trace
 * and clock travel beside it, never inside). A run goes on turn after turn while the last message asked for tools
 * (and the batch did not terminate) or messages are queued; an assistant message that ends with stopReason `error`
 * or `aborted` ends the run right after its turn_end. Hooks that "must not throw" break the run when they do: the
 * loop rejects (or its stream stays open) without a closing event sequence, as in pi.
 */
export interface AgentLoopConfig extends SimpleStreamOptions {
  model: Model<any>;
  /**
   * Turns the transcript into messages the model understands (user, assistant, toolResult) before every request,
   * dropping what cannot be converted (UI-only notes). Must not throw or reject: return a safe fallback instead.
   */
  convertToLlm: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  /**
   * Runs on the transcript before convertToLlm at every request (pruning, injected context). Must not throw or
   * reject: return the messages unchanged or another safe value instead.
   */
  transformContext?: (messages: AgentMessage[], signal?: AbortSignal) => Promise<AgentMessage[]>;
  /**
   * Resolves the API key before every request (keys may expire during long tool runs); a falsy answer falls back
   * to `apiKey`. Must not throw or reject: return undefined when no key is available.
   */
  getApiKey?: (provider: string) => Promise<string | undefined> | string | undefined;
  /**
   * Runs after every completed turn, once its turn_end went out, before prepareNextTurn. `true` ends the run there:
   * agent_end follows without polling the steering or follow-up queues and without another request (the turn's
   * response and tool calls have already finished normally). Must not throw or reject.
   */
  shouldStopAfterTurn?: (context: ShouldStopAfterTurnContext) => boolean | Promise<boolean>;
  /**
   * Runs after turn_end when the loop goes on, just before the next turn_start; what it returns replaces context,
   * model and thinking level for that turn (AgentLoopTurnUpdate); undefined keeps them.
   */
  prepareNextTurn?: (context: PrepareNextTurnContext) => AgentLoopTurnUpdate | undefined | Promise<AgentLoopTurnUpdate | undefined>;
  /**
   * Steering: messages injected mid-run. Polled when the run starts and after every completed turn (unless
   * shouldStopAfterTurn ended the run), and once more after prepareNextTurn if that earlier poll was empty, so a
   * one-at-a-time queue never delivers two messages in one turn. The messages are emitted and appended to the
   * context before the next request; the current message's tool calls are never skipped for them. Must not throw
   * or reject: return [] when there are none.
   */
  getSteeringMessages?: () => Promise<AgentMessage[]>;
  /**
   * Follow-up: messages processed once the run would otherwise end (no more tool calls, no steering). Messages
   * returned start another turn. Must not throw or reject: return [] when there are none.
   */
  getFollowUpMessages?: () => Promise<AgentMessage[]>;
  /** How one message's tool calls run (ToolExecutionMode); default `parallel`. */
  toolExecution?: ToolExecutionMode;
  /**
   * Runs before a call executes, after its arguments were prepared and validated (BeforeToolCallResult: block,
   * reason, terminate). It receives the run's signal and must honour it itself; if the signal fired by the time it
   * returns, the call ends as `Operation aborted` whatever it answered. A throw becomes an error result.
   */
  beforeToolCall?: (context: BeforeToolCallContext, signal?: AbortSignal) => Promise<BeforeToolCallResult | undefined>;
  /**
   * Runs after a call executed (or threw), before its tool_execution_end and toolResult message go out; its answer
   * is merged into the result (AfterToolCallResult). It receives the run's signal and must honour it itself. A
   * throw replaces the result with an error result carrying the message.
   */
  afterToolCall?: (context: AfterToolCallContext, signal?: AbortSignal) => Promise<AfterToolCallResult | undefined>;
}

/**
 * The loop's events. A run opens with agent_start and closes with agent_end (the last event); turns nest inside
 * it, each assistant message's message_start / message_update / message_end inside its turn, and each tool call's
 * tool_execution_start / _update / _end inside the turn of the message that asked for it. An emit callback is
 * awaited for every event (runAgentLoop); a stream (agentLoop) is pushed to without waiting for its reader.
 */
export type AgentEvent =
  | { type: 'agent_start' }
  | { type: 'agent_end'; messages: AgentMessage[] }
  | { type: 'turn_start' }
  | { type: 'turn_end'; message: AgentMessage; toolResults: ToolResultMessage[] }
  | { type: 'message_start'; message: AgentMessage }
  | { type: 'message_update'; message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: 'message_end'; message: AgentMessage }
  | { type: 'tool_execution_start'; toolCallId: string; toolName: string; args: any }
  | { type: 'tool_execution_update'; toolCallId: string; toolName: string; args: any; partialResult: any }
  | { type: 'tool_execution_end'; toolCallId: string; toolName: string; result: any; isError: boolean };

export type AgentEventType = AgentEvent['type'];
