// pi's messages as OpenAI Responses `input` items and pi's tools as Responses tools, shared by
// openai-responses, azure-openai-responses and openai-codex-responses (pi-ai 0.85.1's responses-shared):
// ids split back into call_id and item id, reasoning items replayed from signatures, results as outputs.
import type { AssistantMessage, Context, ImageContent, Model, TextContent, Tool } from '../types.ts';
import { grammarInput, planJsonSchemaTool, resolveGrammar } from './shared/constrained-sampling.ts';
import { prepareMessages } from './shared/messages.ts';
import { perTool } from './shared/per-tool.ts';
import { shortHash, stripLoneSurrogates } from './shared/text.ts';

type Json = Record<string, any>;

export interface ResponsesToolOptions {
  /** Default `strict` for tools that do not ask for strict sampling: false, or null (codex). */
  strict?: false | null;
  supportsStrictMode?: boolean;
  supportsOpenAIGrammarTools?: boolean;
  deferLoading?: boolean;
}

/** Each tool's entry, built once per tool revision and flavour (per-tool.ts): read-only, shared between bodies. */
export function encodeResponsesTools(tools: Tool[], options: ResponsesToolOptions = {}): Json[] {
  const defaultStrict = options.strict === undefined ? false : options.strict;
  const supportsStrict = options.supportsStrictMode ?? true;
  const grammar = options.supportsOpenAIGrammarTools ?? false;
  const defer = options.deferLoading ?? false;
  const purpose = `responses:${defaultStrict}:${supportsStrict}:${grammar}:${defer}`;
  return tools.map((tool) => perTool(tool, purpose, () => encodeResponsesTool(tool, defaultStrict, supportsStrict, grammar, defer)));
}

function encodeResponsesTool(tool: Tool, defaultStrict: false | null, supportsStrict: boolean, supportsGrammar: boolean, deferLoading: boolean): Json {
  const grammar = resolveGrammar(tool, supportsGrammar);
  if (grammar) {
    return {
      type: 'custom',
      name: tool.name,
      description: tool.description,
      format: { type: 'grammar', syntax: grammar.format, definition: grammar.definition },
      ...(deferLoading ? { defer_loading: true } : {}),
    };
  }
  const plan = planJsonSchemaTool(tool, supportsStrict);
  const strict = plan.strict ?? defaultStrict;
  const encoded: Json = {
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: plan.parameters,
    ...(deferLoading ? { defer_loading: true } : {}),
  };
  if (supportsStrict) encoded.strict = strict;
  return encoded;
}

function textSignatureOf(signature: string | undefined): { id: string; phase?: string } | undefined {
  if (!signature) return undefined;
  if (signature.startsWith('{')) {
    try {
      const parsed = JSON.parse(signature);
      if (parsed.v === 1 && typeof parsed.id === 'string') {
        return parsed.phase === 'commentary' || parsed.phase === 'final_answer' ? { id: parsed.id, phase: parsed.phase } : { id: parsed.id };
      }
    } catch {
      // Not the v1 JSON form: a legacy plain id.
    }
  }
  return { id: signature };
}

function resultOutput(model: Model, content: (TextContent | ImageContent)[]): string | Json[] {
  const text = content.filter((c): c is TextContent => c.type === 'text').map((c) => c.text).join('\n');
  const images = content.filter((c): c is ImageContent => c.type === 'image');
  if (images.length === 0 || !model.input.includes('image')) {
    return stripLoneSurrogates(text.length > 0 ? text : images.length > 0 ? '(see attached image)' : '(no tool output)');
  }
  const out: Json[] = [];
  if (text.length > 0) out.push({ type: 'input_text', text: stripLoneSurrogates(text) });
  for (const image of images) out.push({ type: 'input_image', detail: 'auto', image_url: `data:${image.mimeType};base64,${image.data}` });
  return out;
}

export interface ResponsesInputOptions {
  includeSystemPrompt?: boolean;
  grammar?: Map<string, string>;
  deferredTools?: Map<string, Tool>;
  deferredToolsMode?: 'additional-tools' | 'tool-search';
  toolOptions?: ResponsesToolOptions;
}

const idPart = (part: string) => {
  const clean = part.replace(/[^a-zA-Z0-9_-]/g, '_');
  return (clean.length > 64 ? clean.slice(0, 64) : clean).replace(/_+$/, '');
};

/** `call|item` ids keep both halves; item ids from other providers are hashed into a valid `fc_` id. */
function idNormalizer(model: Model, callIdProviders: Set<string>) {
  return (id: string, _target: Model, source: AssistantMessage): string => {
    if (!callIdProviders.has(model.provider) || !id.includes('|')) return idPart(id);
    const [callId, itemId] = id.split('|');
    const foreign = source.provider !== model.provider || source.api !== model.api;
    let item = foreign ? `fc_${shortHash(itemId)}`.slice(0, 64) : idPart(itemId);
    if (!item.startsWith('fc_')) item = idPart(`fc_${item}`);
    return `${idPart(callId)}|${item}`;
  };
}

