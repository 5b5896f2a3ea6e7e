// The public face of the pi-ai mirror: pi's message and model vocabulary, argument validation, streaming JSON.
// Providers, lint, schema helpers and token counts are sub-packages with their own index.
export type {
  Model, ImageContent, TextContent, ConstrainedSamplingConfig, ToolCall, ToolResultMessage, AssistantMessage,
  Context, AssistantMessageEvent, Message, StopReason, ThinkingContent, Usage, UserMessage, SimpleStreamOptions,
  ThinkingLevel, Tool, AssistantMessageEventStreamLike, KnownApi, Api, ProviderId, ToolChoice, ModelThinkingLevel,
  CacheRetention, ModelCost, StreamOptions,
} from './types.ts';
export { parseStreamingJson } from './streaming-json.ts';
