// pi's vocabulary (pi-ai + pi-agent-core 0.85.1): content blocks, messages, models, tools, events.
// Shapes and field names mirror pi exactly so the same objects can be handed to the real pi and to ours.
import type { Static, TSchema } from 'typebox';
import type { ThinkingLevel, Model, SimpleStreamOptions, TextContent, ImageContent, ToolCall, Usage, AssistantMessage, ToolResultMessage, Message, Tool, Context, AssistantMessageEvent, AssistantMessageEventStreamLike } from '../ai/index.ts';
export type { KnownApi, Api, ProviderId, ToolChoice, ThinkingLevel, ModelThinkingLevel, CacheRetention, ModelCost, Model, StreamOptions, SimpleStreamOptions, TextContent, ThinkingContent, ImageContent, ToolCall, Usage, StopReason, UserMessage, AssistantMessage, ToolResultMessage, Message, ConstrainedSamplingConfig, Tool, Context, AssistantMessageEvent, AssistantMessageEventStreamLike } from '../ai/index.ts';

// ---------------------------------------------------------------- pi-agent-core

export type ToolExecutionMode = 'sequential' | 'parallel';

export interface AgentToolResult<T = any> {
  content: (TextContent | ImageContent)[];
  details: T;
  usage?: Usage;
  addedToolNames?: string[];
  terminate?: boolean;
}

export type AgentToolUpdateCallback<T = any> = (partialResult: AgentToolResult<T>) => void;

/** A tool the loop can run. `label`, `execute`, `prepareArguments`, `executionMode` stay on our side of the wire. */
export interface AgentTool<TParameters extends TSchema = TSchema, TDetails = any> extends Tool<TParameters> {
  label: string;
  prepareArguments?: (args: unknown) => Static<TParameters>;
  execute: (
    toolCallId: string,
    params: Static<TParameters>,
    signal?: AbortSignal,
    onUpdate?: AgentToolUpdateCallback<TDetails>,
  ) => Promise<AgentToolResult<TDetails>>;
  replay?: 'never' | 'safe';
  executionMode?: ToolExecutionMode;
}

/** Apps may add message kinds by declaration merging, as in pi. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CustomAgentMessages {}
export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

export interface AgentContext {
  systemPrompt: string;
  messages: AgentMessage[];
  tools?: AgentTool<any>[];
}

export interface BeforeToolCallResult { block?: boolean; reason?: string; terminate?: boolean }

export interface AfterToolCallResult {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
  usage?: Usage;
  terminate?: boolean;
}

export interface BeforeToolCallContext {
  assistantMessage: AssistantMessage;
  toolCall: ToolCall;
  args: unknown;
  context: AgentContext;
}

export interface AfterToolCallContext extends BeforeToolCallContext {
  result: AgentToolResult<any>;
  isError: boolean;
}

export interface ShouldStopAfterTurnContext {
  message: AssistantMessage;
  toolResults: ToolResultMessage[];
  context: AgentContext;
  newMessages: AgentMessage[];
}
export type PrepareNextTurnContext = ShouldStopAfterTurnContext;

export type AgentThinkingLevel = 'off' | ThinkingLevel;

export interface AgentLoopTurnUpdate {
  context?: AgentContext;
  model?: Model<any>;
  thinkingLevel?: AgentThinkingLevel;
}

/** A pi-style stream function: never throws; failures travel as an `error` event and a final message. */
export type StreamFn = (
  model: Model<any>,
  context: Context,
  options?: SimpleStreamOptions,
) => AssistantMessageEventStreamLike | Promise<AssistantMessageEventStreamLike>;

/** pi's AgentLoopConfig. The whole object is spread into the stream options, as pi does. */
export interface AgentLoopConfig extends SimpleStreamOptions {
  model: Model<any>;
  convertToLlm: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  transformContext?: (messages: AgentMessage[], signal?: AbortSignal) => Promise<AgentMessage[]>;
  getApiKey?: (provider: string) => Promise<string | undefined> | string | undefined;
  shouldStopAfterTurn?: (context: ShouldStopAfterTurnContext) => boolean | Promise<boolean>;
  prepareNextTurn?: (context: PrepareNextTurnContext) => AgentLoopTurnUpdate | undefined | Promise<AgentLoopTurnUpdate | undefined>;
  getSteeringMessages?: () => Promise<AgentMessage[]>;
  getFollowUpMessages?: () => Promise<AgentMessage[]>;
  toolExecution?: ToolExecutionMode;
  beforeToolCall?: (context: BeforeToolCallContext, signal?: AbortSignal) => Promise<BeforeToolCallResult | undefined>;
  afterToolCall?: (context: AfterToolCallContext, signal?: AbortSignal) => Promise<AfterToolCallResult | undefined>;
}

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
