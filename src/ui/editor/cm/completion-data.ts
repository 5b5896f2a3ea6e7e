// What the editor offers while typing a tool: TypeBox's `Type.` builders (signature and a line of help each), the
// AgentTool fields pi reads, the options a schema builder takes, the hook names and result fields, and the
// `playground` module's exports and execute's parameters (from its description, src/sandbox/playground-module.ts).
import { EXECUTE_PARAMETERS, PLAYGROUND_EXPORTS, type ModuleMember } from '../../../sandbox/playground-module.ts';

export interface CompletionEntry {
  label: string;
  /** Shown beside the label: the signature or the type (code, never translated). */
  detail: string;
  /** Whether an AgentTool field reaches the model; shown after the detail, in the reader's language. */
  scope?: 'model' | 'runtime';
  /** Message key of one or two sentences of help (messages/editor-completions.ts). */
  info: string;
  /** Snippet text inserted instead of the label (CodeMirror `${}` placeholders), when more than the label helps. */
  snippet?: string;
}

/** TypeBox 1.x builders (pi-ai re-exports `Type`), most used first. */
export const TYPE_BUILDERS: CompletionEntry[] = [
  { label: 'Object', detail: '(properties, options?)', info: 'editor.completion.builder.Object', snippet: 'Object({\n\t${}\n})' },
  { label: 'String', detail: '(options?)', info: 'editor.completion.builder.String', snippet: 'String(${})' },
  { label: 'Number', detail: '(options?)', info: 'editor.completion.builder.Number', snippet: 'Number(${})' },
  { label: 'Integer', detail: '(options?)', info: 'editor.completion.builder.Integer', snippet: 'Integer(${})' },
  { label: 'Boolean', detail: '(options?)', info: 'editor.completion.builder.Boolean', snippet: 'Boolean(${})' },
  { label: 'Array', detail: '(items, options?)', info: 'editor.completion.builder.Array', snippet: 'Array(${})' },
  { label: 'Optional', detail: '(schema)', info: 'editor.completion.builder.Optional', snippet: 'Optional(${})' },
  { label: 'Union', detail: '([...schemas], options?)', info: 'editor.completion.builder.Union', snippet: 'Union([${}])' },
  { label: 'Literal', detail: '(value)', info: 'editor.completion.builder.Literal', snippet: 'Literal(${})' },
  { label: 'Enum', detail: '([...values])', info: 'editor.completion.builder.Enum', snippet: 'Enum([${}])' },
  { label: 'Record', detail: '(key, value)', info: 'editor.completion.builder.Record', snippet: 'Record(Type.String(), ${})' },
  { label: 'Tuple', detail: '([...items])', info: 'editor.completion.builder.Tuple', snippet: 'Tuple([${}])' },
  { label: 'Null', detail: '()', info: 'editor.completion.builder.Null' },
  { label: 'Any', detail: '()', info: 'editor.completion.builder.Any' },
  { label: 'Unknown', detail: '()', info: 'editor.completion.builder.Unknown' },
  { label: 'Ref', detail: '(name)', info: 'editor.completion.builder.Ref', snippet: 'Ref(${})' },
  { label: 'Intersect', detail: '([...schemas])', info: 'editor.completion.builder.Intersect', snippet: 'Intersect([${}])' },
  { label: 'Readonly', detail: '(schema)', info: 'editor.completion.builder.Readonly', snippet: 'Readonly(${})' },
  { label: 'Partial', detail: '(object)', info: 'editor.completion.builder.Partial', snippet: 'Partial(${})' },
  { label: 'Required', detail: '(object)', info: 'editor.completion.builder.Required', snippet: 'Required(${})' },
  { label: 'Pick', detail: '(object, [...keys])', info: 'editor.completion.builder.Pick', snippet: 'Pick(${})' },
  { label: 'Omit', detail: '(object, [...keys])', info: 'editor.completion.builder.Omit', snippet: 'Omit(${})' },
  { label: 'KeyOf', detail: '(object)', info: 'editor.completion.builder.KeyOf', snippet: 'KeyOf(${})' },
  { label: 'Cyclic', detail: '({ ...defs }, name)', info: 'editor.completion.builder.Cyclic', snippet: 'Cyclic({ ${} }, "")' },
  { label: 'Unsafe', detail: '<T>(schema)', info: 'editor.completion.builder.Unsafe', snippet: 'Unsafe(${})' },
  { label: 'Never', detail: '()', info: 'editor.completion.builder.Never' },
];

