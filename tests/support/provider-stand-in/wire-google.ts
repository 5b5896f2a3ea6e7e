// Gemini API (generativelanguage) streamGenerateContent?alt=sse chunks from a canned reply: thought parts, text
// parts, whole functionCall parts, then a chunk with finishReason and usageMetadata.
import { pieces, type CannedReply, type StandInRequest } from './replies.ts';

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\r\n\r\n`;

export function googleFrames(reply: CannedReply, request: StandInRequest): string[] {
  const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) =>
    sse({ candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }], modelVersion: request.model });
  const frames: string[] = [];
  for (const text of reply.thinking ? pieces(reply.thinking) : []) frames.push(chunk([{ text, thought: true }]));
  for (const text of reply.text ? pieces(reply.text) : []) frames.push(chunk([{ text }]));
  for (const call of reply.toolCalls ?? []) frames.push(chunk([{ functionCall: { id: call.id, name: call.name, args: call.arguments } }]));
  frames.push(sse({
    candidates: [{ finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 17, totalTokenCount: 59 },
    modelVersion: request.model,
  }));
  return frames;
}

export function googleErrorBody(status: number, message: string): unknown {
  const state = status === 401 ? 'UNAUTHENTICATED' : status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL';
  return { error: { code: status, message, status: state } };
}
