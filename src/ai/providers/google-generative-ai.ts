// Request encoders for `google-generative-ai` (Gemini API) and `google-vertex`, as pi-ai 0.85.1 builds the
// params it hands to @google/genai's generateContentStream: `{ model, contents, config }`, with the system
// prompt, tools, tool config and thinking config inside `config`; plus the body the SDK makes of them.
import type { Context, Model } from '../types.ts';
import type { EncodeOptions, EncoderOutput } from './types.ts';
import {
  encodeGoogleContents, encodeGoogleTools, functionCallingMode, googleBudget, googleThinkingLevel, isGemini3Flash,
  isGemini3Pro, isGemma4, supportsGoogleStrict,
} from './google-shared.ts';
import { googleModelPath, googleWireBody } from './google-wire.ts';
import { mergeHeaders, redactKey } from './shared/headers.ts';
import { baseMaxTokens } from './shared/request-options.ts';
import { stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;
type Flavour = 'gemini' | 'vertex';

/** Gemini 3 Pro cannot switch thinking off and 3 Flash not fully: they get their lowest level instead. */
function disabledThinking(modelId: string, flavour: Flavour): Json {
  if (isGemini3Pro(modelId)) return { thinkingLevel: 'LOW' };
  if (isGemini3Flash(modelId) || (flavour === 'gemini' && isGemma4(modelId))) return { thinkingLevel: 'MINIMAL' };
  return { thinkingBudget: 0 };
}

function levelName(level: 'minimal' | 'low' | 'medium' | 'high', modelId: string, flavour: Flavour): string {
  if (isGemini3Pro(modelId)) return level === 'minimal' || level === 'low' ? 'LOW' : 'HIGH';
  if (flavour === 'gemini' && isGemma4(modelId)) return level === 'minimal' || level === 'low' ? 'MINIMAL' : 'HIGH';
  return level.toUpperCase();
}

function thinkingConfig(model: Model, options: EncodeOptions, flavour: Flavour): Json | undefined {
  if (!options.reasoning) return model.reasoning ? disabledThinking(model.id, flavour) : undefined;
  // Resolved even for models without reasoning: an unknown mapping fails the request, as in pi.
  const level = googleThinkingLevel(model, options.reasoning);
  if (!model.reasoning) return undefined;
  const levelled = isGemini3Pro(model.id) || isGemini3Flash(model.id) || (flavour === 'gemini' && isGemma4(model.id));
  return levelled
    ? { includeThoughts: true, thinkingLevel: levelName(level, model.id, flavour) }
    : { includeThoughts: true, thinkingBudget: googleBudget(model.id, level, options.thinkingBudgets, flavour === 'gemini') };
}

function googleParams(model: Model, context: Context, options: EncodeOptions, flavour: Flavour): Json {
  const contents = encodeGoogleContents(model, context);
  const generation: Json = {};
  if (options.temperature !== undefined) generation.temperature = options.temperature;
  generation.maxOutputTokens = baseMaxTokens(model, context, options.maxTokens);
  const strict = supportsGoogleStrict(model.id);
  const tools = context.tools ?? [];
  const mode = tools.length ? functionCallingMode(tools, options.toolChoice, strict) : undefined;
  const config: Json = {
    ...generation,
    ...(context.systemPrompt && { systemInstruction: stripLoneSurrogates(context.systemPrompt) }),
    ...(tools.length > 0 && { tools: encodeGoogleTools(tools, strict) }),
    ...(mode !== undefined && { toolConfig: { functionCallingConfig: { mode } } }),
  };
  const thinking = thinkingConfig(model, options, flavour);
  if (thinking) config.thinkingConfig = thinking;
  return { model: model.id, contents, config };
}

export function encodeGoogleGenerativeAI(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const base = model.baseUrl ? model.baseUrl.replace(/\/+$/, '') : 'https://generativelanguage.googleapis.com/v1beta';
  const body = googleParams(model, context, options, 'gemini');
  return {
    body,
    wireBody: googleWireBody(body, 'gemini'),
    url: `${base}/${googleModelPath(model.id, 'gemini')}:streamGenerateContent?alt=sse`,
    headers: mergeHeaders({ 'Content-Type': 'application/json', 'x-goog-api-key': redactKey(options.apiKey) }, model.headers, options.headers as Record<string, string | null> | undefined),
  };
}

/** Vertex: an API key targets the global publisher endpoint; otherwise project and location come from ADC. */
function vertexUrl(model: Model, hasKey: boolean): string {
  const custom = model.baseUrl.trim();
  const tail = `${googleModelPath(model.id, 'vertex')}:streamGenerateContent?alt=sse`;
  if (custom && !custom.includes('{location}')) {
    const versioned = /(?:^|\/)v\d+(?:beta\d*)?(?:\/|$)/.test(custom);
    return `${custom.replace(/\/+$/, '')}/${versioned ? '' : 'v1/'}${tail}`;
  }
  return hasKey
    ? `https://aiplatform.googleapis.com/v1/${tail}`
    : `https://{location}-aiplatform.googleapis.com/v1/projects/{project}/locations/{location}/${tail}`;
}

export function encodeGoogleVertex(model: Model, context: Context, options: EncodeOptions): EncoderOutput {
  const key = options.apiKey?.trim();
  // pi treats a missing key, its ADC marker and `<placeholder>` values alike: use Application Default Credentials.
  const hasKey = !!key && key !== 'gcp-vertex-credentials' && !/^<[^>]+>$/.test(key);
  const auth: Record<string, string> = hasKey ? { 'x-goog-api-key': redactKey(key) } : { Authorization: 'Bearer <ADC access token>' };
  const body = googleParams(model, context, options, 'vertex');
  return {
    body,
    wireBody: googleWireBody(body, 'vertex'),
    url: vertexUrl(model, hasKey),
    headers: mergeHeaders({ 'Content-Type': 'application/json', ...auth }, model.headers, options.headers as Record<string, string | null> | undefined),
  };
}
