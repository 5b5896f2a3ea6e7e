// What the editor offers while typing a tool: TypeBox's `Type.` builders (signature and a line of help each), the
// AgentTool fields pi reads, the options a schema builder takes, and the hook names and result fields.

export interface CompletionEntry {
  label: string;
  /** Shown beside the label: the signature or the type. */
  detail: string;
  /** One or two sentences of help. */
  info: string;
  /** Snippet text inserted instead of the label (CodeMirror `${}` placeholders), when more than the label helps. */
  snippet?: string;
}

/** TypeBox 1.x builders (pi-ai re-exports `Type`), most used first. */
export const TYPE_BUILDERS: CompletionEntry[] = [
  { label: 'Object', detail: '(properties, options?)', info: 'An object schema. Properties are required unless wrapped in Type.Optional.', snippet: 'Object({\n\t${}\n})' },
  { label: 'String', detail: '(options?)', info: 'A string. Options: description, minLength, maxLength, pattern, format, default.', snippet: 'String(${})' },
  { label: 'Number', detail: '(options?)', info: 'Any number. Options: description, minimum, maximum, exclusiveMinimum, multipleOf.', snippet: 'Number(${})' },
  { label: 'Integer', detail: '(options?)', info: 'A whole number (JSON Schema "integer"). Same options as Number.', snippet: 'Integer(${})' },
  { label: 'Boolean', detail: '(options?)', info: 'true or false.', snippet: 'Boolean(${})' },
  { label: 'Array', detail: '(items, options?)', info: 'A list whose items match `items`. Options: minItems, maxItems, uniqueItems.', snippet: 'Array(${})' },
  { label: 'Optional', detail: '(schema)', info: 'Marks an object property as optional: it is left out of `required`.', snippet: 'Optional(${})' },
  { label: 'Union', detail: '([...schemas], options?)', info: 'Any of the given schemas (JSON Schema anyOf). For string choices prefer StringEnum: some providers reject anyOf.', snippet: 'Union([${}])' },
  { label: 'Literal', detail: '(value)', info: 'Exactly this string, number or boolean (JSON Schema const).', snippet: 'Literal(${})' },
  { label: 'Enum', detail: '([...values])', info: 'One of the given values (JSON Schema enum).', snippet: 'Enum([${}])' },
  { label: 'Record', detail: '(key, value)', info: 'An object with arbitrary keys whose values match `value` (patternProperties).', snippet: 'Record(Type.String(), ${})' },
  { label: 'Tuple', detail: '([...items])', info: 'A fixed-length array with one schema per position.', snippet: 'Tuple([${}])' },
  { label: 'Null', detail: '()', info: 'The value null.' },
  { label: 'Any', detail: '()', info: 'Any value; Static gives `any`. The schema is {}.' },
  { label: 'Unknown', detail: '()', info: 'Any value; Static gives `unknown`. The schema is {}.' },
  { label: 'Ref', detail: '(name)', info: 'A reference to a schema by $id or a $defs name (use with Type.Cyclic).', snippet: 'Ref(${})' },
  { label: 'Intersect', detail: '([...schemas])', info: 'All of the given schemas at once (JSON Schema allOf).', snippet: 'Intersect([${}])' },
  { label: 'Readonly', detail: '(schema)', info: 'Marks a property readonly in the static type; the JSON Schema is unchanged.', snippet: 'Readonly(${})' },
  { label: 'Partial', detail: '(object)', info: 'The object with every property optional.', snippet: 'Partial(${})' },
  { label: 'Required', detail: '(object)', info: 'The object with every property required.', snippet: 'Required(${})' },
  { label: 'Pick', detail: '(object, [...keys])', info: 'The object with only the given properties.', snippet: 'Pick(${})' },
  { label: 'Omit', detail: '(object, [...keys])', info: 'The object without the given properties.', snippet: 'Omit(${})' },
  { label: 'KeyOf', detail: '(object)', info: 'A union of the object\'s property names as literals.', snippet: 'KeyOf(${})' },
  { label: 'Cyclic', detail: '({ ...defs }, name)', info: 'A recursive schema: $defs plus a $ref to one of them.', snippet: 'Cyclic({ ${} }, "")' },
  { label: 'Unsafe', detail: '<T>(schema)', info: 'Any hand-written JSON Schema, typed as T. pi\'s StringEnum is built on it.', snippet: 'Unsafe(${})' },
  { label: 'Never', detail: '()', info: 'No value is valid (JSON Schema { not: {} }).' },
];

