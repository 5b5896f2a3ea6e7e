// The parsed scenario the engine runs: the file's content with every default applied and every tool call id
// filled in, in the vocabulary of the scripted stream.
import type { ToolExecutionMode } from '../../engine/index.ts';
import type { BlockTurnFile, CodeTurnFile, Moment, ScenarioFile, ScenarioModel, TokenSizeSetting } from './format.ts';
import type { ScriptedBlock, ScriptedTurn, StreamTiming } from './scripted-turn.ts';

export type { Moment, ScenarioModel } from './format.ts';

/** A steering or follow-up message; without `at` it is available from the start. */
export interface InjectedMessage { text: string; at?: Moment }

export type DeliveryMode = 'one-at-a-time' | 'all';

/** A scripted turn with its defaults applied: a list of blocks, every tool call with its id, a stopReason. */
export type BlockTurn = ScriptedTurn & { content: ScriptedBlock[] };

/** A turn computed from the request by the module in `code` (its default export is a faux factory). */
export interface CodeTurn {
  code: string;
  timing?: StreamTiming;
}

export type ScenarioTurn = BlockTurn | CodeTurn;

export function isCodeTurn(turn: ScenarioTurn | CodeTurnFile | BlockTurnFile): turn is CodeTurn {
  return typeof (turn as CodeTurn).code === 'string';
}

export interface Scenario {
  title?: string;
  description?: string;
  systemPrompt: string;
  prompts: string[];
  toolExecution: ToolExecutionMode;
  /** Stream defaults; each turn's `timing` overrides them. */
  timing: { tokenSize?: TokenSizeSetting; tokensPerSecond?: number; delayMs?: number; seed: number };
  /** Every block is a list entry, every tool call has its id, every block turn its stopReason. */
  turns: ScenarioTurn[];
  steering: InjectedMessage[];
  followUp: InjectedMessage[];
  steeringMode: DeliveryMode;
  followUpMode: DeliveryMode;
  abort?: Moment;
  /** The model it was recorded from (a live run); a replay's messages name it. Unset: the scripted model. */
  model?: ScenarioModel;
}

/** The id a tool call gets when the file gives none: call_<turn>_<block>, both 1-based. */
export function defaultToolCallId(turnIndex: number, blockIndex: number): string {
  return `call_${turnIndex + 1}_${blockIndex + 1}`;
}

/** A schema-valid block turn (the `turnIndex`-th, 0-based) with its defaults applied. Pure. */
export function normalizeBlockTurn(turn: BlockTurnFile, turnIndex: number): BlockTurn {
  const blocks = typeof turn.content === 'string' ? [{ type: 'text' as const, text: turn.content }] : turn.content;
  const content = blocks.map((block, b): ScriptedBlock => {
    if (block.type !== 'toolCall') return { ...block };
    const call: ScriptedBlock = { type: 'toolCall', id: block.id ?? defaultToolCallId(turnIndex, b), name: block.name };
    if ('arguments' in block) call.arguments = block.arguments;
    if (block.rawArguments !== undefined) call.rawArguments = block.rawArguments;
    return call;
  });
  const hasCalls = content.some((block) => block.type === 'toolCall');
  const normalized: BlockTurn = { content, stopReason: turn.stopReason ?? (hasCalls ? 'toolUse' : 'stop') };
  if (turn.errorMessage !== undefined) normalized.errorMessage = turn.errorMessage;
  if (turn.timing) normalized.timing = { ...turn.timing };
  return normalized;
}

/** Applies the defaults to a schema-valid file. Pure; the file is not modified. */
export function normalizeScenario(file: ScenarioFile): Scenario {
  const turns = file.turns.map((turn, t): ScenarioTurn => {
    if (!isCodeTurn(turn)) return normalizeBlockTurn(turn as BlockTurnFile, t);
    const code: CodeTurn = { code: turn.code };
    if (turn.timing) code.timing = { ...turn.timing };
    return code;
  });
  const scenario: Scenario = {
    systemPrompt: file.systemPrompt ?? '',
    prompts: typeof file.prompt === 'string' ? [file.prompt] : [...file.prompt],
    toolExecution: file.toolExecution ?? 'parallel',
    timing: { ...file.timing, seed: file.timing?.seed ?? 1 },
    turns,
    steering: (file.steering ?? []).map((m) => ({ ...m })),
    followUp: (file.followUp ?? []).map((m) => ({ ...m })),
    steeringMode: file.steeringMode ?? 'one-at-a-time',
    followUpMode: file.followUpMode ?? 'one-at-a-time',
  };
  if (file.title !== undefined) scenario.title = file.title;
  if (file.description !== undefined) scenario.description = file.description;
  if (file.abort) scenario.abort = { ...file.abort };
  if (file.model) scenario.model = { provider: file.model.provider, api: file.model.api, id: file.model.id };
  return scenario;
}
