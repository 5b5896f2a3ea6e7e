// Pure helpers behind the scenario form: reading a file's shorthand forms as the form shows them (a turn's text as
// a block, arguments as text) and writing the form's edits back in the file's vocabulary.
import type { Static } from 'typebox';
import type { BlockSchema, CodeTurnFile, MomentSchema, ScenarioFile, TurnSchema } from '../../recording/scenario/index.ts';

export type TurnFile = Static<typeof TurnSchema>;
export type AnyTurnFile = TurnFile | CodeTurnFile;
export type BlockFile = Static<typeof BlockSchema>;
export type ToolCallBlockFile = Extract<BlockFile, { type: 'toolCall' }>;
export type MomentFile = Static<typeof MomentSchema>;
export type MomentKind = 'start' | 'atMs' | 'beforeTurn' | 'toolCallStart' | 'toolCallExecute' | 'toolCallEnd';

export const MOMENT_KINDS: readonly MomentKind[] = ['start', 'atMs', 'beforeTurn', 'toolCallStart', 'toolCallExecute', 'toolCallEnd'];
export const STOP_REASONS = ['stop', 'length', 'toolUse', 'error', 'aborted'] as const;

export function isCodeTurnFile(turn: AnyTurnFile): turn is CodeTurnFile {
  return typeof (turn as CodeTurnFile).code === 'string';
}

/** A turn's content as a list of blocks (a plain string is one text block; a code turn has none written). */
export function turnBlocks(turn: AnyTurnFile): BlockFile[] {
  if (isCodeTurnFile(turn)) return [];
  return typeof turn.content === 'string' ? [{ type: 'text', text: turn.content }] : turn.content;
}

/** The prompts as a list (the file may hold one string). */
export function promptsOf(file: ScenarioFile): string[] {
  return typeof file.prompt === 'string' ? [file.prompt] : [...file.prompt];
}

/** Writes prompts back: one stays a string, several become a list. */
export function setPrompts(file: ScenarioFile, prompts: string[]): void {
  file.prompt = prompts.length === 1 ? prompts[0] : (prompts as [string, ...string[]]);
}

/** The text the arguments field shows: the raw text streamed, else the arguments as formatted JSON. */
export function argumentsText(block: ToolCallBlockFile): string {
  if (block.rawArguments !== undefined) return block.rawArguments;
  return 'arguments' in block && block.arguments !== undefined ? JSON.stringify(block.arguments, null, 2) : '';
}

export type ArgumentsReading = { kind: 'empty' } | { kind: 'object' } | { kind: 'nonObject' } | { kind: 'invalid'; message: string };

/** What a text typed into the arguments field will be: JSON arguments, or a raw (deliberately broken) text. */
export function readArgumentsText(text: string): ArgumentsReading {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { kind: 'object' } : { kind: 'nonObject' };
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message };
  }
}

/**
 * Applies the arguments field to a tool-call block: valid JSON becomes `arguments` (a non-object marked as meant),
 * anything else is streamed as written (`rawArguments`), as a model that produced broken JSON would.
 */
export function applyArgumentsText(block: ToolCallBlockFile, text: string): void {
  delete block.arguments;
  delete block.rawArguments;
  delete block.nonObjectArguments;
  const reading = readArgumentsText(text);
  if (reading.kind === 'empty') return;
  if (reading.kind === 'invalid') {
    block.rawArguments = text;
    return;
  }
  block.arguments = JSON.parse(text) as unknown;
  if (reading.kind === 'nonObject') block.nonObjectArguments = true;
}

/** A tool call id not used anywhere in the file yet. */
export function freshCallId(file: ScenarioFile): string {
  const used = new Set(file.turns.flatMap((turn) => turnBlocks(turn).flatMap((b) => (b.type === 'toolCall' && b.id ? [b.id] : []))));
  let n = used.size + 1;
  while (used.has(`call_${n}`)) n++;
  return `call_${n}`;
}

export function newBlock(kind: BlockFile['type'], file: ScenarioFile, toolName: string): BlockFile {
  if (kind === 'text') return { type: 'text', text: '' };
  if (kind === 'thinking') return { type: 'thinking', thinking: '' };
  return { type: 'toolCall', id: freshCallId(file), name: toolName, arguments: {} };
}

/** Every tool call id the file declares (explicit ids and the defaults of calls without one). */
export function callIdsOf(file: ScenarioFile): string[] {
  return file.turns.flatMap((turn, t) => turnBlocks(turn).flatMap((b, i) => (b.type === 'toolCall' ? [b.id ?? `call_${t + 1}_${i + 1}`] : [])));
}

export function momentKind(moment: MomentFile | undefined): MomentKind {
  if (!moment) return 'start';
  return (MOMENT_KINDS.find((kind) => kind !== 'start' && kind in moment) ?? 'start');
}

/** A moment of `kind` keeping what can be kept from `previous` (its wait after the event). */
export function momentOfKind(kind: MomentKind, previous: MomentFile | undefined, callIds: readonly string[]): MomentFile | undefined {
  const afterMs = previous && 'afterMs' in previous ? previous.afterMs : undefined;
  const withWait = <T extends object>(m: T) => (afterMs !== undefined ? { ...m, afterMs } : m);
  switch (kind) {
    case 'start': return undefined;
    case 'atMs': return { atMs: 0 };
    case 'beforeTurn': return withWait({ beforeTurn: 2 });
    case 'toolCallStart': return withWait({ toolCallStart: callIds[0] ?? 'call_1' });
    case 'toolCallExecute': return withWait({ toolCallExecute: callIds[0] ?? 'call_1' });
    case 'toolCallEnd': return withWait({ toolCallEnd: callIds[0] ?? 'call_1' });
  }
}

/** Moves item `from` of a list by `delta` places (no-op at the ends). */
export function move<T>(list: T[], from: number, delta: number): void {
  const to = from + delta;
  if (to < 0 || to >= list.length) return;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
}

/** A number typed into a field: undefined when empty or not a number. */
export function numberOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
