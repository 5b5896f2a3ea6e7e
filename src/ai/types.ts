// pi-ai's vocabulary (pi-ai 0.85.1): content blocks, messages, models, tools, stream events.
// Shapes and field names mirror pi exactly so the same objects can be handed to the real pi and to ours.
import type { TSchema } from 'typebox';

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
