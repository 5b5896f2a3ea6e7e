// pi's messages and tools in Gemini form, shared by google-generative-ai and google-vertex (pi-ai 0.85.1):
// `model` turns with functionCall parts, results merged into one user turn of functionResponse parts,
// thought signatures kept only for the same model, and tools as one functionDeclarations entry.
import type { Context, Model, Tool } from '../types.ts';
import { EncodeError } from './encode-error.ts';
import { planJsonSchemaTool } from './shared/constrained-sampling.ts';
import { perTool } from './shared/per-tool.ts';
import { prepareMessages } from './shared/messages.ts';
import { effectiveReasoning } from './shared/request-options.ts';
import { stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;

export function geminiMajorVersion(modelId: string): number | undefined {
  const match = modelId.toLowerCase().match(/^gemini(?:-live)?-(\d+)/);
  return match ? Number.parseInt(match[1], 10) : undefined;
}

/** Gemini 3+, and Claude/gpt-oss behind Google, need explicit ids on calls and responses. */
export function requiresToolCallId(modelId: string): boolean {
  const major = geminiMajorVersion(modelId);
  return modelId.startsWith('claude-') || modelId.startsWith('gpt-oss-') || (major !== undefined && major >= 3);
}

/** Gemini 3+ validates required parameters (strict tool sampling). */
export const supportsGoogleStrict = (modelId: string) => (geminiMajorVersion(modelId) ?? 0) >= 3;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Google only accepts base64 signatures, and only from the model that made them. */
function usableSignature(sameModel: boolean, signature: string | undefined): string | undefined {
  return sameModel && signature && signature.length % 4 === 0 && BASE64.test(signature) ? signature : undefined;
}

export function encodeGoogleContents(model: Model, context: Context): Json[] {
  const contents: Json[] = [];
  const withIds = requiresToolCallId(model.id);
  const history = prepareMessages(context.messages, model, (id) => (withIds ? id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) : id));
  // Gemini 3 nests result images inside the functionResponse; older models get a separate user turn.
  const major = geminiMajorVersion(model.id);
  const nestedImages = major === undefined || major >= 3;
  for (const msg of history) {
    if (msg.role === 'user') {
      if (typeof msg.content === 'string') {
        contents.push({ role: 'user', parts: [{ text: stripLoneSurrogates(msg.content) }] });
      } else {
        const parts = msg.content.map((item) => (item.type === 'text' ? { text: stripLoneSurrogates(item.text) } : { inlineData: { mimeType: item.mimeType, data: item.data } }));
        if (parts.length > 0) contents.push({ role: 'user', parts });
      }
    } else if (msg.role === 'assistant') {
      const same = msg.provider === model.provider && msg.model === model.id;
      const parts: Json[] = [];
      for (const block of msg.content) {
        if (block.type === 'text') {
          const signature = usableSignature(same, block.textSignature);
          // An empty text part is kept when it carries a signature: Gemini wants it echoed back.
          if ((!block.text || block.text.trim() === '') && !signature) continue;
          parts.push({ text: stripLoneSurrogates(block.text), ...(signature && { thoughtSignature: signature }) });
        } else if (block.type === 'thinking') {
          if (same) {
            const signature = usableSignature(same, block.thinkingSignature);
            if ((!block.thinking || block.thinking.trim() === '') && !signature) continue;
            parts.push({ thought: true, text: stripLoneSurrogates(block.thinking), ...(signature && { thoughtSignature: signature }) });
          } else if (block.thinking && block.thinking.trim() !== '') {
            parts.push({ text: stripLoneSurrogates(block.thinking) });
          }
        } else if (block.type === 'toolCall') {
          const signature = usableSignature(same, block.thoughtSignature);
          parts.push({
            functionCall: { name: block.name, args: block.arguments ?? {}, ...(withIds ? { id: block.id } : {}) },
            ...(signature && { thoughtSignature: signature }),
          });
        }
      }
      if (parts.length > 0) contents.push({ role: 'model', parts });
    } else if (msg.role === 'toolResult') {
      const text = msg.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text).join('\n');
      const images = model.input.includes('image') ? msg.content.filter((c) => c.type === 'image') : [];
      const value = text.length > 0 ? stripLoneSurrogates(text) : images.length > 0 ? '(see attached image)' : '';
      const imageParts = images.map((c) => ({ inlineData: { mimeType: (c as { mimeType: string }).mimeType, data: (c as { data: string }).data } }));
      const part = {
        functionResponse: {
          name: msg.toolName,
          response: msg.isError ? { error: value } : { output: value },
          ...(images.length > 0 && nestedImages && { parts: imageParts }),
          ...(withIds ? { id: msg.toolCallId } : {}),
        },
      };
      // All function responses of a batch belong in one user turn.
      const last = contents[contents.length - 1];
      if (last?.role === 'user' && last.parts?.some((p: Json) => p.functionResponse)) last.parts.push(part);
      else contents.push({ role: 'user', parts: [part] });
      if (images.length > 0 && !nestedImages) contents.push({ role: 'user', parts: [{ text: 'Tool result image:' }, ...imageParts] });
    }
  }
  return contents;
}

