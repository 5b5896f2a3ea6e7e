// pi's vocabulary (pi-ai + pi-agent-core 0.85.1): content blocks, messages, models, tools, events.
// Shapes and field names mirror pi exactly so the same objects can be handed to the real pi and to ours.
import type { Static, TSchema } from 'typebox';

// ---------------------------------------------------------------- pi-ai: models and options

export type KnownApi =
  | 'openai-completions' | 'mistral-conversations' | 'openai-responses' | 'azure-openai-responses'
  | 'openai-codex-responses' | 'anthropic-messages' | 'bedrock-converse-stream' | 'google-generative-ai'
  | 'google-vertex' | 'pi-messages';
export type Api = KnownApi | (string & {});
export type ProviderId = string;
export type ToolChoice = 'auto' | 'none';
export type ThinkingLevel = 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
export type ModelThinkingLevel = 'off' | ThinkingLevel;
export type CacheRetention = 'none' | 'short' | 'long';

export interface ModelCost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** A model definition as pi-ai describes it. `compat` holds per-API switches (see providers/). */
export interface Model<TApi extends Api = Api> {
  id: string;
  name: string;
  api: TApi;
  provider: ProviderId;
  baseUrl: string;
  reasoning: boolean;
  thinkingLevelMap?: Partial<Record<ModelThinkingLevel, string | null>>;
  input: ('text' | 'image')[];
  cost: ModelCost;
  contextWindow: number;
  maxTokens: number;
  samplingParams?: Record<string, unknown>;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
}

export interface StreamOptions {
  signal?: AbortSignal;
  apiKey?: string;
  onPayload?: (payload: unknown, model: Model) => unknown;
  onResponse?: (response: { status: number; headers: Record<string, string> }, model: Model) => void | Promise<void>;
  headers?: Record<string, string | null>;
  temperature?: number;
  maxTokens?: number;
  cacheRetention?: CacheRetention;
  sessionId?: string;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface SimpleStreamOptions extends StreamOptions {
  toolChoice?: ToolChoice;
  reasoning?: ThinkingLevel;
}

// ---------------------------------------------------------------- pi-ai: content and messages

export interface TextContent { type: 'text'; text: string; textSignature?: string }
export interface ThinkingContent { type: 'thinking'; thinking: string; thinkingSignature?: string; redacted?: boolean }
export interface ImageContent { type: 'image'; data: string; mimeType: string }
export interface ToolCall {
  type: 'toolCall';
  id: string;
  name: string;
  // pi types this as an object, but a provider's parser may leave a complete non-object value (reference §1.4).
  arguments: Record<string, any>;
  thoughtSignature?: string;
  namespace?: string;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
}

export type StopReason = 'pending' | 'stop' | 'length' | 'toolUse' | 'error' | 'aborted' | 'deferred';

export interface UserMessage {
  role: 'user';
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: 'assistant';
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: Api;
  provider: ProviderId;
  model: string;
  responseModel?: string;
  responseId?: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  rawStopReason?: string;
  endTurn?: boolean;
  timestamp: number;
}

export interface ToolResultMessage<TDetails = any> {
  role: 'toolResult';
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  usage?: Usage;
  addedToolNames?: string[];
  isError: boolean;
  timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

// ---------------------------------------------------------------- pi-ai: tools and context

export type ConstrainedSamplingConfig =
  | { type: 'json_schema'; strict: 'prefer' | 'require' }
  | { type: 'grammar'; variants: Partial<Record<'openai_lark' | 'openai_regex', string>> };

/** What the model is told about a tool: the only fields any provider encodes (plus constrainedSampling). */
export interface Tool<TParameters extends TSchema = TSchema> {
  name: string;
  description: string;
  parameters: TParameters;
  constrainedSampling?: false | ConstrainedSamplingConfig;
}

/** The LLM context every stream function receives. No system role: the prompt travels beside the messages. */
export interface Context {
  systemPrompt?: string;
  messages: Message[];
  tools?: Tool[];
}

// ---------------------------------------------------------------- pi-ai: streaming protocol

export type AssistantMessageEvent =
  | { type: 'start'; partial: AssistantMessage }
  | { type: 'text_start'; contentIndex: number; partial: AssistantMessage }
  | { type: 'text_delta'; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: 'text_end'; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: 'thinking_start'; contentIndex: number; partial: AssistantMessage }
  | { type: 'thinking_delta'; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: 'thinking_end'; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: 'toolcall_start'; contentIndex: number; partial: AssistantMessage }
  | { type: 'toolcall_delta'; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: 'toolcall_end'; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
  | { type: 'done'; reason: 'stop' | 'length' | 'toolUse' | 'deferred'; message: AssistantMessage }
  | { type: 'error'; reason: 'aborted' | 'error'; error: AssistantMessage };

/** Structural twin of pi-ai's AssistantMessageEventStream: async-iterable events plus the final message. */
export interface AssistantMessageEventStreamLike extends AsyncIterable<AssistantMessageEvent> {
  result(): Promise<AssistantMessage>;
}

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