/** The fields of pi's AgentTool (pi-agent-core 0.85.1), in the order a tool usually lists them. */
export const AGENT_TOOL_FIELDS: CompletionEntry[] = [
  { label: 'name', detail: 'string · sent to the model', info: 'How the model calls the tool. Providers accept ^[a-zA-Z0-9_-]{1,64}$; lookups are exact and case-sensitive.', snippet: 'name: "${}",' },
  { label: 'label', detail: 'string · runtime only', info: 'A human-readable name for UIs. The loop never reads it.', snippet: 'label: "${}",' },
  { label: 'description', detail: 'string · sent to the model', info: 'What the tool does and when to call it. The model reads this to decide.', snippet: 'description: "${}",' },
  { label: 'parameters', detail: 'TSchema · sent to the model', info: 'The arguments\' schema (Type.Object). Arguments are validated and coerced against it before execute.', snippet: 'parameters: Type.Object({\n\t${}\n}),' },
  { label: 'execute', detail: '(toolCallId, params, signal?, onUpdate?) => Promise<AgentToolResult>', info: 'Runs the tool with validated arguments. Return { content, details }; throw to report an error.', snippet: 'async execute(toolCallId, params, signal, onUpdate) {\n\t${}\n\treturn { content: [{ type: "text", text: "" }], details: {} };\n},' },
  { label: 'prepareArguments', detail: '(args: unknown) => Static<parameters>', info: 'Called synchronously with the raw arguments before validation, e.g. to accept an older argument shape.', snippet: 'prepareArguments(args) {\n\treturn ${args} as any;\n},' },
  { label: 'executionMode', detail: '"sequential" | "parallel" · runtime only', info: '"sequential" makes every batch that calls this tool run one call at a time.', snippet: 'executionMode: "${sequential}",' },
  { label: 'constrainedSampling', detail: 'false | { type: "json_schema", strict } | { type: "grammar", variants }', info: 'Asks providers that support it to sample arguments that match the schema exactly.', snippet: 'constrainedSampling: { type: "json_schema", strict: "${prefer}" },' },
];

/** Options a `Type.*` builder takes (JSON Schema keywords). */
export const SCHEMA_OPTIONS: CompletionEntry[] = [
  { label: 'description', detail: 'string', info: 'Sent to the model with the schema: say what the value means and give an example.' },
  { label: 'default', detail: 'value', info: 'Documented default. TypeBox validation does not fill it in.' },
  { label: 'minLength', detail: 'number', info: 'Shortest allowed string.' },
  { label: 'maxLength', detail: 'number', info: 'Longest allowed string.' },
  { label: 'pattern', detail: 'string (regex)', info: 'The string must match this regular expression.' },
  { label: 'format', detail: 'string', info: 'A named format such as "email", "uri", "date-time".' },
  { label: 'minimum', detail: 'number', info: 'Smallest allowed number.' },
  { label: 'maximum', detail: 'number', info: 'Largest allowed number.' },
  { label: 'minItems', detail: 'number', info: 'Fewest array items.' },
  { label: 'maxItems', detail: 'number', info: 'Most array items.' },
  { label: 'uniqueItems', detail: 'boolean', info: 'No two items may be equal.' },
  { label: 'additionalProperties', detail: 'boolean | schema', info: 'false rejects keys not listed in properties.' },
  { label: 'examples', detail: 'array', info: 'Example values, for readers and some models.' },
  { label: 'title', detail: 'string', info: 'A short title for the value.' },
];

/** Exports a hooks file may have (pi's AgentLoopConfig hooks). */
export const HOOK_EXPORTS: CompletionEntry[] = [
  { label: 'beforeToolCall', detail: '({ assistantMessage, toolCall, args, context }, signal) => result', info: 'Runs after validation, before execute. Return { block: true, reason } to stop the call.', snippet: 'export async function beforeToolCall({ toolCall, args }: BeforeToolCallContext) {\n\t${}\n\treturn undefined;\n}' },
  { label: 'afterToolCall', detail: '({ ..., result, isError }, signal) => overrides', info: 'Runs after execute (also when it threw). Return content, details, isError or terminate to replace them.', snippet: 'export async function afterToolCall({ toolCall, result, isError }: AfterToolCallContext) {\n\t${}\n\treturn undefined;\n}' },
];

/** Fields a hook may return. */
export const HOOK_RESULT_FIELDS: CompletionEntry[] = [
  { label: 'block', detail: 'boolean · beforeToolCall', info: 'Truthy stops the call; the model gets an error result with `reason`.' },
  { label: 'reason', detail: 'string · beforeToolCall', info: 'Text of the blocked call\'s error result (default "Tool execution was blocked").' },
  { label: 'terminate', detail: 'boolean', info: 'true asks the loop to stop after this batch (only if every result says so).' },
  { label: 'content', detail: '(TextContent | ImageContent)[] · afterToolCall', info: 'Replaces what the model reads.' },
  { label: 'details', detail: 'unknown · afterToolCall', info: 'Replaces the details kept for the UI.' },
  { label: 'isError', detail: 'boolean · afterToolCall', info: 'Marks the result as an error or a success.' },
];

/** Globals worth offering anywhere in a tool file. */
export const TOOL_GLOBALS: CompletionEntry[] = [
  { label: 'StringEnum', detail: '([...values], { description?, default? })', info: 'pi-ai\'s string enum: { type: "string", enum } instead of anyOf/const, which Google and others refuse.', snippet: 'StringEnum([${}])' },
  { label: 'Type', detail: 'TypeBox builder', info: 'TypeBox\'s schema builder, re-exported by pi-ai.' },
];