/** The fields of pi's AgentTool (pi-agent-core 0.85.1), in the order a tool usually lists them. */
export const AGENT_TOOL_FIELDS: CompletionEntry[] = [
  { label: 'name', detail: 'string', scope: 'model', info: 'editor.completion.field.name', snippet: 'name: "${}",' },
  { label: 'label', detail: 'string', scope: 'runtime', info: 'editor.completion.field.label', snippet: 'label: "${}",' },
  { label: 'description', detail: 'string', scope: 'model', info: 'editor.completion.field.description', snippet: 'description: "${}",' },
  { label: 'parameters', detail: 'TSchema', scope: 'model', info: 'editor.completion.field.parameters', snippet: 'parameters: Type.Object({\n\t${}\n}),' },
  { label: 'execute', detail: '(toolCallId, params, signal?, onUpdate?) => Promise<AgentToolResult>', info: 'editor.completion.field.execute', snippet: 'async execute(toolCallId, params, signal, onUpdate) {\n\t${}\n\treturn { content: [{ type: "text", text: "" }], details: {} };\n},' },
  { label: 'prepareArguments', detail: '(args: unknown) => Static<parameters>', info: 'editor.completion.field.prepareArguments', snippet: 'prepareArguments(args) {\n\treturn ${args} as any;\n},' },
  { label: 'executionMode', detail: '"sequential" | "parallel"', scope: 'runtime', info: 'editor.completion.field.executionMode', snippet: 'executionMode: "${sequential}",' },
  { label: 'constrainedSampling', detail: 'false | { type: "json_schema", strict } | { type: "grammar", variants }', info: 'editor.completion.field.constrainedSampling', snippet: 'constrainedSampling: { type: "json_schema", strict: "${prefer}" },' },
];

/** Options a `Type.*` builder takes (JSON Schema keywords). */
export const SCHEMA_OPTIONS: CompletionEntry[] = [
  { label: 'description', detail: 'string', info: 'editor.completion.option.description' },
  { label: 'default', detail: 'value', info: 'editor.completion.option.default' },
  { label: 'minLength', detail: 'number', info: 'editor.completion.option.minLength' },
  { label: 'maxLength', detail: 'number', info: 'editor.completion.option.maxLength' },
  { label: 'pattern', detail: 'string (regex)', info: 'editor.completion.option.pattern' },
  { label: 'format', detail: 'string', info: 'editor.completion.option.format' },
  { label: 'minimum', detail: 'number', info: 'editor.completion.option.minimum' },
  { label: 'maximum', detail: 'number', info: 'editor.completion.option.maximum' },
  { label: 'minItems', detail: 'number', info: 'editor.completion.option.minItems' },
  { label: 'maxItems', detail: 'number', info: 'editor.completion.option.maxItems' },
  { label: 'uniqueItems', detail: 'boolean', info: 'editor.completion.option.uniqueItems' },
  { label: 'additionalProperties', detail: 'boolean | schema', info: 'editor.completion.option.additionalProperties' },
  { label: 'examples', detail: 'array', info: 'editor.completion.option.examples' },
  { label: 'title', detail: 'string', info: 'editor.completion.option.title' },
];

/** Exports a hooks file may have (pi's AgentLoopConfig hooks). */
export const HOOK_EXPORTS: CompletionEntry[] = [
  { label: 'beforeToolCall', detail: '({ assistantMessage, toolCall, args, context }, signal) => result', info: 'editor.completion.hook.beforeToolCall', snippet: 'export async function beforeToolCall({ toolCall, args }: BeforeToolCallContext) {\n\t${}\n\treturn undefined;\n}' },
  { label: 'afterToolCall', detail: '({ ..., result, isError }, signal) => overrides', info: 'editor.completion.hook.afterToolCall', snippet: 'export async function afterToolCall({ toolCall, result, isError }: AfterToolCallContext) {\n\t${}\n\treturn undefined;\n}' },
];