function assistantItems(msg: AssistantMessage, model: Model, msgIndex: number, options: ResponsesInputOptions): Json[] {
  const items: Json[] = [];
  const sameProviderApi = msg.provider === model.provider && msg.api === model.api;
  const sameModel = sameProviderApi && msg.model === model.id;
  const otherModel = sameProviderApi && msg.model !== model.id;
  let textIndex = 0;
  for (const block of msg.content) {
    if (block.type === 'thinking') {
      // The reasoning item itself is stored as the signature; replay it verbatim.
      if (block.thinkingSignature) items.push(JSON.parse(block.thinkingSignature));
    } else if (block.type === 'text') {
      const signature = textSignatureOf(block.textSignature);
      const fallback = textIndex === 0 ? `msg_pi_${msgIndex}` : `msg_pi_${msgIndex}_${textIndex}`;
      textIndex++;
      let id = signature?.id;
      if (!id) id = fallback;
      else if (id.length > 64) id = `msg_${shortHash(id)}`;
      items.push({
        type: 'message', role: 'assistant',
        content: [{ type: 'output_text', text: stripLoneSurrogates(block.text), annotations: [] }],
        status: 'completed', id, phase: signature?.phase,
      });
    } else if (block.type === 'toolCall') {
      const [callId, rawItemId] = block.id.split('|');
      const property = options.grammar?.get(block.name);
      let itemId: string | undefined = rawItemId;
      // Item ids are paired with reasoning items server-side; a call from another model must not claim one.
      if ((otherModel && itemId?.startsWith('fc_')) || (property === undefined && !itemId?.startsWith('fc_'))) itemId = undefined;
      const namespace = (sameModel || options.deferredTools?.has(block.name) === true) && block.namespace !== undefined
        ? { namespace: block.namespace } : {};
      if (property !== undefined) {
        items.push({ type: 'custom_tool_call', id: itemId, call_id: callId, name: block.name, input: stripLoneSurrogates(grammarInput(block.name, block.arguments, property)), ...namespace });
      } else {
        items.push({ type: 'function_call', id: itemId, call_id: callId, name: block.name, arguments: JSON.stringify(block.arguments), ...namespace });
      }
    }
  }
  return items;
}

export function encodeResponsesInput(model: Model, context: Context, callIdProviders: Set<string>, options: ResponsesInputOptions = {}): Json[] {
  const input: Json[] = [];
  const loaded = new Set<string>();
  const history = prepareMessages(context.messages, model, idNormalizer(model, callIdProviders));
  if ((options.includeSystemPrompt ?? true) && context.systemPrompt) {
    const role = model.reasoning && (model.compat as Json | undefined)?.supportsDeveloperRole !== false ? 'developer' : 'system';
    input.push({ role, content: stripLoneSurrogates(context.systemPrompt) });
  }
  let msgIndex = 0;
  for (const msg of history) {
    if (msg.role === 'user') {
      if (typeof msg.content === 'string') {
        input.push({ role: 'user', content: [{ type: 'input_text', text: stripLoneSurrogates(msg.content) }] });
      } else {
        const content = msg.content.map((item) => (item.type === 'text'
          ? { type: 'input_text', text: stripLoneSurrogates(item.text) }
          : { type: 'input_image', detail: 'auto', image_url: `data:${item.mimeType};base64,${item.data}` }));
        // Skipped entirely: an empty user message does not count for the fallback message ids either.
        if (content.length === 0) continue;
        input.push({ role: 'user', content });
      }
    } else if (msg.role === 'assistant') {
      const items = assistantItems(msg, model, msgIndex, options);
      if (items.length === 0) continue;
      input.push(...items);
    } else if (msg.role === 'toolResult') {
      const [callId] = msg.toolCallId.split('|');
      const output = resultOutput(model, msg.content);
      const type = options.grammar?.has(msg.toolName) ? 'custom_tool_call_output' : 'function_call_output';
      input.push({ type, call_id: callId, output });
      const added: Tool[] = [];
      for (const name of msg.addedToolNames ?? []) {
        const tool = options.deferredTools?.get(name);
        if (!tool || loaded.has(name)) continue;
        loaded.add(name);
        added.push(tool);
      }
      if (added.length > 0 && options.deferredToolsMode === 'additional-tools') {
        input.push({ type: 'additional_tools', role: 'developer', tools: encodeResponsesTools(added, options.toolOptions) });
      } else if (added.length > 0 && options.deferredToolsMode === 'tool-search') {
        const names = added.map((t) => t.name);
        const searchId = `pi_tool_load_${shortHash(`${msg.toolCallId}:${names.join(',')}`)}`;
        input.push({ type: 'tool_search_call', call_id: searchId, execution: 'client', status: 'completed', arguments: { query: names.join(' '), limit: names.length } });
        input.push({ type: 'tool_search_output', call_id: searchId, execution: 'client', status: 'completed', tools: encodeResponsesTools(added, { ...options.toolOptions, deferLoading: true }) });
      }
    }
    msgIndex++;
  }
  return input;
}
