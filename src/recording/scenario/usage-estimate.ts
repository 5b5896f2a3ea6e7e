// Token usage of a scripted response, estimated the way pi-ai 0.85.1's faux provider does it: about four
// characters per token over a plain-text rendering of the request, with simulated prompt caching per session.
import type { AssistantMessage, Context, ImageContent, Message, SimpleStreamOptions, TextContent, Usage } from '../../ai/index.ts';

/** Remembers the last prompt text per sessionId, to simulate cache reads and writes across requests. */
export type PromptCache = Map<string, string>;

export function zeroUsage(): Usage {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function userContentText(content: string | (TextContent | ImageContent)[]): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : `[image:${part.mimeType}:${part.data.length}]`)).join('\n');
}

/** The assistant's blocks as text; tool calls read `name:<JSON arguments>`. Also the basis of `output`. */
export function assistantContentText(content: AssistantMessage['content']): string {
  const lines = content.map((block) => {
    switch (block.type) {
      case 'text': return block.text;
      case 'thinking': return block.thinking;
      default: return `${block.name}:${JSON.stringify(block.arguments)}`;
    }
  });
  return lines.join('\n');
}

function messageText(message: Message): string {
  if (message.role === 'user') return userContentText(message.content);
  if (message.role === 'assistant') return assistantContentText(message.content);
  // Each result part on its own line under the tool's name.
  return [message.toolName, ...message.content.map((part) => userContentText([part]))].join('\n');
}

/** The request as one text: system prompt, one `role:text` paragraph per message, then the tools as JSON. */
export function renderPromptText(context: Context): string {
  const paragraphs: string[] = [];
  if (context.systemPrompt) paragraphs.push(`system:${context.systemPrompt}`);
  for (const message of context.messages) paragraphs.push(`${message.role}:${messageText(message)}`);
  if (context.tools?.length) paragraphs.push(`tools:${JSON.stringify(context.tools)}`);
  return paragraphs.join('\n\n');
}

function sharedPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a[i] === b[i]) i++;
  return i;
}

/**
 * Returns `message` with its usage replaced by the estimate (the `usage` key keeps its position). With a
 * `sessionId` and caching not switched off, the first request writes the whole prompt to the cache and later
 * ones read the prefix they share with the previous prompt.
 */
export function withEstimatedUsage<T extends AssistantMessage>(
  message: T,
  context: Context,
  options: SimpleStreamOptions | undefined,
  cache: PromptCache,
): T {
  const prompt = renderPromptText(context);
  const promptTokens = estimateTokens(prompt);
  const output = estimateTokens(assistantContentText(message.content));
  let input = promptTokens;
  let cacheRead = 0;
  let cacheWrite = 0;
  const sessionId = options?.sessionId;
  if (sessionId && options?.cacheRetention !== 'none') {
    const previous = cache.get(sessionId);
    if (previous) {
      const shared = sharedPrefixLength(previous, prompt);
      cacheRead = estimateTokens(previous.slice(0, shared));
      cacheWrite = estimateTokens(prompt.slice(shared));
      input = Math.max(0, promptTokens - cacheRead);
    } else {
      cacheWrite = promptTokens;
    }
    cache.set(sessionId, prompt);
  }
  const usage: Usage = {
    input,
    output,
    cacheRead,
    cacheWrite,
    totalTokens: input + output + cacheRead + cacheWrite,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
  return { ...message, usage };
}
