// The scenario file a learner reads and writes as JSON: scripted assistant turns in pi's faux vocabulary, their
// timing, injected steering/follow-up messages, an abort, the prompts, the system prompt and the execution mode.
import { Type, type Static, type TSchema } from 'typebox';
import { StringEnum } from '../../ai/schema/index.ts';

const closed = { additionalProperties: false } as const;

/**
 * The longest wait a scenario may ask for (a delay, a moment's time or extra wait): ten minutes, longer than any
 * lesson or demo needs. Without a bound a 1e308 ms delay puts every later event at 1e308 ms and the run plays for ever.
 */
export const LONGEST_WAIT_MS = 600_000;
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const TokenSizeSchema = Type.Union([
  Type.Integer({ minimum: 1, description: 'Tokens per chunk; one token is 4 characters.' }),
  Type.Object({ min: Type.Integer({ minimum: 1 }), max: Type.Integer({ minimum: 1 }) }, {
    ...closed, description: 'Drawn per chunk from [min, max] with the seed, so replays repeat.',
  }),
]);

const timingFields = {
  tokenSize: optional(TokenSizeSchema),
  tokensPerSecond: optional(Type.Number({ exclusiveMinimum: 0, description: 'Streaming pace. Unset: as fast as possible.' })),
  delayMs: optional(Type.Number({ minimum: 0, maximum: LONGEST_WAIT_MS, description: 'Wait before the response starts.' })),
};

export const ScenarioTimingSchema = Type.Object({
  ...timingFields,
  seed: optional(Type.Integer({ description: 'Seed of the token-size draws (default 1).' })),
}, closed);

export const TurnTimingSchema = Type.Object(timingFields, closed);

export const TextBlockSchema = Type.Object({ type: Type.Literal('text'), text: Type.String() }, closed);
export const ThinkingBlockSchema = Type.Object({ type: Type.Literal('thinking'), thinking: Type.String() }, closed);
export const ToolCallBlockSchema = Type.Object({
  type: Type.Literal('toolCall'),
  id: optional(Type.String({ minLength: 1, description: 'Default: call_<turn>_<block>.' })),
  name: Type.String({ minLength: 1 }),
  arguments: optional(Type.Unknown({ description: 'Any JSON value; an object unless nonObjectArguments is set.' })),
  rawArguments: optional(Type.String({ description: 'Text streamed instead of JSON.stringify(arguments); may be cut off or malformed.' })),
  nonObjectArguments: optional(Type.Boolean({ description: 'Allow arguments that are not a JSON object.' })),
}, closed);

export const BLOCK_SCHEMAS = { text: TextBlockSchema, thinking: ThinkingBlockSchema, toolCall: ToolCallBlockSchema } as const;
export const BlockSchema = Type.Union([TextBlockSchema, ThinkingBlockSchema, ToolCallBlockSchema]);

export const SCRIPTED_STOP_REASONS = ['stop', 'length', 'toolUse', 'error', 'aborted'] as const;

export const TurnSchema = Type.Object({
  content: Type.Union([Type.String(), Type.Array(BlockSchema)], { description: 'A text, or a list of blocks.' }),
  stopReason: optional(StringEnum(SCRIPTED_STOP_REASONS, { description: 'Default: toolUse with tool calls, else stop.' })),
  errorMessage: optional(Type.String()),
  timing: optional(TurnTimingSchema),
  note: optional(Type.String({ description: 'A remark for readers; ignored by the replay.' })),
}, closed);

/**
 * A turn computed when the model is asked: a JS/TS module whose default export is a faux response factory
 * `(context, options, state, model) => turn`, run in the sandbox (see docs/decisions/scenario-code-turns.md).
 */
export const CodeTurnSchema = Type.Object({
  code: Type.String({ description: 'A module whose default export is a faux factory (context, options, state, model) => turn.' }),
  timing: optional(TurnTimingSchema),
  note: optional(Type.String({ description: 'A remark for readers; ignored by the replay.' })),
}, closed);

/** A scripted turn (blocks) or a code turn; told apart by their first required key, `content` or `code`. */
export const ScenarioTurnSchema = Type.Union([TurnSchema, CodeTurnSchema]);

/** A moment during the run: a clock time, or an event, optionally followed by a wait. */
const afterMs = optional(Type.Number({ minimum: 0, maximum: LONGEST_WAIT_MS, description: 'Extra wait after the event.' }));
export const MomentSchema = Type.Union([
  Type.Object({ atMs: Type.Number({ minimum: 0, maximum: LONGEST_WAIT_MS, description: 'Clock time since the run started.' }) }, closed),
  Type.Object({ beforeTurn: Type.Integer({ minimum: 1, description: 'When turn N-1 ends (turn 1: at the start).' }), afterMs }, closed),
  Type.Object({ toolCallStart: Type.String({ minLength: 1, description: "At the call's tool_execution_start." }), afterMs }, closed),
  Type.Object({ toolCallExecute: Type.String({ minLength: 1, description: "When the call's execute() begins." }), afterMs }, closed),
  Type.Object({ toolCallEnd: Type.String({ minLength: 1, description: "At the call's tool_execution_end." }), afterMs }, closed),
]);

export const InjectedMessageSchema = Type.Object({
  text: Type.String(),
  at: optional(MomentSchema),
}, closed);

/** Bounds the recorded model's names: real ids are short, and a file's text should not be able to flood the UI. */
const modelName = (description: string) => Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]+$', patternText: 'on one line', description });

/**
 * The model a scenario was recorded from (a live run writes it): a replay's assistant messages carry its provider,
 * api and id, as the live run's did. Without it the replay names the scripted model (`faux`).
 */
export const ScenarioModelSchema = Type.Object({
  provider: modelName('The provider, e.g. "openai" (pi-ai\'s Model.provider).'),
  api: modelName('The API it was reached over, e.g. "openai-responses" (pi-ai\'s Model.api).'),
  id: modelName('The model id, e.g. "gpt-4o-mini" (pi-ai\'s Model.id).'),
}, closed);

export const DeliveryModeSchema = StringEnum(['one-at-a-time', 'all'] as const);

export const ScenarioSchema = Type.Object({
  $schema: optional(Type.String()),
  title: optional(Type.String()),
  description: optional(Type.String()),
  systemPrompt: optional(Type.String()),
  prompt: Type.Union([Type.String(), Type.Array(Type.String(), { minItems: 1 })], { description: 'One prompt or several.' }),
  toolExecution: optional(StringEnum(['parallel', 'sequential'] as const)),
  timing: optional(ScenarioTimingSchema),
  turns: Type.Array(ScenarioTurnSchema),
  steering: optional(Type.Array(InjectedMessageSchema)),
  followUp: optional(Type.Array(InjectedMessageSchema)),
  steeringMode: optional(DeliveryModeSchema),
  followUpMode: optional(DeliveryModeSchema),
  abort: optional(MomentSchema),
  model: optional(ScenarioModelSchema),
}, closed);

/** The file as written (what the schema accepts). */
export type ScenarioFile = Static<typeof ScenarioSchema>;
export type Moment = Static<typeof MomentSchema>;
export type ScenarioModel = Static<typeof ScenarioModelSchema>;
export type BlockTurnFile = Static<typeof TurnSchema>;
export type CodeTurnFile = Static<typeof CodeTurnSchema>;
export type TokenSizeSetting = Static<typeof TokenSizeSchema>;
