// The JSON body @google/genai POSTs for generateContentStream, built from the `{ model, contents, config }`
// params pi hands to onPayload: the model moves into the URL, the system prompt becomes a user-role Content,
// tools and toolConfig move up beside `contents`, and the rest of `config` becomes `generationConfig`. The
// Gemini API (mldev) and Vertex AI order some members differently; JSON.stringify keeps that order.

type Json = Record<string, any>;
export type GoogleFlavour = 'gemini' | 'vertex';

/** Copies the members present (not null/undefined), in the given order. */
function pick(from: Json, keys: readonly string[], convert: Record<string, (v: any) => unknown> = {}): Json {
  const out: Json = {};
  for (const key of keys) {
    const value = from[key];
    if (value != null) out[key] = convert[key] ? convert[key](value) : value;
  }
  return out;
}

const PART_KEYS = ['mediaResolution', 'codeExecutionResult', 'executableCode', 'fileData', 'functionCall', 'functionResponse', 'inlineData', 'text', 'thought', 'thoughtSignature', 'videoMetadata', 'toolCall', 'toolResponse', 'partMetadata'] as const;

/** Gemini rebuilds function calls and blobs member by member; Vertex passes them through. */
const GEMINI_PART: Record<string, (v: any) => unknown> = {
  functionCall: (call: Json) => pick(call, ['id', 'args', 'name']),
  inlineData: (blob: Json) => pick(blob, ['data', 'mimeType']),
  fileData: (file: Json) => pick(file, ['fileUri', 'mimeType']),
};

function content(value: Json, flavour: GoogleFlavour): Json {
  const keys = flavour === 'gemini' ? PART_KEYS : PART_KEYS.filter((k) => k !== 'toolCall' && k !== 'toolResponse' && k !== 'partMetadata');
  const convert = flavour === 'gemini' ? GEMINI_PART : {};
  return pick(value, ['parts', 'role'], { parts: (parts: unknown) => (Array.isArray(parts) ? parts.map((p: Json) => pick(p, keys, convert)) : parts) });
}

/** A system instruction given as text (pi's form) is a user-role Content with one text part. */
function systemContent(value: unknown, flavour: GoogleFlavour): Json {
  if (value !== null && typeof value === 'object' && Array.isArray((value as Json).parts)) return content(value as Json, flavour);
  const parts = (Array.isArray(value) ? value : [value]).map((p) => (typeof p === 'string' ? { text: p } : p));
  return content({ role: 'user', parts }, flavour);
}

function tool(value: Json, flavour: GoogleFlavour): Json {
  const declarations = (list: Json[]) => (flavour === 'vertex'
    ? list.map((d) => pick(d, ['description', 'name', 'parameters', 'parametersJsonSchema', 'response', 'responseJsonSchema']))
    : list);
  const keys = flavour === 'gemini'
    ? ['computerUse', 'fileSearch', 'googleSearch', 'googleMaps', 'codeExecution', 'functionDeclarations', 'googleSearchRetrieval', 'urlContext', 'mcpServers']
    : ['retrieval', 'computerUse', 'googleSearch', 'googleMaps', 'codeExecution', 'enterpriseWebSearch', 'functionDeclarations', 'googleSearchRetrieval', 'parallelAiSearch', 'urlContext'];
  return pick(value, keys, { functionDeclarations: declarations });
}

function toolConfig(value: Json, flavour: GoogleFlavour): Json {
  if (flavour === 'vertex') return pick(value, ['retrievalConfig', 'functionCallingConfig']);
  return pick(value, ['retrievalConfig', 'functionCallingConfig', 'includeServerSideToolInvocations'], {
    functionCallingConfig: (c: Json) => pick(c, ['allowedFunctionNames', 'mode']),
  });
}

/** `config` members that stay in generationConfig, in the SDK's order (the others move to the top level). */
const GENERATION_KEYS: Record<GoogleFlavour, readonly string[]> = {
  gemini: ['temperature', 'topP', 'topK', 'candidateCount', 'maxOutputTokens', 'stopSequences', 'responseLogprobs', 'logprobs', 'presencePenalty', 'frequencyPenalty', 'seed', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseModalities', 'mediaResolution', 'speechConfig', 'thinkingConfig', 'imageConfig', 'enableEnhancedCivicAnswers'],
  vertex: ['temperature', 'topP', 'topK', 'candidateCount', 'maxOutputTokens', 'stopSequences', 'responseLogprobs', 'logprobs', 'presencePenalty', 'frequencyPenalty', 'seed', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'routingConfig', 'modelConfig', 'responseModalities', 'mediaResolution', 'speechConfig', 'audioTimestamp', 'thinkingConfig', 'imageConfig'],
};

/** The POSTed body for pi's Google params (`{ model, contents, config }`). */
export function googleWireBody(params: Json, flavour: GoogleFlavour): Json {
  const body: Json = {};
  if (Array.isArray(params.contents)) body.contents = params.contents.map((c: Json) => content(c, flavour));
  const config: Json | undefined = params.config ?? undefined;
  if (!config) return body;
  if (config.systemInstruction != null) body.systemInstruction = systemContent(config.systemInstruction, flavour);
  if (config.tools != null) body.tools = (config.tools as Json[]).map((t) => tool(t, flavour));
  if (config.toolConfig != null) body.toolConfig = toolConfig(config.toolConfig, flavour);
  // Vertex names modelSelectionConfig modelConfig on the wire.
  const source = flavour === 'vertex' && config.modelSelectionConfig != null ? { ...config, modelConfig: config.modelSelectionConfig } : config;
  body.generationConfig = pick(source, GENERATION_KEYS[flavour]);
  return body;
}

/** The path segment the SDK puts the model in: `models/<id>` (Gemini) or `publishers/google/models/<id>` (Vertex). */
export function googleModelPath(modelId: string, flavour: GoogleFlavour): string {
  if (flavour === 'gemini') return modelId.startsWith('models/') || modelId.startsWith('tunedModels/') ? modelId : `models/${modelId}`;
  if (modelId.startsWith('publishers/') || modelId.startsWith('projects/') || modelId.startsWith('models/')) return modelId;
  const slash = modelId.indexOf('/');
  return slash >= 0 ? `publishers/${modelId.slice(0, slash)}/models/${modelId.slice(slash + 1).split('/')[0]}` : `publishers/google/models/${modelId}`;
}