export function encodeGoogleTools(tools: Tool[], supportsStrict: boolean): Json[] | undefined {
  if (tools.length === 0) return undefined;
  return [{
    // Each declaration is built once per tool revision (per-tool.ts): read-only, shared between bodies.
    functionDeclarations: tools.map((tool) => perTool(tool, supportsStrict ? 'google:strict' : 'google', () => ({
      name: tool.name,
      description: tool.description,
      parametersJsonSchema: planJsonSchemaTool(tool, supportsStrict).parameters,
    }))),
  }];
}

/** NONE/ANY pass through; a strict tool switches AUTO to VALIDATED. */
export function functionCallingMode(tools: Tool[], toolChoice: string | undefined, supportsStrict: boolean): string | undefined {
  const strict = tools.some((tool) => planJsonSchemaTool(tool, supportsStrict).strict === true);
  if (toolChoice === 'none' || toolChoice === 'any') return toolChoice.toUpperCase();
  if (strict) return 'VALIDATED';
  return toolChoice ? 'AUTO' : undefined;
}

/** A thinking level as Google names it; pi fails on a model mapping Google does not know. */
export function googleThinkingLevel(model: Model, requested: string): 'minimal' | 'low' | 'medium' | 'high' {
  const level = effectiveReasoning(model, requested as never) ?? 'off';
  if (level === 'off') return 'high';
  const mapped = (model.thinkingLevelMap as Record<string, unknown> | undefined)?.[level];
  const resolved = typeof mapped === 'string' ? mapped.toLowerCase() : level;
  if (resolved === 'minimal' || resolved === 'low' || resolved === 'medium' || resolved === 'high') return resolved;
  throw new EncodeError(`Unsupported Google thinking level mapping for ${model.provider}/${model.id}: ${level} -> ${String(mapped)}`);
}

/** Thinking budgets per Gemini 2.5 family; -1 lets the model decide. */
export function googleBudget(modelId: string, level: 'minimal' | 'low' | 'medium' | 'high', custom: Record<string, number> | undefined, withFlashLite: boolean): number {
  if (custom?.[level] !== undefined) return custom[level];
  if (modelId.includes('2.5-pro')) return { minimal: 128, low: 2048, medium: 8192, high: 32768 }[level];
  if (withFlashLite && modelId.includes('2.5-flash-lite')) return { minimal: 512, low: 2048, medium: 8192, high: 24576 }[level];
  if (modelId.includes('2.5-flash')) return { minimal: 128, low: 2048, medium: 8192, high: 24576 }[level];
  return -1;
}

export const isGemini3Pro = (id: string) => /gemini-3(?:\.\d+)?-pro/.test(id.toLowerCase());
export function isGemini3Flash(id: string): boolean {
  const lower = id.toLowerCase();
  return /gemini-3(?:\.\d+)?-flash/.test(lower) || lower === 'gemini-flash-latest' || lower === 'gemini-flash-lite-latest';
}
export const isGemma4 = (id: string) => /gemma-?4/.test(id.toLowerCase());
