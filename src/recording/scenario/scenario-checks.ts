// Rules of a scenario file that a JSON Schema cannot express: tool call ids unique across the script, moments
// that refer to turns and tool calls that exist, arguments that are objects unless the script says otherwise.
import type { BlockTurnFile, Moment, ScenarioFile } from './format.ts';
import { defaultToolCallId, isCodeTurn } from './scenario.ts';
import type { SchemaIssue } from './schema-issues.ts';

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every tool call id of the turns, explicit or defaulted, with where it was first defined (code turns have none yet). */
function collectToolCallIds(turns: ScenarioFile['turns'], issues: SchemaIssue[], ids = new Map<string, string>()): Map<string, string> {
  turns.forEach((turn, t) => {
    if (isCodeTurn(turn) || typeof turn.content === 'string') return;
    turn.content.forEach((block, b) => {
      if (block.type !== 'toolCall') return;
      const path = ['turns', t, 'content', b];
      const id = block.id ?? defaultToolCallId(t, b);
      const first = ids.get(id);
      if (first !== undefined) {
        issues.push(block.id === undefined
          ? { path, message: `its default id "${id}" is already used by ${first}; give this call another "id"` }
          : { path: [...path, 'id'], message: `"${id}" is already used by ${first}` });
      } else {
        ids.set(id, `turn ${t + 1}, block ${b + 1}`);
      }
      if ('arguments' in block && !isPlainObject(block.arguments) && block.nonObjectArguments !== true) {
        issues.push({
          path: [...path, 'arguments'],
          message: 'must be a JSON object (set "nonObjectArguments": true to stream a non-object on purpose)',
        });
      }
    });
  });
  return ids;
}

function checkMoment(moment: Moment | undefined, path: (string | number)[], turnCount: number, ids: Map<string, string>, issues: SchemaIssue[]): void {
  if (!moment) return;
  if ('beforeTurn' in moment && moment.beforeTurn > turnCount) {
    const has = `the script has ${turnCount} turn${turnCount === 1 ? '' : 's'}`;
    issues.push({ path: [...path, 'beforeTurn'], message: `is past the last turn (${has})` });
  }
  for (const key of ['toolCallStart', 'toolCallExecute', 'toolCallEnd'] as const) {
    if (key in moment) {
      const id = (moment as unknown as Record<string, string>)[key];
      if (!ids.has(id)) issues.push({ path: [...path, key], message: `refers to "${id}", which is not a tool call of this script` });
    }
  }
}

function checkTokenSize(size: unknown, path: (string | number)[], issues: SchemaIssue[]): void {
  if (isPlainObject(size)) {
    const { min, max } = size as { min: number; max: number };
    if (min > max) issues.push({ path: [...path, 'tokenSize'], message: `"min" (${min}) must not exceed "max" (${max})` });
  }
}

function checkTurn(turn: ScenarioFile['turns'][number], t: number, issues: SchemaIssue[]): void {
  checkTokenSize(turn.timing?.tokenSize, ['turns', t, 'timing'], issues);
  if (isCodeTurn(turn)) return;
  const stopReason = turn.stopReason;
  if (turn.errorMessage !== undefined && stopReason !== 'error' && stopReason !== 'aborted') {
    issues.push({ path: ['turns', t, 'errorMessage'], message: 'only applies when "stopReason" is "error" or "aborted"' });
  }
}

/**
 * The rules for one schema-valid block turn that a code turn returned (as turn `t`, 0-based): the same as for a
 * turn written in the file, its tool call ids checked against those of the turns before it (`usedIds`).
 */
export function checkReturnedTurn(turn: BlockTurnFile, t: number, usedIds: Map<string, string>): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const turns: ScenarioFile['turns'] = [];
  turns[t] = turn;
  collectToolCallIds(turns, issues, usedIds);
  checkTurn(turn, t, issues);
  return issues;
}

/** Problems of a schema-valid file, in document order. */
export function checkScenarioRules(file: ScenarioFile): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  checkTokenSize(file.timing?.tokenSize, ['timing'], issues);
  const ids = collectToolCallIds(file.turns, issues);
  file.turns.forEach((turn, t) => checkTurn(turn, t, issues));
  const count = file.turns.length;
  (file.steering ?? []).forEach((m, i) => checkMoment(m.at, ['steering', i, 'at'], count, ids, issues));
  (file.followUp ?? []).forEach((m, i) => checkMoment(m.at, ['followUp', i, 'at'], count, ids, issues));
  checkMoment(file.abort, ['abort'], count, ids, issues);
  return issues;
}