/** Fields a hook may return. */
export const HOOK_RESULT_FIELDS: CompletionEntry[] = [
  { label: 'block', detail: 'boolean · beforeToolCall', info: 'editor.completion.hookResult.block' },
  { label: 'reason', detail: 'string · beforeToolCall', info: 'editor.completion.hookResult.reason' },
  { label: 'terminate', detail: 'boolean', info: 'editor.completion.hookResult.terminate' },
  { label: 'content', detail: '(TextContent | ImageContent)[] · afterToolCall', info: 'editor.completion.hookResult.content' },
  { label: 'details', detail: 'unknown · afterToolCall', info: 'editor.completion.hookResult.details' },
  { label: 'isError', detail: 'boolean · afterToolCall', info: 'editor.completion.hookResult.isError' },
];

/** Globals worth offering anywhere in a tool file. */
export const TOOL_GLOBALS: CompletionEntry[] = [
  { label: 'StringEnum', detail: '([...values], { description?, default? })', info: 'editor.completion.global.StringEnum', snippet: 'StringEnum([${}])' },
  { label: 'Type', detail: 'TypeBox builder', info: 'editor.completion.global.Type' },
];

const fromMember = (m: ModuleMember): CompletionEntry => ({ label: m.name, detail: m.signature, info: m.info });

/** The exports of `playground` (fs, sleep): after `import { … } from "playground"`, a namespace's `.`, or as globals. */
export const PLAYGROUND_ENTRIES: CompletionEntry[] = PLAYGROUND_EXPORTS.map(fromMember);

/** `fs.` members, with their signatures. */
export const FS_ENTRIES: CompletionEntry[] = (PLAYGROUND_EXPORTS.find((e) => e.name === 'fs')?.members ?? []).map(fromMember);

/** The parameters pi passes to execute, in order. */
export const EXECUTE_PARAMETER_ENTRIES: CompletionEntry[] = EXECUTE_PARAMETERS.map(fromMember);

/** A code turn: the faux factory's request, by the name before the dot (context., state., model., a tool, a message). */
export const TURN_MEMBERS: Record<string, CompletionEntry[]> = {
  context: [
    { label: 'tools', detail: 'Tool[] · name, description, parameters', info: 'editor.completion.turn.context.tools' },
    { label: 'messages', detail: 'Message[]', info: 'editor.completion.turn.context.messages' },
    { label: 'systemPrompt', detail: 'string', info: 'editor.completion.turn.context.systemPrompt' },
  ],
  state: [{ label: 'callCount', detail: 'number', info: 'editor.completion.turn.state.callCount' }],
  model: [
    { label: 'id', detail: 'string', info: 'editor.completion.turn.model.id' },
    { label: 'api', detail: 'string', info: 'editor.completion.turn.model.api' },
    { label: 'provider', detail: 'string', info: 'editor.completion.turn.model.provider' },
  ],
  options: [{ label: 'signal', detail: 'AbortSignal', info: 'editor.completion.turn.options.signal' }],
  tool: [
    { label: 'name', detail: 'string', info: 'editor.completion.turn.tool.name' },
    { label: 'description', detail: 'string', info: 'editor.completion.turn.tool.description' },
    { label: 'parameters', detail: 'JSON Schema', info: 'editor.completion.turn.tool.parameters' },
  ],
  message: [
    { label: 'role', detail: '"user" | "assistant" | "toolResult"', info: 'editor.completion.turn.message.role' },
    { label: 'content', detail: '(TextContent | ToolCall | …)[]', info: 'editor.completion.turn.message.content' },
    { label: 'toolName', detail: 'string · toolResult', info: 'editor.completion.turn.message.toolName' },
    { label: 'isError', detail: 'boolean · toolResult', info: 'editor.completion.turn.message.isError' },
  ],
};

/** pi-ai's faux helpers, offered anywhere in a code turn (import them from "@earendil-works/pi-ai/compat"). */
export const TURN_GLOBALS: CompletionEntry[] = [
  { label: 'fauxAssistantMessage', detail: '(content, { stopReason?, errorMessage? })', info: 'editor.completion.turn.fauxAssistantMessage', snippet: 'fauxAssistantMessage([${}])' },
  { label: 'fauxToolCall', detail: '(name, arguments, { id? })', info: 'editor.completion.turn.fauxToolCall', snippet: 'fauxToolCall(${})' },
  { label: 'fauxText', detail: '(text)', info: 'editor.completion.turn.fauxText', snippet: 'fauxText(${})' },
  { label: 'fauxThinking', detail: '(thinking)', info: 'editor.completion.turn.fauxThinking', snippet: 'fauxThinking(${})' },
];
