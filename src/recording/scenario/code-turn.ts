// A code turn at run time: the faux factory that a turn's code exports, asked through a runner (the sandbox, in the
// app) when the model is asked, and its answer read as a block turn under the same checks as a turn in the file.
import type { Context, Model, SimpleStreamOptions } from '../../ai/index.ts';
import { TurnSchema, type BlockTurnFile } from './format.ts';
import { describeIssue } from './parse/index.ts';
import { isCodeTurn, normalizeBlockTurn, type BlockTurn, type CodeTurn, type ScenarioTurn } from './scenario.ts';
import { checkReturnedTurn } from './scenario-checks.ts';
import { collectSchemaIssues } from './schema-issues.ts';
import { CodeTurnError } from './code-turn-error.ts';
import type { ScriptedResponse, ScriptedStreamState, ScriptedTurnFactory } from './scripted-turn.ts';

export { CodeTurnError, codeTurnFailureOf } from './code-turn-error.ts';

/** pi's four factory arguments, and which turn (0-based) asks. */
export interface CodeTurnRequest {
  turnIndex: number;
  context: Context;
  options: SimpleStreamOptions | undefined;
  state: ScriptedStreamState;
  model: Model;
}

/** Runs a code turn's factory where user code runs; resolves with its return value, rejects with what went wrong. */
export type CodeTurnRunner = (request: CodeTurnRequest) => Promise<unknown>;


/** The most a code turn may return, as JSON text: a stream of megabytes would only fill the event log. */
export const MAX_CODE_TURN_CHARS = 200_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A faux content block in the file's vocabulary (pi's extra fields, like signatures, left out). */
function blockFileOf(block: unknown): unknown {
  if (!isRecord(block)) return block;
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'thinking') return { type: 'thinking', thinking: block.thinking };
  if (block.type === 'toolCall') {
    const call: Record<string, unknown> = { type: 'toolCall', name: block.name };
    if (block.id !== undefined) call.id = block.id;
    if (block.arguments !== undefined) call.arguments = block.arguments;
    return call;
  }
  return block;
}

/** A faux AssistantMessage (role "assistant") as a block turn; anything else is taken as a block turn already. */
function turnFileOf(value: unknown): unknown {
  if (!isRecord(value) || value.role !== 'assistant') return value;
  const turn: Record<string, unknown> = { content: Array.isArray(value.content) ? value.content.map(blockFileOf) : value.content };
  if (value.stopReason !== undefined) turn.stopReason = value.stopReason;
  if (value.errorMessage !== undefined) turn.errorMessage = value.errorMessage;
  return turn;
}

function sizeOf(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}

/**
 * Reads what turn `turnIndex`'s code returned: a faux AssistantMessage (fauxAssistantMessage) or a block turn as
 * the file writes one. Returns the normalized turn, or the problems worded as for a turn in the file.
 */
export function readReturnedTurn(
  value: unknown, turnIndex: number, usedIds: Map<string, string> = new Map(),
): { ok: true; turn: BlockTurn } | { ok: false; message: string } {
  const n = turnIndex + 1;
  if (value === undefined || value === null) {
    return { ok: false, message: `Code turn ${n} returned ${String(value)}: return fauxAssistantMessage(…) or a turn { "content": … }` };
  }
  const size = sizeOf(value);
  if (size > MAX_CODE_TURN_CHARS) {
    return { ok: false, message: `Code turn ${n} returned ${size === Infinity ? 'a value that is not JSON' : `${size} characters of JSON`}; a turn may return at most ${MAX_CODE_TURN_CHARS}` };
  }
  const file = turnFileOf(value);
  const root: { turns: unknown[] } = { turns: [] };
  root.turns[turnIndex] = file;
  let issues = collectSchemaIssues(TurnSchema, file, ['turns', turnIndex]);
  if (issues.length === 0) issues = checkReturnedTurn(file as BlockTurnFile, turnIndex, usedIds);
  if (issues.length > 0) {
    return { ok: false, message: `Code turn ${n} returned a malformed turn: ${issues.map((issue) => describeIssue(issue, root)).join('; ')}` };
  }
  return { ok: true, turn: normalizeBlockTurn(file as BlockTurnFile, turnIndex) };
}

function failureOf(error: unknown, n: number): Error {
  const message = error instanceof Error ? error.message : String(error);
  const line = error instanceof CodeTurnError && error.line !== undefined ? `, line ${error.line}` : '';
  return new CodeTurnError(`Code turn ${n}${line}: ${message}`, (error as CodeTurnError).line, (error as CodeTurnError).column);
}

/** The tool call ids of the block turns, with where each is defined (code turns add theirs as they answer). */
function blockTurnIds(turns: readonly ScenarioTurn[]): Map<string, string> {
  const ids = new Map<string, string>();
  turns.forEach((turn, t) => {
    if (isCodeTurn(turn)) return;
    turn.content.forEach((block, b) => {
      if (block.type === 'toolCall' && !ids.has(block.id)) ids.set(block.id, `turn ${t + 1}, block ${b + 1}`);
    });
  });
  return ids;
}

/**
 * The scripted stream's responses for a scenario's turns: block turns as they are, code turns as faux factories
 * that ask `runner` and check the answer. A factory throws (the stream then ends the turn with an `error` event
 * carrying the message) when the code throws, hangs past the runner's limit, or returns a malformed turn.
 */
export function scriptedResponsesOf(turns: readonly ScenarioTurn[], runner: CodeTurnRunner | undefined): ScriptedResponse[] {
  const ids = blockTurnIds(turns);
  return turns.map((turn, turnIndex): ScriptedResponse => {
    if (!isCodeTurn(turn)) return turn;
    const factory: ScriptedTurnFactory = async (context, options, state, model) => {
      if (!runner) throw new CodeTurnError(`Code turn ${turnIndex + 1} cannot run: nothing here runs turn code`);
      let value: unknown;
      try {
        value = await runner({ turnIndex, context, options, state, model });
      } catch (error) {
        throw failureOf(error, turnIndex + 1);
      }
      const read = readReturnedTurn(value, turnIndex, ids);
      if (!read.ok) throw new CodeTurnError(read.message);
      return withTiming(read.turn, turn);
    };
    return factory;
  });
}

function withTiming(turn: BlockTurn, code: CodeTurn): BlockTurn {
  return code.timing ? { ...turn, timing: { ...code.timing } } : turn;
}
